#include "folderguard.h"

#include "directoryhandle.h"
#include "logging.h"
#include "nativepath.h"

#include <QCoreApplication>

#include <cerrno>
#include <ctime>
#include <fcntl.h>
#include <mutex>
#include <sys/stat.h>

namespace Sluice {

namespace {

constexpr qint64 NsPerSecond = 1000000000;

/// What a check found.
enum class Found {
    TheFolder,
    NotAFolder, ///< a link or anything else, or EIO: the kernel saw the type change
    Gone,       ///< an errno value: removed or renamed, or a folder above it
    Another,    ///< a folder, but not this one: mode, owner or time do not match
};

CopyIssue replacedIssue(const DirectoryHandle &folder, const QByteArray &entryPath,
                        FileOperation operation, Found found, int error)
{
    const QString folderName = NativePath::toDisplay(folder.path);
    if (found == Found::Another)
        return CopyIssue::withDetail(
            operation, entryPath,
            QCoreApplication::translate("Sluice::FolderGuard",
                                        "the folder “%1” on the server is no longer the folder "
                                        "this copy writes into (its permissions, owner or "
                                        "modification time changed: it, or a folder above it, "
                                        "was replaced, for example by a symbolic link); nothing "
                                        "more is written into it")
                .arg(folderName));
    if (found == Found::NotAFolder)
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

qint64 nowNs()
{
    timespec now = {};
    ::clock_gettime(CLOCK_REALTIME, &now);
    return qint64(now.tv_sec) * NsPerSecond + now.tv_nsec;
}

// Whether @p seenNs can be the modification time of the folder @p identity describes, created
// by this job where @p created; remembers it as the newest. See verifyFolder() for the one
// step back.
bool timeFollows(FolderIdentity &identity, bool created, qint64 seenNs)
{
    if (seenNs >= identity.newestMtimeNs) {
        identity.newestMtimeNs = seenNs;
        return true;
    }
    const qint64 recent = nowNs() - MtimeStepBackWindowSeconds * NsPerSecond;
    if (created || identity.rebased || !identity.checked
        || identity.newestMtimeNs != identity.openedMtimeNs || identity.openedMtimeNs < recent
        || seenNs < recent)
        return false;
    identity.rebased = true;
    identity.newestMtimeNs = seenNs;
    return true;
}

// One statx(2) of @p folder that reaches the file system, compared with its identity;
// @p error gets the errno value for Found::Gone. Under the identity's lock.
Found askAgain(DirectoryHandle &folder, int &error)
{
    constexpr unsigned Mask = STATX_TYPE | STATX_MODE | STATX_UID | STATX_GID | STATX_MTIME;
    struct statx now = {};
    if (::statx(folder.fd.get(), "", AT_EMPTY_PATH | AT_SYMLINK_NOFOLLOW | AT_STATX_FORCE_SYNC,
                Mask, &now)
        != 0) {
        error = errno;
        return error == EIO ? Found::NotAFolder : Found::Gone;
    }
    if (!S_ISDIR(now.stx_mode))
        return Found::NotAFolder;
    FolderIdentity &identity = folder.identity;
    const qint64 mtimeNs = qint64(now.stx_mtime.tv_sec) * NsPerSecond + now.stx_mtime.tv_nsec;
    const bool same = now.stx_mode == identity.mode && now.stx_uid == identity.uid
                      && now.stx_gid == identity.gid
                      && timeFollows(identity, folder.createdByCopy, mtimeNs);
    if (!same) {
        qCDebug(lcPipeline) << "destination folder" << folder.path << "is another one: mode"
                            << Qt::oct << now.stx_mode << "was" << identity.mode << Qt::dec
                            << "owner" << now.stx_uid << now.stx_gid << "was" << identity.uid
                            << identity.gid << "mtime" << mtimeNs << "newest seen"
                            << identity.newestMtimeNs;
        return Found::Another;
    }
    identity.checked = true;
    return Found::TheFolder;
}

} // namespace

void guardFolder(DirectoryHandle &folder, const struct stat &opened)
{
    folder.verifyBeforeWrites = true;
    FolderIdentity &identity = folder.identity;
    identity.mode = opened.st_mode;
    identity.uid = opened.st_uid;
    identity.gid = opened.st_gid;
    identity.openedMtimeNs = qint64(opened.st_mtim.tv_sec) * NsPerSecond + opened.st_mtim.tv_nsec;
    identity.newestMtimeNs = identity.openedMtimeNs;
}

std::optional<CopyIssue> verifyFolder(DirectoryHandle &folder, const QByteArray &entryPath,
                                      FileOperation operation)
{
    if (!folder.verifyBeforeWrites)
        return std::nullopt;
    FolderIdentity &identity = folder.identity;
    std::lock_guard lock(identity.lock);
    // Found before: the same finding again, without asking.
    if (!folder.replaced.load(std::memory_order_relaxed)) {
        int error = 0;
        const Found found = askAgain(folder, error);
        if (found == Found::TheFolder)
            return std::nullopt;
        qCDebug(lcPipeline) << "destination folder replaced or gone:" << folder.path << "errno"
                            << error;
        identity.finding = int(found);
        identity.findingErrno = error;
        folder.replaced.store(true, std::memory_order_relaxed);
    }
    return replacedIssue(folder, entryPath, operation, Found(identity.finding),
                         identity.findingErrno);
}

} // namespace Sluice
