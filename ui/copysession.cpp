#include "copysession.h"

#include "collisiondialog.h"
#include "desktopjoblink.h"
#include "errordialog.h"
#include "preflightdialog.h"

namespace Sluice::Ui {

namespace {

Desktop::DesktopLinkOptions windowLinkOptions()
{
    Desktop::DesktopLinkOptions options;
    options.controlsJob = false;
    return options;
}

} // namespace

CopySession::CopySession(const CopyRequest &request, const CopyOptions &options,
                         QWidget *dialogParent, QObject *parent)
    : QObject(parent)
    , m_job(request, options)
    , m_dialogParent(dialogParent)
    , m_desktop(new Desktop::DesktopJobLink(&m_job, windowLinkOptions(), this))
{
    // Plasma's buttons go through the session, so that the window shows the same state.
    connect(m_desktop, &Desktop::DesktopJobLink::cancelRequested, this, &CopySession::cancel);
    connect(m_desktop, &Desktop::DesktopJobLink::suspendRequested, this, [this] {
        setPaused(true);
        Q_EMIT pauseChanged(true);
    });
    connect(m_desktop, &Desktop::DesktopJobLink::resumeRequested, this, [this] {
        setPaused(false);
        Q_EMIT pauseChanged(false);
    });
    connect(&m_job, &CopyJob::progressChanged, this, [this](const CopyProgress &progress) {
        // While a question is open the header names the item asked about: with several
        // small-file threads the core's current item is whichever file another thread
        // reached last, not the one the dialog is about.
        const QuestionDialog *dialog = m_dialog.data();
        const QByteArray asked =
            progress.waiting && dialog != nullptr ? dialog->question().source : QByteArray();
        if (asked.isEmpty()) {
            Q_EMIT progressChanged(progress);
            return;
        }
        CopyProgress shown = progress;
        shown.currentItem = asked;
        Q_EMIT progressChanged(shown);
    });
    connect(&m_job, &CopyJob::questionAsked, this, &CopySession::onQuestion);
    connect(&m_job, &CopyJob::finished, this, &CopySession::onFinished);
}

CopySession::~CopySession()
{
    if (m_dialog)
        m_dialog->withdraw();
}

bool CopySession::desktopReportsResult() const
{
    return m_desktop->jobViewInUse();
}

void CopySession::setIoHooks(const IoHooks &hooks)
{
    m_job.setIoHooks(hooks);
}

void CopySession::start()
{
    m_job.start();
}

void CopySession::setPaused(bool paused)
{
    if (paused == m_paused || m_job.isFinished())
        return;
    m_paused = paused;
    if (paused)
        m_job.suspend();
    else
        m_job.resume();
}

void CopySession::skipCurrent()
{
    m_job.skipCurrent();
}

void CopySession::cancel()
{
    m_paused = false; // a paused job stops at once on cancel
    m_job.cancel();
}

void CopySession::stopResumable()
{
    m_paused = false;
    m_job.stopResumable();
}

void CopySession::setSpeedLimit(qint64 bytesPerSecond)
{
    m_job.setSpeedLimit(qMax<qint64>(0, bytesPerSecond));
}

void CopySession::onQuestion(const CopyQuestion &question)
{
    if (m_dialog)
        m_dialog->withdraw(); // one question at a time; a new one supersedes
    QuestionDialog *dialog = nullptr;
    switch (question.kind) {
    case QuestionKind::Collision:
        dialog = new CollisionDialog(question, m_dialogParent);
        break;
    case QuestionKind::Error:
        dialog = new ErrorDialog(question, m_dialogParent);
        break;
    case QuestionKind::Preflight:
        dialog = new PreflightDialog(question, m_dialogParent);
        break;
    }
    if (!dialog)
        return;
    m_dialog = dialog;
    connect(dialog, &QuestionDialog::answered, this,
            [this](quint64 id, const QuestionAnswer &answer) {
                m_job.answer(id, answer.decision, answer.applyToAll, answer.newName);
            });
    dialog->open(); // never exec(): the event loop and the progress keep running
    Q_EMIT questionOpened(dialog);
}

void CopySession::onFinished(const CopyResult &result)
{
    if (m_dialog)
        m_dialog->withdraw();
    m_paused = false;
    Q_EMIT finished(result);
}

} // namespace Sluice::Ui
