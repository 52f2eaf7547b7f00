#pragma once

#include <QByteArray>
#include <QString>

#include <optional>
#include <sys/types.h>

namespace Sluice {

/// One line of /proc/self/mountinfo (proc(5), "/proc/pid/mountinfo"): a mounted file
/// system, with the octal escapes of its mount point and source (\040 for a space) undone.
struct MountEntry
{
    int mountId = 0;
    dev_t device = 0;      ///< st_dev of files on this mount (field 3, "major:minor")
    QByteArray mountPoint; ///< native path
    QString type;          ///< "ext4", "tmpfs", "fuse.sshfs", ...
    QByteArray source;     ///< "/dev/sdb1", "user@host:/srv", "tmpfs", ...
};

/// The mount whose files have st_dev @p device, read from @p mountInfoPath. Where several
/// mounts share the device (bind mounts), the one whose mount point is the longest prefix
/// of the absolute, canonical @p path wins. When no line names @p device — btrfs reports a
/// subvolume's own anonymous number in stat(2) but the file system's in mountinfo — the
/// mount whose mount point is the longest prefix of @p path. Only reads; any thread.
std::optional<MountEntry>
findMount(dev_t device, const QByteArray &path = {},
          const QString &mountInfoPath = QStringLiteral("/proc/self/mountinfo"));

} // namespace Sluice
