#include "posixio.h"

#include <cstring>
#include <linux/magic.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>

namespace Sluice {

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

int readFully(int fd, char *data, qint64 length, qint64 &bytesRead)
{
    bytesRead = 0;
    while (bytesRead < length) {
        const ssize_t got =
            retryOnEintr([&] { return ::read(fd, data + bytesRead, length - bytesRead); });
        if (got < 0)
            return errno;
        if (got == 0)
            break;
        bytesRead += got;
    }
    return 0;
}

int preadFully(int fd, char *data, qint64 length, qint64 offset, qint64 &bytesRead)
{
    bytesRead = 0;
    while (bytesRead < length) {
        const ssize_t got = retryOnEintr(
            [&] { return ::pread(fd, data + bytesRead, length - bytesRead, offset + bytesRead); });
        if (got < 0)
            return errno;
        if (got == 0)
            break;
        bytesRead += got;
    }
    return 0;
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

} // namespace Sluice
