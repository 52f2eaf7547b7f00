#include "itemtask.h"

#include "decisions.h"
#include "folderfinisher.h"
#include "jobcontext.h"
#include "metadata.h"
#include "nativepath.h"
#include "partfile.h"

#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

namespace Sluice {

QByteArray destinationPathOf(const ItemTask &task, const QByteArray &name)
{
    return NativePath::join(task.destinationDirectory->path, name);
}

struct stat statFromItem(const PlanItem &item)
{
    struct stat st = {};
    st.st_dev = item.dev;
    st.st_ino = item.ino;
    st.st_mode = item.mode;
    st.st_size = item.size;
    st.st_mtim = item.mtime;
    return st;
}

void queueSourceRemoval(JobContext &job, const Plan &plan, const ItemTask &task)
{
    if (job.options.move)
        task.destinationDirectory->addRemoval(PendingRemoval{task.sourceDirectory, task.sourceName,
                                                             plan.sourcePath(task.index), false});
}

ItemOutcome copySpecialEntry(JobContext &job, const Plan &plan, const ItemTask &task)
{
    const PlanItem &item = plan.items[std::size_t(task.index)];
    const QByteArray source = plan.sourcePath(task.index);
    const int sourceDirFd = task.sourceDirectory->fd.get();
    const int directoryFd = task.destinationDirectory->fd.get();
    const QByteArray destination = destinationPathOf(task, task.destinationName);

    for (int attempt = 1;; ++attempt) {
        CopyIssue issue;
        QByteArray linkTarget;
        if (item.kind == ItemKind::Symlink) {
            QByteArray buffer(qMax<qint64>(256, item.size + 1), Qt::Uninitialized);
            for (;;) {
                const ssize_t length = ::readlinkat(sourceDirFd, task.sourceName.constData(),
                                                    buffer.data(), buffer.size());
                if (length < 0) {
                    issue = CopyIssue::fromErrno(FileOperation::Read, source, errno);
                    break;
                }
                if (length < buffer.size()) {
                    linkTarget = buffer.left(length);
                    break;
                }
                buffer.resize(buffer.size() * 2);
            }
        }
        if (issue.errorCode == 0) {
            const struct stat sourceStat = statFromItem(item);
            const Placement placement = resolvePlacement(job, directoryFd, task.destinationName,
                                                         !task.destinationDirectory->createdByCopy,
                                                         item, sourceStat, source, destination);
            if (placement.action == Placement::Action::Skip)
                return ItemOutcome::Skipped;
            if (placement.action == Placement::Action::Cancel)
                return ItemOutcome::Cancelled;
            if (placement.action == Placement::Action::Fail) {
                issue = placement.issue;
            } else {
                const QByteArray partName = partFileName(placement.name, item.partNameTaken);
                const QByteArray finalPath = destinationPathOf(task, placement.name);
                // Armed before creating: some file systems fail a create yet leave an entry
                // behind (exfat-fuse answers mkfifo with EIO and keeps an empty file).
                PartFileGuard guard(directoryFd, partName);
                int error = 0;
                for (int tries = 0; tries < 2; ++tries) {
                    int result = 0;
                    switch (item.kind) {
                    case ItemKind::Symlink:
                        result =
                            ::symlinkat(linkTarget.constData(), directoryFd, partName.constData());
                        break;
                    case ItemKind::Fifo:
                        result = ::mkfifoat(directoryFd, partName.constData(), 0600);
                        break;
                    default:
                        result = ::mknodat(directoryFd, partName.constData(),
                                           (item.mode & S_IFMT) | 0600, item.rdev);
                        break;
                    }
                    error = result == 0 ? 0 : errno;
                    if (error != 0 && error != EEXIST) {
                        // Some FUSE file systems leave a regular file behind when they
                        // refuse a special file (fusefat's mkfifo: EIO): remove our name.
                        ::unlinkat(directoryFd, partName.constData(), 0);
                    }
                    if (error != EEXIST)
                        break;
                    ::unlinkat(directoryFd, partName.constData(), 0); // stale leftover
                }
                if (error == EPERM
                    && (item.kind == ItemKind::CharDevice || item.kind == ItemKind::BlockDevice
                        || item.kind == ItemKind::Socket)) {
                    job.issues.add(CopyIssue::fromErrno(FileOperation::Create, finalPath, EPERM,
                                                        IssueSeverity::Warning));
                    return ItemOutcome::Skipped;
                }
                if (error == 0) {
                    CreatedPart created;
                    if (struct stat st = {};
                        ::fstatat(directoryFd, partName.constData(), &st, AT_SYMLINK_NOFOLLOW) == 0
                        && (st.st_mode & S_IFMT) == (item.mode & S_IFMT))
                        created = CreatedPart::fromStat(st);
                    if (job.hooks.afterPartCreated)
                        job.hooks.afterPartCreated(destinationPathOf(task, partName));
                    // Metadata by name never follows a link (metadata.cpp), and the rename
                    // checks that the part name still holds what was created here.
                    error = applyMetadataAt(directoryFd, partName, item, job.options.preserve,
                                            job.umask, finalPath, job.issues);
                    if (error == 0)
                        error = renameIntoPlace(directoryFd, partName, placement.name,
                                                placement.action == Placement::Action::Overwrite,
                                                &created);
                    if (error == 0) {
                        guard.commit();
                        queueSourceRemoval(job, plan, task);
                        return ItemOutcome::Copied;
                    }
                    issue = renameIssue(error, destinationPathOf(task, partName), finalPath);
                } else {
                    issue = CopyIssue::fromErrno(FileOperation::Create, finalPath, error);
                }
            }
        }
        const ErrorAction action = resolveError(job, issue, attempt, source, destination);
        if (action == ErrorAction::Retry)
            continue;
        if (action == ErrorAction::StopJob && !job.aborted.load())
            return ItemOutcome::Cancelled;
        return ItemOutcome::Failed;
    }
}

std::pair<DirectoryRef, DirectoryRef> openFolderPair(JobContext &job, const Plan &plan,
                                                     const ItemTask &task, ItemOutcome &outcome)
{
    const PlanItem &item = plan.items[std::size_t(task.index)];
    const QByteArray source = plan.sourcePath(task.index);
    const int directoryFd = task.destinationDirectory->fd.get();
    const QByteArray destination = destinationPathOf(task, task.destinationName);
    constexpr int DirectoryFlags = O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOCTTY;

    for (int attempt = 1;; ++attempt) {
        CopyIssue issue;
        UniqueFd sourceFd(::openat(task.sourceDirectory->fd.get(), task.sourceName.constData(),
                                   DirectoryFlags | (task.followSource ? 0 : O_NOFOLLOW)));
        struct stat sourceStat = {};
        if (!sourceFd || ::fstat(sourceFd.get(), &sourceStat) != 0) {
            issue = CopyIssue::fromErrno(FileOperation::ReadDirectory, source, errno);
        } else {
            const Placement placement = resolvePlacement(job, directoryFd, task.destinationName,
                                                         !task.destinationDirectory->createdByCopy,
                                                         item, sourceStat, source, destination);
            if (placement.action == Placement::Action::Skip) {
                outcome = ItemOutcome::Skipped;
                return {};
            }
            if (placement.action == Placement::Action::Cancel) {
                outcome = ItemOutcome::Cancelled;
                return {};
            }
            const QByteArray finalPath = destinationPathOf(task, placement.name);
            bool created = false;
            int error = 0;
            if (placement.action == Placement::Action::Fail) {
                issue = placement.issue;
            } else {
                if (placement.action != Placement::Action::Merge) {
                    if (::mkdirat(directoryFd, placement.name.constData(), 0700) == 0)
                        created = true;
                    else if (errno != EEXIST)
                        error = errno;
                }
                UniqueFd destinationFd;
                struct stat destinationStat = {};
                if (error == 0) {
                    destinationFd.reset(::openat(directoryFd, placement.name.constData(),
                                                 DirectoryFlags | O_NOFOLLOW));
                    if (!destinationFd || ::fstat(destinationFd.get(), &destinationStat) != 0)
                        error = errno;
                }
                if (error == 0 && placement.action == Placement::Action::Merge)
                    removeStalePartFiles(destinationFd.get(), finalPath,
                                         plan.childNames(task.index), job.issues);
                if (error == 0) {
                    auto sourceHandle = std::make_shared<DirectoryHandle>(
                        std::move(sourceFd), source, sourceStat.st_dev, false);
                    // No default ACL inherited (ENODATA, or ENOTSUP: no ACLs there).
                    const bool modeFollowsUmask =
                        created
                        && ::fgetxattr(destinationFd.get(), "system.posix_acl_default", nullptr, 0)
                               < 0;
                    auto destinationHandle = std::make_shared<DirectoryHandle>(
                        std::move(destinationFd), finalPath, destinationStat.st_dev, created);
                    destinationHandle->modeFollowsUmask = modeFollowsUmask;
                    destinationHandle->parent = task.destinationDirectory;
                    if (job.options.move)
                        destinationHandle->source =
                            PendingRemoval{task.sourceDirectory, task.sourceName, source, true};
                    {
                        destinationHandle->finalizer = [&job, item,
                                                        sourceHandle](DirectoryHandle &folder) {
                            finishFolder(job, folder, &item, sourceHandle->fd.get());
                        };
                    }
                    outcome = ItemOutcome::Copied;
                    return {sourceHandle, destinationHandle};
                }
                issue = CopyIssue::fromErrno(FileOperation::Create, finalPath, error);
            }
        }
        const ErrorAction action = resolveError(job, issue, attempt, source, destination);
        if (action == ErrorAction::Retry)
            continue;
        outcome = action == ErrorAction::StopJob && !job.aborted.load() ? ItemOutcome::Cancelled
                                                                        : ItemOutcome::Failed;
        return {};
    }
}

} // namespace Sluice
