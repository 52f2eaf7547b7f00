#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

#include <sys/types.h>

namespace Sluice {

/// The physical device a destination is written to, for taking turns: two copies to one
/// USB stick make its heads (or flash controller) alternate and both crawl, so jobs whose
/// destinations share a device run one after another.
///
/// For a block device this is the whole disk behind the file system: st_dev →
/// /sys/dev/block/MAJ:MIN → the parent disk of a partition, and through the `slaves/`
/// folders of device-mapper (LVM, dm-crypt) and md devices down to every disk below
/// (sysfs-block(5)). File systems without a block device of their own (tmpfs, FUSE, network
/// file systems) are one device per mount. A file system whose st_dev is anonymous but
/// whose mount source is a block device (btrfs) resolves through that source.
struct DestinationDevice
{
    /// Identities of the disks, sorted and unique: "block-8:16" per disk, or "mount-0:52"
    /// for a file system with no disk. Empty when the destination could not be identified.
    QList<QByteArray> keys;
    /// What a person reads: "/dev/sdb", "/dev/sda + /dev/sdb", "sshfs at /mnt/nas".
    QString name;

    bool isValid() const { return !keys.isEmpty(); }
};

/// Where destinationDevice() reads the system's layout; tests point it at a copy.
struct SystemLayout
{
    QString sysRoot = QStringLiteral("/sys");
    QString mountInfo = QStringLiteral("/proc/self/mountinfo");
};

/// The device behind native path @p path, which need not exist yet: the nearest existing
/// folder above it is used, and never a name below one that its file system cannot store
/// (findPathNameProblem()). Only reads (stat(2), sysfs, mountinfo); any thread. Returns an
/// invalid DestinationDevice when nothing above @p path can be stat'ed.
DestinationDevice destinationDevice(const QByteArray &path, const SystemLayout &layout = {});

/// The disks below block device @p device (an st_dev or st_rdev with a major number other
/// than 0), as destinationDevice() finds them. A device that sysfs does not show is its own
/// disk ("block-MAJ:MIN").
DestinationDevice blockDeviceDisks(dev_t device, const SystemLayout &layout = {});

} // namespace Sluice
