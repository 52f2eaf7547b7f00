#include "posixio.h"

#include <QCoreApplication>

#include <cstring>
#include <linux/magic.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>

namespace Sluice {

namespace {

// The kernel's reason for the errno values a copier meets, worded like glibc's strerror(3)
// (so that an untranslated message reads exactly as before) and translatable: the window
// shows them in its language; the CLI, which installs no translator, keeps the English.
const char *errnoDescription(int error)
{
    switch (error) {
    case EPERM:
        return QT_TRANSLATE_NOOP("Sluice::Errno", "Operation not permitted");
    case EACCES:
        return QT_TRANSLATE_NOOP("Sluice::Errno", "Permission denied");
    case ENOENT:
        return QT_TRANSLATE_NOOP("Sluice::Errno", "No such file or directory");
    case EEXIST:
        return QT_TRANSLATE_NOOP("Sluice::Errno", "File exists");
    case ENOTDIR:
        return QT_TRANSLATE_NOOP("Sluice::Errno", "Not a directory");
    case EISDIR:
        return QT_TRANSLATE_NOOP("Sluice::Errno", "Is a directory");
    case ENOTEMPTY:
        return QT_TRANSLATE_NOOP("Sluice::Errno", "Directory not empty");
    case ENAMETOOLONG:
        return QT_TRANSLATE_NOOP("Sluice::Errno", "File name too long");
    case ELOOP:
        return QT_TRANSLATE_NOOP("Sluice::Errno", "Too many levels of symbolic links");
    case EMLINK:
        return QT_TRANSLATE_NOOP("Sluice::Errno", "Too many links");
    case EXDEV:
        return QT_TRANSLATE_NOOP("Sluice::Errno", "Invalid cross-device link");
    case EROFS:
        return QT_TRANSLATE_NOOP("Sluice::Errno", "Read-only file system");
    case ENOSPC:
        return QT_TRANSLATE_NOOP("Sluice::Errno", "No space left on device");
    case EDQUOT:
        return QT_TRANSLATE_NOOP("Sluice::Errno", "Disk quota exceeded");
    case EFBIG:
        return QT_TRANSLATE_NOOP("Sluice::Errno", "File too large");
    case EIO:
        return QT_TRANSLATE_NOOP("Sluice::Errno", "Input/output error");
    case EREMOTEIO:
        return QT_TRANSLATE_NOOP("Sluice::Errno", "Remote I/O error");
    case EUCLEAN:
        return QT_TRANSLATE_NOOP("Sluice::Errno", "Structure needs cleaning");
    case ESTALE:
        return QT_TRANSLATE_NOOP("Sluice::Errno", "Stale file handle");
    case ENOTCONN:
        return QT_TRANSLATE_NOOP("Sluice::Errno", "Transport endpoint is not connected");
    case ENXIO:
        return QT_TRANSLATE_NOOP("Sluice::Errno", "No such device or address");
    case ENODEV:
        return QT_TRANSLATE_NOOP("Sluice::Errno", "No such device");
    case ENOMEDIUM:
        return QT_TRANSLATE_NOOP("Sluice::Errno", "No medium found");
    case EBUSY:
        return QT_TRANSLATE_NOOP("Sluice::Errno", "Device or resource busy");
    case ETXTBSY:
        return QT_TRANSLATE_NOOP("Sluice::Errno", "Text file busy");
    case ENOLCK:
        return QT_TRANSLATE_NOOP("Sluice::Errno", "No locks available");
    case EAGAIN:
        return QT_TRANSLATE_NOOP("Sluice::Errno", "Resource temporarily unavailable");
    case EINTR:
        return QT_TRANSLATE_NOOP("Sluice::Errno", "Interrupted system call");
    case ECANCELED:
        return QT_TRANSLATE_NOOP("Sluice::Errno", "Operation canceled");
    case ETIMEDOUT:
        return QT_TRANSLATE_NOOP("Sluice::Errno", "Connection timed out");
    case EINVAL:
        return QT_TRANSLATE_NOOP("Sluice::Errno", "Invalid argument");
    case ENOSYS:
        return QT_TRANSLATE_NOOP("Sluice::Errno", "Function not implemented");
    case EOPNOTSUPP:
        return QT_TRANSLATE_NOOP("Sluice::Errno", "Operation not supported");
    case EILSEQ:
        return QT_TRANSLATE_NOOP("Sluice::Errno",
                                 "Invalid or incomplete multibyte or wide character");
    case EOVERFLOW:
        return QT_TRANSLATE_NOOP("Sluice::Errno", "Value too large for defined data type");
    case ERANGE:
        return QT_TRANSLATE_NOOP("Sluice::Errno", "Numerical result out of range");
    case E2BIG:
        return QT_TRANSLATE_NOOP("Sluice::Errno", "Argument list too long");
    case ENODATA:
        return QT_TRANSLATE_NOOP("Sluice::Errno", "No data available");
    case ESPIPE:
        return QT_TRANSLATE_NOOP("Sluice::Errno", "Illegal seek");
    case EBADF:
        return QT_TRANSLATE_NOOP("Sluice::Errno", "Bad file descriptor");
    case EMFILE:
        return QT_TRANSLATE_NOOP("Sluice::Errno", "Too many open files");
    case ENFILE:
        return QT_TRANSLATE_NOOP("Sluice::Errno", "Too many open files in system");
    case ENOMEM:
        return QT_TRANSLATE_NOOP("Sluice::Errno", "Cannot allocate memory");
    default:
        return nullptr;
    }
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
