#pragma once

#include "copyissue.h"

#include <QByteArray>

#include <optional>

namespace Sluice {

class DirectoryHandle;

/// Whether the destination folder @p folder is still the folder it was opened as, asked right
/// before an entry is created or renamed in it where its file system names every request by
/// path (DirectoryHandle::verifyBeforeWrites): there a folder replaced by a symbolic link on the
/// server redirects everything written through its descriptor to where the link points.
/// statx(2) of the descriptor itself with AT_EMPTY_PATH | AT_SYMLINK_NOFOLLOW |
/// AT_STATX_FORCE_SYNC makes FUSE ask the file system again (its attribute cache does not
/// answer); sshfs drops its own cached attributes of a folder whenever an entry is created,
/// renamed or removed in it, so from the second entry on the server answers. A changed type
/// comes back as that type, or as EIO from the kernel (which then refuses every further
/// request through the descriptor). Once found replaced or gone the folder stays so
/// (DirectoryHandle::replaced): no further system call. Returns the issue for the entry
/// @p entryPath (@p operation), naming the folder, or nothing where the folder is still there or
/// is not checked. What remains possible (a swap between this check and the create) is in
/// README.md, "Network and FUSE file systems". Any thread.
std::optional<CopyIssue> verifyFolder(DirectoryHandle &folder, const QByteArray &entryPath,
                                      FileOperation operation);

} // namespace Sluice
