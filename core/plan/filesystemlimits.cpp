#include "filesystemlimits.h"

#include "mountinfo.h"
#include "nativepath.h"
#include "posixio.h"

#include <QCoreApplication>
#include <QList>

#include <cstring>
#include <fcntl.h>
#include <linux/magic.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/sysmacros.h>
#include <unistd.h>

namespace Sluice {

namespace {

constexpr long ExfatMagic = 0x2011BAB0;
constexpr long FuseMagic = 0x65735546;
constexpr long Ntfs3Magic = 0x7366746e;

FileSystemLimits fatLimits(const QString &name, bool exfat)
{
    FileSystemLimits limits;
    limits.typeName = name;
    limits.maxFileSize = exfat ? -1 : (qint64(4) << 30) - 1;
    limits.maxNameBytes = 255 * 3; // checked in UTF-16 units instead
    limits.maxNameUtf16Units = 255;
    limits.forbiddenCharacters = QByteArrayLiteral("\"*:<>?\\|");
    limits.forbidsControlCharacters = true;
    limits.forbidsTrailingDotOrSpace = !exfat;
    limits.requiresUtf8Names = true;
    limits.caseInsensitive = true;
    limits.timestampGranularityNs = exfat ? 10'000'000 : 2'000'000'000;
    limits.storesSymlinks = false;
    limits.storesSpecialFiles = false;
    limits.storesSparseFiles = false;
    return limits;
}

// An SMB share through smbnetfs, as seen against Samba 4.17 (tests/fs/tst_smbnetfs.cpp):
// the protocol's names are Windows names (Microsoft's "Naming Files, Paths, and Namespaces"):
// a name with one of "*:<>?\| or a control character, or one that is not valid UTF-8 (SMB2
// names are UTF-16), fails with EIO (and smbnetfs answers EIO to everything on that server for
// the next 3 s), one ending in a dot or a space is stored
// under a mangled 8.3 name; lookups ignore letter case (Samba's default "case sensitive =
// auto" for SMB2 clients, as Windows servers do); no symlinks (ENOSYS), no FIFOs or device
// nodes; times in whole seconds (smbnetfs passes time_t); listxattr(2) breaks the connection
// (FileSystemLimits::listsExtendedAttributes).
FileSystemLimits smbLimits(const QString &name)
{
    FileSystemLimits limits;
    limits.typeName = name;
    limits.forbiddenCharacters = QByteArrayLiteral("\"*:<>?\\|");
    limits.forbidsControlCharacters = true;
    limits.forbidsTrailingDotOrSpace = true;
    limits.requiresUtf8Names = true;
    limits.caseInsensitive = true;
    limits.timestampGranularityNs = 1'000'000'000;
    limits.storesSymlinks = false;
    limits.storesSpecialFiles = false;
    limits.listsExtendedAttributes = false;
    limits.lookupsOfUnstorableNamesBreak = true;
    limits.serverLevels = 2;
    return limits;
}

// The type of the mount whose device is @p device (mountinfo's spelling), and its source
// (the block device for "fuseblk").
QString mountType(dev_t device, QByteArray *source)
{
    const std::optional<MountEntry> mount = findMount(device);
    if (!mount)
        return {};
    if (source)
        *source = mount->source;
    return mount->type;
}

// Sniffs a block device's boot sector for exFAT, NTFS or FAT.
QString sniffBlockDevice(const QByteArray &device)
{
    UniqueFd fd(::open(device.constData(), O_RDONLY | O_CLOEXEC | O_NONBLOCK));
    if (!fd)
        return {};
    char sector[512];
    qint64 got = 0;
    if (preadFully(fd.get(), sector, sizeof sector, 0, got) != 0 || got < 90)
        return {};
    if (std::memcmp(sector + 3, "EXFAT   ", 8) == 0)
        return QStringLiteral("exfat");
    if (std::memcmp(sector + 3, "NTFS    ", 8) == 0)
        return QStringLiteral("ntfs");
    if (std::memcmp(sector + 54, "FAT", 3) == 0 || std::memcmp(sector + 82, "FAT", 3) == 0)
        return QStringLiteral("vfat");
    return {};
}

} // namespace

FileSystemLimits limitsForType(const QString &typeName)
{
    const QString base = typeName.startsWith(QLatin1String("fuse.")) ? typeName.mid(5) : typeName;
    if (base == QLatin1String("vfat") || base == QLatin1String("msdos")
        || base == QLatin1String("fat") || base == QLatin1String("fusefat"))
        return fatLimits(typeName, false);
    if (base == QLatin1String("exfat") || base == QLatin1String("exfat-fuse"))
        return fatLimits(typeName, true);
    if (base == QLatin1String("smbnetfs"))
        return smbLimits(typeName);
    FileSystemLimits limits;
    limits.typeName = typeName;
    // SFTP (version 3, what sshfs speaks) has no request that makes a FIFO, socket or device
    // node: sshfs answers mknod(2) of one with EPERM (tests/fs/tst_sshfs.cpp).
    if (base == QLatin1String("sshfs"))
        limits.storesSpecialFiles = false;
    if (base == QLatin1String("ntfs") || base == QLatin1String("ntfs3")
        || base == QLatin1String("ntfs-3g")) {
        limits.maxNameUtf16Units = -1;
        limits.timestampGranularityNs = 100;
        limits.caseInsensitive = false; // Linux drivers keep case-sensitive names by default
    }
    return limits;
}

FileSystemLimits detectFileSystemLimits(int directoryFd)
{
    struct statfs fs = {};
    struct stat st = {};
    if (::fstatfs(directoryFd, &fs) != 0 || ::fstat(directoryFd, &st) != 0)
        return {};
    switch (long(fs.f_type)) {
    case MSDOS_SUPER_MAGIC:
        return limitsForType(QStringLiteral("vfat"));
    case ExfatMagic:
        return limitsForType(QStringLiteral("exfat"));
    case Ntfs3Magic:
        return limitsForType(QStringLiteral("ntfs3"));
    case FuseMagic: {
        QByteArray source;
        QString type = mountType(st.st_dev, &source);
        if (type == QLatin1String("fuseblk")) {
            const QString sniffed = sniffBlockDevice(source);
            if (!sniffed.isEmpty())
                type = QStringLiteral("fuseblk.") + sniffed;
            return limitsForType(sniffed.isEmpty() ? type : QStringLiteral("fuse.") + sniffed);
        }
        return limitsForType(type.isEmpty() ? QStringLiteral("fuse") : type);
    }
    default: {
        const QString type = mountType(st.st_dev, nullptr);
        return limitsForType(type.isEmpty() ? QStringLiteral("unknown") : type);
    }
    }
}

const char *pseudoFileSystemName(long fsType)
{
    switch (fsType) {
    case PROC_SUPER_MAGIC:
        return "proc";
    case SYSFS_MAGIC:
        return "sysfs";
    case DEBUGFS_MAGIC:
        return "debugfs";
    case TRACEFS_MAGIC:
        return "tracefs";
    case SECURITYFS_MAGIC:
        return "securityfs";
    case CGROUP_SUPER_MAGIC:
    case CGROUP2_SUPER_MAGIC:
        return "cgroup";
    case BPF_FS_MAGIC:
        return "bpf";
    case EFIVARFS_MAGIC:
        return "efivarfs";
    default:
        return nullptr;
    }
}

QString FileSystemLimits::nameProblem(const QByteArray &name) const
{
    if (requiresUtf8Names && !NativePath::isValidUtf8(name))
        return QCoreApplication::translate("Sluice::FileSystemLimits",
                                           "the name is not valid UTF-8, and %1 stores "
                                           "names as Unicode")
            .arg(typeName);
    if (maxNameUtf16Units > 0) {
        if (QString::fromUtf8(name).size() > maxNameUtf16Units)
            return QCoreApplication::translate("Sluice::FileSystemLimits",
                                               "the name is longer than %1 characters")
                .arg(maxNameUtf16Units);
    } else if (name.size() > maxNameBytes) {
        return QCoreApplication::translate("Sluice::FileSystemLimits",
                                           "the name is longer than %1 bytes")
            .arg(maxNameBytes);
    }
    for (const char c : name) {
        if (forbiddenCharacters.contains(c))
            return QCoreApplication::translate("Sluice::FileSystemLimits",
                                               "the name contains “%1”, which %2 cannot store")
                .arg(QString(QLatin1Char(c)), typeName);
        if (forbidsControlCharacters && c > 0 && c < 0x20)
            return QCoreApplication::translate(
                       "Sluice::FileSystemLimits",
                       "the name contains a control character, which %1 cannot store")
                .arg(typeName);
    }
    if (forbidsTrailingDotOrSpace && (name.endsWith('.') || name.endsWith(' ')) && name != "."
        && name != "..")
        return QCoreApplication::translate("Sluice::FileSystemLimits",
                                           "the name ends with a dot or a space, which %1 drops")
            .arg(typeName);
    return {};
}

} // namespace Sluice
