#include "mainwindow.h"

#include "copyagaindialog.h"
#include "copysession.h"
#include "ejectcontrol.h"
#include "issuereport.h"
#include "notifier.h"
#include "sourcelistview.h"
#include "sourcespanel.h"
#include "transferarea.h"

#include <QApplication>
#include <QCheckBox>
#include <QPointer>
#include <QPushButton>

// The window's side of a running job: starting its session, showing its progress and
// result, the job's buttons and the keyboard focus while it runs.

namespace Sluice::Ui {

void MainWindow::startSession(const CopyRequest &request, const CopyOptions &options)
{
    m_session = new CopySession(request, options, this, this);
    m_session->setIoHooks(m_ioHooks);
    connect(m_session, &CopySession::progressChanged, this, &MainWindow::onProgress);
    connect(m_session, &CopySession::finished, this, &MainWindow::onFinished);
    connect(m_session, &CopySession::pauseChanged, this, &MainWindow::updateState);
    m_transferArea->beginJob();
    m_session->start();
    updateState();
    keepFocusDuringJob();
}

void MainWindow::onProgress(const CopyProgress &progress)
{
    m_transferArea->setProgress(progress);
    updateTitle(progress.perMille());
}

void MainWindow::onFinished(const CopyResult &result)
{
    CopySession *session = m_session;
    m_session = nullptr;
    const bool move = session->options().move;
    m_transferArea->showResult(result, session->request(), move);
    // The sources stay in the list: "Copy again…" and retries start from them.
    if (session->request().destinationFolders.isEmpty()) {
        m_lastRequest = session->request();
        m_lastMove = move;
    }
    session->deleteLater();
    // Plasma's job view reports the result itself.
    if (!session->desktopReportsResult()) {
        notifyIfInactive(this, IssueReport::headline(result, move),
                         IssueReport::figures(result, move).mid(0, 2).join(QLatin1Char('\n')),
                         finishedActions(result, session->request()));
    }
    m_eject->jobFinished(result, session->request().destination);
    updateState();
    updateTitle(-1);
    Q_EMIT jobFinished(result);
    if (m_closeWhenFinished)
        close();
}

void MainWindow::copyAgain()
{
    if (m_session || m_lastRequest.sources.isEmpty())
        return;
    auto *dialog = new CopyAgainDialog(m_settings.options.onCollision, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        if (m_session)
            return;
        CopyOptions options = m_settings.jobOptions(m_lastMove);
        options.onCollision = dialog->policy();
        startSession(m_lastRequest, options);
    });
    dialog->open();
}

void MainWindow::retrySkipped(const CopyRequest &request)
{
    if (m_session || request.sources.isEmpty())
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
    if (!m_session)
        return;
    m_session->setPaused(!m_session->isPaused());
    updateState();
}

void MainWindow::skipCurrent()
{
    if (m_session)
        m_session->skipCurrent();
}

void MainWindow::cancelCopy()
{
    if (m_session)
        m_session->cancel();
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
