#include "copyworker.h"

#include "decisions.h"
#include "deviceturn.h"
#include "jobcontext.h"
#include "jobjournal.h"
#include "logging.h"
#include "nativepath.h"
#include "plan.h"
#include "planner.h"
#include "preflight.h"
#include "progresssampler.h"
#include "threadpriority.h"
#include "treecopier.h"
#include "verifier.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>

#include <QThread>
#include <xxhash.h>

#include <algorithm>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

namespace Sluice {

namespace {

// The file-mode creation mask without changing it: /proc/self/status "Umask:" (proc(5)).
mode_t currentUmask()
{
    if (FILE *status = std::fopen("/proc/self/status", "re")) {
        char line[256];
        unsigned value = 022;
        bool found = false;
        while (std::fgets(line, sizeof line, status)) {
            if (std::sscanf(line, "Umask: %o", &value) == 1) {
                found = true;
                break;
            }
        }
        std::fclose(status);
        if (found)
            return mode_t(value);
    }
    return 022;
}

// @p request with every relative path joined to the working folder (getcwd(3)) by name:
// symlinks are not resolved, so the copy copies exactly what the paths named (a link stays
// a link). Unchanged when the working folder cannot be read.
CopyRequest absoluteRequest(CopyRequest request)
{
    char *folder = ::getcwd(nullptr, 0);
    const QByteArray working = folder ? QByteArray(folder) : QByteArray();
    std::free(folder);
    const auto absolute = [&working](QByteArray &path) {
        if (!working.isEmpty() && !path.isEmpty() && !path.startsWith('/'))
            path = NativePath::join(working, path);
    };
    for (QByteArray &source : request.sources)
        absolute(source);
    absolute(request.destination);
    for (QByteArray &folderPath : request.destinationFolders)
        absolute(folderPath);
    return request;
}

// The journal cannot be written: the copy goes on, but could not be resumed after an
// interruption. Said once per job (a new entry that cannot be created, or the first record
// that cannot be written), as a warning of the result and at once (CopyJob::notResumable()).
void reportNotResumable(JobContext &job, const JournalFailure &failure)
{
    CopyIssue issue = CopyIssue::fromErrno(FileOperation::Journal, failure.path, failure.error,
                                           IssueSeverity::Warning);
    issue.detail = QCoreApplication::translate("Sluice::JobJournal",
                                               "the copy cannot be resumed after an interruption");
    job.issues.add(issue);
    if (job.deliverNotResumable)
        job.deliverNotResumable(issue);
}

// Deep trees keep two descriptors per level open; use what the hard limit allows.
void raiseDescriptorLimit()
{
    rlimit limit{};
    if (::getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max) {
        limit.rlim_cur = limit.rlim_max;
        ::setrlimit(RLIMIT_NOFILE, &limit);
    }
}

} // namespace

CopyWorker::CopyWorker(std::shared_ptr<JobContext> job, CopyRequest request,
                       ProgressSampler *sampler, QThread *samplerThread)
    : m_job(std::move(job))
    , m_request(std::move(request))
    , m_sampler(sampler)
    , m_samplerThread(samplerThread)
{}

CopyWorker::~CopyWorker() = default;

void CopyWorker::run()
{
    QElapsedTimer elapsed;
    elapsed.start();
    lowerCurrentThreadPriority(); // the reader and small-file threads it starts inherit it
    JobContext &job = *m_job;
    // A file-size limit must be an EFBIG error, not a SIGXFSZ that kills the process
    // (setrlimit(2), RLIMIT_FSIZE).
    std::signal(SIGXFSZ, SIG_IGN);
    raiseDescriptorLimit();
    job.umask = currentUmask();

    CopyResult result;
    Plan plan;
    bool copied = false;
    std::optional<DeviceTurn> turn; // held until the data is flushed
    // Every path the job names is absolute, in a dry run as in a copy, with or without a
    // journal (a resume may run in another working folder: the window, another shell).
    m_request = absoluteRequest(m_request);
    // The turn comes before the checks: free space and collisions are judged when no other
    // job writes to the disk any more.
    const bool journalOpen = openJournal(result);
    const bool planned = journalOpen && buildPlan(plan, result);
    if (journalOpen && !plan.roots.isEmpty())
        startJournal(plan);
    if (planned && (job.options.dryRun || takeDeviceTurn(plan, turn)) && runChecks(plan, result)
        && !job.options.dryRun) {
        job.counters.setPhase(CopyPhase::Copying);
        TreeCopier copier(job, plan);
        copier.run();
        flush(copier);
        copied = true;
    }
    // Only a job that copied writes its manifest (with what it copied, also when cancelled):
    // one stopped by its checks must not leave an empty checksum file behind. A job stopped
    // to resume later is not over: its resume writes the whole list (never over this name).
    if (copied && !job.options.checksumFile.isEmpty() && !job.keepsForResume()) {
        if (const auto issue =
                writeChecksumManifest(job.options.checksumFile, job.manifest.entries()))
            job.issues.add(*issue);
    }
    finish(result, elapsed.elapsed());
}

bool CopyWorker::openJournal(CopyResult &result)
{
    JobContext &job = *m_job;
    const CopyOptions &options = job.options;
    if (options.dryRun) {
        refreshKeptPartFiles(std::nullopt);
        return true;
    }
    if (!options.resumeId.isEmpty()) {
        JournalRecord record;
        QString problem;
        job.journal = JournalWriter::adopt(options.resumeId, record, &problem);
        if (!job.journal) {
            job.issues.add(CopyIssue::withDetail(
                FileOperation::Plan, m_request.destination,
                QCoreApplication::translate("Sluice::JobJournal",
                                            "cannot resume the interrupted copy %1: %2")
                    .arg(options.resumeId, problem)));
            result.started = false;
            return false;
        }
        job.journal->setFailureHandler(
            [&job](const JournalFailure &failure) { reportNotResumable(job, failure); });
        job.journal->setSpeedLimitSource([&job] { return job.control.speedLimit(); });
        if (job.journal->isOwnQueuedJob()) {
            // A job this process queued, starting: a new job that was written down early.
            refreshKeptPartFiles(std::nullopt);
            m_request = absoluteRequest(record.request);
            return true;
        }
        m_request = record.request;
        job.resume = std::make_unique<ResumeState>();
        job.resume->startedAtNs = job.journal->createdAtNs();
        for (const JournalFinished &item : std::as_const(record.finished))
            job.resume->finished.insert(item.destination, item);
        job.resume->inFlight = record.inFlight;
        for (const JournalFolder &folder : std::as_const(record.folders))
            job.resume->folders.insert(folder.destination, folder);
        m_resumedFinished = record.finished;
        m_resumedFolders = record.folders;
        refreshKeptPartFiles(record.inFlight);
        qCDebug(lcJob) << "resuming" << options.resumeId << record.finished.size() << "finished,"
                       << (record.inFlight ? record.inFlight->durable : -1) << "bytes in flight";
        return true;
    }
    refreshKeptPartFiles(std::nullopt);
    if (!options.journal)
        return true;
    QString problem;
    job.journal = JournalWriter::create(&problem, &m_journalFailure);
    // Not a failure of the copy (a read-only or full state folder, a file in its place): the
    // copy goes on without a journal to resume from, and says so.
    if (!job.journal) {
        qCDebug(lcJob) << "no journal entry in" << JobJournal::folder() << ":" << problem;
        reportNotResumable(job, m_journalFailure);
        return true;
    }
    job.journal->setFailureHandler(
        [&job](const JournalFailure &failure) { reportNotResumable(job, failure); });
    job.journal->setSpeedLimitSource([&job] { return job.control.speedLimit(); });
    return true;
}

void CopyWorker::startJournal(const Plan &plan)
{
    JobContext &job = *m_job;
    if (!job.journal)
        return;
    JournalRecord record;
    record.request.sources = m_request.sources;
    record.request.destination = m_request.destination;
    for (const PlanRoot &root : plan.roots) {
        record.request.destinationFolders << root.destinationParent;
        record.request.destinationNames << root.destinationName;
    }
    record.options = job.options;
    record.options.resumeId.clear();
    XXH3_state_t *state = XXH3_createState();
    XXH3_64bits_reset(state);
    for (const PlanItem &item : plan.items) {
        const qint64 fields[] = {qint64(item.kind), item.parent, item.size, item.mtime.tv_sec,
                                 item.mtime.tv_nsec};
        XXH3_64bits_update(state, fields, sizeof fields);
        XXH3_64bits_update(state, item.name.constData(), std::size_t(item.name.size()));
    }
    record.planIdentity = QByteArray::number(quint64(XXH3_64bits_digest(state)), 16);
    XXH3_freeState(state);
    record.totalBytes = plan.totalBytes;
    record.totalItems = qint64(plan.items.size());
    record.finished = m_resumedFinished;
    record.folders = m_resumedFolders;
    if (job.resume)
        record.inFlight = job.resume->inFlight;
    job.journal->start(record);
}

void CopyWorker::closeJournal(CopyResult &result)
{
    JobContext &job = *m_job;
    if (job.resume) {
        result.itemsResumed = job.resume->itemsResumed.load();
        result.bytesResumed = job.resume->bytesResumed.load();
        for (auto &[path, reason] : job.resume->restarted())
            result.restartedFiles.append({path, reason});
    }
    if (!job.journal)
        return;
    result.journalId = job.journal->id();
    // A resume that could not start (the stick not plugged in, no space yet) or that failed
    // before its first byte (a refusal of the preflight, a folder it cannot create) keeps the
    // entry and its part files for a later try, and says so: nothing of the interrupted run
    // is lost to a problem that can be solved.
    const bool resumeNotStarted =
        job.resume
        && (!result.started
            || (result.status == CopyStatus::Failed && result.bytesWritten == 0
                && result.summary.copied.items == result.itemsResumed));
    result.journalKept = result.status == CopyStatus::Stopped || resumeNotStarted;
    if (result.journalKept)
        job.journal->keep();
    else
        job.journal->remove();
    if (resumeNotStarted)
        result.issues.append(CopyIssue::withDetail(
            FileOperation::Resume, QFile::encodeName(JobJournal::folder()),
            QCoreApplication::translate("Sluice::JobJournal",
                                        "the interrupted copy %1 is kept: resume it again once "
                                        "the problem above is solved, or discard it")
                .arg(job.journal->id()),
            IssueSeverity::Warning));
    job.journal.reset(); // releases the lock
}

std::optional<CopyIssue> CopyWorker::notKeptForLater() const
{
    const JobContext &job = *m_job;
    if (!job.stopResumably.load() || job.aborted.load() || !job.control.isCancelled())
        return std::nullopt;
    const JournalFailure failure = job.journal ? job.journal->failure() : m_journalFailure;
    if (failure.error == 0)
        return std::nullopt; // kept; or a job without a journal (CopyOptions::journal)
    CopyIssue issue = CopyIssue::fromErrno(FileOperation::Journal, failure.path, failure.error,
                                           IssueSeverity::Warning);
    issue.detail = QCoreApplication::translate(
        "Sluice::JobJournal",
        "the copy could not be kept to resume later, so it was cancelled (the file being "
        "copied was removed, finished files stay)");
    return issue;
}

bool CopyWorker::buildPlan(Plan &plan, CopyResult &result)
{
    JobContext &job = *m_job;
    job.counters.setPhase(CopyPhase::Scanning);
    Planner planner(job, [&job](const CopyIssue &issue, int attempt) {
        const ErrorAction action = resolveError(job, issue, attempt, issue.path, {});
        if (action == ErrorAction::Skip) // left out of the plan (Plan::failedItems)
            job.outcomes.listSkipped({issue.path, {}, SkipReason::OnError, issue.cause(), 1, 0});
        return action;
    });
    CopyIssue fatal;
    if (!planner.resolve(m_request.sources, m_request.destination, plan, fatal,
                         m_request.destinationFolders, m_request.destinationNames)) {
        job.issues.add(fatal);
        result.started = false;
        return false;
    }
    const bool walked = planner.walk(plan);
    ProgressCounters &counters = job.counters;
    const qint64 unplanned = plan.failedItems + plan.unreadNames + plan.abortedItems;
    counters.itemsTotal.store(qint64(plan.items.size()) + unplanned);
    // Skipped under the error policy, never read, or the entry whose error aborted the job.
    counters.itemsFailed.store(unplanned);
    job.outcomes.count(ItemFate::SkippedOnError, plan.failedItems, 0);
    job.outcomes.count(ItemFate::Failed, plan.unreadNames + plan.abortedItems, 0);
    counters.bytesTotal.store(plan.totalBytes);
    result.itemsLeftOut = plan.leftOutItems;
    result.bytesLeftOut = plan.leftOutBytes;
    result.leftOutPaths = std::move(plan.leftOutPaths);
    result.foldersLeftOut = plan.leftOutFolders;
    m_planned = {qint64(plan.items.size()) + unplanned, plan.totalBytes};
    if (plan.items.empty() && unplanned > 0)
        result.started = false; // not one source could be read
    qCDebug(lcPlan) << "plan:" << plan.items.size() << "items," << plan.totalBytes << "bytes,"
                    << plan.failedItems << "failed";
    return walked && !plan.items.empty();
}

bool CopyWorker::runChecks(Plan &plan, CopyResult &result)
{
    JobContext &job = *m_job;
    job.counters.setPhase(CopyPhase::Checking);
    const PreflightReport report = runPreflight(job, plan);
    if (!report.fatal.isEmpty()) {
        for (const CopyIssue &issue : report.fatal)
            job.issues.add(issue);
        // Not one planned item was copied: each failed, for the cause the issues give (issue
        // 13: a retry into a folder still read-only summed up as "Failed: 0").
        const auto items = qint64(plan.items.size());
        job.counters.itemsFailed.fetch_add(items);
        job.outcomes.count(ItemFate::Failed, items, plan.totalBytes);
        result.started = false;
        return false;
    }
    for (const CopyIssue &issue : report.refused)
        job.issues.add(issue);
    // Further hard-link names that become copies where there are no hard links count now.
    if (plan.totalBytes > m_planned.bytes) {
        job.counters.addTotal(plan.totalBytes - m_planned.bytes);
        if (job.journal)
            job.journal->addPlannedBytes(plan.totalBytes - m_planned.bytes);
        m_planned.bytes = plan.totalBytes;
    }
    // What the collision policy will skip leaves the remaining bytes now, not when reached.
    for (const PlanItem &item : plan.items) {
        if (item.skipExpected && !item.refused)
            job.counters.passOver(item.countedBytes());
    }
    if (report.warnings.isEmpty() && report.refused.isEmpty())
        return true;
    if (job.options.confirmPreflight) {
        // What will not be copied (each refusal, its only mention) and what differs.
        CopyQuestion question;
        question.kind = QuestionKind::Preflight;
        question.destination = m_request.destination;
        question.issues = report.refused + report.warnings;
        const QuestionAnswer answer = job.broker.ask(question);
        if (answer.decision != Decision::Continue) {
            job.control.cancel();
            return false;
        }
    }
    for (const CopyIssue &issue : report.warnings)
        job.issues.add(issue);
    return true;
}

namespace {

// Bytes the job will write to its destination's disk: a move renames every root that is on
// the destination's file system and writes nothing for it.
qint64 bytesToWrite(const Plan &plan, const CopyOptions &options)
{
    if (!options.move)
        return plan.totalBytes;
    qint64 bytes = 0;
    const QList<std::pair<qint32, qint32>> ranges = plan.rootRanges();
    for (qsizetype root = 0; root < ranges.size(); ++root) {
        const auto [first, end] = ranges.at(root);
        struct stat destination = {};
        const bool renames =
            ::stat(plan.roots.at(root).destinationParent.constData(), &destination) == 0
            && first < end && plan.items.at(size_t(first)).dev == destination.st_dev;
        if (renames)
            continue;
        for (qint32 index = first; index < end; ++index)
            bytes += plan.items.at(size_t(index)).countedBytes();
    }
    return bytes;
}

// "sluice-cli (pid 4711) copying to /media/usb": what another process shows while it waits
// for this job, so the path is absolute.
QByteArray holderDescription(const QByteArray &destination)
{
    QByteArray absolute = destination;
    if (!absolute.startsWith('/')) {
        if (char *cwd = ::getcwd(nullptr, 0)) {
            absolute = QByteArray(cwd) + '/' + absolute;
            std::free(cwd);
        }
    }
    return QStringLiteral("%1 (pid %2) copying to %3")
        .arg(QCoreApplication::applicationName())
        .arg(QCoreApplication::applicationPid())
        .arg(NativePath::toDisplay(absolute))
        .toUtf8();
}

} // namespace

bool CopyWorker::takeDeviceTurn(const Plan &plan, std::optional<DeviceTurn> &turn)
{
    JobContext &job = *m_job;
    const CopyOptions &options = job.options;
    if (options.deviceTurn == DeviceTurnPolicy::Ignore
        || bytesToWrite(plan, options) < options.smallJobBytes)
        return true;
    const DestinationDevice device = destinationDevice(m_request.destination);
    if (!device.isValid())
        return true;
    const bool waits = options.deviceTurn == DeviceTurnPolicy::Wait;
    turn.emplace(device, holderDescription(m_request.destination),
                 waits ? DeviceTurn::Role::Waiter : DeviceTurn::Role::Writer);
    // Waiting polls: a flock(2) that blocks could not be interrupted by cancel, and a few
    // wake-ups a second while waiting cost nothing.
    constexpr std::chrono::milliseconds PollInterval{200};
    while (true) {
        switch (turn->tryTake()) {
        case DeviceTurn::Outcome::Taken:
            job.counters.setDeviceWait({}, {});
            qCDebug(lcJob) << "holding the turn on" << device.name;
            return true;
        case DeviceTurn::Outcome::Unavailable:
            // Taking turns is a courtesy between jobs; it never stops a copy.
            if (waits)
                job.issues.add(CopyIssue::withDetail(
                    FileOperation::Preflight, m_request.destination,
                    QCoreApplication::translate("Sluice::DeviceTurn",
                                                "cannot wait for other copies to %1 (%2); "
                                                "copying at once")
                        .arg(device.name, turn->problem()),
                    IssueSeverity::Warning));
            qCDebug(lcJob) << "cannot take turns on" << device.name << turn->problem();
            return true;
        case DeviceTurn::Outcome::Busy:
            if (!waits)
                return true; // a writer never waits (and is very rarely Busy)
            job.counters.setDeviceWait(device.name, turn->holder());
            job.counters.setPhase(CopyPhase::WaitingForDevice);
            if (job.control.isPaused()) {
                turn->leaveQueue(); // a paused job lets the others go ahead
                if (!job.control.waitWhilePaused())
                    return false;
            }
            if (!job.control.sleepFor(PollInterval))
                return false;
            break;
        }
    }
}

void CopyWorker::flush(const TreeCopier &copier)
{
    JobContext &job = *m_job;
    if (job.options.durability != Durability::Job || job.stopping())
        return;
    // "Done" means durable: one syncfs(2) per destination file system.
    job.counters.setPhase(CopyPhase::Flushing);
    for (const auto &[device, fd] : copier.destinationFileSystems()) {
        if (::syncfs(fd.get()) != 0)
            job.issues.add(
                CopyIssue::fromErrno(FileOperation::Flush, m_request.destination, errno));
    }
}

// The summary's word on durability (CopySummary::durability): the preflight's note for each
// destination file system the job probed, so that the end says it, not only the beginning.
QString CopyWorker::durabilityOf(const CopySummary &summary) const
{
    if (summary.copied.items == 0 || m_job->options.dryRun)
        return {};
    QStringList notes;
    for (const FileSystemProbe &probe : m_job->fileSystems.probed()) {
        const QString note = Preflight::durabilityNote(probe, m_job->options.durability);
        if (!note.isEmpty())
            notes << QStringLiteral("%1: %2").arg(probe.typeName, note);
    }
    notes.sort();
    return notes.join(u"; ");
}

void CopyWorker::finish(CopyResult &result, qint64 elapsedMs)
{
    JobContext &job = *m_job;
    job.counters.setPhase(CopyPhase::Finished);
    QMetaObject::invokeMethod(m_sampler, &ProgressSampler::stop, Qt::BlockingQueuedConnection);
    m_samplerThread->quit();
    m_samplerThread->wait();
    const CopyProgress last = m_sampler->sample();

    const ProgressCounters &counters = job.counters;
    result.issues = job.issues.snapshot();
    result.itemsTotal = last.itemsTotal;
    result.itemsCopied = counters.itemsCopied.load();
    result.itemsSkipped = counters.itemsSkipped.load();
    result.itemsFailed = counters.itemsFailed.load();
    result.itemsChanged = counters.itemsChanged.load();
    result.bytesTotal = last.bytesTotal;
    result.bytesCopied = counters.bytesCopied.load();
    result.bytesWritten = counters.bytesWritten.load();
    result.elapsedMs = elapsedMs;
    result.peakResidentBytes = last.peakResidentBytes;
    result.summary = job.outcomes.snapshot();
    result.summary.planned = m_planned;
    result.summary.planned.bytes += counters.bytesPlannedLate.load();
    result.summary.copied.bytes = result.bytesCopied;
    result.summary.bytesMoved = result.bytesWritten;
    // The sampler's clock starts a moment before run(): moving time stays within elapsed.
    result.summary.movingMs = std::min(last.movingMs, elapsedMs);
    result.summary.durability = durabilityOf(result.summary);
    if (const std::optional<CopyIssue> notKept = notKeptForLater())
        result.issues.append(*notKept);
    if (job.control.isCancelled() && job.keepsForResume())
        result.status = CopyStatus::Stopped;
    else if (job.control.isCancelled() && !job.aborted.load())
        result.status = CopyStatus::Cancelled;
    else if (!result.started || job.aborted.load() || result.errorCount() > 0
             || result.itemsFailed > 0)
        result.status = CopyStatus::Failed;
    else if (result.warningCount() > 0)
        result.status = CopyStatus::CompletedWithWarnings;
    else
        result.status = CopyStatus::Succeeded;
    closeJournal(result);
    qCDebug(lcJob) << "finished:" << statusName(result.status) << result.itemsCopied << "copied,"
                   << result.itemsFailed << "failed," << result.elapsedMs << "ms";
    Q_EMIT done(last, result);
}

} // namespace Sluice
