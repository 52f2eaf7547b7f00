#pragma once

#include "copyoptions.h"
#include "plan.h"

#include <QByteArray>

namespace Sluice {

class FileSystemProbes;
class IssueLog;

/// Applies the source's metadata to a copy through its open descriptor, in the order that
/// keeps each step effective: owner (fchown(2) clears set-user-ID, so it comes first; read
/// back with fstat(2), since smbnetfs answers success and keeps nothing), permission bits
/// (fchmod(2)), extended attributes and ACLs (after chmod, which rewrites the ACL mask),
/// times last (futimens(2), nanoseconds). Set-user-ID and set-group-ID bits are dropped when
/// the copy's owner or group differs from the source's, as cp(1) does.
///
/// A destination that refuses a kind of metadata (EPERM, EOPNOTSUPP, ENOTSUP, EINVAL) gets
/// one grouped warning per kind for the whole job (IssueLog::addGrouped), as does an owner
/// or group that reads back other than set (FileOperation::SetOwner); the data copy
/// stands. Returns the errno of a failure that makes the copy unusable (EIO) or 0.
/// Permission bits are set (the part file starts as 0600, folders as 0700): the source's
/// when preserving modes, else the source's masked with @p umask like cp(1); fchmod(2) is
/// left out when no owner change happened and @p createdMode (the mode @p fd was created
/// with, creationMode()) already is the final mode.
int applyMetadata(int fd, int sourceFd, const PlanItem &item, const PreserveOptions &preserve,
                  mode_t umask, const QByteArray &destinationPath, IssueLog &issues,
                  mode_t createdMode = mode_t(-1));

/// @p preserve for an item read through @p sourceFd from the source file system @p device:
/// without extended attributes and ACLs where that file system cannot list them without harm
/// (FileSystemLimits::listsExtendedAttributes: smbnetfs), which one warning per such file
/// system says, naming @p destinationPath (the first copy they are missing from). Any copying
/// thread.
PreserveOptions preserveFromSource(const PreserveOptions &preserve, int sourceFd, dev_t device,
                                   FileSystemProbes &fileSystems, const QByteArray &destinationPath,
                                   IssueLog &issues);

/// The mode to create a regular file's copy with when nobody else can reach it before it is
/// finished (inside a folder the copy created, mode 0700, that inherited no default ACL:
/// DirectoryHandle::modeFollowsUmask): its final mode when open(2) gives
/// exactly that under @p umask (plain permission bits the umask keeps, no owner or group to
/// change afterwards), so applyMetadata() needs no fchmod(2); otherwise 0600.
mode_t creationMode(const PlanItem &item, const PreserveOptions &preserve, mode_t umask);

/// Like applyMetadata() for an entry that cannot be opened (symlink, FIFO, device): uses
/// fchownat(2) and utimensat(2) with AT_SYMLINK_NOFOLLOW relative to @p directoryFd. Symlinks
/// have no permission bits of their own.
int applyMetadataAt(int directoryFd, const QByteArray &name, const PlanItem &item,
                    const PreserveOptions &preserve, mode_t umask,
                    const QByteArray &destinationPath, IssueLog &issues);

/// The modification time of @p name in @p directoryFd read back (fstatat(2), no symlinks
/// followed) and compared with @p times[1] at @p granularityNs (compareTimes()); where it
/// differs, @p times are set again with utimensat(2) and read back once more. Returns 0 when
/// the time holds, -1 when it still differs, or the errno of a failed call. For file systems
/// that set the time on rename (fusefat). Any thread.
int restoreTimes(int directoryFd, const QByteArray &name, const timespec times[2],
                 qint64 granularityNs);

/// Copies extended attributes from @p sourceFd to @p destinationFd: user.* always,
/// trusted.* and security.* when permitted, system.posix_acl_* only with @p acls, which also
/// removes an access or default ACL the destination inherited and the source does not have.
/// A refused ACL is reported as FileOperation::SetAcl, any other attribute as SetAttributes.
/// Returns the number of attributes copied, or -errno when listing the source failed.
int copyExtendedAttributes(int sourceFd, int destinationFd, bool xattrs, bool acls,
                           const QByteArray &destinationPath, IssueLog &issues);

} // namespace Sluice
