#pragma once

#include "copyissue.h"

#include <QByteArray>

#include <optional>

struct stat;

namespace Sluice {

class DirectoryHandle;
struct IoHooks;

/// Arms verifyFolder() for the destination folder @p folder, on a file system whose folder
/// descriptors do not pin folders (FileSystemProbe::descriptorsPinFolders false): sets
/// DirectoryHandle::verifyBeforeWrites and records its FolderIdentity from @p opened, its
/// fstat(2) right after it was opened (or made and opened). Before the handle is shared.
void guardFolder(DirectoryHandle &folder, const struct stat &opened);

/// Whether the destination folder @p folder is still the folder it was opened as, asked right
/// before an entry is created or renamed in it and before its own metadata is set, where its
/// file system names every request by path (DirectoryHandle::verifyBeforeWrites): there a
/// folder replaced on the server by a symbolic link, or a folder above it replaced by a link
/// to a place with folders of the same names, redirects everything written through its
/// descriptor. statx(2) of the descriptor itself with AT_EMPTY_PATH | AT_SYMLINK_NOFOLLOW |
/// AT_STATX_FORCE_SYNC makes FUSE ask the file system again (its attribute cache does not
/// answer); sshfs drops its own cached attributes of a folder whenever an entry is created,
/// renamed or removed in it, so from the second entry on the server answers. The folder is
/// another one when:
/// - its type changed (a link: the kernel then answers EIO and refuses every further request
///   through the descriptor), or it is gone;
/// - its permission bits, owner or group differ from what guardFolder() recorded (sshfs -o
///   follow_symlinks shows a link as the folder it points to; a swapped folder above leads to
///   a real folder elsewhere);
/// - its modification time is older than the newest one seen before: an entry made in a folder
///   moves its time forward to the server's present. One step back is allowed, once, for a
///   folder this job did not make whose time was recent or later than this computer's clock
///   (within MtimeStepBackWindowSeconds) and steps back to a recent time: the first entry made
///   in a folder dated ahead of the server's clock sets it to the server's present.
/// Once found replaced or gone the folder stays so (DirectoryHandle::replaced): no further
/// system call. Returns the issue for the entry @p entryPath (@p operation), naming the
/// folder, or nothing where the folder is still there or is not checked. What remains possible
/// is in README.md, "Network and FUSE file systems". Any thread; one check per folder at a time.
/// Where the folder holds a sentinel (placeSentinel()), that check is the sentinel's instead:
/// see sentinelThere(). @p hooks' afterFolderChecked runs after a check that passed.
std::optional<CopyIssue> verifyFolder(DirectoryHandle &folder, const QByteArray &entryPath,
                                      FileOperation operation, const IoHooks &hooks);

/// Makes the sentinel of the guarded folder @p folder (verifyBeforeWrites), a folder this job
/// made or merges into: an empty hidden file of a random name (isSentinelName(): the
/// process's id, a digest of this machine's id, 64 random bits) that only the folder the job
/// opened holds. A folder the path leads to after a swap on the server does not hold it, even
/// one with the same permission bits, owner and group whose time this job's own entries move
/// forward (issue 15: ~/.ssh, /root). Before the handle is shared; where it cannot be made,
/// the folder keeps the identity check alone. Removed by releaseFolder().
void placeSentinel(DirectoryHandle &folder);

/// Whether the entry @p createdName, just created in @p folder (a part file, link, folder),
/// went into that folder: where it holds a sentinel, the sentinel is asked for again. If it
/// is gone, the path led elsewhere in the instant between the check before the create and the
/// create: the folder counts as replaced (as verifyFolder() found it) and the issue for
/// @p entryPath also names the entry made where the path now leads, which stays there (on a
/// file system that numbers names rather than files, nothing proves it is still ours).
std::optional<CopyIssue> verifyAfterCreate(DirectoryHandle &folder, const QByteArray &entryPath,
                                           const QByteArray &createdName, FileOperation operation);

/// The last check of @p folder, right before its own metadata is set: where it holds a
/// sentinel, removes it by name (which succeeds only where the path still leads to this
/// folder); else verifyFolder(). Returns the issue when the folder was replaced or is gone.
std::optional<CopyIssue> releaseFolder(DirectoryHandle &folder, FileOperation operation,
                                       const IoHooks &hooks);

/// Removes @p folder's sentinel, if any, without checking anything (a cancelled job, or a
/// folder whose metadata is not set); one found replaced keeps it where it went.
void dropSentinel(DirectoryHandle &folder);

/// Whether @p name is a sentinel's name (".sluice-guard-<pid>-<host>-<random>.sluice-part").
bool isSentinelName(const QByteArray &name);

/// Removes from the folder @p directoryFd the sentinels a job of this machine that is no
/// longer running left there (kill -9): done where a job merges into a guarded folder (a
/// resume, or the next copy). Silent; sentinels of other machines stay.
void removeStaleSentinels(int directoryFd);

/// How far behind this computer's clock a folder's time may be and still count as recent for
/// verifyFolder()'s one step back (10 minutes: clocks of a client and its server that differ
/// by more make that step a false alarm).
inline constexpr qint64 MtimeStepBackWindowSeconds = 600;

} // namespace Sluice
