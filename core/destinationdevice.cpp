#include "destinationdevice.h"

#include "mountinfo.h"
#include "nativepath.h"
#include "pathnames.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <cstdlib>
#include <sys/stat.h>
#include <sys/sysmacros.h>

namespace Sluice {

namespace {

// device-mapper stacks (dm-crypt on LVM on a partition) are a few levels deep; a loop in a
// corrupt /sys must not recurse for ever.
constexpr int MaxStackDepth = 16;

QByteArray numbers(dev_t device)
{
    return QByteArray::number(major(device)) + ':' + QByteArray::number(minor(device));
}

// Replaces @p path by the nearest existing path at or above it, made absolute and canonical
// (realpath(3)), with its stat. Bounded: every round removes one name.
bool statNearest(QByteArray &path, struct stat &st)
{
    while (true) {
        if (::stat(path.isEmpty() ? "." : path.constData(), &st) == 0) {
            if (char *resolved = ::realpath(path.isEmpty() ? "." : path.constData(), nullptr)) {
                path = resolved;
                std::free(resolved);
            }
            return true;
        }
        if (path.isEmpty() || path == "/")
            return false;
        while (path.size() > 1 && path.endsWith('/'))
            path.chop(1);
        const qsizetype slash = path.lastIndexOf('/');
        path = slash < 0 ? QByteArray() : path.left(std::max<qsizetype>(slash, 1));
    }
}

struct Disk
{
    QByteArray key;
    QString name; // sysfs name: "sdb", "loop3", "nvme0n1"
};

// The disks under the block device whose sysfs folder is @p folder (canonical path).
void collectDisks(const QString &folder, int depth, QList<Disk> &disks)
{
    if (depth > MaxStackDepth)
        return;
    QString disk = folder;
    if (QFileInfo::exists(folder + QStringLiteral("/partition")))
        disk = QFileInfo(folder).path(); // a partition's folder sits in its disk's folder
    const QStringList slaves =
        QDir(disk + QStringLiteral("/slaves")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    if (!slaves.isEmpty()) {
        for (const QString &slave : slaves)
            collectDisks(QFileInfo(disk + QStringLiteral("/slaves/") + slave).canonicalFilePath(),
                         depth + 1, disks);
        return;
    }
    QFile dev(disk + QStringLiteral("/dev"));
    if (!dev.open(QIODevice::ReadOnly))
        return;
    disks.append({"block-" + dev.readAll().trimmed(), QFileInfo(disk).fileName()});
}

DestinationDevice fromDisks(QList<Disk> disks)
{
    std::sort(disks.begin(), disks.end(),
              [](const Disk &a, const Disk &b) { return a.key < b.key; });
    disks.erase(std::unique(disks.begin(), disks.end(),
                            [](const Disk &a, const Disk &b) { return a.key == b.key; }),
                disks.end());
    DestinationDevice device;
    QStringList names;
    for (const Disk &disk : disks) {
        device.keys.append(disk.key);
        names.append(QStringLiteral("/dev/") + disk.name);
    }
    device.name = names.join(QStringLiteral(" + "));
    return device;
}

} // namespace

DestinationDevice blockDeviceDisks(dev_t device, const SystemLayout &layout)
{
    const QString folder = QFileInfo(layout.sysRoot + QStringLiteral("/dev/block/")
                                     + QString::fromLatin1(numbers(device)))
                               .canonicalFilePath();
    QList<Disk> disks;
    if (!folder.isEmpty())
        collectDisks(folder, 0, disks);
    if (disks.isEmpty()) // no sysfs entry: the device number alone still tells devices apart
        disks.append({"block-" + numbers(device),
                      QStringLiteral("block device %1").arg(QString::fromLatin1(numbers(device)))});
    return fromDisks(disks);
}

namespace {

DestinationDevice mountDevice(dev_t device, const std::optional<MountEntry> &mount)
{
    DestinationDevice result;
    result.keys.append("mount-" + numbers(device));
    if (mount) {
        const QString type =
            mount->type.startsWith(QLatin1String("fuse.")) ? mount->type.mid(5) : mount->type;
        result.name =
            QStringLiteral("%1 at %2").arg(type, QString::fromLocal8Bit(mount->mountPoint));
    } else {
        result.name = QStringLiteral("file system %1").arg(QString::fromLatin1(numbers(device)));
    }
    return result;
}

} // namespace

DestinationDevice destinationDevice(const QByteArray &path, const SystemLayout &layout)
{
    struct stat st = {};
    QByteArray existing = path;
    // Never a lookup of a name the file system cannot store (smbnetfs breaks for seconds):
    // the nearest folder is then at most the one that would hold it.
    if (const std::optional<PathNameProblem> unstorable = findPathNameProblem(path))
        existing = NativePath::parentPath(unstorable->resolved.isEmpty() ? unstorable->path
                                                                         : unstorable->resolved);
    if (!statNearest(existing, st))
        return {};
    if (major(st.st_dev) != 0)
        return blockDeviceDisks(st.st_dev, layout);
    // An anonymous device number: tmpfs, FUSE, network, or btrfs (whose subvolumes get
    // their own anonymous numbers while the data lives on the mount's source device).
    const std::optional<MountEntry> mount = findMount(st.st_dev, existing, layout.mountInfo);
    struct stat source = {};
    if (mount && mount->source.startsWith("/dev/")
        && ::stat(mount->source.constData(), &source) == 0 && S_ISBLK(source.st_mode))
        return blockDeviceDisks(source.st_rdev, layout);
    return mountDevice(st.st_dev, mount);
}

} // namespace Sluice
