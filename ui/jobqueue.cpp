#include "jobqueue.h"

#include "copysession.h"
#include "desktopjoblink.h"
#include "destinationdevice.h"
#include "formatting.h"
#include "jobhistory.h"
#include "offthread.h"
#include "sourcescan.h"

#include <QFileInfo>
#include <QIODevice>
#include <QMimeData>
#include <QSet>

#include <algorithm>
#include <memory>

namespace Sluice::Ui {

namespace {

const QString RowsMimeType = QStringLiteral("application/x-sluice-queue-jobs");

QString fileName(const QByteArray &path)
{
    const QString name = QFileInfo(QFile::decodeName(path)).fileName();
    return name.isEmpty() ? Format::path(path) : name;
}

// Not a switch: a status added to the core must not break the build before the window
// knows it; it shows as Failed until then.
JobState stateOf(const CopyResult &result)
{
    if (result.status == CopyStatus::Succeeded
        || result.status == CopyStatus::CompletedWithWarnings)
        return JobState::Finished;
    if (result.status == CopyStatus::Cancelled)
        return JobState::Cancelled;
    // Every item reached (as IssueReport::headline() tells "Finished, but some items could
    // not be copied"): the row must not say Failed above a summary that says "Failed: 0".
    const qint64 reached =
        result.itemsCopied + result.itemsSkipped + result.itemsFailed + result.itemsChanged;
    if (result.status == CopyStatus::Failed && result.started && result.itemsTotal > 0
        && reached >= result.itemsTotal)
        return JobState::Incomplete;
    return JobState::Failed;
}

} // namespace

QString jobStateName(JobState state)
{
    switch (state) {
    case JobState::Queued:
        return JobQueue::tr("Queued");
    case JobState::Held:
        return JobQueue::tr("Paused (not started)");
    case JobState::WaitingForDevice:
        return JobQueue::tr("Waiting for its device");
    case JobState::Copying:
        return JobQueue::tr("Copying");
    case JobState::Paused:
        return JobQueue::tr("Paused");
    case JobState::Finished:
        return JobQueue::tr("Finished");
    case JobState::Incomplete:
        return JobQueue::tr("Finished, some not copied");
    case JobState::Failed:
        return JobQueue::tr("Failed");
    case JobState::Cancelled:
        return JobQueue::tr("Cancelled");
    case JobState::Interrupted:
        return JobQueue::tr("Interrupted");
    case JobState::ResumedElsewhere:
        return JobQueue::tr("Resumed by another program");
    }
    return {};
}

QString jobStateText(const QueuedJob &job)
{
    if (job.state == JobState::Failed && !job.notStartedCause.isEmpty())
        return JobQueue::tr("Could not start: %1").arg(job.notStartedCause);
    return jobStateName(job.state);
}

JobQueue::JobQueue(QWidget *dialogParent, QObject *parent)
    : QAbstractTableModel(parent)
    , m_dialogParent(dialogParent)
    , m_scanner(new SourceScanner(this))
{
    connect(m_scanner, &SourceScanner::scanned, this, &JobQueue::onMeasured);
    // What the offer of the interrupted jobs says follows their rows.
    connect(this, &QAbstractItemModel::rowsRemoved, this, &JobQueue::offerWhenMeasured);
    connect(this, &QAbstractItemModel::dataChanged, this, &JobQueue::offerWhenMeasured);
    m_journalThread.setMaxThreadCount(1);
    const QList<QueuedJob> history = loadJobHistory(); // oldest first
    for (auto it = history.crbegin(); it != history.crend(); ++it) {
        m_jobs.append(*it);
        m_jobs.last().id = m_nextId++;
    }
}

JobQueue::~JobQueue()
{
    // The sessions are children: their jobs are cancelled and waited for with them. A queue
    // destroyed without closing its window (which asks, or keeps them when the process is
    // ended) drops its waiting jobs, their entries too.
    m_cancelling = true;
    dropWaiting();
}

quint64 JobQueue::enqueue(const CopyRequest &request, const CopyOptions &options, qint64 bytesTotal)
{
    if (request.sources.isEmpty())
        return 0; // nothing to copy: no job, no journal entry, no history entry
    QueuedJob job;
    job.id = m_nextId++;
    job.request = request;
    job.options = options;
    job.bytesTotal = bytesTotal;
    const int row = activeCount();
    beginInsertRows({}, row, row);
    m_jobs.insert(row, job);
    endInsertRows();
    recordQueued(m_jobs[row]);
    if (bytesTotal < 0)
        measure(m_jobs[row]);
    resolveDevice(job.id, request.destination);
    schedule();
    return job.id;
}

void JobQueue::measure(QueuedJob &job)
{
    ScanOptions scan;
    scan.followSymlinks = job.options.followSymlinks;
    scan.countHardLinksOnce = job.options.preserve.hardLinks;
    scan.filter = job.options.filter;
    m_measuring.insert(job.id, Measuring{int(job.request.sources.size()), 0});
    for (const QByteArray &source : std::as_const(job.request.sources))
        m_scans.insert(m_scanner->scan(source, scan), job.id);
}

void JobQueue::onMeasured(const SourceSummary &summary)
{
    if (!summary.complete || !m_scans.contains(summary.id))
        return;
    const quint64 id = m_scans.take(summary.id);
    Measuring &measuring = m_measuring[id];
    measuring.bytes += qMax<qint64>(0, summary.bytes - summary.bytesLeftOut);
    if (--measuring.pending > 0)
        return;
    const qint64 bytes = m_measuring.take(id).bytes;
    QueuedJob *job = find(id);
    if (job == nullptr || job->bytesTotal >= 0)
        return;
    job->bytesTotal = bytes;
    changed(rowOf(id));
    offerWhenMeasured();
    schedule();
}

void JobQueue::resolveDevice(quint64 id, const QByteArray &destination)
{
    // destinationDevice() reads sysfs and mountinfo: not on the GUI thread.
    offThread<DestinationDevice>(
        this, [destination] { return destinationDevice(destination); },
        [this, id](const DestinationDevice &device) { onDeviceResolved(id, device); });
}

void JobQueue::onDeviceResolved(quint64 id, const DestinationDevice &device)
{
    QueuedJob *job = find(id);
    if (job == nullptr)
        return;
    job->deviceKnown = true;
    job->deviceKeys = device.keys;
    job->deviceName = device.name;
    changed(rowOf(id));
    schedule();
}

void JobQueue::schedule()
{
    // The taskbar counts the jobs waiting too (every change of the queue comes here), and
    // the order to resume in after a crash is kept.
    Desktop::DesktopJobLink::setQueuedJobs(waitingCount());
    saveOrder();
    if (m_cancelling)
        return;
    QSet<QByteArray> claimed;
    for (const QueuedJob &job : std::as_const(m_jobs)) {
        if (job.isStarted() && !job.isEnded() && !job.isSmall())
            claimed.unite(QSet<QByteArray>(job.deviceKeys.cbegin(), job.deviceKeys.cend()));
    }
    QList<quint64> toStart;
    bool holdLarge = false; // a job whose disk is not known yet could be on any disk
    for (const QueuedJob &job : std::as_const(m_jobs)) {
        if (job.state != JobState::Queued || job.isStarted())
            continue;
        if (job.entryPending) {
            holdLarge = holdLarge || !job.isSmall(); // it keeps its place
            continue;
        }
        if (job.isSmall()) {
            toStart.append(job.id);
            continue;
        }
        if (holdLarge)
            continue;
        if (!job.deviceKnown) {
            holdLarge = true;
            continue;
        }
        const QSet<QByteArray> keys(job.deviceKeys.cbegin(), job.deviceKeys.cend());
        const bool free = !claimed.intersects(keys);
        claimed.unite(keys); // a waiting job keeps its place: later ones do not pass it
        if (free)
            toStart.append(job.id);
    }
    for (const quint64 id : std::as_const(toStart)) {
        if (QueuedJob *job = find(id))
            startJob(*job);
    }
}

void JobQueue::startJob(QueuedJob &job)
{
    CopyOptions options = job.options;
    if (m_speedLimit >= 0)
        options.speedLimit = m_speedLimit; // the window's, also when it changed since queued
    // It runs on its journal entry (written when it was queued, or the interrupted one),
    // which its worker takes over from this window.
    options.resumeId = job.journalId;
    auto *session = new CopySession(job.request, options, m_dialogParent, this);
    session->setIoHooks(m_hooks);
    job.session = session;
    job.state = JobState::Copying;
    const quint64 id = job.id;
    connect(session, &CopySession::progressChanged, this,
            [this, id](const CopyProgress &progress) { onProgress(id, progress); });
    connect(session, &CopySession::finished, this,
            [this, id](const CopyResult &result) { onFinished(id, result); });
    connect(session, &CopySession::pauseChanged, this, [this, id](bool paused) {
        if (QueuedJob *found = find(id); found && !found->isEnded()) {
            found->state = paused ? JobState::Paused : JobState::Copying;
            changed(rowOf(id));
        }
        Q_EMIT jobPauseChanged(id);
    });
    connect(session, &CopySession::questionOpened, this, [this, id] { Q_EMIT questionOpened(id); });
    changed(rowOf(id));
    session->start();
    Q_EMIT jobStarted(id);
}

void JobQueue::onProgress(quint64 id, const CopyProgress &progress)
{
    QueuedJob *job = find(id);
    if (job == nullptr || job->isEnded())
        return;
    job->lastProgress = progress;
    JobState state = JobState::Copying;
    if (job->session->isPaused())
        state = JobState::Paused;
    else if (progress.phase == CopyPhase::WaitingForDevice)
        state = JobState::WaitingForDevice;
    const bool planned = progress.phase != CopyPhase::Idle && progress.phase != CopyPhase::Scanning;
    const bool visible = state != job->state || progress.perMille() != job->perMille
                         || (planned && progress.bytesTotal != job->bytesTotal);
    job->state = state;
    job->perMille = progress.perMille();
    job->bytesDone = progress.bytesDone;
    if (planned)
        job->bytesTotal = progress.bytesTotal;
    if (visible)
        changed(rowOf(id));
    Q_EMIT jobProgress(id, progress);
}

void JobQueue::onFinished(quint64 id, const CopyResult &result)
{
    QueuedJob *job = find(id);
    if (job == nullptr)
        return;
    job->state = stateOf(result);
    settleEntry(*job, result);
    job->result = result;
    job->finishedAt = QDateTime::currentDateTime();
    job->notStartedCause.clear();
    if (!result.started && job->state == JobState::Failed) {
        // Nothing was copied: no percentage (its "0.0 %" read as a copy that went nowhere),
        // but why, from the first error (a retry into a folder still not writable).
        const auto error = std::find_if(result.issues.cbegin(), result.issues.cend(),
                                        [](const CopyIssue &issue) { return issue.isError(); });
        job->notStartedCause =
            error == result.issues.cend() ? tr("see the summary") : error->cause();
        job->perMille = -1;
        job->bytesDone = 0;
    } else if (job->state == JobState::Interrupted) {
        // The last sample counts what the stop left as done; the journal says what is.
        showKept(*job);
    } else if (job->state == JobState::Cancelled && result.bytesTotal > 0) {
        // Likewise after Cancel: what stays copied (the file in flight was removed).
        job->bytesDone = result.bytesCopied;
        job->perMille = int(qBound<qint64>(0, result.bytesCopied, result.bytesTotal) * 1000
                            / result.bytesTotal);
    } else if (job->lastProgress) {
        job->perMille = job->lastProgress->perMille();
        job->bytesDone = job->lastProgress->bytesDone;
    }
    changed(rowOf(id));
    moveToHistory(id);
    saveHistory();
    // The session stays readable while the window handles the end, then goes.
    Q_EMIT jobFinished(id, result);
    if (QueuedJob *ended = find(id)) {
        ended->session->deleteLater();
        ended->session = nullptr;
    }
    schedule();
    if (!isActive())
        Q_EMIT allEnded();
}

bool JobQueue::moveJob(quint64 id, int step)
{
    const int from = rowOf(id);
    if (from < 0 || !m_jobs.at(from).isWaiting() || step == 0)
        return false;
    int to = from + (step < 0 ? -1 : 1);
    while (to >= 0 && to < m_jobs.size() && !m_jobs.at(to).isWaiting())
        to += step < 0 ? -1 : 1;
    if (to < 0 || to >= m_jobs.size())
        return false;
    beginMoveRows({}, from, from, {}, to > from ? to + 1 : to);
    m_jobs.move(from, to);
    endMoveRows();
    schedule();
    return true;
}

bool JobQueue::moveJobTo(quint64 id, int row)
{
    const int from = rowOf(id);
    if (from < 0 || !m_jobs.at(from).isWaiting())
        return false;
    // Queued jobs stay before the history.
    if (row < 0 || row > activeCount())
        row = activeCount();
    if (row == from || row == from + 1)
        return true; // already there
    beginMoveRows({}, from, from, {}, row);
    m_jobs.move(from, row > from ? row - 1 : row);
    endMoveRows();
    schedule();
    return true;
}

bool JobQueue::removeJob(quint64 id)
{
    const int row = rowOf(id);
    if (row < 0 || m_jobs.at(row).isStarted())
        return false;
    if (m_jobs.at(row).state == JobState::Interrupted) {
        discardJob(id);
        return true;
    }
    const bool ended = m_jobs.at(row).isEnded();
    // Another program holds its entry: only this window's row goes.
    const bool elsewhere = m_jobs.at(row).state == JobState::ResumedElsewhere;
    for (auto it = m_scans.begin(); it != m_scans.end();) {
        if (it.value() == id) {
            m_scanner->cancel(it.key());
            it = m_scans.erase(it);
        } else {
            ++it;
        }
    }
    m_measuring.remove(id);
    if (!ended && !elsewhere)
        dropEntry(m_jobs.at(row));
    beginRemoveRows({}, row, row);
    m_jobs.removeAt(row);
    endRemoveRows();
    if (ended)
        saveHistory();
    schedule();
    if (!ended && !isActive())
        Q_EMIT allEnded();
    return true;
}

void JobQueue::setJobPaused(quint64 id, bool paused)
{
    QueuedJob *job = find(id);
    if (job == nullptr || job->isEnded() || job->state == JobState::ResumedElsewhere)
        return;
    if (job->state == JobState::Interrupted) {
        if (!paused)
            resumeJob(id);
        return;
    }
    if (job->session) {
        job->session->setPaused(paused);
        job->state = paused ? JobState::Paused : JobState::Copying;
    } else {
        job->state = paused ? JobState::Held : JobState::Queued;
    }
    changed(rowOf(id));
    schedule();
}

void JobQueue::clearEnded()
{
    for (int row = int(m_jobs.size()) - 1; row >= 0; --row) {
        if (!m_jobs.at(row).isEnded() || m_jobs.at(row).isStarted())
            continue;
        beginRemoveRows({}, row, row);
        m_jobs.removeAt(row);
        endRemoveRows();
    }
    saveHistory();
}

bool JobQueue::cancelAll()
{
    for (int row = int(m_jobs.size()) - 1; row >= 0; --row) {
        if (m_jobs.at(row).isWaiting())
            removeJob(m_jobs.at(row).id);
    }
    cancelStarted();
    m_cancelling = startedCount() > 0; // nothing runs: the queue may take new jobs again
    return m_cancelling;
}

void JobQueue::cancelStarted()
{
    m_cancelling = true;
    for (const QueuedJob &job : std::as_const(m_jobs)) {
        if (job.session && !job.isEnded())
            job.session->cancel();
    }
}

void JobQueue::stopStartedForLater()
{
    m_cancelling = true;
    for (const QueuedJob &job : std::as_const(m_jobs))
        stopForLater(job.id);
}

void JobQueue::resumeScheduling()
{
    m_cancelling = false;
    schedule();
}

void JobQueue::setSpeedLimit(qint64 bytesPerSecond)
{
    m_speedLimit = qMax<qint64>(0, bytesPerSecond);
    for (const QueuedJob &job : std::as_const(m_jobs)) {
        if (job.session)
            job.session->setSpeedLimit(bytesPerSecond);
    }
}

const QueuedJob *JobQueue::job(quint64 id) const
{
    return const_cast<JobQueue *>(this)->find(id);
}

QueuedJob *JobQueue::find(quint64 id)
{
    for (QueuedJob &job : m_jobs) {
        if (job.id == id)
            return &job;
    }
    return nullptr;
}

int JobQueue::rowOf(quint64 id) const
{
    for (qsizetype row = 0; row < m_jobs.size(); ++row) {
        if (m_jobs.at(row).id == id)
            return int(row);
    }
    return -1;
}

quint64 JobQueue::idAt(int row) const
{
    return row >= 0 && row < m_jobs.size() ? m_jobs.at(row).id : 0;
}

int JobQueue::startedCount() const
{
    return int(std::count_if(m_jobs.cbegin(), m_jobs.cend(), [](const QueuedJob &job) {
        return job.isStarted() && !job.isEnded();
    }));
}

int JobQueue::waitingCount() const
{
    return int(std::count_if(m_jobs.cbegin(), m_jobs.cend(),
                             [](const QueuedJob &job) { return job.isWaiting(); }));
}

void JobQueue::changed(int row)
{
    if (row >= 0)
        Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

void JobQueue::saveHistory() const
{
    QList<QueuedJob> oldestFirst;
    for (auto it = m_jobs.crbegin(); it != m_jobs.crend(); ++it) {
        if (it->isEnded())
            oldestFirst.append(*it);
    }
    saveJobHistory(oldestFirst);
}

int JobQueue::activeCount() const
{
    return int(std::count_if(m_jobs.cbegin(), m_jobs.cend(),
                             [](const QueuedJob &job) { return !job.isEnded(); }));
}

void JobQueue::moveToHistory(quint64 id)
{
    const int from = rowOf(id);
    if (from < 0 || !m_jobs.at(from).isEnded())
        return;
    // The top of the history: after every job not ended (this one is not counted).
    int to = 0;
    for (int row = 0; row < m_jobs.size(); ++row) {
        if (!m_jobs.at(row).isEnded())
            to = row + 1;
    }
    if (to == from)
        return; // already there
    beginMoveRows({}, from, from, {}, to);
    m_jobs.move(from, to > from ? to - 1 : to);
    endMoveRows();
}

QString JobQueue::describe(const QueuedJob &job) const
{
    const auto &sources = job.request.sources;
    // A history entry read back from the settings may name no source (an older or damaged
    // entry): it is listed by its destination, never dereferenced.
    const QString what =
        sources.isEmpty() ? QString()
        : sources.size() == 1
            ? fileName(sources.first())
            : tr("%1 and %n more", nullptr, int(sources.size() - 1)).arg(fileName(sources.first()));
    return tr("%1 → %2").arg(what, fileName(job.request.destination));
}

int JobQueue::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_jobs.size());
}

int JobQueue::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant JobQueue::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_jobs.size())
        return {};
    const QueuedJob &job = m_jobs.at(index.row());
    const QString size = job.bytesTotal >= 0 ? Format::size(job.bytesTotal) : tr("Measuring…");
    const QString progress = job.perMille >= 0 ? Format::percent(job.perMille) : QString();
    switch (role) {
    case IdRole:
        return job.id;
    case StateRole:
        return int(job.state);
    case PerMilleRole:
        return job.perMille;
    case Qt::DisplayRole:
        switch (index.column()) {
        case JobColumn:
            return describe(job);
        case StateColumn:
            return jobStateText(job);
        case SizeColumn:
            return size;
        case ProgressColumn:
            return progress;
        }
        break;
    case Qt::AccessibleTextRole:
        if (index.column() == JobColumn) {
            return (job.options.move ? tr("Move %1, %2, %3, %4") : tr("Copy %1, %2, %3, %4"))
                .arg(describe(job), jobStateText(job), size,
                     progress.isEmpty() ? tr("not started") : progress);
        }
        break;
    case Qt::ToolTipRole: {
        QStringList lines;
        for (const QByteArray &source : job.request.sources)
            lines.append(Format::path(source));
        lines.append(tr("into %1").arg(Format::path(job.request.destination)));
        if (!job.deviceName.isEmpty())
            lines.append(tr("on %1").arg(job.deviceName));
        return lines.join(QLatin1Char('\n'));
    }
    case Qt::TextAlignmentRole:
        if (index.column() == SizeColumn || index.column() == ProgressColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        break;
    default:
        break;
    }
    return {};
}

QVariant JobQueue::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case JobColumn:
        return tr("Job");
    case StateColumn:
        return tr("State");
    case SizeColumn:
        return tr("Size");
    case ProgressColumn:
        return tr("Progress");
    default:
        return {};
    }
}

Qt::ItemFlags JobQueue::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::ItemIsDropEnabled; // drops go between rows
    Qt::ItemFlags flags = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    if (index.row() < m_jobs.size() && m_jobs.at(index.row()).isWaiting())
        flags |= Qt::ItemIsDragEnabled;
    return flags;
}

QStringList JobQueue::mimeTypes() const
{
    return {RowsMimeType};
}

QMimeData *JobQueue::mimeData(const QModelIndexList &indexes) const
{
    QList<quint64> ids;
    for (const QModelIndex &index : indexes) {
        const quint64 id = idAt(index.row());
        if (id != 0 && !ids.contains(id))
            ids.append(id);
    }
    QByteArray encoded;
    QDataStream stream(&encoded, QIODevice::WriteOnly);
    stream << ids;
    auto *mime = new QMimeData;
    mime->setData(RowsMimeType, encoded);
    return mime;
}

bool JobQueue::moveRows(const QModelIndex &sourceParent, int sourceRow, int count,
                        const QModelIndex &destinationParent, int destinationChild)
{
    if (sourceParent.isValid() || destinationParent.isValid() || count != 1)
        return false;
    const quint64 id = idAt(sourceRow);
    return id != 0 && moveJobTo(id, destinationChild);
}

bool JobQueue::dropMimeData(const QMimeData *data, Qt::DropAction action, int row, int column,
                            const QModelIndex &parent)
{
    Q_UNUSED(column)
    if (action != Qt::MoveAction || data == nullptr || !data->hasFormat(RowsMimeType))
        return false;
    if (row < 0)
        row = parent.isValid() ? parent.row() : int(m_jobs.size());
    QList<quint64> ids;
    QDataStream stream(data->data(RowsMimeType));
    stream >> ids;
    // Each one lands before what was at @p row, in the order they were dragged.
    const quint64 anchor = idAt(row);
    for (const quint64 id : std::as_const(ids)) {
        const int target = anchor != 0 ? rowOf(anchor) : int(m_jobs.size());
        if (anchor == id)
            continue;
        moveJobTo(id, target);
    }
    return true;
}

} // namespace Sluice::Ui
