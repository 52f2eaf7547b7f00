#include "folderguard.h"

#include "directoryhandle.h"
#include "folderlisting.h"
#include "iohooks.h"
#include "logging.h"
#include "nativepath.h"
#include "partfile.h"
#include "posixio.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QRandomGenerator>
#include <QSysInfo>

#include <cerrno>
#include <csignal>
#include <ctime>
#include <dirent.h>
#include <fcntl.h>
#include <limits>
#include <memory>
#include <mutex>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace Sluice {

namespace {

constexpr qint64 NsPerSecond = 1000000000;

/// What a check found.
enum class Found {
    TheFolder,
    NotAFolder, ///< a link or anything else, or EIO: the kernel saw the type change
    Gone,       ///< an errno value: removed or renamed, or a folder above it
    Another,    ///< a folder, but not this one: mode, owner or time do not match
    NoSentinel, ///< a folder like this one, but without its sentinel
};

constexpr char SentinelPrefix[] = ".sluice-guard-";

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
    if (found == Found::NoSentinel)
        return CopyIssue::withDetail(
            operation, entryPath,
            QCoreApplication::translate("Sluice::FolderGuard",
                                        "the folder “%1” on the server is no longer the folder "
                                        "this copy writes into (the hidden file this copy made "
                                        "in it is not there: it, or a folder above it, was "
                                        "replaced, for example by a symbolic link); nothing "
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

namespace {

// Whether the sentinel of @p folder is still there, asked of the server by its name:
// utimensat(2) of it, which sshfs always sends (SETSTAT of the path; its attribute cache
// would answer a stat(2) for up to 20 s) and which fails where the path now leads to a folder
// without it. 0 or the errno value. Under the identity's lock.
int sentinelThere(const DirectoryHandle &folder)
{
    static constexpr timespec Times[2] = {{1, 0}, {1, 0}};
    if (::utimensat(folder.fd.get(), folder.identity.sentinel.constData(), Times,
                    AT_SYMLINK_NOFOLLOW)
        == 0)
        return 0;
    return errno;
}

// Records @p found for @p folder: from now on it is replaced. Under the identity's lock.
void markReplaced(DirectoryHandle &folder, Found found, int error)
{
    qCDebug(lcPipeline) << "destination folder replaced or gone:" << folder.path << "finding"
                        << int(found) << "errno" << error;
    folder.identity.finding = int(found);
    folder.identity.findingErrno = error;
    folder.replaced.store(true, std::memory_order_relaxed);
}

// What the sentinel's absence (@p error) means: the folder statx(2) tells a link or a folder
// gone from another folder; one that looks like this folder lacks the sentinel.
Found classify(DirectoryHandle &folder, int &error)
{
    int statError = 0;
    const Found found = askAgain(folder, statError);
    if (found == Found::TheFolder)
        return error == ENOENT ? Found::NoSentinel : Found::Gone;
    error = statError;
    return found;
}

QByteArray hostTag()
{
    static const QByteArray tag =
        QCryptographicHash::hash(QSysInfo::machineUniqueId() + QSysInfo::machineHostName().toUtf8(),
                                 QCryptographicHash::Sha1)
            .toHex()
            .left(8);
    return tag;
}

bool processExists(pid_t pid)
{
    return ::kill(pid, 0) == 0 || errno != ESRCH;
}

// The pid in the sentinel name @p name where a job on this machine made it, else 0.
pid_t sentinelOwnerHere(const QByteArray &name)
{
    if (!isSentinelName(name))
        return 0;
    const qsizetype start = qsizetype(sizeof SentinelPrefix) - 1;
    const QList<QByteArray> parts =
        name.mid(start, name.size() - start - qsizetype(sizeof PartFileSuffix) + 1)
            .split('-'); // pid, host, random
    if (parts.size() != 3 || parts.at(1) != hostTag())
        return 0;
    bool ok = false;
    const qint64 pid = parts.at(0).toLongLong(&ok);
    return ok && pid > 0 && pid <= std::numeric_limits<pid_t>::max() ? pid_t(pid) : 0;
}

} // namespace

std::optional<CopyIssue> verifyFolder(DirectoryHandle &folder, const QByteArray &entryPath,
                                      FileOperation operation, const IoHooks &hooks)
{
    if (!folder.verifyBeforeWrites)
        return std::nullopt;
    FolderIdentity &identity = folder.identity;
    {
        std::lock_guard lock(identity.lock);
        // Found before: the same finding again, without asking.
        if (!folder.replaced.load(std::memory_order_relaxed)) {
            int error = 0;
            Found found = Found::TheFolder;
            if (identity.sentinel.isEmpty()) {
                found = askAgain(folder, error);
            } else if ((error = sentinelThere(folder)) != 0) {
                found = classify(folder, error);
            }
            if (found != Found::TheFolder)
                markReplaced(folder, found, error);
        }
        if (folder.replaced.load(std::memory_order_relaxed))
            return replacedIssue(folder, entryPath, operation, Found(identity.finding),
                                 identity.findingErrno);
    }
    if (hooks.afterFolderChecked)
        hooks.afterFolderChecked(entryPath);
    return std::nullopt;
}

void placeSentinel(DirectoryHandle &folder)
{
    if (!folder.verifyBeforeWrites || !folder.identity.sentinel.isEmpty())
        return;
    const QByteArray name = SentinelPrefix + QByteArray::number(::getpid()) + '-' + hostTag() + '-'
                            + QByteArray::number(QRandomGenerator::system()->generate64(), 16)
                            + PartFileSuffix;
    UniqueFd fd(retryOnEintr([&] {
        return ::openat(folder.fd.get(), name.constData(),
                        O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW | O_NOCTTY, 0600);
    }));
    if (!fd) {
        qCDebug(lcPipeline) << "no sentinel in" << folder.path << "errno" << errno;
        return;
    }
    folder.identity.sentinel = name;
}

std::optional<CopyIssue> verifyAfterCreate(DirectoryHandle &folder, const QByteArray &entryPath,
                                           const QByteArray &createdName, FileOperation operation)
{
    if (!folder.verifyBeforeWrites || folder.identity.sentinel.isEmpty())
        return std::nullopt;
    FolderIdentity &identity = folder.identity;
    std::lock_guard lock(identity.lock);
    if (folder.replaced.load(std::memory_order_relaxed)) // found by another check since
        return replacedIssue(folder, entryPath, operation, Found(identity.finding),
                             identity.findingErrno);
    int error = sentinelThere(folder);
    if (error == 0)
        return std::nullopt;
    const Found found = classify(folder, error);
    markReplaced(folder, found, error);
    CopyIssue issue = replacedIssue(folder, entryPath, operation, found, error);
    issue.detail += QCoreApplication::translate("Sluice::FolderGuard",
                                                "; “%1” was made before this was seen, where "
                                                "that path now leads on the server, and is left "
                                                "there")
                        .arg(NativePath::toDisplay(NativePath::join(folder.path, createdName)));
    return issue;
}

std::optional<CopyIssue> releaseFolder(DirectoryHandle &folder, FileOperation operation,
                                       const IoHooks &hooks)
{
    if (!folder.verifyBeforeWrites || folder.identity.sentinel.isEmpty()
        || folder.replaced.load(std::memory_order_relaxed))
        return verifyFolder(folder, folder.path, operation, hooks);
    FolderIdentity &identity = folder.identity;
    {
        std::lock_guard lock(identity.lock);
        if (::unlinkat(folder.fd.get(), identity.sentinel.constData(), 0) != 0) {
            int error = errno;
            const Found found = classify(folder, error);
            markReplaced(folder, found, error);
            return replacedIssue(folder, folder.path, operation, found, error);
        }
        identity.sentinel.clear();
    }
    if (hooks.afterFolderChecked)
        hooks.afterFolderChecked(folder.path);
    return std::nullopt;
}

void dropSentinel(DirectoryHandle &folder)
{
    if (folder.identity.sentinel.isEmpty() || folder.replaced.load(std::memory_order_relaxed))
        return;
    std::lock_guard lock(folder.identity.lock);
    ::unlinkat(folder.fd.get(), folder.identity.sentinel.constData(), 0);
    folder.identity.sentinel.clear();
}

bool isSentinelName(const QByteArray &name)
{
    return name.startsWith(SentinelPrefix) && name.endsWith(PartFileSuffix);
}

void removeStaleSentinels(int directoryFd)
{
    const std::vector<QByteArray> stale = namesIn(directoryFd, [](const QByteArray &name) {
        const pid_t owner = sentinelOwnerHere(name);
        return owner != 0 && owner != ::getpid() && !processExists(owner);
    });
    for (const QByteArray &name : stale)
        ::unlinkat(directoryFd, name.constData(), 0);
}

} // namespace Sluice
