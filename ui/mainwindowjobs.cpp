#include "mainwindow.h"

#include "confirmationboxes.h"
#include "copyagaindialog.h"
#include "copysession.h"
#include "destinationfield.h"
#include "ejectcontrol.h"
#include "formatting.h"
#include "issuereport.h"
#include "jobqueue.h"
#include "noticebar.h"
#include "notifier.h"
#include "queuepanel.h"
#include "sourcelistview.h"
#include "sourcespanel.h"
#include "transferarea.h"

#include <QApplication>
#include <QCheckBox>
#include <QMessageBox>
#include <QPointer>
#include <QPushButton>

#include <utility>

// The window's side of a running job: starting its session, showing its progress and
// result, the job's buttons and the keyboard focus while it runs.

namespace Sluice::Ui {

void MainWindow::setIoHooks(const IoHooks &hooks)
{
    m_queue->setIoHooks(hooks);
}

CopySession *MainWindow::session() const
{
    const QueuedJob *job = m_queue->job(m_shownJob);
    return job != nullptr && !job->isEnded() ? job->session : nullptr;
}

void MainWindow::startSession(const CopyRequest &request, const CopyOptions &options, qint64 bytes)
{
    m_queue->enqueue(request, options, bytes);
    updateState();
}

void MainWindow::queuePaths(const QList<QByteArray> &paths)
{
    if (paths.isEmpty())
        return;
    const QByteArray destination = m_destination->path();
    if (destination.isEmpty()) {
        m_queueWhenChosen = paths;
        m_destination->choose();
        return;
    }
    rememberDestination(destination);
    startSession(CopyRequest{paths, destination, {}}, m_settings.jobOptions(false));
}

void MainWindow::onJobStarted(quint64 id)
{
    // The transfer area (and the queue's selection) follows the new job unless it shows one
    // that still runs or one the person chose in the queue: a starting job never takes the
    // selection away from under the keyboard.
    const QueuedJob *shown = m_queue->job(m_shownJob);
    const bool running = shown != nullptr && shown->isStarted() && !shown->isEnded();
    if (shown == nullptr || (!running && !m_jobChosen))
        showJob(id);
    if (m_queue->startedCount() == 1)
        keepFocusDuringJob();
}

void MainWindow::showJob(quint64 id)
{
    m_shownJob = id;
    m_queuePanel->selectJob(id);
    const QueuedJob *job = m_queue->job(id);
    if (job != nullptr && job->result) {
        m_transferArea->showResult(*job->result, job->request, job->options.move);
    } else {
        m_transferArea->beginJob();
        if (job != nullptr && job->lastProgress)
            m_transferArea->setProgress(*job->lastProgress);
    }
    updateState();
    updateTitle(job != nullptr && !job->isEnded() && job->lastProgress
                    ? job->lastProgress->perMille()
                    : -1);
}

void MainWindow::onJobProgress(quint64 id, const CopyProgress &progress)
{
    if (id != m_shownJob)
        return;
    m_transferArea->setProgress(progress);
    updateTitle(progress.perMille());
}

void MainWindow::onJobFinished(quint64 id, const CopyResult &result)
{
    const QueuedJob *job = m_queue->job(id);
    const bool move = job->options.move;
    if (id == m_shownJob)
        m_transferArea->showResult(result, job->request, move);
    // The sources stay in the list: "Copy again…" and retries start from them.
    if (job->request.destinationFolders.isEmpty()) {
        m_lastRequest = job->request;
        m_lastMove = move;
    }
    // Plasma's job view reports the result itself.
    if (!job->session->desktopReportsResult()) {
        notifyIfInactive(this, IssueReport::headline(result, move),
                         IssueReport::figures(result, move).mid(0, 2).join(QLatin1Char('\n')),
                         finishedActions(result, job->request));
    }
    m_eject->jobFinished(result, job->request.destination);
    updateState();
    if (id == m_shownJob)
        updateTitle(-1);
    Q_EMIT jobFinished(result);
    // Closing waited for the cancelled jobs (the queue goes on with the next one first).
    if (m_closeWhenFinished)
        QMetaObject::invokeMethod(this, &QWidget::close, Qt::QueuedConnection);
}

void MainWindow::offerInterrupted(int count, int neverStarted, qint64 bytesLeft, qint64 bytesTotal)
{
    const QString key = QStringLiteral("interrupted");
    if (count == 0) {
        m_notice->setMessage(key, {});
        return;
    }
    if (neverStarted == count) {
        m_notice->setMessage(key, tr("%n copies were kept for later; resume or discard them in "
                                     "the queue.",
                                     nullptr, count));
        return;
    }
    m_notice->setMessage(key, tr("%n copies were interrupted: %1 of %2 left. Resume or discard "
                                 "them in the queue.",
                                 nullptr, count)
                                  .arg(Format::size(bytesLeft), Format::size(bytesTotal)));
}

void MainWindow::askBeforeClosing()
{
    const ConfirmationBox question = cancelConfirmationBox(this, true);
    connect(question.confirm, &QAbstractButton::clicked, this, [this] {
        m_closeWhenFinished = true;
        m_queue->cancelStarted(); // the queued ones are asked about
        if (m_queue->startedCount() == 0)
            close();
    });
    connect(question.later, &QAbstractButton::clicked, this, [this] {
        // As the queue panel's "Stop, resume later", for every started job: each keeps its
        // journal entry and part file (its row becomes Interrupted); the queued ones are kept
        // for the next start without another question.
        m_closeWhenFinished = true;
        m_keepQueuedOnClose = true;
        m_queue->stopStartedForLater();
        if (m_queue->startedCount() == 0)
            close();
    });
    question.box->open();
}

void MainWindow::askToKeepQueued()
{
    if (findChild<QMessageBox *>(QStringLiteral("keepQueuedBox")))
        return;
    const ConfirmationBox question = keepQueuedBox(this, m_queue->waitingCount());
    connect(question.keep, &QAbstractButton::clicked, this, [this] {
        m_keepingForLater = m_queue->keepWaitingForLater();
        if (!m_keepingForLater)
            close();
    });
    connect(question.confirm, &QAbstractButton::clicked, this, [this] {
        m_queue->cancelAll();
        close();
    });
    connect(question.stay, &QAbstractButton::clicked, this, [this] {
        m_closeWhenFinished = false;
        m_queue->resumeScheduling();
    });
    question.box->open();
}

void MainWindow::onKeptForLater(int kept, const QStringList &errors)
{
    Q_UNUSED(kept)
    const bool closing = std::exchange(m_keepingForLater, false);
    for (const QString &error : errors)
        m_notice->addMessage(tr("Could not keep a queued job for later: %1").arg(error));
    updateState();
    if (closing && errors.isEmpty())
        close();
}

void MainWindow::copyAgain()
{
    if (m_lastRequest.sources.isEmpty())
        return;
    auto *dialog = new CopyAgainDialog(m_settings.options.onCollision, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        CopyOptions options = m_settings.jobOptions(m_lastMove);
        options.onCollision = dialog->policy();
        startSession(m_lastRequest, options);
    });
    dialog->open();
}

void MainWindow::retrySkipped(const CopyRequest &request)
{
    if (request.sources.isEmpty())
        return;
    // Items a Skip policy left out would only be skipped again: ask about each instead.
    CopyOptions options = m_settings.jobOptions(m_lastMove);
    if (options.onCollision == CollisionPolicy::Skip)
        options.onCollision = CollisionPolicy::Ask;
    startSession(request, options);
}

NotificationActions MainWindow::finishedActions(const CopyResult &result,
                                                const CopyRequest &request)
{
    NotificationActions actions;
    if (result.itemsCopied > 0)
        actions.showItems = copiedItemPaths(request);
    const bool complete = result.status == CopyStatus::Succeeded
                          || result.status == CopyStatus::CompletedWithWarnings;
    if (complete && m_eject->isOffered() && !m_eject->checkBox()->isChecked()) {
        QPointer<EjectControl> eject = m_eject;
        actions.eject = [eject, destination = request.destination] {
            if (eject)
                eject->eject(destination);
        };
    }
    return actions;
}

void MainWindow::togglePause()
{
    if (CopySession *shown = session())
        m_queue->setJobPaused(m_shownJob, !shown->isPaused());
    updateState();
}

void MainWindow::skipCurrent()
{
    if (CopySession *shown = session())
        shown->skipCurrent();
}

void MainWindow::cancelCopy()
{
    if (CopySession *shown = session())
        shown->cancel();
}

void MainWindow::keepFocusDuringJob()
{
    // Disabling the focused widget has moved the focus on to whatever comes next.
    const QWidget *focus = QApplication::focusWidget();
    if (focus == nullptr || !focus->isEnabled() || focus != m_focusBeforeJob
        || focus == m_copyButton || focus == m_moveButton)
        m_transferArea->jobButtons().constFirst()->setFocus(Qt::OtherFocusReason);
}

void MainWindow::restoreFocusAfterJob()
{
    QWidget *target = m_focusBeforeJob;
    if (target == nullptr || !target->isEnabled() || !target->isVisibleTo(this))
        target = m_sourcesPanel->view();
    target->setFocus(Qt::OtherFocusReason);
    m_focusBeforeJob.clear();
}

} // namespace Sluice::Ui
