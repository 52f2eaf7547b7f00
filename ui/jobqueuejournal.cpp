#include "jobqueue.h"

#include "copysession.h"
#include "jobjournal.h"
#include "offthread.h"

#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QThread>

#include <algorithm>
#include <climits>
#include <utility>

// The queue's side of the job journal (JobJournal): every job written down as it is queued,
// the interrupted jobs offered at start in the order they were queued, resume, discard,
// "Stop, resume later" and keeping the waiting jobs at quit.

namespace Sluice::Ui {

namespace {

// @p entries in the order of @p order (journal ids); the others after them, oldest first.
QList<InterruptedJob> inQueueOrder(QList<InterruptedJob> entries, const QStringList &order)
{
    auto place = [&order](const InterruptedJob &entry) {
        const qsizetype at = order.indexOf(entry.id);
        return at < 0 ? LLONG_MAX : qint64(at);
    };
    std::stable_sort(
        entries.begin(), entries.end(),
        [&](const InterruptedJob &a, const InterruptedJob &b) { return place(a) < place(b); });
    return entries;
}

} // namespace

void JobQueue::recordQueued(QueuedJob &job)
{
    if (!job.options.journal)
        return;
    job.entry = std::make_shared<QString>();
    job.entryPending = true;
    job.ownEntry = true;
    const quint64 id = job.id;
    offThread<QString>(
        this,
        [entry = job.entry, request = job.request, options = job.options] {
            QString error;
            *entry = JobJournal::keepForLater(request, options, &error,
                                              JobJournal::EntryLock::HoldQueued);
            return entry->isEmpty() ? error : QString();
        },
        [this, id](const QString &error) {
            QueuedJob *queued = find(id);
            if (queued == nullptr)
                return; // removed meanwhile: dropEntry() discarded it after this
            queued->entryPending = false;
            queued->journalId = *queued->entry;
            if (!error.isEmpty()) {
                queued->ownEntry = false;
                Q_EMIT problem(tr("The queued copy could not be written down in the journal, so "
                                  "it is lost if Sluice ends before it starts: %1")
                                   .arg(error));
            }
            schedule();
        },
        &m_journalThread);
}

void JobQueue::dropEntry(const QueuedJob &job)
{
    if (!job.entry)
        return;
    offThread<QString>(
        this,
        [entry = job.entry] {
            QString error;
            if (entry->isEmpty() || JobJournal::discard(*entry, &error))
                return QString();
            return error;
        },
        [this](const QString &error) {
            if (!error.isEmpty())
                Q_EMIT problem(tr("Could not take the copy off the journal: %1").arg(error));
        },
        &m_journalThread);
}

void JobQueue::saveOrder()
{
    QStringList order;
    for (const QueuedJob &job : std::as_const(m_jobs)) {
        if (!job.isEnded() && !job.journalId.isEmpty())
            order.append(job.journalId);
    }
    if (order == m_savedOrder)
        return;
    m_savedOrder = order;
    // Written on the journal thread, in the order of the changes, atomically and durably: a
    // window killed or a power cut right after a reorder comes back in the new order.
    offThread<QString>(
        this,
        [order] {
            QString error;
            return JobJournal::saveQueueOrder(order, &error) ? QString() : error;
        },
        [this](const QString &error) {
            // Said once, not at every change of the order.
            if (!error.isEmpty() && !std::exchange(m_orderFailed, true))
                Q_EMIT problem(
                    tr("Could not save the order of the queue for the next start: %1").arg(error));
            else if (error.isEmpty())
                m_orderFailed = false;
        },
        &m_journalThread);
}

void JobQueue::settleEntry(QueuedJob &job, const CopyResult &result)
{
    const bool resumed = !job.ownEntry && !job.journalId.isEmpty();
    const bool kept = !result.journalId.isEmpty()
                      && (result.status == CopyStatus::Stopped || (resumed && result.journalKept));
    if (kept) {
        // "Stop, resume later", or a resume that could not start: Resume job or Remove.
        job.journalId = result.journalId;
        job.entry = std::make_shared<QString>(result.journalId);
        job.ownEntry = false;
        job.neverStarted = false;
        becomeInterrupted(job);
        return;
    }
    // The job never took its entry over (it ended before its worker read the journal): the
    // entry of a job queued here goes with it.
    if (job.ownEntry && result.journalId.isEmpty())
        dropEntry(job);
    job.entry.reset();
}

void JobQueue::showKept(QueuedJob &job)
{
    job.perMille = -1;
    const quint64 id = job.id;
    offThread<std::optional<InterruptedJob>>(
        this,
        [entry = job.journalId]() -> std::optional<InterruptedJob> {
            for (const InterruptedJob &found : JobJournal::interrupted()) {
                if (found.id == entry)
                    return found;
            }
            return std::nullopt;
        },
        [this, id](const std::optional<InterruptedJob> &found) {
            QueuedJob *kept = find(id);
            if (!found || kept == nullptr || kept->state != JobState::Interrupted)
                return;
            kept->bytesDone = found->doneBytes;
            if (found->totalBytes > 0) {
                kept->bytesTotal = found->totalBytes;
                kept->perMille = int(found->doneBytes * 1000 / found->totalBytes);
            }
            changed(rowOf(id));
        },
        &m_journalThread);
}

void JobQueue::loadInterrupted()
{
    offThread<QList<InterruptedJob>>(
        this, [] { return inQueueOrder(JobJournal::interrupted(), JobJournal::savedQueueOrder()); },
        [this](const QList<InterruptedJob> &jobs) { onInterrupted(jobs); }, &m_journalThread);
}

void JobQueue::onInterrupted(const QList<InterruptedJob> &jobs)
{
    for (const InterruptedJob &entry : jobs) {
        const bool listed = std::any_of(m_jobs.cbegin(), m_jobs.cend(), [&](const QueuedJob &job) {
            return job.journalId == entry.id;
        });
        if (listed)
            continue;
        QueuedJob job;
        job.id = m_nextId++;
        job.request = entry.request;
        job.options = entry.options;
        job.state = JobState::Interrupted;
        job.interruptedAt = m_checks;
        job.journalId = entry.id;
        job.entry = std::make_shared<QString>(entry.id);
        job.neverStarted = entry.neverStarted;
        job.bytesTotal = entry.neverStarted ? -1 : entry.totalBytes;
        job.bytesDone = entry.doneBytes;
        job.perMille = entry.totalBytes > 0 ? int(entry.doneBytes * 1000 / entry.totalBytes) : -1;
        const int row = activeCount();
        beginInsertRows({}, row, row);
        m_jobs.insert(row, job);
        endInsertRows();
        m_offer.jobs.append(job.id);
        // A job that never started has no plan: its size is measured before it is offered.
        if (entry.neverStarted)
            measure(m_jobs[row]);
    }
    saveOrder();
    if (m_offer.jobs.isEmpty())
        return;
    watchJournal();
    offerWhenMeasured();
}

void JobQueue::offerWhenMeasured()
{
    Offer now;
    for (const quint64 id : std::as_const(m_offer.jobs)) {
        const QueuedJob *job = this->job(id);
        if (job == nullptr || job->state != JobState::Interrupted)
            continue; // resumed, discarded, or in another program's hands
        if (job->bytesTotal < 0)
            return; // measured first
        ++now.count;
        now.neverStarted += job->neverStarted ? 1 : 0;
        now.left += qMax<qint64>(0, job->bytesTotal - job->bytesDone);
        now.total += job->bytesTotal;
    }
    const bool same = now.count == m_offer.count && now.neverStarted == m_offer.neverStarted
                      && now.left == m_offer.left && now.total == m_offer.total;
    if ((m_offer.said && same) || (!m_offer.said && now.count == 0))
        return;
    now.jobs = m_offer.jobs;
    now.said = true;
    m_offer = now;
    Q_EMIT offeredChanged(now.count, now.neverStarted, now.left, now.total);
}

void JobQueue::becomeInterrupted(QueuedJob &job)
{
    job.state = JobState::Interrupted;
    job.interruptedAt = m_checks;
    watchJournal();
}

void JobQueue::watchJournal()
{
    if (m_journalWatch != nullptr || m_watchPending)
        return;
    m_watchPending = true;
    // Made on the journal thread (QFileSystemWatcher::addPath() stats the folder), then
    // handed to this thread with its inotify notifier; one the queue did not live to take
    // is deleted by the destructor.
    m_madeWatch = std::make_shared<QFileSystemWatcher *>(nullptr);
    offThread<bool>(
        this,
        [made = m_madeWatch, target = thread()] {
            auto *watcher = new QFileSystemWatcher;
            watcher->addPath(JobJournal::folder());
            watcher->moveToThread(target);
            *made = watcher;
            return true;
        },
        [this, made = m_madeWatch](bool) {
            m_watchPending = false;
            m_journalWatch = std::exchange(*made, nullptr);
            m_journalWatch->setParent(this);
            connect(m_journalWatch, &QFileSystemWatcher::directoryChanged, this,
                    &JobQueue::refreshInterrupted);
            refreshInterrupted(); // what changed before the watch began
        },
        &m_journalThread);
}

namespace {

// What became of the entries of rows kept elsewhere (JobQueue::refreshInterrupted()).
struct KeptEntries
{
    QList<InterruptedJob> kept; ///< no program holds them
    QStringList gone;           ///< not in the journal any more
};

} // namespace

void JobQueue::refreshInterrupted()
{
    if (m_checking) {
        m_checkAgain = true;
        return;
    }
    QStringList ids;
    for (const QueuedJob &job : std::as_const(m_jobs)) {
        if (job.isKeptElsewhere() && !job.journalId.isEmpty())
            ids.append(job.journalId);
    }
    if (ids.isEmpty()) {
        // Nothing to follow: the folder's changes (this window's own checkpoints) are not
        // listened to any more. Not deleted at once: this may run in its signal.
        if (m_journalWatch != nullptr)
            std::exchange(m_journalWatch, nullptr)->deleteLater();
        return;
    }
    m_checking = true;
    const quint64 check = ++m_checks;
    offThread<KeptEntries>(
        this,
        [ids] {
            KeptEntries found;
            const QList<InterruptedJob> all = JobJournal::interrupted();
            const QString folder = JobJournal::folder() + QLatin1Char('/');
            for (const QString &id : ids) {
                const auto entry =
                    std::find_if(all.cbegin(), all.cend(),
                                 [&id](const InterruptedJob &e) { return e.id == id; });
                if (entry != all.cend())
                    found.kept.append(*entry);
                else if (!QFileInfo::exists(folder + id + QStringLiteral(".job")))
                    found.gone.append(id); // InterruptedJob::id: the entry's name less ".job"
            }
            return found;
        },
        [this, check](const KeptEntries &found) {
            m_checking = false;
            applyKept(check, found.kept, found.gone);
            const bool again = std::exchange(m_checkAgain, false);
            const bool following =
                std::any_of(m_jobs.cbegin(), m_jobs.cend(),
                            [](const QueuedJob &job) { return job.isKeptElsewhere(); });
            if (again || !following)
                refreshInterrupted(); // another look, or the end of the watch
        },
        &m_journalThread);
}

void JobQueue::applyKept(quint64 check, const QList<InterruptedJob> &kept, const QStringList &gone)
{
    for (int row = int(m_jobs.size()) - 1; row >= 0; --row) {
        QueuedJob &job = m_jobs[row];
        // A row that became Interrupted after the check was asked for is not in it.
        if (!job.isKeptElsewhere() || job.interruptedAt >= check)
            continue;
        if (gone.contains(job.journalId)) {
            // The other program ended it (finished, cancelled, discarded): it reports that.
            beginRemoveRows({}, row, row);
            m_jobs.removeAt(row);
            endRemoveRows();
            continue;
        }
        const auto entry =
            std::find_if(kept.cbegin(), kept.cend(),
                         [&job](const InterruptedJob &e) { return e.id == job.journalId; });
        if (entry == kept.cend()) {
            job.state = JobState::ResumedElsewhere;
        } else {
            // Free again (stopped resumably over there): as far as that program got.
            job.state = JobState::Interrupted;
            job.neverStarted = entry->neverStarted;
            job.bytesDone = entry->doneBytes;
            if (entry->totalBytes > 0) {
                job.bytesTotal = entry->totalBytes;
                job.perMille = int(entry->doneBytes * 1000 / entry->totalBytes);
            }
        }
        changed(row);
    }
    schedule(); // the order to keep, the taskbar's count
}

bool JobQueue::resumeJob(quint64 id)
{
    QueuedJob *job = find(id);
    if (job == nullptr || job->state != JobState::Interrupted)
        return false;
    job->state = JobState::Queued;
    job->result.reset();
    // Held by this window while it waits, so that no other program offers or resumes it.
    job->entryPending = true;
    changed(rowOf(id));
    offThread<QString>(
        this,
        [entry = job->journalId] {
            QString error;
            return JobJournal::hold(entry, &error) ? QString() : error;
        },
        [this, id](const QString &error) {
            QueuedJob *held = find(id);
            if (held == nullptr)
                return;
            held->entryPending = false;
            if (!error.isEmpty()) {
                becomeInterrupted(*held);
                changed(rowOf(id));
                Q_EMIT problem(tr("Could not resume the interrupted copy: %1").arg(error));
                return;
            }
            schedule();
        },
        &m_journalThread);
    if (job->bytesTotal < 0)
        measure(*job);
    if (!job->deviceKnown)
        resolveDevice(id, job->request.destination);
    return true;
}

void JobQueue::discardJob(quint64 id)
{
    const QueuedJob *job = find(id);
    if (job == nullptr || job->state != JobState::Interrupted)
        return;
    const QString entry = job->journalId;
    offThread<QString>(
        this,
        [entry] {
            QString error;
            return JobJournal::discard(entry, &error) ? QString() : error;
        },
        [this, id](const QString &error) {
            if (!error.isEmpty()) {
                Q_EMIT problem(tr("Could not discard the interrupted copy: %1").arg(error));
                return;
            }
            if (const int row = rowOf(id); row >= 0) {
                beginRemoveRows({}, row, row);
                m_jobs.removeAt(row);
                endRemoveRows();
            }
            saveOrder();
        },
        &m_journalThread);
}

void JobQueue::stopForLater(quint64 id)
{
    const QueuedJob *job = find(id);
    if (job != nullptr && job->session != nullptr && !job->isEnded())
        job->session->stopResumable();
}

bool JobQueue::keepWaitingForLater()
{
    QList<QueuedJob> waiting;
    for (const QueuedJob &job : std::as_const(m_jobs)) {
        if (job.isWaiting())
            waiting.append(job);
    }
    if (waiting.isEmpty())
        return false;
    m_cancelling = true; // nothing more starts while they are written down
    ++m_keeping;
    offThread<QStringList>(
        this,
        [waiting] {
            QStringList errors;
            for (const QueuedJob &job : waiting) {
                if (job.entry && !job.entry->isEmpty()) {
                    JobJournal::release(*job.entry); // written down when it was queued
                    continue;
                }
                QString error;
                if (JobJournal::keepForLater(job.request, job.options, &error).isEmpty())
                    errors.append(error);
            }
            return errors;
        },
        [this, waiting](const QStringList &errors) {
            --m_keeping;
            for (const QueuedJob &job : waiting) {
                if (const int row = rowOf(job.id); row >= 0 && m_jobs.at(row).isWaiting()) {
                    beginRemoveRows({}, row, row);
                    m_jobs.removeAt(row);
                    endRemoveRows();
                }
            }
            Q_EMIT keptForLater(int(waiting.size() - errors.size()), errors);
            if (!isActive())
                Q_EMIT allEnded();
        },
        &m_journalThread);
    return true;
}

void JobQueue::dropWaiting()
{
    QList<std::pair<std::shared_ptr<QString>, bool>> entries;
    for (const QueuedJob &job : std::as_const(m_jobs)) {
        if (job.isWaiting() && job.entry)
            entries.append({job.entry, job.ownEntry});
    }
    m_journalThread.start([entries] {
        for (const auto &[entry, own] : entries) {
            if (entry->isEmpty())
                continue;
            if (own)
                JobJournal::discard(*entry, nullptr);
            else
                JobJournal::release(*entry); // an interrupted copy stays one
        }
    });
    m_journalThread.waitForDone();
    if (m_madeWatch)
        delete std::exchange(*m_madeWatch, nullptr); // made, never taken
}

} // namespace Sluice::Ui
