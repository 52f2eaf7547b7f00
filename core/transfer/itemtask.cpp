#include "itemtask.h"

#include "directoryhandle.h"
#include "folderfinisher.h"
#include "folderguard.h"
#include "fsprobe.h"
#include "itemlife.h"
#include "jobcontext.h"
#include "metadata.h"
#include "nativepath.h"
#include "ownfolders.h"
#include "partfile.h"
#include "preflight.h"

#include <QCoreApplication>

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

namespace {

constexpr int DirectoryFlags = O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOCTTY;

/// A symbolic link, FIFO, device node or socket: created under the part name (never
/// opened), given its metadata by name, renamed into place by the life.
class SpecialEntryLife final : public PartFileLife
{
public:
    using PartFileLife::PartFileLife;

private:
    std::optional<Attempt> openSource() override;
    Attempt createPart(const Placement &placement, PartFileGuard &part,
                       std::optional<CreatedPart> &identity) override;
    bool provesUnrecordedCopy(const QByteArray &finalName) override;
    int createEntry(const QByteArray &partName) const;
    PreserveOptions preserveForEntry(const QByteArray &finalPath) const;

    QByteArray m_linkTarget;
};

// The target of the symbolic link @p name in @p directoryFd (readlinkat(2), the buffer grown
// from @p sizeHint until the target fits) into @p target; 0 or an errno value.
int readLinkAt(int directoryFd, const QByteArray &name, qint64 sizeHint, QByteArray &target)
{
    QByteArray buffer(qMax<qint64>(256, sizeHint + 1), Qt::Uninitialized);
    for (;;) {
        const ssize_t length =
            ::readlinkat(directoryFd, name.constData(), buffer.data(), buffer.size());
        if (length < 0)
            return errno;
        if (length < buffer.size()) {
            target = buffer.left(length);
            return 0;
        }
        buffer.resize(buffer.size() * 2);
    }
}

std::optional<Attempt> SpecialEntryLife::openSource()
{
    m_source = statFromItem(m_item);
    if (m_item.kind != ItemKind::Symlink)
        return std::nullopt;
    if (const int error = readLinkAt(m_task.sourceDirectory->fd.get(), m_task.sourceName,
                                     m_item.size, m_linkTarget))
        return Attempt::failed(CopyIssue::fromErrno(FileOperation::Read, m_sourcePath, error));
    return std::nullopt;
}

// A resume, and @p finalName exists though no record names it (created in the last moment
// before the interruption): it is this item's copy when it is an entry of the source's kind
// written since the job started, a link with the source's target text, a device node with
// its device number. A FIFO or socket has nothing more to compare.
bool SpecialEntryLife::provesUnrecordedCopy(const QByteArray &finalName)
{
    struct stat entry = {};
    if (::fstatat(destinationFd(), finalName.constData(), &entry, AT_SYMLINK_NOFOLLOW) != 0
        || (entry.st_mode & S_IFMT) != (m_item.mode & S_IFMT) || !writtenSinceJobStarted(entry))
        return false;
    QByteArray target;
    if (m_item.kind == ItemKind::Symlink
        && (readLinkAt(destinationFd(), finalName, entry.st_size, target) != 0
            || target != m_linkTarget))
        return false;
    if ((m_item.kind == ItemKind::CharDevice || m_item.kind == ItemKind::BlockDevice)
        && entry.st_rdev != m_item.rdev)
        return false;
    recordFinished(finalName);
    return true;
}

// symlinkat(2), mkfifoat(3) or mknodat(2) under @p partName; 0 or an errno value. A leftover
// under that name (EEXIST) is removed and the create tried once more.
int SpecialEntryLife::createEntry(const QByteArray &partName) const
{
    const int directoryFd = destinationFd();
    int error = 0;
    for (int tries = 0; tries < 2; ++tries) {
        int result = 0;
        switch (m_item.kind) {
        case ItemKind::Symlink:
            result = ::symlinkat(m_linkTarget.constData(), directoryFd, partName.constData());
            break;
        case ItemKind::Fifo:
            result = ::mkfifoat(directoryFd, partName.constData(), 0600);
            break;
        default:
            result = ::mknodat(directoryFd, partName.constData(), (m_item.mode & S_IFMT) | 0600,
                               m_item.rdev);
            break;
        }
        error = result == 0 ? 0 : errno;
        // Some FUSE file systems leave a regular file behind when they refuse a special file
        // (fusefat's mkfifo: EIO), and EEXIST is a stale leftover: remove our name.
        if (error != 0)
            ::unlinkat(directoryFd, partName.constData(), 0);
        if (error != EEXIST)
            break;
    }
    return error;
}

// What of the source's metadata to set on the entry: for a symbolic link on a file system
// where setting a link's times or owner reaches the file it points to (FileSystemProbe::
// linkMetadataFollows: sshfs), neither, which one grouped warning per job says, naming the
// file system and @p finalPath (the first link concerned).
PreserveOptions SpecialEntryLife::preserveForEntry(const QByteArray &finalPath) const
{
    PreserveOptions preserve = m_job.options.preserve;
    if (m_item.kind != ItemKind::Symlink || (!preserve.timestamps && !preserve.ownership))
        return preserve;
    const DirectoryHandle &folder = *m_task.destinationDirectory;
    const FileSystemProbe probe = m_job.fileSystems.probe(folder.fd.get(), folder.device);
    if (!probe.linkMetadataFollows)
        return preserve;
    preserve.timestamps = false;
    preserve.ownership = false;
    if (!m_item.lossNamed) // else the preflight said it (Preflight::checkLinkLosses())
        m_job.issues.addGrouped(CopyIssue::withDetail(FileOperation::SetTimes, finalPath,
                                                      Preflight::linkMetadataNote(probe.typeName),
                                                      IssueSeverity::Warning));
    return preserve;
}

Attempt SpecialEntryLife::createPart(const Placement &placement, PartFileGuard &part,
                                     std::optional<CreatedPart> &identity)
{
    // The guard is armed before creating: some file systems fail a create yet leave an entry
    // behind (exfat-fuse answers mkfifo with EIO and keeps an empty file).
    const QByteArray finalPath = destinationPath(placement.name);
    const int error = createEntry(part.name());
    const bool node = m_item.kind == ItemKind::CharDevice || m_item.kind == ItemKind::BlockDevice
                      || m_item.kind == ItemKind::Socket;
    if (error == EPERM && node) {
        const CopyIssue issue =
            CopyIssue::fromErrno(FileOperation::Create, finalPath, EPERM, IssueSeverity::Warning);
        m_job.issues.add(issue);
        return Attempt::skippedFor(issue);
    }
    if (error != 0)
        return Attempt::failed(CopyIssue::fromErrno(FileOperation::Create, finalPath, error));
    if (auto stray = verifyAfterCreate(*m_task.destinationDirectory, finalPath, part.name(),
                                       FileOperation::Create)) {
        part.disown(); // where it went is not this copy's folder
        return Attempt::failed(*stray);
    }
    identity = CreatedPart{};
    if (struct stat st = {};
        ::fstatat(destinationFd(), part.name().constData(), &st, AT_SYMLINK_NOFOLLOW) == 0
        && (st.st_mode & S_IFMT) == (m_item.mode & S_IFMT))
        identity = CreatedPart::fromStat(st);
    if (m_job.hooks.afterPartCreated)
        m_job.hooks.afterPartCreated(destinationPath(part.name()));
    // Metadata by name never follows a link (metadata.cpp), and the rename checks that the
    // part name still holds what was created here.
    if (const int failed =
            applyMetadataAt(destinationFd(), part.name(), m_item, preserveForEntry(finalPath),
                            m_job.umask, finalPath, m_job.issues))
        return Attempt::failed(renameIssue(failed, destinationPath(part.name()), finalPath));
    return Attempt::ended(ItemOutcome::Copied);
}

/// A folder: created with mode 0700 until its children are done (or merged into when one
/// exists), both sides opened; its metadata and a move's deletions come from the
/// destination handle's finalizer (finishFolder()). No part file: a folder is never
/// partial, only incomplete, and that is what the finalizer records.
class FolderLife final : public ItemLife
{
public:
    using ItemLife::ItemLife;

    std::pair<DirectoryRef, DirectoryRef> handles;

private:
    std::optional<Attempt> openSource() override;
    Attempt write(const Placement &placement) override;
    DirectoryRef destinationHandle(UniqueFd fd, const struct stat &st, const QByteArray &path,
                                   bool created, const DirectoryRef &sourceHandle);

    UniqueFd m_sourceFd;
};

std::optional<Attempt> FolderLife::openSource()
{
    m_sourceFd.reset(::openat(m_task.sourceDirectory->fd.get(), m_task.sourceName.constData(),
                              DirectoryFlags | (m_task.followSource ? 0 : O_NOFOLLOW)));
    if (!m_sourceFd || ::fstat(m_sourceFd.get(), &m_source) != 0)
        return Attempt::failed(
            CopyIssue::fromErrno(FileOperation::ReadDirectory, m_sourcePath, errno));
    return std::nullopt;
}

Attempt FolderLife::write(const Placement &placement)
{
    const QByteArray finalPath = destinationPath(placement.name);
    if (auto replaced = verifyFolder(*m_task.destinationDirectory, finalPath, FileOperation::Create,
                                     m_job.hooks))
        return Attempt::failed(*replaced);
    const bool merge = placement.action == Placement::Action::Merge;
    const DirectoryHandle &into = *m_task.destinationDirectory;
    const FileSystemProbe probe = m_job.fileSystems.probe(into.fd.get(), into.device);
    bool created = false;
    if (!merge) {
        // On a link-following file system the journal knows of the folder before it exists:
        // a kill -9 before its identity is recorded leaves one a resume may remake.
        const bool announced = probe.followsSymlinks && recordFolderToMake(m_job, finalPath);
        if (::mkdirat(destinationFd(), placement.name.constData(), 0700) == 0) {
            created = true;
        } else {
            const int error = errno;
            if (announced)
                forgetFolderToMake(m_job, finalPath);
            if (error != EEXIST)
                return Attempt::failed(
                    CopyIssue::fromErrno(FileOperation::Create, finalPath, error));
        }
    }
    // A folder that exists (found by the preflight, or since) on a file system that shows a
    // link as what it points to may be a link to a folder anywhere on the server, unless it
    // is one the interrupted run of this job made: recorded with its identity, which it still
    // shows, or recorded as about to be made and still empty (made afresh here).
    if (!created && probe.followsSymlinks) {
        if (remakeOwnFolderAt(m_job.resume.get(), destinationFd(), placement.name, finalPath))
            created = true;
        else if (!isOwnFolderAt(m_job.resume.get(), destinationFd(), placement.name, finalPath,
                                probe.timeGranularityNs))
            return Attempt::failed(CopyIssue::withDetail(
                FileOperation::Create, finalPath,
                Preflight::linkFollowingMergeRefusal(finalPath, probe.typeName)));
    }
    if (created) { // else nothing was made
        if (m_job.hooks.afterFolderMade)
            m_job.hooks.afterFolderMade(finalPath);
        if (auto stray = verifyAfterCreate(*m_task.destinationDirectory, finalPath, placement.name,
                                           FileOperation::Create))
            return Attempt::failed(*stray);
    }
    UniqueFd fd(::openat(destinationFd(), placement.name.constData(), DirectoryFlags | O_NOFOLLOW));
    struct stat st = {};
    if (!fd || ::fstat(fd.get(), &st) != 0)
        return Attempt::failed(CopyIssue::fromErrno(FileOperation::Create, finalPath, errno));
    auto source = std::make_shared<DirectoryHandle>(std::move(m_sourceFd), m_sourcePath,
                                                    m_source.st_dev, false);
    if (created) // a resume may copy into it (ownfolders.h)
        recordOwnFolder(m_job, fd.get(), st.st_dev, finalPath, false);
    DirectoryRef destination = destinationHandle(std::move(fd), st, finalPath, created, source);
    if (merge) // leftovers of an interrupted run, removed as each of their names is written
        noteStalePartFiles(*destination, m_plan.childNames(m_task.index));
    handles = {std::move(source), std::move(destination)};
    return Attempt::ended(merge ? ItemOutcome::Merged : ItemOutcome::Copied);
}

DirectoryRef FolderLife::destinationHandle(UniqueFd fd, const struct stat &st,
                                           const QByteArray &path, bool created,
                                           const DirectoryRef &sourceHandle)
{
    // No default ACL inherited (ENODATA, or ENOTSUP: no ACLs there).
    const bool modeFollowsUmask =
        created && ::fgetxattr(fd.get(), "system.posix_acl_default", nullptr, 0) < 0;
    auto handle = std::make_shared<DirectoryHandle>(std::move(fd), path, st.st_dev, created);
    handle->modeFollowsUmask = modeFollowsUmask;
    if (!m_job.fileSystems.probe(handle->fd.get(), st.st_dev).descriptorsPinFolders) {
        guardFolder(*handle, st);
        if (!created) // a kill -9 leaves its sentinels: removed by the next job here
            removeStaleSentinels(handle->fd.get());
        placeSentinel(*handle);
    }
    handle->parent = m_task.destinationDirectory;
    if (m_job.options.move)
        handle->source =
            PendingRemoval{m_task.sourceDirectory, m_task.sourceName, m_sourcePath, true};
    handle->finalizer = [&job = m_job, item = m_item, sourceHandle](DirectoryHandle &folder) {
        finishFolder(job, folder, &item, sourceHandle->fd.get());
    };
    return handle;
}

} // namespace

ItemOutcome copySpecialEntry(JobContext &job, const Plan &plan, const ItemTask &task)
{
    SpecialEntryLife life(job, plan, task);
    return life.run().value_or(ItemOutcome::Failed); // never falls back
}

std::pair<DirectoryRef, DirectoryRef> openFolderPair(JobContext &job, const Plan &plan,
                                                     const ItemTask &task, ItemOutcome &outcome)
{
    FolderLife life(job, plan, task);
    outcome = life.run().value_or(ItemOutcome::Failed); // never falls back
    if (!isComplete(outcome))
        return {};
    return life.handles;
}

} // namespace Sluice
