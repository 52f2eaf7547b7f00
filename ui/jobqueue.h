#pragma once

#include "copyjob.h"

#include <QAbstractTableModel>
#include <QDateTime>
#include <QList>
#include <QPointer>
#include <QSet>
#include <QThreadPool>

#include <memory>
#include <optional>

class QFileSystemWatcher;
class QWidget;

namespace Sluice {
struct InterruptedJob;
class SourceScanner;
struct SourceSummary;
struct DestinationDevice;
} // namespace Sluice

namespace Sluice::Ui {

class CopySession;

/// Where a job of the window's queue stands.
enum class JobState : quint8 {
    Queued,           ///< waits for its turn in the window
    Held,             ///< queued, but paused by the person: not started, others go ahead
    WaitingForDevice, ///< started; another program's copy writes to its disk (DeviceTurn)
    Copying,          ///< started (planning, checking, copying, verifying, flushing)
    Paused,           ///< started and paused
    Finished,         ///< succeeded, possibly with warnings
    Failed,
    Cancelled,
    /// Stopped before its end with its journal entry kept — killed, power lost, "Stop,
    /// resume later" — (JobJournal): can be resumed or discarded.
    Interrupted,
    /// Interrupted here, then resumed by another program (`sluice-cli --resume`, another
    /// window), which holds its journal entry now: nothing to do here. The row goes when
    /// the entry does (that program ended the job), or is Interrupted again when that
    /// program stops it resumably.
    ResumedElsewhere,
    /// Ran to its end, but some items failed or were skipped on an error (CopyStatus::Failed
    /// of a job that reached every item); Failed is for a job that could not start or was
    /// aborted. After the others, so that older saved histories keep their numbers.
    Incomplete,
};

/// The text a person reads for @p state ("Queued", "Waiting for its device"…).
QString jobStateName(JobState state);
struct QueuedJob;
/// What the queue says of @p job: its state's name, or for a job that could not start
/// "Could not start: " and the cause.
QString jobStateText(const QueuedJob &job);

/// One row of the queue: what is copied, where, with which options (as they were when the
/// job was queued), and how far it got. Rows restored from the history have no session.
struct QueuedJob
{
    quint64 id = 0;
    CopyRequest request;
    CopyOptions options;
    JobState state = JobState::Queued;
    qint64 bytesTotal = -1; ///< -1 while not measured
    qint64 bytesDone = 0;
    int perMille = -1; ///< -1 before the first progress sample
    bool deviceKnown = false;
    QList<QByteArray> deviceKeys; ///< DestinationDevice::keys; empty = shares no disk
    QString deviceName;
    QDateTime finishedAt;
    /// Why a job that could not start did not: the cause of its first error ("Permission
    /// denied (EACCES)"), shown with its state (stateText()) and kept in the history.
    QString notStartedCause;
    /// Its journal entry (JobJournal): written when the job is queued (held by this window
    /// while it waits, EntryLock::HoldQueued) or the Interrupted one to resume; the job
    /// starts on it (CopyOptions::resumeId). Empty: none (not written yet, or no journal).
    QString journalId;
    bool neverStarted = false; ///< Interrupted: kept at quit before it started
    /// JobQueue's journal check count when the row became Interrupted: checks asked for
    /// before then (refreshInterrupted()) say nothing about it.
    quint64 interruptedAt = 0;
    /// Its entry is being written or its lock taken (off the GUI thread): it does not start.
    bool entryPending = false;
    /// Its entry was written when it was queued here (not an interrupted one resumed).
    bool ownEntry = false;
    /// The journal work of this job, shared with the queue's journal thread (which alone
    /// reads and writes it, in order): the entry's id once written.
    std::shared_ptr<QString> entry;
    CopySession *session = nullptr; ///< owned by the JobQueue while the job runs
    std::optional<CopyProgress> lastProgress;
    std::optional<CopyResult> result;

    bool isStarted() const { return session != nullptr; }
    bool isEnded() const
    {
        return state == JobState::Finished || state == JobState::Incomplete
               || state == JobState::Failed || state == JobState::Cancelled;
    }
    bool isWaiting() const { return state == JobState::Queued || state == JobState::Held; }
    /// Interrupted, or resumed by another program: its entry is not this window's.
    bool isKeptElsewhere() const
    {
        return state == JobState::Interrupted || state == JobState::ResumedElsewhere;
    }
    /// Measured, and under @c options.smallJobBytes: never waits for its device.
    bool isSmall() const { return bytesTotal >= 0 && bytesTotal < options.smallJobBytes; }
};

/// The window's jobs, in the order the person sees and wants them run (issue 12): a table
/// model (columns Job, State, Size, Progress) for the queue panel, which also owns the
/// CopySession of every started job and starts them. Rows: first the jobs not ended
/// (started, queued, held, interrupted) in the order they run, then the ended ones (the
/// history), newest first; a job that ends moves to the top of the history.
///
/// The journal (JobJournal): every job is written down as it is queued (keepForLater with
/// EntryLock::HoldQueued, the request and options as queued) and started on that entry, so
/// that a crash of the window leaves every queued job interrupted, to resume at the next
/// start in the queue's order (JobJournal::saveQueueOrder(), as the rows change). While
/// it waits, this window holds the entry's lock. Journal work runs on a thread of the
/// queue's own, one task at a time in the order asked.
///
/// Scheduling (schedule(), after every change): in row order, every queued job whose disks
/// no earlier job of the window claims is started — one job at a time per disk, jobs on
/// different disks at the same time; a queued job claims its disks even while it waits, so
/// that a later one does not pass it. A job measured under CopyOptions::smallJobBytes never
/// waits and claims nothing (the core lets it write without a turn as well). Started jobs
/// still take their turn with other programs' copies (DeviceTurnPolicy::Wait in the
/// options). Disks are found by destinationDevice() and sizes by a SourceScanner, both off
/// the GUI thread; a job whose disk is not known yet holds back the large jobs after it.
///
/// Interrupted rows follow their journal entries while they are listed: the journal folder
/// is watched (QFileSystemWatcher, inotify: no timer wakes an idle window), and an entry
/// another program resumed makes its row ResumedElsewhere, one that is gone (that program
/// finished, cancelled or discarded it) takes its row off the list.
///
/// Finished rows go into the history (JobHistory, QSettings) and are restored from it by
/// the constructor. GUI thread.
class JobQueue final : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { JobColumn, StateColumn, SizeColumn, ProgressColumn, ColumnCount };
    enum Role {
        IdRole = Qt::UserRole + 1, ///< quint64
        StateRole,                 ///< int(JobState)
        PerMilleRole,              ///< int, -1 unknown
    };

    /// Questions of the jobs open as dialogs parented to @p dialogParent.
    explicit JobQueue(QWidget *dialogParent, QObject *parent = nullptr);
    ~JobQueue() override;
    Q_DISABLE_COPY_MOVE(JobQueue)

    /// Test seam: hooks given to every job started from now on (see IoHooks).
    void setIoHooks(const IoHooks &hooks) { m_hooks = hooks; }
    /// Appends a queued job; @p bytesTotal is its measured size or -1 (then it is measured
    /// here). Returns its id, or 0 (nothing queued) when @p request names no source. The job
    /// starts when schedule() finds it may.
    quint64 enqueue(const CopyRequest &request, const CopyOptions &options, qint64 bytesTotal = -1);

    /// Moves queued job @p id one row up (-1) or down (+1) past the next queued job.
    bool moveJob(quint64 id, int step);
    /// Puts queued job @p id before row @p row (a drop).
    bool moveJobTo(quint64 id, int row);
    /// Removes a queued or ended job (an ended one leaves the history too, a queued one's
    /// journal entry is discarded); an Interrupted one is discarded (JobJournal::discard(),
    /// its part file too, off the GUI thread); a ResumedElsewhere one only leaves the list.
    /// Started jobs are cancelled instead, not removed.
    bool removeJob(quint64 id);
    /// Pauses or resumes job @p id: a queued job is held back (Held) or queued again, a
    /// started one suspended or resumed.
    void setJobPaused(quint64 id, bool paused);
    /// Removes every ended row and empties the history.
    void clearEnded();
    /// Cancels every started job and drops the queued ones (the window closes or the process
    /// ends). True when some job was started: allEnded() follows.
    bool cancelAll();
    /// Cancels every started job; queued ones stay but none starts until resumeScheduling().
    void cancelStarted();
    /// stopForLater() for every started job (the window closes with "Stop, resume later");
    /// queued ones stay but none starts until resumeScheduling().
    void stopStartedForLater();
    void resumeScheduling();
    /// Reads the journal's interrupted jobs (off the GUI thread) and lists them as
    /// Interrupted rows; offeredChanged() follows when there are any.
    void loadInterrupted();
    /// Queues Interrupted job @p id again, resuming its journal entry.
    bool resumeJob(quint64 id);
    /// Stops started job @p id resumably (CopyJob::stopResumable()): its row becomes
    /// Interrupted when the job kept its journal entry.
    void stopForLater(quint64 id);
    /// Keeps every queued and held job in the journal for the next start (their entries are
    /// let go, JobJournal::release(); one that has none is written down with
    /// JobJournal::keepForLater()) and takes them off the list; keptForLater() follows.
    /// False when none waits.
    bool keepWaitingForLater();
    /// The window's speed limit (bytes/s, 0 = none): every started job's from now on, and
    /// the one each job starts with (the limit is the window's, not the job's as queued; the
    /// job records it in its journal entry, so that a resume elsewhere keeps to it).
    void setSpeedLimit(qint64 bytesPerSecond);

    const QueuedJob *job(quint64 id) const;
    /// The row of job @p id, or -1.
    int rowOf(quint64 id) const;
    quint64 idAt(int row) const;
    const QList<QueuedJob> &jobs() const { return m_jobs; }
    /// Jobs started and not ended.
    int startedCount() const;
    /// Jobs queued or held.
    int waitingCount() const;
    /// True while any job is queued, held or started, or being kept for later.
    bool isActive() const { return startedCount() + waitingCount() + m_keeping > 0; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    Qt::DropActions supportedDropActions() const override { return Qt::MoveAction; }
    QStringList mimeTypes() const override;
    QMimeData *mimeData(const QModelIndexList &indexes) const override;
    /// A drop of queued rows (from mimeData()) moves them before @p row. The view's own
    /// removal after a move drop does nothing: removeRows() is not implemented.
    bool dropMimeData(const QMimeData *data, Qt::DropAction action, int row, int column,
                      const QModelIndex &parent) override;
    /// One queued row before @p destinationChild (QListView's InternalMove drop).
    bool moveRows(const QModelIndex &sourceParent, int sourceRow, int count,
                  const QModelIndex &destinationParent, int destinationChild) override;

Q_SIGNALS:
    void jobStarted(quint64 id);
    void jobProgress(quint64 id, const Sluice::CopyProgress &progress);
    /// Paused or resumed from outside the window (Plasma's job view).
    void jobPauseChanged(quint64 id);
    void jobFinished(quint64 id, const Sluice::CopyResult &result);
    /// The last started job ended and nothing is queued any more.
    void allEnded();
    /// A question dialog of job @p id was opened.
    void questionOpened(quint64 id);
    /// The interrupted jobs found at start (loadInterrupted()) that are still Interrupted:
    /// @p count of them, @p neverStarted of those queued jobs kept before they started, with
    /// @p bytesLeft of @p bytesTotal to copy (those that never started measured first).
    /// Emitted once they are listed and measured, then again whenever that changes (one
    /// resumed, discarded, resumed or ended by another program); @p count 0: none is left.
    void offeredChanged(int count, int neverStarted, qint64 bytesLeft, qint64 bytesTotal);
    /// keepWaitingForLater() is done: @p kept jobs recorded; @p errors for the others.
    void keptForLater(int kept, const QStringList &errors);
    /// Something to tell the person (a journal entry that could not be discarded).
    void problem(const QString &text);

private:
    QueuedJob *find(quint64 id);
    void changed(int row);
    /// Rows before the history: the jobs not ended.
    int activeCount() const;
    /// Moves ended job @p id to the top of the history.
    void moveToHistory(quint64 id);
    /// Writes job @p id down in the journal as queued (its lock held) and lets it start then.
    void recordQueued(QueuedJob &job);
    /// Discards the entry of job @p job (which leaves the queue) once it is written.
    void dropEntry(const QueuedJob &job);
    /// The journal ids of the rows not ended, in order, to JobJournal::saveQueueOrder() when
    /// they changed (on the journal thread; a failure is a problem(), said once).
    void saveOrder();
    /// What becomes of @p job's entry once its session ended with @p result: kept
    /// (Interrupted) or gone.
    void settleEntry(QueuedJob &job, const CopyResult &result);
    /// Interrupted @p job's row shows the bytes its journal entry has done of those planned
    /// (read off the GUI thread; unknown until then).
    void showKept(QueuedJob &job);
    /// offeredChanged() when what it says changed, once the offered jobs that never started
    /// are measured.
    void offerWhenMeasured();
    /// Watches the journal folder while rows are Interrupted or ResumedElsewhere (the
    /// watcher is made off the GUI thread: adding a path stats it), then refreshInterrupted().
    void watchJournal();
    /// Asks the journal (off the GUI thread) what became of the entries of those rows, and
    /// updates them (applyKept()); one check at a time, another after it when asked meanwhile.
    /// Stops watching when no such row is left.
    void refreshInterrupted();
    /// The check asked for as number @p check: @p kept the entries no program holds, @p gone
    /// the ids of those that are not there any more; the others are held by another program.
    void applyKept(quint64 check, const QList<Sluice::InterruptedJob> &kept,
                   const QStringList &gone);
    /// @p job becomes Interrupted now (its journal entry kept, no longer this window's).
    void becomeInterrupted(QueuedJob &job);
    /// The destructor: the entries of waiting jobs queued here are discarded, those of
    /// interrupted copies queued to resume let go (interrupted again).
    void dropWaiting();
    void schedule();
    void startJob(QueuedJob &job);
    void measure(QueuedJob &job);
    void onMeasured(const Sluice::SourceSummary &summary);
    void resolveDevice(quint64 id, const QByteArray &destination);
    void onInterrupted(const QList<Sluice::InterruptedJob> &jobs);
    void discardJob(quint64 id);
    void onDeviceResolved(quint64 id, const Sluice::DestinationDevice &device);
    void onProgress(quint64 id, const Sluice::CopyProgress &progress);
    void onFinished(quint64 id, const Sluice::CopyResult &result);
    void saveHistory() const;
    QString describe(const QueuedJob &job) const;

    QWidget *m_dialogParent;
    SourceScanner *m_scanner;
    IoHooks m_hooks;
    QList<QueuedJob> m_jobs;
    quint64 m_nextId = 1;
    struct Measuring
    {
        int pending = 0; ///< sources not measured yet
        qint64 bytes = 0;
    };
    QHash<quint64, quint64> m_scans;       ///< scan id → the job it measures
    QHash<quint64, Measuring> m_measuring; ///< job id → its measurement so far
    bool m_cancelling = false;
    qint64 m_speedLimit = -1;   ///< setSpeedLimit(); -1: not set, a job keeps its options' limit
    int m_keeping = 0;          ///< keepWaitingForLater() calls not done yet
    QStringList m_savedOrder;   ///< what saveOrder() wrote last
    bool m_orderFailed = false; ///< the last saveOrder() failed (and said so)
    /// The interrupted jobs found at start (rows), offered once those that never started
    /// are measured; what offeredChanged() said last.
    struct Offer
    {
        QList<quint64> jobs;
        bool said = false;
        int count = 0;
        int neverStarted = 0;
        qint64 left = 0;
        qint64 total = 0;
    };
    Offer m_offer;
    /// The journal folder's watcher (a child), while rows are kept elsewhere; being made.
    QFileSystemWatcher *m_journalWatch = nullptr;
    bool m_watchPending = false;
    /// The watcher the journal thread made, until this thread takes it.
    std::shared_ptr<QFileSystemWatcher *> m_madeWatch;
    quint64 m_checks = 0;      ///< journal checks asked for (refreshInterrupted())
    bool m_checking = false;   ///< one runs
    bool m_checkAgain = false; ///< the folder changed while it ran
    /// One thread, so that the journal work of a job runs in the order it was asked
    /// (written, then let go or discarded). Waited for by the destructor.
    QThreadPool m_journalThread;
};

} // namespace Sluice::Ui
