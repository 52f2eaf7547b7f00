#pragma once

#include "copyjob.h"
#include "questiondialog.h"

#include <QObject>
#include <QPointer>

class QWidget;

namespace Sluice::Desktop {
class DesktopJobLink;
}

namespace Sluice::Ui {

/// One copy (or move) started from the window: holds the CopyJob, answers its questions
/// through non-modal dialogs (collision, error, preflight) parented to @p dialogParent, and
/// forwards pause, skip, cancel and the speed limit. The job's signals are re-emitted
/// unchanged, except that while a question is open progressChanged() names the item asked
/// about as CopyProgress::currentItem; finished() comes exactly once. GUI thread.
class CopySession final : public QObject
{
    Q_OBJECT
public:
    CopySession(const CopyRequest &request, const CopyOptions &options, QWidget *dialogParent,
                QObject *parent = nullptr);
    ~CopySession() override;
    Q_DISABLE_COPY_MOVE(CopySession)

    /// Test seam, see IoHooks; before start().
    void setIoHooks(const IoHooks &hooks);
    void start();
    /// Suspends or resumes the job; the window shows the state at once, the samples follow.
    void setPaused(bool paused);
    bool isPaused() const { return m_paused; }
    void skipCurrent();
    void cancel();
    /// Stops resumably: the part file and the journal entry are kept (CopyJob::stopResumable()).
    void stopResumable();
    /// Changes the write-side limit while copying, bytes/s (0 = none).
    void setSpeedLimit(qint64 bytesPerSecond);

    bool isRunning() const { return m_job.isRunning(); }
    bool isFinished() const { return m_job.isFinished(); }
    const CopyRequest &request() const { return m_job.request(); }
    const CopyOptions &options() const { return m_job.options(); }
    /// True when Plasma's job view shows this job (and so reports its result).
    bool desktopReportsResult() const;
    /// The question dialog waiting for an answer, if any.
    QuestionDialog *openDialog() const { return m_dialog; }

Q_SIGNALS:
    void progressChanged(const Sluice::CopyProgress &progress);
    /// A question dialog was opened (it is already shown).
    void questionOpened(Sluice::Ui::QuestionDialog *dialog);
    /// Paused or resumed from outside the window (Plasma's job view buttons).
    void pauseChanged(bool paused);
    void finished(const Sluice::CopyResult &result);

private:
    void onQuestion(const Sluice::CopyQuestion &question);
    void onFinished(const Sluice::CopyResult &result);

    CopyJob m_job;
    QWidget *m_dialogParent;
    QPointer<QuestionDialog> m_dialog;
    Desktop::DesktopJobLink *m_desktop;
    bool m_paused = false;
};

} // namespace Sluice::Ui
