#pragma once

#include "copyprogress.h"
#include "copyresult.h"

#include <QObject>
#include <QString>
#include <QTimer>

namespace Sluice {
class CopyJob;
}

namespace Sluice::Desktop {

class PlasmaJobView;
class SleepInhibitor;

/// Which desktop services a job is shown to.
struct DesktopLinkOptions
{
    bool jobView = true;       ///< Plasma's job view (PlasmaJobView)
    bool launcherEntry = true; ///< taskbar progress (LauncherEntry) when the job view is not used
    bool inhibitSleep = true;  ///< logind or portal inhibitors (SleepInhibitor)
    QString destinationLabel;  ///< "USB DISK"; empty: the destination's file name
    /// The job view's buttons call the job's cancel(), suspend() and resume(); when false
    /// they are only signalled (a front end that keeps its own pause state).
    bool controlsJob = true;
};

/// Shows one CopyJob to the desktop for its whole life: a Plasma job view whose buttons
/// cancel, pause and resume the job, taskbar progress elsewhere, a sleep inhibitor while
/// data moves, and a pause with syncfs(2) of the destination before the machine sleeps
/// (resumed after wake-up). Progress reaches the desktop at most every UpdateIntervalMs.
/// Nothing here waits on D-Bus: without a bus or its services the job runs as it would
/// alone. Lives in the job's thread (GUI or main), a child of @p job by default.
class DesktopJobLink final : public QObject
{
    Q_OBJECT
public:
    static constexpr int UpdateIntervalMs = 300;

    DesktopJobLink(CopyJob *job, DesktopLinkOptions options, QObject *parent = nullptr);
    ~DesktopJobLink() override;
    Q_DISABLE_COPY_MOVE(DesktopJobLink)

    /// Jobs a front end has queued and not started (the window's queue): the taskbar count
    /// (LauncherEntry) is the jobs running plus these, so that a dock shows every copy under
    /// way or waiting. Taken by the next update a running job sends. Main thread.
    static void setQueuedJobs(int count);

    /// True when Plasma's job view shows (and so reports the result of) this job.
    bool jobViewInUse() const;
    /// The process is about to stop (@p stopped true: SIGTSTP, Ctrl+Z, after the job was
    /// suspended) or was continued (false, before the job resumes). A stopped process runs
    /// no event loop, so both locks are released here at once rather than at the next
    /// progress sample: a stopped copy must neither keep the machine awake nor hold up its
    /// sleep for logind's InhibitDelayMaxSec. Continued, the locks are taken again as the
    /// job moves data.
    void setProcessStopped(bool stopped);
    /// The inhibitor, for tests and for callers that show its state.
    const SleepInhibitor *sleepInhibitor() const { return m_inhibitor; }

Q_SIGNALS:
    /// The job view's stop, pause and resume buttons were pressed.
    void cancelRequested();
    void suspendRequested();
    void resumeRequested();
    /// Before sleep: the job paused and its destination file system was flushed; the delay
    /// lock is released right after this signal.
    void flushedForSleep();

private:
    void onStarted();
    void onProgress(const Sluice::CopyProgress &progress);
    void onFinished(const Sluice::CopyResult &result);
    void onSleepImminent();
    void onWokeUp();
    void publish();
    /// Why the block lock is held: "Copying 1,204 files to USB DISK".
    QString inhibitReason() const;
    /// Why the delay lock is held.
    QString delayReason() const;

    CopyJob *m_job;
    DesktopLinkOptions m_options;
    PlasmaJobView *m_view = nullptr;
    SleepInhibitor *m_inhibitor = nullptr;
    QTimer m_ticker;
    CopyProgress m_progress;
    bool m_changed = false;
    bool m_running = false;
    bool m_pausedForSleep = false;
};

} // namespace Sluice::Desktop
