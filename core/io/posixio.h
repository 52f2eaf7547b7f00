#pragma once

#include <fcntl.h>

#include <QByteArray>
#include <QString>

#include <cerrno>
#include <ctime>
#include <sys/types.h>

namespace Sluice {

/// open(2) flags for a folder that is only listed or used as an *at() anchor.
inline constexpr int DirectoryOpenFlags = O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOCTTY;

/// Owns one POSIX file descriptor and closes it on destruction. Move-only.
/// Not thread-safe; the owner decides which thread uses the descriptor.
class UniqueFd final
{
public:
    UniqueFd() = default;
    explicit UniqueFd(int fd) noexcept
        : m_fd(fd)
    {}
    ~UniqueFd() { reset(); }
    UniqueFd(UniqueFd &&other) noexcept
        : m_fd(other.release())
    {}
    UniqueFd &operator=(UniqueFd &&other) noexcept
    {
        if (this != &other)
            reset(other.release());
        return *this;
    }
    UniqueFd(const UniqueFd &) = delete;
    UniqueFd &operator=(const UniqueFd &) = delete;

    [[nodiscard]] int get() const noexcept { return m_fd; }
    [[nodiscard]] bool isValid() const noexcept { return m_fd >= 0; }
    explicit operator bool() const noexcept { return isValid(); }
    /// Gives up ownership and returns the descriptor (or -1).
    int release() noexcept
    {
        const int fd = m_fd;
        m_fd = -1;
        return fd;
    }
    /// Closes the current descriptor (errors from close(2) are ignored: the data path
    /// reports durability through fsync, see close(2) NOTES) and adopts @p fd.
    void reset(int fd = -1) noexcept;

private:
    int m_fd = -1;
};

/// Calls @p call until it does not fail with EINTR (signal(7), "Interruption of system
/// calls"). Returns the last result; errno is left as the call set it.
template<typename Call>
auto retryOnEintr(Call &&call)
{
    for (;;) {
        auto result = call();
        if (result != -1 || errno != EINTR)
            return result;
    }
}

/// Calls @p call (a rename(2) or unlink(2) of a file this process has just closed) again
/// while it fails with EBUSY, for at most about a second, 5 ms apart. SMB refuses to rename
/// or remove an open file, and FUSE releases a closed file in the background (smbnetfs
/// closes its SMB handle a moment after close(2) returned). Returns the last result; errno
/// is left as the call set it. Sleeps: worker threads only.
template<typename Call>
auto retryWhileBusy(Call &&call)
{
    for (int tries = 0;; ++tries) {
        auto result = retryOnEintr(call);
        if (result != -1 || errno != EBUSY || tries >= 200)
            return result;
        const timespec pause = {0, 5'000'000};
        ::nanosleep(&pause, nullptr);
    }
}

/// The symbolic name of an errno value ("ENOSPC"), from strerrorname_np(3); "errno N"
/// for values glibc does not know.
QString errnoName(int error);

/// The description of an errno value: for the values a copier meets, glibc's English wording
/// through QCoreApplication::translate("Sluice::Errno") (a front end that installs a
/// translator shows it in its language); otherwise strerror_r(3).
QString errnoText(int error);

/// Writes all @p length bytes at @p offset with pwrite(2), continuing after short counts
/// and EINTR. Returns 0 on success or the errno of the failing call.
int pwriteFully(int fd, const char *data, qint64 length, qint64 offset);

/// Reads up to @p length bytes with read(2), continuing after short counts and EINTR until
/// the buffer is full or read() returns 0 (end of file). @p bytesRead receives the count.
/// Returns 0 on success (including end of file) or the errno of the failing call.
int readFully(int fd, char *data, qint64 length, qint64 &bytesRead);

/// Like readFully() with pread(2) at @p offset (the file position is not used or moved).
int preadFully(int fd, char *data, qint64 length, qint64 offset, qint64 &bytesRead);

/// Gives the file @p fd the size @p size: nothing when it has it already (fusefat, like
/// other FUSE file systems, refuses every truncate, even to the same size), else
/// ftruncate(2). Returns 0 or the errno of the failing call.
int ensureFileSize(int fd, qint64 size);

/// False when the file system of @p fd cannot store holes or may refuse a write past the end
/// of a file (FAT, exFAT, FUSE file systems: fusefat refuses such writes with EPERM). Copies
/// onto them write every byte, zeros included, in order.
bool fileSystemKeepsHoles(int fd);

/// An unnamed regular file in the folder @p directoryFd, opened read-write with @p mode
/// (masked by the umask): open(2) with O_TMPFILE. It has no name until linkUnnamedFile()
/// gives it one, and the file system frees it when its last descriptor closes, also after
/// a kill -9 or a crash (ext4 keeps it on its orphan list until then). Returns the
/// descriptor, or -errno: -EOPNOTSUPP (or -EISDIR before Linux 3.11) where the file system
/// has no unnamed files (FUSE, vfat, exFAT).
int createUnnamedFile(int directoryFd, mode_t mode);

/// Gives the unnamed file @p fd (createUnnamedFile()) the name @p name in @p directoryFd,
/// never replacing an entry (EEXIST, like renameat2(2) with RENAME_NOREPLACE): linkat(2)
/// with AT_EMPTY_PATH, and where that is refused (ENOENT: before Linux 6.10 without
/// CAP_DAC_READ_SEARCH) with "/proc/self/fd/<fd>" and AT_SYMLINK_FOLLOW, as open(2) shows
/// for O_TMPFILE. Returns 0 or an errno value.
int linkUnnamedFile(int fd, int directoryFd, const QByteArray &name);

} // namespace Sluice
