#include "hardlinkcopier.h"

#include <QCoreApplication>

#include "decisions.h"
#include "jobcontext.h"
#include "partfile.h"

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

std::optional<ItemOutcome> HardLinkCopier::linkToFirst(const ItemTask &task)
{
    const PlanItem &item = m_plan.items[std::size_t(task.index)];
    std::pair<DirectoryRef, QByteArray> first;
    {
        std::lock_guard lock(m_mutex);
        const auto found = m_firstLinks.constFind(item.hardLinkOf);
        if (found == m_firstLinks.cend())
            return std::nullopt;
        first = *found;
    }
    const int directoryFd = task.destinationDirectory->fd.get();
    const QByteArray destination = destinationPathOf(task, task.destinationName);
    for (int attempt = 1;; ++attempt) {
        const struct stat source = statFromItem(item);
        const Placement placement = resolvePlacement(
            m_job, directoryFd, task.destinationName, !task.destinationDirectory->createdByCopy,
            item, source, m_plan.sourcePath(task.index), destination);
        if (placement.action == Placement::Action::Skip)
            return ItemOutcome::Skipped;
        if (placement.action == Placement::Action::Cancel)
            return ItemOutcome::Cancelled;
        int error = 0;
        CopyIssue issue;
        if (placement.action == Placement::Action::Fail) {
            issue = placement.issue;
        } else {
            // Link under the part name, then rename: the final name appears atomically.
            const QByteArray partName = partFileName(placement.name, item.partNameTaken);
            ::unlinkat(directoryFd, partName.constData(), 0);
            if (::linkat(first.first->fd.get(), first.second.constData(), directoryFd,
                         partName.constData(), 0)
                != 0) {
                error = errno;
                if (error == EPERM || error == EOPNOTSUPP || error == ENOSYS || error == EMLINK
                    || error == EXDEV) {
                    // FAT and the like cannot link (nor can an inode with too many links):
                    // like other metadata the destination refuses, copy the data and warn.
                    ::unlinkat(directoryFd, partName.constData(), 0);
                    CopyIssue refused = CopyIssue::fromErrno(FileOperation::Link, destination,
                                                             error, IssueSeverity::Warning);
                    refused.detail = QCoreApplication::translate(
                        "Sluice::ItemCopier", "hard links cannot be kept here; copied "
                                              "as separate files");
                    m_job.issues.addGrouped(refused);
                    return std::nullopt;
                }
            } else {
                PartFileGuard guard(directoryFd, partName);
                CreatedPart created;
                if (struct stat st = {}; ::fstatat(first.first->fd.get(), first.second.constData(),
                                                   &st, AT_SYMLINK_NOFOLLOW)
                                         == 0)
                    created = CreatedPart::fromStat(st);
                if (m_job.hooks.afterPartCreated)
                    m_job.hooks.afterPartCreated(destinationPathOf(task, partName));
                error = renameIntoPlace(directoryFd, partName, placement.name,
                                        placement.action == Placement::Action::Overwrite, &created);
                if (error == 0) {
                    guard.commit();
                    queueSourceRemoval(m_job, m_plan, task);
                    return ItemOutcome::Copied;
                }
            }
            issue = renameIssue(error, destinationPathOf(task, partName), destination,
                                FileOperation::Link);
        }
        const ErrorAction action =
            resolveError(m_job, issue, attempt, m_plan.sourcePath(task.index), destination);
        if (action == ErrorAction::Retry)
            continue;
        if (action == ErrorAction::StopJob && !m_job.aborted.load())
            return ItemOutcome::Cancelled;
        return ItemOutcome::Failed;
    }
}

} // namespace Sluice
