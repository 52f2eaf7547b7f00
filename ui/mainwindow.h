#pragma once

#include "appsettings.h"
#include "copyresult.h"
#include "iohooks.h"
#include "launchrequest.h"

#include <QMainWindow>
#include <QPointer>

class QDoubleSpinBox;
class QLabel;
class QPushButton;

namespace Sluice {
class SourceScanner;
struct CopyProgress;
struct SourceSummary;
} // namespace Sluice

namespace Sluice::Ui {

class CopySession;
class DestinationField;
class LeaveOutField;
class EjectControl;
class JobQueue;
class NoticeBar;
class QueuePanel;
struct NotificationActions;
class SourceListModel;
class SourcesPanel;
class TransferArea;

/// The Sluice window: the sources (drop anything on the window), the destination folder,
/// Copy and Move, then the transfer (bars, rates, buffers, memory, chart), Pause/Resume,
/// Skip and Cancel, and the summary. Sources added while a job runs (drop, the add dialogs,
/// a hand-off from `sluice`) become queued jobs of the JobQueue, which the queue panel
/// lists; the transfer area shows the job selected there (else the one started last).
/// Owns the scanners that measure sources and check folders off the GUI thread, and the
/// queue with the CopySessions of its jobs. Closing it during a copy asks first and cancels
/// cleanly. GUI thread.
class MainWindow final : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;
    Q_DISABLE_COPY_MOVE(MainWindow)

    /// Adds the request's sources, sets its destination and starts (a copy or a move) when it
    /// says so. While a job runs, sources become a queued job into the request's destination
    /// (else the window's).
    void applyLaunchRequest(const LaunchRequest &request);
    /// True from pressing Copy (or Move) until the last queued job has finished.
    bool isBusy() const;
    /// The process is asked to end: forgets a pending start, drops the queued jobs and
    /// cancels the running ones. True when a job runs; allJobsFinished() follows once their
    /// part files are removed.
    bool stopForQuit();
    /// Test seam: hooks given to every job this window starts (see IoHooks).
    void setIoHooks(const IoHooks &hooks);

    SourceListModel *sourceModel() const { return m_sources; }
    DestinationField *destinationField() const { return m_destination; }
    JobQueue *queue() const { return m_queue; }
    /// The session of the job the transfer area shows, while it runs.
    CopySession *session() const;

public Q_SLOTS:
    /// Starts copying (or moving) the sources into the destination folder. Without a
    /// destination, the folder dialog opens first.
    void startCopy();
    void startMove();

Q_SIGNALS:
    /// A job ended (after its summary is shown when it is the one on show).
    void jobFinished(const Sluice::CopyResult &result);
    /// The last running job ended and none is queued.
    void allJobsFinished();

protected:
    void showEvent(QShowEvent *event) override;
    void closeEvent(QCloseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dragMoveEvent(QDragMoveEvent *event) override;
    void dragLeaveEvent(QDragLeaveEvent *event) override;
    void dropEvent(QDropEvent *event) override;
    /// Tab and Shift+Tab go round setUpTabOrder()'s chain, wrapping from its last stop to its
    /// first, skipping hidden and disabled ones. Qt's own focus ring would continue after the
    /// last stop into widgets outside the chain (the queue panel's focus proxy led Tab back
    /// into the queue after "Copy again…", never to the sources).
    bool focusNextPrevChild(bool next) override;

private:
    void buildLayout();
    /// The height the upper part (what to copy, the queue) needs.
    int topHeight() const;
    /// The queue is shown: the upper part grows so that it lists QueueRows jobs.
    void makeRoomForQueue();
    /// Jobs the queue shows whole at the window's default size (issue 12: four at 1280 × 720).
    static constexpr int QueueRows = 4;
    /// A summary is shown: the upper part yields (down to its minimum) the height the summary
    /// needs with its list of problems and the chart (TransferArea::summaryHeight()).
    void makeRoomForSummary();
    void connectSignals();
    void setUpTabOrder();
    void start(bool move);
    void onProbed(const Sluice::SourceSummary &summary);
    void beginJob(const QByteArray &destination, bool move);
    /// Queues a job for @p request with @p options (the sources list is left alone); it
    /// starts when its device is free. @p bytes: its size when known, else -1.
    void startSession(const CopyRequest &request, const CopyOptions &options, qint64 bytes = -1);
    /// Sources added while a job runs: a queued copy of @p paths into the destination.
    void queuePaths(const QList<QByteArray> &paths);
    /// Shows job @p id in the transfer area (its progress, or its summary once ended).
    void showJob(quint64 id);
    void onJobStarted(quint64 id);
    void onJobProgress(quint64 id, const Sluice::CopyProgress &progress);
    void onJobFinished(quint64 id, const Sluice::CopyResult &result);
    /// The journal held interrupted jobs (listed in the queue): says so in the notice bar,
    /// with the count of those still interrupted (the notice goes when none is left).
    void offerInterrupted(int count, int neverStarted, qint64 bytesLeft, qint64 bytesTotal);
    /// Closing while jobs run: cancel them, stop them resumably ("Stop, resume later"), or
    /// keep copying (the default).
    void askBeforeClosing();
    /// Closing with queued jobs: "Keep for next start" (JobJournal::keepForLater()),
    /// "Discard them", or stay open.
    void askToKeepQueued();
    void onKeptForLater(int kept, const QStringList &errors);
    /// "Copy again…": the last job's request, with a collision policy the person chooses.
    void copyAgain();
    /// "Retry failed and skipped items": copies @p request (only those items).
    void retrySkipped(const CopyRequest &request);
    /// The finished notification's buttons: "Open folder" with what was copied, "Eject"
    /// when the drive is removable and was not ejected already.
    NotificationActions finishedActions(const Sluice::CopyResult &result,
                                        const Sluice::CopyRequest &request);
    void togglePause();
    void skipCurrent();
    void cancelCopy();
    /// Escape during a copy: asks, "Keep copying" the default, then cancels.
    void confirmCancel();
    void openSettings();
    void applySettings(const WindowSettings &settings);
    void onSourceRefused(const QByteArray &path, int errorCode);
    void updateState();
    void updateTitle(int perMille);
    /// A job starts: the focus moves to Pause when the widget that had it is now disabled
    /// (the Copy button, the source list), so that the keyboard keeps a visible place.
    void keepFocusDuringJob();
    /// The job ended while Pause, Skip or Cancel had the focus: it goes back where it was
    /// before the job (else to the source list), so that the idle window is as it was
    /// before the copy (no caret left blinking elsewhere, no focus lost).
    void restoreFocusAfterJob();

    WindowSettings m_settings;
    IoHooks m_ioHooks;
    SourceScanner *m_sourceScanner;
    SourceScanner *m_probeScanner;
    SourceListModel *m_sources;
    SourcesPanel *m_sourcesPanel;
    LeaveOutField *m_leaveOut = nullptr;
    DestinationField *m_destination;
    NoticeBar *m_notice;
    EjectControl *m_eject = nullptr;
    QDoubleSpinBox *m_speedLimit;
    QPushButton *m_settingsButton;
    QPushButton *m_moveButton;
    QPushButton *m_copyButton;
    TransferArea *m_transferArea;
    JobQueue *m_queue;
    QueuePanel *m_queuePanel;
    quint64 m_shownJob = 0;              ///< the job the transfer area shows; 0 none
    bool m_jobChosen = false;            ///< m_shownJob was chosen by the person in the queue
    quint64 m_probeId = 0;               ///< destination check before a job starts
    bool m_probeForMove = false;         ///< the job waiting for m_probeId is a move
    int m_startWhenChosen = -1;          ///< 0 copy, 1 move once a folder is chosen; -1 none
    QList<QByteArray> m_queueWhenChosen; ///< sources to queue once a folder is chosen
    bool m_closeWhenFinished = false;
    bool m_shownOnce = false;
    bool m_keepingForLater = false;   ///< closing once the queued jobs are written down
    bool m_keepQueuedOnClose = false; ///< closing after "Stop, resume later": keep, do not ask
    CopyRequest m_lastRequest;        ///< the last job's, for "Copy again…" and retries
    bool m_lastMove = false;
    QList<QPointer<QWidget>> m_tabChain; ///< the Tab stops in order (setUpTabOrder())
    QPointer<QWidget> m_focusBeforeJob;  ///< where the keyboard focus was when the job began
};

} // namespace Sluice::Ui
