#include "hardlinkcopier.h"

#include <QCoreApplication>

#include "folderguard.h"
#include "itemlife.h"
#include "jobcontext.h"
#include "nativepath.h"
#include "partfile.h"
#include "posixio.h"
#include "preflight.h"
#include "resumepart.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace Sluice {

HardLinkCopier::HardLinkCopier(JobContext &job, const Plan &plan)
    : m_job(job)
    , m_plan(plan)
{}

void HardLinkCopier::remember(const ItemTask &task, const QByteArray &finalName)
{
    // Keyed by the group's first name (what later names look up), by whichever name of the
    // group was copied first: when the first name failed, the others link to the next.
    const PlanItem &item = m_plan.items[std::size_t(task.index)];
    const qint32 group = item.hardLinkOf >= 0 ? item.hardLinkOf : task.index;
    std::lock_guard lock(m_mutex);
    if (!m_firstLinks.contains(group))
        m_firstLinks.insert(group, {task.destinationDirectory, finalName});
}

namespace {

/// A further name of a hard-linked inode: linked with linkat(2) to the copy of the group's
/// first copied name, under the part name, then renamed into place by the life, so the
/// final name appears atomically. Falls back to a copy of its own where the destination
/// cannot link.
class HardLinkLife final : public PartFileLife
{
public:
    HardLinkLife(JobContext &job, const Plan &plan, const ItemTask &task,
                 std::pair<DirectoryRef, QByteArray> first)
        : PartFileLife(job, plan, task)
        , m_first(std::move(first))
    {}

private:
    std::optional<Attempt> openSource() override
    {
        m_source = statFromItem(m_item);
        return std::nullopt;
    }
    FileOperation publishOperation() const override { return FileOperation::Link; }
    Attempt createPart(const Placement &placement, PartFileGuard &part,
                       std::optional<CreatedPart> &identity) override;
    bool provesUnrecordedCopy(const QByteArray &finalName) override;

    /// The destination path of the copy this name links to.
    QByteArray firstPath() const { return NativePath::join(m_first.first->path, m_first.second); }
    /// Whether two names of one file show one st_ino in the destination (FileSystemProbe).
    bool inodesIdentifyFiles() const;
    CreatedPart holdPart(const QByteArray &partName, const struct stat &first);

    std::pair<DirectoryRef, QByteArray> m_first; ///< folder and name of the first copy
    UniqueFd m_heldPart; ///< holdPart()'s descriptor, open until the life ends
};

bool HardLinkLife::inodesIdentifyFiles() const
{
    const DirectoryHandle &folder = *m_task.destinationDirectory;
    return m_job.fileSystems.probe(folder.fd.get(), folder.device).inodesIdentifyFiles;
}

// Where st_ino names a name rather than a file (sshfs without -o use_ino), the part name's
// number can never equal the first copy's. There the new name is opened right after the link
// and held open until the rename: it must be the same kind, size and modification time as the
// first copy, and the number FUSE gives the open file cannot pass to another entry while it
// is open, so renameIntoPlace() still sees a part name that someone replaced or removed
// meanwhile (another number, or none). An empty identity (an invalid one) when the name
// cannot be opened or is not what was linked: the check then fails, as it should.
CreatedPart HardLinkLife::holdPart(const QByteArray &partName, const struct stat &first)
{
    m_heldPart.reset(::openat(destinationFd(), partName.constData(),
                              O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY));
    struct stat held = {};
    if (!m_heldPart || ::fstat(m_heldPart.get(), &held) != 0
        || (held.st_mode & S_IFMT) != (first.st_mode & S_IFMT) || held.st_size != first.st_size
        || held.st_mtim.tv_sec != first.st_mtim.tv_sec
        || held.st_mtim.tv_nsec != first.st_mtim.tv_nsec)
        return CreatedPart{};
    return CreatedPart::fromStat(held);
}

// A resume, and @p finalName exists though no record names it (linked in the last moment
// before the interruption): it is this group's link when it is the first copy's file, a
// regular file of its size written since the job started, with the same inode where inode
// numbers name files. Where they do not (sshfs), a link and a copy of the same bytes look
// alike through the mount: the same modification time and the same bytes, read back from
// both, decide. The data is the first copy's, durable as that one is.
bool HardLinkLife::provesUnrecordedCopy(const QByteArray &finalName)
{
    struct stat name = {};
    struct stat first = {};
    if (::fstatat(destinationFd(), finalName.constData(), &name, AT_SYMLINK_NOFOLLOW) != 0
        || ::fstatat(m_first.first->fd.get(), m_first.second.constData(), &first,
                     AT_SYMLINK_NOFOLLOW)
               != 0
        || !S_ISREG(name.st_mode) || !S_ISREG(first.st_mode) || name.st_size != first.st_size
        || !writtenSinceJobStarted(name))
        return false;
    if (inodesIdentifyFiles()) {
        if (name.st_dev != first.st_dev || name.st_ino != first.st_ino)
            return false;
    } else {
        constexpr int Flags = O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY;
        const UniqueFd nameFd(::openat(destinationFd(), finalName.constData(), Flags));
        const UniqueFd firstFd(
            ::openat(m_first.first->fd.get(), m_first.second.constData(), Flags));
        int error = 0;
        if (!nameFd || !firstFd || name.st_mtim.tv_sec != first.st_mtim.tv_sec
            || name.st_mtim.tv_nsec != first.st_mtim.tv_nsec
            || !sameContent(m_job.engine, firstFd.get(), nameFd.get(), name.st_size, error))
            return false;
    }
    recordFinished(finalName);
    return true;
}

Attempt HardLinkLife::createPart(const Placement &placement, PartFileGuard &part,
                                 std::optional<CreatedPart> &identity)
{
    const int firstFd = m_first.first->fd.get();
    ::unlinkat(destinationFd(), part.name().constData(), 0); // a leftover of an interrupted run
    if (::linkat(firstFd, m_first.second.constData(), destinationFd(), part.name().constData(), 0)
        != 0) {
        const int error = errno;
        const QByteArray destination = destinationPath(placement.name);
        if (error == EPERM || error == EOPNOTSUPP || error == ENOSYS || error == EMLINK
            || error == EXDEV) {
            // FAT and the like cannot link (nor can an inode with too many links): like
            // other metadata the destination refuses, copy the data and warn, naming the
            // name that is not a link (the one to look for) and the copy it would share.
            CopyIssue refused = CopyIssue::fromErrno(FileOperation::Link, destination, error,
                                                     IssueSeverity::Warning);
            refused.detail = Preflight::separateCopyNote(firstPath());
            m_job.issues.addGrouped(refused);
            return Attempt::fallBackToCopy();
        }
        CopyIssue failure =
            renameIssue(error, destinationPath(part.name()), destination, FileOperation::Link);
        if (failure.detail.isEmpty())
            failure.detail =
                QCoreApplication::translate("Sluice::ItemCopier", "a hard link to “%1”")
                    .arg(NativePath::toDisplay(firstPath()));
        return Attempt::failed(failure);
    }
    if (auto stray =
            verifyAfterCreate(*m_task.destinationDirectory, destinationPath(placement.name),
                              part.name(), FileOperation::Link)) {
        part.disown(); // where it went is not this copy's folder
        return Attempt::failed(*stray);
    }
    identity = CreatedPart{};
    if (struct stat st = {};
        ::fstatat(firstFd, m_first.second.constData(), &st, AT_SYMLINK_NOFOLLOW) == 0)
        identity = inodesIdentifyFiles() ? CreatedPart::fromStat(st) : holdPart(part.name(), st);
    if (m_job.hooks.afterPartCreated)
        m_job.hooks.afterPartCreated(destinationPath(part.name()));
    return Attempt::ended(ItemOutcome::Copied);
}

} // namespace

std::optional<ItemOutcome> HardLinkCopier::linkToFirst(const ItemTask &task)
{
    const PlanItem &item = m_plan.items[std::size_t(task.index)];
    if (item.lossNamed) // the probe found no hard links there, and the preflight said so
        return std::nullopt;
    std::pair<DirectoryRef, QByteArray> first;
    {
        std::lock_guard lock(m_mutex);
        const auto found = m_firstLinks.constFind(item.hardLinkOf);
        if (found == m_firstLinks.cend())
            return std::nullopt;
        first = *found;
    }
    HardLinkLife life(m_job, m_plan, task, std::move(first));
    return life.run();
}

} // namespace Sluice
