#include "folderguard.h"

#include "directoryhandle.h"
#include "logging.h"
#include "nativepath.h"

#include <QCoreApplication>

#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>

namespace Sluice {

namespace {

CopyIssue replacedIssue(const DirectoryHandle &folder, const QByteArray &entryPath,
                        FileOperation operation, int error)
{
    const QString folderName = NativePath::toDisplay(folder.path);
    // EIO: the kernel saw the type change (a link where a folder was) and refuses the inode.
    if (error == 0 || error == EIO)
        return CopyIssue::withDetail(
            operation, entryPath,
            QCoreApplication::translate("Sluice::FolderGuard",
                                        "the folder “%1” was replaced by a symbolic link on the "
                                        "server (or by something else that is not a folder); "
                                        "nothing more is written into it")
                .arg(folderName));
    CopyIssue issue = CopyIssue::fromErrno(operation, entryPath, error);
    issue.detail = QCoreApplication::translate("Sluice::FolderGuard",
                                               "the folder “%1” is no longer there on the server "
                                               "(removed or renamed, or a folder above it "
                                               "replaced); nothing more is written into it")
                       .arg(folderName);
    return issue;
}

} // namespace

std::optional<CopyIssue> verifyFolder(DirectoryHandle &folder, const QByteArray &entryPath,
                                      FileOperation operation)
{
    if (!folder.verifyBeforeWrites)
        return std::nullopt;
    int error = 0;
    if (!folder.replaced.load(std::memory_order_relaxed)) {
        struct statx now = {};
        const int result =
            ::statx(folder.fd.get(), "", AT_EMPTY_PATH | AT_SYMLINK_NOFOLLOW | AT_STATX_FORCE_SYNC,
                    STATX_TYPE, &now);
        if (result == 0 && S_ISDIR(now.stx_mode))
            return std::nullopt;
        error = result == 0 ? 0 : errno;
        qCDebug(lcPipeline) << "destination folder replaced or gone:" << folder.path << "mode"
                            << now.stx_mode << "errno" << error;
        folder.replaced.store(true, std::memory_order_relaxed);
    }
    return replacedIssue(folder, entryPath, operation, error);
}

} // namespace Sluice
