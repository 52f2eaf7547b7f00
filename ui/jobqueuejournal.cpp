#include "jobqueue.h"

#include "copysession.h"
#include "jobjournal.h"
#include "offthread.h"

#include <QSettings>

#include <algorithm>
#include <climits>

// The queue's side of the job journal (JobJournal): every job written down as it is queued,
// the interrupted jobs offered at start in the order they were queued, resume, discard,
// "Stop, resume later" and keeping the waiting jobs at quit.

namespace Sluice::Ui {

namespace {

const QString OrderKey = QStringLiteral("queue/order");

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
    // QSettings is reentrant: written on the journal thread, in the order of the changes.
    offThread<QString>(
        this,
        [order] {
            QSettings().setValue(OrderKey, order);
            return QString();
        },
        [](const QString &) {}, &m_journalThread);
}

void JobQueue::settleEntry(QueuedJob &job, const CopyResult &result)
{
    const bool resumed = !job.ownEntry && !job.journalId.isEmpty();
    const bool kept = !result.journalId.isEmpty()
                      && (result.status == CopyStatus::Stopped || (resumed && result.journalKept));
    if (kept) {
        // "Stop, resume later", or a resume that could not start: Resume job or Remove.
        job.state = JobState::Interrupted;
        job.journalId = result.journalId;
        job.entry = std::make_shared<QString>(result.journalId);
        job.ownEntry = false;
        job.neverStarted = false;
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
        this,
        [] {
            return inQueueOrder(JobJournal::interrupted(),
                                QSettings().value(OrderKey).toStringList());
        },
        [this](const QList<InterruptedJob> &jobs) { onInterrupted(jobs); }, &m_journalThread);
}

void JobQueue::onInterrupted(const QList<InterruptedJob> &jobs)
{
    Offer offer;
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
        offer.left += qMax<qint64>(0, entry.totalBytes - entry.doneBytes);
        offer.total += entry.totalBytes;
        ++offer.count;
        // A job that never started has no plan: its size is measured before it is offered.
        if (entry.neverStarted) {
            ++offer.neverStarted;
            offer.measuring.insert(job.id);
            measure(m_jobs[row]);
        }
    }
    saveOrder();
    if (offer.count == 0)
        return;
    m_offer = offer;
    offerWhenMeasured();
}

void JobQueue::offerWhenMeasured()
{
    if (!m_offer)
        return;
    for (auto it = m_offer->measuring.begin(); it != m_offer->measuring.end();) {
        const QueuedJob *job = this->job(*it);
        if (job == nullptr || job->bytesTotal >= 0) {
            if (job != nullptr) {
                m_offer->left += job->bytesTotal;
                m_offer->total += job->bytesTotal;
            }
            it = m_offer->measuring.erase(it);
        } else {
            ++it;
        }
    }
    if (!m_offer->measuring.isEmpty())
        return;
    const Offer offer = *std::exchange(m_offer, std::nullopt);
    Q_EMIT interruptedFound(offer.count, offer.neverStarted, offer.left, offer.total);
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
                held->state = JobState::Interrupted;
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
}

} // namespace Sluice::Ui
