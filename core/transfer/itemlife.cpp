#include "itemlife.h"

#include "directoryhandle.h"
#include "errorpolicy.h"
#include "folderguard.h"
#include "fsprobe.h"
#include "jobcontext.h"
#include "metadata.h"
#include "nativepath.h"
#include "resumepart.h"

#include <fcntl.h>

#include <QCoreApplication>

namespace Sluice {

namespace {
// A final name taken again and again while the part waits to be renamed: give up then.
constexpr int MaxPublishRetries = 3;

constexpr qint64 NsPerSecond = 1'000'000'000;

qint64 nanoseconds(const timespec &time)
{
    return qint64(time.tv_sec) * NsPerSecond + time.tv_nsec;
}

// @p ns since the epoch as a timespec (floor division: tv_nsec stays in [0, 1 s)).
timespec timeOf(qint64 ns)
{
    const qint64 seconds = ns >= 0 ? ns / NsPerSecond : -((-ns + NsPerSecond - 1) / NsPerSecond);
    return {time_t(seconds), long(ns - seconds * NsPerSecond)};
}

// The part file @p partName the copy made in @p folder, which verifyFolder() then found
// replaced on the server: the part file went with the folder wherever it was moved, where
// nothing of this job can reach it (a removal through the folder's descriptor would go to
// what replaced it). A warning of its own for each, so that the summary names every one.
CopyIssue partLeftInReplacedFolder(const DirectoryHandle &folder, const QByteArray &partName)
{
    return CopyIssue::withDetail(
        FileOperation::Remove, folder.path + '/' + partName,
        QCoreApplication::translate("Sluice::ItemLife",
                                    "this part file stays in the folder that was at “%1” until "
                                    "it was replaced on the server; remove it where that folder "
                                    "is now")
            .arg(NativePath::toDisplay(folder.path)),
        IssueSeverity::Warning);
}
} // namespace

ItemLife::ItemLife(JobContext &job, const Plan &plan, const ItemTask &task)
    : m_job(job)
    , m_plan(plan)
    , m_task(task)
    , m_item(plan.items[std::size_t(task.index)])
    , m_sourcePath(plan.sourcePath(task.index))
{}

std::optional<ItemOutcome> ItemLife::run()
{
    Attempt last;
    const Tried tried = retryUnderPolicy(
        [this, &last] {
            last = attempt();
            return last.failure;
        },
        [this](const CopyIssue &issue, int number) {
            const ErrorAction action = resolveError(m_job, issue, number, m_sourcePath,
                                                    destinationPath(m_task.destinationName));
            if (action == ErrorAction::Retry)
                retrying();
            return action;
        });
    if (last.fallBack)
        return std::nullopt;
    ItemOutcome outcome = last.outcome;
    if (tried == Tried::Skipped)
        outcome = ItemOutcome::SkippedOnError;
    else if (tried == Tried::Stopped) // an abort fails this item; a cancel leaves it uncounted
        outcome = m_job.aborted.load() ? ItemOutcome::Failed : ItemOutcome::Cancelled;
    if (isSkip(outcome))
        listSkip(outcome, tried == Tried::Skipped ? last.failure : last.skipCause);
    ended(outcome);
    return outcome;
}

void ItemLife::listSkip(ItemOutcome outcome, const std::optional<CopyIssue> &cause)
{
    SkippedItem skipped;
    skipped.path = m_sourcePath;
    skipped.destination = destinationPath(m_task.destinationName);
    skipped.reason = outcome == ItemOutcome::SkippedByYou      ? SkipReason::ByYou
                     : outcome == ItemOutcome::SkippedByPolicy ? SkipReason::ByCollisionPolicy
                                                               : SkipReason::OnError;
    if (cause)
        skipped.cause = cause->cause();
    if (m_item.kind == ItemKind::Directory) {
        skipped.items = m_item.subtreeEnd - m_task.index;
        skipped.bytes = m_item.subtreeBytes;
    } else {
        skipped.bytes = m_item.countedBytes();
    }
    m_job.outcomes.listSkipped(std::move(skipped));
}

Attempt ItemLife::attempt()
{
    if (auto end = openSource())
        return *end;
    if (auto done = finishedBefore())
        return *done;
    const Placement placement =
        decide(m_task.destinationName, !m_task.destinationDirectory->createdByCopy);
    if (placement.action == Placement::Action::Fail)
        return refused(placement);
    if (auto end = endOf(placement))
        return *end;
    // Just before the item is written: part files an interrupted run left for its name (a
    // folder this copy created has none, and its items need not take the folder's lock).
    if (!m_task.destinationDirectory->createdByCopy)
        removeStaleParts(*m_task.destinationDirectory, m_task.destinationName, m_job.issues);
    Attempt written = write(placement);
    if (!written.readAgain)
        return written;
    // The source changed while it was read: once more from the start (the kind decides
    // what a second change means; it never asks for a third read).
    retrying();
    if (auto end = openSource())
        return *end;
    written = write(placement);
    if (written.readAgain)
        return Attempt::ended(ItemOutcome::Failed); // a kind asking twice: never loop
    return written;
}

std::optional<Attempt> ItemLife::finishedBefore()
{
    if (!m_job.resume)
        return std::nullopt;
    const auto found = m_job.resume->finished.constFind(destinationPath(m_task.destinationName));
    if (found == m_job.resume->finished.cend()) {
        // Not recorded: finished in the last moment before the interruption, or never. A
        // folder this run created holds nothing of the interrupted one.
        if (m_task.destinationDirectory->createdByCopy
            || !provesUnrecordedCopy(m_task.destinationName))
            return std::nullopt;
    } else if (!stillAsRecorded(*found)) {
        return std::nullopt; // changed since: copied again, under the collision policy
    }
    m_job.resume->itemsResumed.fetch_add(1);
    m_job.resume->bytesResumed.fetch_add(m_item.countedBytes());
    // A part file of this name the interrupted run left: where renameat2(2) has no
    // RENAME_NOREPLACE (sshfs) the part is linked to the final name and then removed, and a
    // kill between the two leaves both. Not written again, the item removes it here.
    if (!m_task.destinationDirectory->createdByCopy)
        removeStaleParts(*m_task.destinationDirectory, m_task.destinationName, m_job.issues);
    resumedAsCopied(m_task.destinationName);
    queueSourceRemoval(m_job, m_plan, m_task);
    return Attempt::ended(ItemOutcome::Copied);
}

// The modification time is compared at the destination's granularity (sshfs may show the
// nanoseconds it was given until its cache expires, whole seconds after), the inode number
// only where it names a file (sshfs numbers names, anew after a remount).
bool ItemLife::stillAsRecorded(const JournalFinished &recorded) const
{
    struct stat copy = {};
    if (::fstatat(destinationFd(), m_task.destinationName.constData(), &copy, AT_SYMLINK_NOFOLLOW)
            != 0
        || fileSystemIdOf(*m_task.destinationDirectory) != recorded.dev
        || copy.st_size != recorded.size || m_source.st_size != recorded.sourceSize
        || nanoseconds(m_source.st_mtim) != recorded.sourceMtimeNs)
        return false;
    const DirectoryHandle &folder = *m_task.destinationDirectory;
    const FileSystemProbe probe = m_job.fileSystems.probe(folder.fd.get(), folder.device);
    return (!probe.inodesIdentifyFiles || quint64(copy.st_ino) == recorded.ino)
           && compareTimes(copy.st_mtim, timeOf(recorded.mtimeNs), probe.timeGranularityNs) == 0;
}

bool ItemLife::writtenSinceJobStarted(const struct stat &entry) const
{
    const DirectoryHandle &folder = *m_task.destinationDirectory;
    const FileSystemProbe probe = m_job.fileSystems.probe(folder.fd.get(), folder.device);
    if (!probe.realChangeTimes)
        return true;
    return compareTimes(entry.st_ctim, timeOf(m_job.resume->startedAtNs), probe.timeGranularityNs)
           >= 0;
}

Placement ItemLife::decide(const QByteArray &name, bool mayExist) const
{
    return resolvePlacement(m_job, destinationFd(), name, mayExist, m_item, m_source, m_sourcePath,
                            destinationPath(name));
}

std::optional<Attempt> ItemLife::endOf(const Placement &placement)
{
    switch (placement.action) {
    case Placement::Action::Skip:
        return Attempt::ended(placement.byPolicy ? ItemOutcome::SkippedByPolicy
                                                 : ItemOutcome::SkippedByYou);
    case Placement::Action::Cancel:
        return Attempt::ended(ItemOutcome::Cancelled);
    case Placement::Action::Fail:
        return Attempt::failed(placement.issue);
    default:
        return std::nullopt;
    }
}

QByteArray ItemLife::destinationPath(const QByteArray &name) const
{
    return destinationPathOf(m_task, name);
}

int ItemLife::destinationFd() const
{
    return m_task.destinationDirectory->fd.get();
}

Attempt PartFileLife::write(const Placement &placement)
{
    // Before the guard: a part name in a folder replaced by a link is never touched.
    if (auto replaced = verifyFolder(*m_task.destinationDirectory, destinationPath(placement.name),
                                     FileOperation::Create, m_job.hooks))
        return Attempt::failed(*replaced);
    PartFileGuard part(destinationFd(), partFileName(placement.name, m_item.partNameTaken));
    std::optional<CreatedPart> identity;
    Attempt created = createPart(placement, part, identity);
    // A swap on the server first surfaces where the part file is named by path: sshfs sends
    // fchmod(2) and the like as a request for the path, which then leads elsewhere (ENOENT).
    // Where the folder is found replaced, the part file went with it: named, never removed.
    if (created.failure && part.armed())
        if (auto replaced =
                verifyFolder(*m_task.destinationDirectory, destinationPath(placement.name),
                             created.failure->operation, m_job.hooks)) {
            part.disown();
            m_job.issues.add(partLeftInReplacedFolder(*m_task.destinationDirectory, part.name()));
            return Attempt::failed(*replaced);
        }
    if (created.failure || created.fallBack || created.readAgain
        || (created.outcome != ItemOutcome::Copied
            && created.outcome != ItemOutcome::ChangedWhileCopying))
        return created;
    return publish(placement, part, identity, created.outcome);
}

Attempt PartFileLife::publish(Placement placement, PartFileGuard &part,
                              const std::optional<CreatedPart> &identity, ItemOutcome outcome)
{
    for (int tries = 0;; ++tries) {
        if (auto replaced =
                verifyFolder(*m_task.destinationDirectory, destinationPath(placement.name),
                             publishOperation(), m_job.hooks)) {
            part.disown();
            m_job.issues.add(partLeftInReplacedFolder(*m_task.destinationDirectory, part.name()));
            return Attempt::failed(*replaced);
        }
        const int error = placeContent(part.name(), placement.name,
                                       placement.action == Placement::Action::Overwrite,
                                       identity ? &*identity : nullptr);
        if (error == 0)
            break;
        if (error != EEXIST || tries >= MaxPublishRetries)
            return Attempt::failed(renameIssue(error, destinationPath(part.name()),
                                               destinationPath(placement.name),
                                               publishOperation()));
        // Someone created the name while we copied: decide again, like any collision.
        placement = decide(placement.name, true);
        if (auto end = endOf(placement))
            return *end;
    }
    part.commit();
    keepTimesAfterRename(placement.name);
    published(placement.name);
    recordFinished(placement.name);
    // A move keeps a source whose copy may match neither of its versions.
    if (outcome == ItemOutcome::Copied)
        queueSourceRemoval(m_job, m_plan, m_task);
    return Attempt::ended(outcome);
}

int PartFileLife::placeContent(const QByteArray &partName, const QByteArray &finalName,
                               bool overwrite, const CreatedPart *created)
{
    return renameIntoPlace(destinationFd(), partName, finalName, overwrite, created);
}

void PartFileLife::recordFinished(const QByteArray &finalName)
{
    if (!m_job.journal)
        return;
    struct stat copy = {};
    const int placed = placedFd();
    if ((placed >= 0
             ? ::fstat(placed, &copy)
             : ::fstatat(destinationFd(), finalName.constData(), &copy, AT_SYMLINK_NOFOLLOW))
        != 0)
        return;
    m_job.journal->noteFinished(
        {destinationPath(finalName), fileSystemIdOf(*m_task.destinationDirectory),
         quint64(copy.st_ino), qint64(copy.st_size), nanoseconds(copy.st_mtim),
         qint64(m_source.st_size), nanoseconds(m_source.st_mtim), finishedDigest()},
        m_item.countedBytes());
}

// Some file systems set the time on rename (fusefat: the time of the rename): read the final
// name's times back, set them again where they changed, and say so when they still do not
// hold. Only where the destination's probe saw it happen, or could not look.
void PartFileLife::keepTimesAfterRename(const QByteArray &finalName)
{
    const timespec *times = timesSet();
    if (!times)
        return;
    const DirectoryHandle &folder = *m_task.destinationDirectory;
    const FileSystemProbe probe = m_job.fileSystems.probe(folder.fd.get(), folder.device);
    if (probe.renameKeepsTimes || probe.timeGranularityNs < 0)
        return; // kept; or not kept at all, which the preflight says once
    const QByteArray path = destinationPath(finalName);
    const int error = restoreTimes(folder.fd.get(), finalName, times, probe.timeGranularityNs);
    if (error == 0)
        return;
    CopyIssue issue = CopyIssue::fromErrno(FileOperation::SetTimes, path, error > 0 ? error : 0,
                                           IssueSeverity::Warning);
    issue.detail = QCoreApplication::translate(
                       "Sluice::ItemLife",
                       "%1 changed the modification time when the file was renamed into place, "
                       "and did not keep it when it was set again")
                       .arg(probe.typeName);
    m_job.issues.addGrouped(issue);
}

} // namespace Sluice
