#pragma once

#include "filesystemlimits.h"

#include <QHash>
#include <QString>

#include <mutex>
#include <sys/types.h>

namespace Sluice {

/// What a destination file system did with what was written to a probe file, learned once
/// per destination file system per job (probeFileSystem()), not from a table of types.
struct FileSystemProbe
{
    QString typeName = QStringLiteral("unknown"); ///< FileSystemLimits::typeName
    /// False when no probe file could be written (read-only, full, not permitted); the other
    /// fields are then the cautious defaults below and FileSystemLimits' guesses.
    bool probed = false;
    int probeError = 0; ///< errno of the step that failed when not probed
    /// The coarsest step of the modification times it keeps, in ns: 1 (ext4), 100 (NTFS),
    /// 10'000'000 (exFAT), 1'000'000'000 (exfat-fuse, sshfs), 2'000'000'000 (FAT). -1 when
    /// a time set with futimens(2) did not come back within 2 s (times are not kept).
    qint64 timeGranularityNs = 1;
    /// st_ctime is the time of the last change: setting the probe's modification time to
    /// 2001 left its change time at the present. sshfs reports the modification time as the
    /// change time (SFTP v3 carries none), so there a change time says nothing about when a
    /// file was written. True where times could not be set.
    bool realChangeTimes = true;
    /// A rename leaves the file's modification time alone (fusefat sets it to the rename's).
    /// False where it could not be probed, so that the copy checks each file.
    bool renameKeepsTimes = false;
    bool renameNoReplace = true; ///< renameat2(2) with RENAME_NOREPLACE works
    bool hardLinks = true;       ///< linkat(2) works (the no-replace fallback)
    /// open(2) with O_TMPFILE made an unnamed file in the probe folder and linkUnnamedFile()
    /// gave it a name (ext4, XFS, btrfs, tmpfs; not FUSE, vfat, exFAT). Where true, small
    /// files in a folder the copy created are written unnamed and linked into place (FileLife).
    bool unnamedFiles = false;
    bool keepsPermissions = true; ///< fchmod(2) 0640 reads back as 0640
    /// fchown(2) to another user and group reads back as given (fstat(2)). smbnetfs answers
    /// it with success and keeps nothing. Tried only where this process may give files away
    /// (CAP_CHOWN in its effective set, as root has: mayChangeOwners()); true otherwise and
    /// where fchown(2) was refused (then every copy's fchown(2) fails and says so itself).
    bool keepsOwners = true;
    bool copyFileRange = true; ///< copy_file_range(2) works between two files on it
    /// Two names of one file show the same st_ino (the probe file and its hard link). sshfs
    /// without -o use_ino numbers each name apart (libfuse's own node numbers), so there an
    /// inode number names a name, not a file. True where links could not be tried.
    bool inodesIdentifyFiles = true;
    /// Setting a symbolic link's times with utimensat(2) and AT_SYMLINK_NOFOLLOW changed the
    /// file it points to instead (sshfs: SFTP's SETSTAT follows links, and sshfs implements
    /// utimensat(2) and lchown(2) with it). Where true, a link's times and owner are never set
    /// there: they would reach whatever file on the server the link names.
    bool linkMetadataFollows = false;
    /// A symbolic link made in the probe folder does not read back as a link with fstatat(2)
    /// and AT_SYMLINK_NOFOLLOW: the file system shows a link as what it points to (sshfs
    /// mounted with -o follow_symlinks, which asks the server with SFTP's STAT instead of
    /// LSTAT; the option does not show in /proc/mounts). There an existing folder may be a
    /// link to a folder anywhere on the server, so the preflight refuses to merge into one
    /// (checkLinkFollowingMerges()) and the copy never writes into, or sets metadata on, a
    /// folder below the destination that it did not create itself.
    bool followsSymlinks = false;
    /// An open folder's descriptor keeps naming that folder whatever happens to its name.
    /// False on network FUSE file systems that name every request by its path (sshfs,
    /// smbnetfs: libfuse's high-level API): the server resolves the path again each time,
    /// so a folder replaced by a symbolic link on the server redirects what is then written
    /// through the descriptor. From the type (networkFuse): what the server does cannot be
    /// seen from a probe on the client. Where false, the folder is asked for again before
    /// each entry is created or renamed in it (verifyFolder()).
    bool descriptorsPinFolders = true;
    /// FUSE file system that talks to a server (fuse.sshfs, fuse.smbnetfs, fuse.rclone...):
    /// its fsync(2) returns once the client passed it on, whether or not the server wrote it.
    bool networkFuse = false;
    /// fuse.sshfs: sshfs passes fsync(2) to the server only when the server offers the
    /// fsync@openssh.com extension and returns 0 without it; the client cannot tell which.
    bool fsyncNeedsServerExtension = false;
    /// fuse.smbnetfs: smbnetfs has no fsync handler, so FUSE answers fsync(2) with success
    /// itself and no SMB2 FLUSH reaches the server (seen in smbd's log, tests/fs/
    /// tst_smbnetfs.cpp); a written file is in the server's hands, possibly only its memory.
    bool fsyncNotPassedOn = false;
};

/// Probes the file system holding the open folder @p directoryFd: creates a hidden probe file
/// there (".sluice-probe-<pid>-<n>.sluice-part", O_EXCL, mode 0600), sets an odd time with
/// futimens(2) and reads it back (granularity), renames it with RENAME_NOREPLACE (and reads
/// the time again; where an open file cannot be renamed, as on SMB, it is closed for the
/// rename and opened again), links it, makes an unnamed file (O_TMPFILE) and links it, changes its
/// mode, tries copy_file_range(2) of one byte between two probe files, where mayChangeOwners()
/// gives it to another user and group and back, makes a symbolic link to it, reads it back
/// (followsSymlinks) and sets the link's times (linkMetadataFollows), and removes them all, also
/// when a step failed. It holds an flock(2) on its files while they exist; first it removes,
/// silently, the probe files in that folder that a killed run left (the process in the name is gone
/// and nobody holds their lock). @p limits names the type. Any thread; writes only the probe files.
FileSystemProbe probeFileSystem(int directoryFd, const FileSystemLimits &limits);

/// The probes of one job's destination file systems, by st_dev: each is probed the first time
/// it is asked for, later calls return what was learned. Thread-safe.
class FileSystemProbes final
{
public:
    /// The probe of the file system @p device that holds the open folder @p directoryFd.
    FileSystemProbe probe(int directoryFd, dev_t device);
    /// The probe of @p device when it has been made, else @p fallbackNs for its granularity
    /// (the source side, which is never written: see docs/design-notes.md).
    qint64 granularityOf(dev_t device, qint64 fallbackNs) const;
    /// The probes made so far (destinations only), in no particular order.
    QList<FileSystemProbe> probed() const;
    /// The limits of the source file system @p device (detectFileSystemLimits() of the open
    /// @p fd there), detected the first time a device is asked for, when @p learned is set to
    /// true. Only reads (fstatfs(2), /proc/self/mountinfo); never writes a probe file.
    FileSystemLimits sourceLimits(int fd, dev_t device, bool &learned);

private:
    mutable std::mutex m_mutex;
    QHash<quint64, FileSystemProbe> m_probes;
    QHash<quint64, FileSystemLimits> m_sources; ///< source file systems, by st_dev
};

/// Whether this process may give a file to another user (chown(2): CAP_CHOWN in its
/// effective capability set, capget(2)), so that keeping owners and groups can be tried.
/// Asked once; any thread.
bool mayChangeOwners();

/// The modification times @p a and @p b, compared at the coarser of @p granularityNs
/// (≤ 1: exactly): −1, 0 or 1 as a is older, the same, or newer. Pure.
int compareTimes(const timespec &a, const timespec &b, qint64 granularityNs);

} // namespace Sluice
