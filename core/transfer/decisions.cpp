#include "decisions.h"

#include "collision.h"
#include "jobcontext.h"
#include "nativepath.h"

#include <QCoreApplication>
#include <QDateTime>

#include <cerrno>
#include <chrono>
#include <fcntl.h>
#include <optional>

namespace Sluice {

namespace {

FileFacts factsOf(const struct stat &st)
{
    FileFacts facts;
    facts.size = S_ISREG(st.st_mode) ? qint64(st.st_size) : 0;
    facts.isDirectory = S_ISDIR(st.st_mode);
    facts.modified = QDateTime::fromMSecsSinceEpoch(qint64(st.st_mtim.tv_sec) * 1000
                                                    + st.st_mtim.tv_nsec / 1'000'000);
    return facts;
}

// "Overwrite if newer" at the coarser time step of the two file systems: a copy on FAT holds
// the source's time cut to 2 s, which must not look older than the source. The destination's
// step is probed (FileSystemProbes); the source is never written, so its own step is known
// only when it is a destination of this job too, and otherwise taken as exact: the copy's
// time is the source's cut to the destination's step, so that step is what decides.
bool isNewer(JobContext &job, int directoryFd, const struct stat &source,
             const struct stat &destination)
{
    const qint64 step =
        qMax(job.fileSystems.probe(directoryFd, destination.st_dev).timeGranularityNs,
             job.fileSystems.granularityOf(source.st_dev, 1));
    return compareTimes(source.st_mtim, destination.st_mtim, step) > 0;
}

QByteArray withName(const QByteArray &destinationPath, const QByteArray &name)
{
    return NativePath::join(NativePath::parentPath(destinationPath), name);
}

} // namespace

ErrorAction resolveError(JobContext &job, const CopyIssue &issue, int attempt,
                         const QByteArray &source, const QByteArray &destination)
{
    if (job.stopping())
        return ErrorAction::StopJob;
    auto skip = [&] {
        job.issues.add(issue);
        return ErrorAction::Skip;
    };
    auto abort = [&] {
        job.issues.add(issue);
        job.abort();
        return ErrorAction::StopJob;
    };
    switch (job.options.onError) {
    case ErrorPolicy::Skip:
        return skip();
    case ErrorPolicy::Abort:
        return abort();
    case ErrorPolicy::Retry:
        if (attempt >= job.options.retryLimit)
            return skip();
        if (!job.control.sleepFor(std::chrono::milliseconds(500) * attempt))
            return ErrorAction::StopJob;
        return ErrorAction::Retry;
    case ErrorPolicy::Ask:
        break;
    }
    CopyQuestion question;
    question.kind = QuestionKind::Error;
    question.source = source;
    question.destination = destination;
    question.issue = issue;
    const QuestionAnswer answer = job.broker.ask(question);
    switch (answer.decision) {
    case Decision::Retry:
        return ErrorAction::Retry;
    case Decision::Skip:
    case Decision::Continue:
        return skip();
    case Decision::CancelJob:
        job.control.cancel(); // the person ended the job: Cancelled, and this item with it
        return ErrorAction::StopJob;
    default:
        if (job.stopping() && !job.aborted.load())
            return ErrorAction::StopJob; // cancelled while asking: not an error of this item
        return abort();
    }
}

namespace {

// What the collision policy (or the person, under Ask) decides about an existing @p target.
QuestionAnswer collisionDecision(JobContext &job, int directoryFd, const QByteArray &name,
                                 const struct stat &source, const struct stat &existing,
                                 const QByteArray &sourcePath, const QByteArray &target)
{
    switch (job.options.onCollision) {
    case CollisionPolicy::Overwrite:
        return {Decision::Overwrite, false, {}};
    case CollisionPolicy::Skip:
        return {Decision::Skip, false, {}};
    case CollisionPolicy::Rename:
        return {Decision::Rename, false, {}};
    case CollisionPolicy::Newer:
        return {Decision::OverwriteIfNewer, false, {}};
    case CollisionPolicy::Ask:
        break;
    }
    CopyQuestion question;
    question.kind = QuestionKind::Collision;
    question.source = sourcePath;
    question.destination = target;
    question.sourceFacts = factsOf(source);
    question.destinationFacts = factsOf(existing);
    question.suggestedName = freeNumberedName(directoryFd, name);
    return job.broker.ask(question);
}

// Overwrite, if the decision allows it: never a folder by a file or a file by a folder.
Placement overwritePlacement(JobContext &job, int directoryFd, Placement placement,
                             Decision decision, bool byPolicy, const PlanItem &item,
                             const struct stat &source, const struct stat &existing,
                             const QByteArray &target)
{
    if (decision == Decision::OverwriteIfNewer && !isNewer(job, directoryFd, source, existing)) {
        placement.action = Placement::Action::Skip;
        placement.byPolicy = byPolicy;
        return placement;
    }
    const bool targetIsFolder = S_ISDIR(existing.st_mode);
    if (targetIsFolder || item.kind == ItemKind::Directory) {
        placement.action = Placement::Action::Fail;
        placement.issue = CopyIssue::withDetail(
            FileOperation::Create, target,
            targetIsFolder ? QCoreApplication::translate("Sluice::Decisions",
                                                         "a folder with this name exists; it is "
                                                         "never replaced by a file")
                           : QCoreApplication::translate("Sluice::Decisions",
                                                         "a file with this name exists; it is "
                                                         "never replaced by a folder"));
        return placement;
    }
    placement.action = Placement::Action::Overwrite;
    return placement;
}

// What exists under @p placement's name, when it settles the placement at once: nothing
// there (create), an error, the source itself, or a folder to merge into.
std::optional<Placement> settledByExisting(Placement placement, int directoryFd,
                                           const PlanItem &item, const struct stat &source,
                                           const QByteArray &sourcePath, const QByteArray &target,
                                           struct stat &existing)
{
    if (::fstatat(directoryFd, placement.name.constData(), &existing, AT_SYMLINK_NOFOLLOW) != 0) {
        if (errno == ENOENT)
            return placement;
        placement.action = Placement::Action::Fail;
        placement.issue = CopyIssue::fromErrno(FileOperation::Stat, target, errno);
        return placement;
    }
    if (existing.st_dev == source.st_dev && existing.st_ino == source.st_ino) {
        placement.action = Placement::Action::Fail;
        placement.issue = CopyIssue::withDetail(
            FileOperation::Preflight, sourcePath,
            QCoreApplication::translate("Sluice::Decisions",
                                        "source and destination “%1” are the same file")
                .arg(NativePath::toDisplay(target)));
        return placement;
    }
    if (item.kind == ItemKind::Directory && S_ISDIR(existing.st_mode)) {
        placement.action = Placement::Action::Merge;
        return placement;
    }
    return std::nullopt;
}

} // namespace

Placement resolvePlacement(JobContext &job, int directoryFd, const QByteArray &name, bool mayExist,
                           const PlanItem &item, const struct stat &source,
                           const QByteArray &sourcePath, const QByteArray &destinationPath)
{
    Placement placement{Placement::Action::Create, name, {}};
    if (!mayExist)
        return placement;
    bool askedBefore = false;
    for (;;) {
        const QByteArray target = withName(destinationPath, placement.name);
        struct stat existing = {};
        if (auto settled = settledByExisting(placement, directoryFd, item, source, sourcePath,
                                             target, existing))
            return *settled;
        if (askedBefore && job.options.onCollision != CollisionPolicy::Ask) {
            // A renamed target exists too: keep numbering.
            placement.name = freeNumberedName(directoryFd, name);
            continue;
        }
        const QuestionAnswer answer =
            collisionDecision(job, directoryFd, name, source, existing, sourcePath, target);
        const bool byPolicy = job.options.onCollision != CollisionPolicy::Ask;
        switch (answer.decision) {
        case Decision::Overwrite:
        case Decision::OverwriteIfNewer:
            return overwritePlacement(job, directoryFd, placement, answer.decision, byPolicy, item,
                                      source, existing, target);
        case Decision::Skip:
            placement.action = Placement::Action::Skip;
            placement.byPolicy = byPolicy;
            return placement;
        case Decision::Rename:
            if (!answer.newName.isEmpty() && !answer.newName.contains('/') && answer.newName != "."
                && answer.newName != "..")
                placement.name = answer.newName;
            else
                placement.name = freeNumberedName(directoryFd, name);
            askedBefore = true;
            continue; // the chosen name may be taken as well
        case Decision::AbortJob:
            job.abort(); // the job ends Failed
            placement.action = Placement::Action::Cancel;
            return placement;
        default:
            job.control.cancel(); // "Cancel copy": the person ended the job, nothing failed
            placement.action = Placement::Action::Cancel;
            return placement;
        }
    }
}

} // namespace Sluice
