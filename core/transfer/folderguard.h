#pragma once

#include "copyissue.h"

#include <QByteArray>

#include <optional>

struct stat;

namespace Sluice {

class DirectoryHandle;

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
std::optional<CopyIssue> verifyFolder(DirectoryHandle &folder, const QByteArray &entryPath,
                                      FileOperation operation);

/// How far behind this computer's clock a folder's time may be and still count as recent for
/// verifyFolder()'s one step back (10 minutes: clocks of a client and its server that differ
/// by more make that step a false alarm).
inline constexpr qint64 MtimeStepBackWindowSeconds = 600;

} // namespace Sluice
