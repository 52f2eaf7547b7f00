#include "posixio.h"

#include <QCoreApplication>

#include <algorithm>
#include <cstring>
#include <iterator>
#include <linux/magic.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>

namespace Sluice {

namespace {

/// One errno value and its description (English, marked for translation).
struct ErrnoDescription
{
    int error;
    const char *text;
};

// The kernel's reason for the errno values a copier meets, worded like glibc's strerror(3)
// (so that an untranslated message reads exactly as before) and translatable: the window
// shows them in its language; the CLI, which installs no translator, keeps the English.
constexpr ErrnoDescription ErrnoDescriptions[] = {
    {EPERM, QT_TRANSLATE_NOOP("Sluice::Errno", "Operation not permitted")},
    {EACCES, QT_TRANSLATE_NOOP("Sluice::Errno", "Permission denied")},
    {ENOENT, QT_TRANSLATE_NOOP("Sluice::Errno", "No such file or directory")},
    {EEXIST, QT_TRANSLATE_NOOP("Sluice::Errno", "File exists")},
    {ENOTDIR, QT_TRANSLATE_NOOP("Sluice::Errno", "Not a directory")},
    {EISDIR, QT_TRANSLATE_NOOP("Sluice::Errno", "Is a directory")},
    {ENOTEMPTY, QT_TRANSLATE_NOOP("Sluice::Errno", "Directory not empty")},
    {ENAMETOOLONG, QT_TRANSLATE_NOOP("Sluice::Errno", "File name too long")},
    {ELOOP, QT_TRANSLATE_NOOP("Sluice::Errno", "Too many levels of symbolic links")},
    {EMLINK, QT_TRANSLATE_NOOP("Sluice::Errno", "Too many links")},
    {EXDEV, QT_TRANSLATE_NOOP("Sluice::Errno", "Invalid cross-device link")},
    {EROFS, QT_TRANSLATE_NOOP("Sluice::Errno", "Read-only file system")},
    {ENOSPC, QT_TRANSLATE_NOOP("Sluice::Errno", "No space left on device")},
    {EDQUOT, QT_TRANSLATE_NOOP("Sluice::Errno", "Disk quota exceeded")},
    {EFBIG, QT_TRANSLATE_NOOP("Sluice::Errno", "File too large")},
    {EIO, QT_TRANSLATE_NOOP("Sluice::Errno", "Input/output error")},
    {EREMOTEIO, QT_TRANSLATE_NOOP("Sluice::Errno", "Remote I/O error")},
    {EUCLEAN, QT_TRANSLATE_NOOP("Sluice::Errno", "Structure needs cleaning")},
    {ESTALE, QT_TRANSLATE_NOOP("Sluice::Errno", "Stale file handle")},
    {ENOTCONN, QT_TRANSLATE_NOOP("Sluice::Errno", "Transport endpoint is not connected")},
    {ENXIO, QT_TRANSLATE_NOOP("Sluice::Errno", "No such device or address")},
    {ENODEV, QT_TRANSLATE_NOOP("Sluice::Errno", "No such device")},
    {ENOMEDIUM, QT_TRANSLATE_NOOP("Sluice::Errno", "No medium found")},
    {EBUSY, QT_TRANSLATE_NOOP("Sluice::Errno", "Device or resource busy")},
    {ETXTBSY, QT_TRANSLATE_NOOP("Sluice::Errno", "Text file busy")},
    {ENOLCK, QT_TRANSLATE_NOOP("Sluice::Errno", "No locks available")},
    {EAGAIN, QT_TRANSLATE_NOOP("Sluice::Errno", "Resource temporarily unavailable")},
    {EINTR, QT_TRANSLATE_NOOP("Sluice::Errno", "Interrupted system call")},
    {ECANCELED, QT_TRANSLATE_NOOP("Sluice::Errno", "Operation canceled")},
    {ETIMEDOUT, QT_TRANSLATE_NOOP("Sluice::Errno", "Connection timed out")},
    {EINVAL, QT_TRANSLATE_NOOP("Sluice::Errno", "Invalid argument")},
    {ENOSYS, QT_TRANSLATE_NOOP("Sluice::Errno", "Function not implemented")},
    {EOPNOTSUPP, QT_TRANSLATE_NOOP("Sluice::Errno", "Operation not supported")},
    {EILSEQ,
     QT_TRANSLATE_NOOP("Sluice::Errno", "Invalid or incomplete multibyte or wide character")},
    {EOVERFLOW, QT_TRANSLATE_NOOP("Sluice::Errno", "Value too large for defined data type")},
    {ERANGE, QT_TRANSLATE_NOOP("Sluice::Errno", "Numerical result out of range")},
    {E2BIG, QT_TRANSLATE_NOOP("Sluice::Errno", "Argument list too long")},
    {ENODATA, QT_TRANSLATE_NOOP("Sluice::Errno", "No data available")},
    {ESPIPE, QT_TRANSLATE_NOOP("Sluice::Errno", "Illegal seek")},
    {EBADF, QT_TRANSLATE_NOOP("Sluice::Errno", "Bad file descriptor")},
    {EMFILE, QT_TRANSLATE_NOOP("Sluice::Errno", "Too many open files")},
    {ENFILE, QT_TRANSLATE_NOOP("Sluice::Errno", "Too many open files in system")},
    {ENOMEM, QT_TRANSLATE_NOOP("Sluice::Errno", "Cannot allocate memory")},
};

constexpr bool errnoValuesAreUnique()
{
    for (auto first = std::begin(ErrnoDescriptions); first != std::end(ErrnoDescriptions); ++first)
        for (auto second = first + 1; second != std::end(ErrnoDescriptions); ++second)
            if (first->error == second->error)
                return false;
    return true;
}
static_assert(errnoValuesAreUnique(), "one description per errno value");

// The description of @p error from the table, or nullptr for a value it does not hold.
const char *errnoDescription(int error)
{
    const auto found =
        std::find_if(std::begin(ErrnoDescriptions), std::end(ErrnoDescriptions),
                     [error](const ErrnoDescription &entry) { return entry.error == error; });
    return found != std::end(ErrnoDescriptions) ? found->text : nullptr;
}

} // namespace

void UniqueFd::reset(int fd) noexcept
{
    if (m_fd >= 0)
        ::close(m_fd); // never retried on EINTR: Linux has already released the descriptor
    m_fd = fd;
}

QString errnoName(int error)
{
    if (const char *name = ::strerrorname_np(error))
        return QString::fromLatin1(name);
    return QStringLiteral("errno %1").arg(error);
}

QString errnoText(int error)
{
    if (const char *description = errnoDescription(error))
        return QCoreApplication::translate("Sluice::Errno", description);
    char buffer[256];
    // GNU strerror_r returns a pointer that may or may not be into buffer.
    const char *text = ::strerror_r(error, buffer, sizeof buffer);
    return QString::fromLocal8Bit(text);
}

int pwriteFully(int fd, const char *data, qint64 length, qint64 offset)
{
    while (length > 0) {
        const ssize_t written = retryOnEintr([&] { return ::pwrite(fd, data, length, offset); });
        if (written < 0)
            return errno;
        if (written == 0)
            return EIO; // pwrite(2) returning 0 for a non-zero count: no progress possible
        data += written;
        offset += written;
        length -= written;
    }
    return 0;
}

namespace {

// Calls @p readSome(buffer, count, done) until @p length bytes are read or it reports the
// end (0); EINTR is retried. 0 or an errno value; @p bytesRead counts what arrived.
template<typename ReadSome>
int readUntilFull(char *data, qint64 length, qint64 &bytesRead, ReadSome readSome)
{
    bytesRead = 0;
    while (bytesRead < length) {
        const ssize_t got =
            retryOnEintr([&] { return readSome(data + bytesRead, length - bytesRead, bytesRead); });
        if (got < 0)
            return errno;
        if (got == 0)
            break;
        bytesRead += got;
    }
    return 0;
}

} // namespace

int readFully(int fd, char *data, qint64 length, qint64 &bytesRead)
{
    return readUntilFull(data, length, bytesRead, [fd](char *buffer, qint64 count, qint64) {
        return ::read(fd, buffer, std::size_t(count));
    });
}

int preadFully(int fd, char *data, qint64 length, qint64 offset, qint64 &bytesRead)
{
    return readUntilFull(data, length, bytesRead,
                         [fd, offset](char *buffer, qint64 count, qint64 done) {
                             return ::pread(fd, buffer, std::size_t(count), offset + done);
                         });
}

int ensureFileSize(int fd, qint64 size)
{
    struct stat st = {};
    if (::fstat(fd, &st) == 0 && qint64(st.st_size) == size)
        return 0;
    return retryOnEintr([&] { return ::ftruncate(fd, size); }) == 0 ? 0 : errno;
}

bool fileSystemKeepsHoles(int fd)
{
    constexpr long FuseSuperMagic = 0x65735546;  // fuse and fuseblk (linux/fs/fuse)
    constexpr long ExfatSuperMagic = 0x2011BAB0; // linux/fs/exfat
    struct statfs fs = {};
    if (::fstatfs(fd, &fs) != 0)
        return true;
    switch (long(fs.f_type)) {
    case MSDOS_SUPER_MAGIC:
    case ExfatSuperMagic:
    case FuseSuperMagic:
        return false;
    default:
        return true;
    }
}

int createUnnamedFile(int directoryFd, mode_t mode)
{
    const int fd = retryOnEintr([&] {
        return ::openat(directoryFd, ".", O_TMPFILE | O_RDWR | O_CLOEXEC | O_NOCTTY, mode);
    });
    return fd >= 0 ? fd : -errno;
}

int linkUnnamedFile(int fd, int directoryFd, const QByteArray &name)
{
    if (::linkat(fd, "", directoryFd, name.constData(), AT_EMPTY_PATH) == 0)
        return 0;
    if (errno != ENOENT)
        return errno;
    const QByteArray self = "/proc/self/fd/" + QByteArray::number(fd);
    if (::linkat(AT_FDCWD, self.constData(), directoryFd, name.constData(), AT_SYMLINK_FOLLOW) == 0)
        return 0;
    return errno;
}

} // namespace Sluice
