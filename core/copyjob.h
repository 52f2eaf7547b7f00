#pragma once

#include "copyoptions.h"
#include "copyprogress.h"
#include "copyquestion.h"
#include "copyresult.h"
#include "iohooks.h"

#include <QObject>

#include <memory>
#include <mutex>

class QThread;

namespace Sluice {

struct JobContext;
class CopyWorker;
class ProgressSampler;

/// One copy job: the facade the window, the CLI and the tests hold (DESIGN.md, "Request").
/// Lives in the thread that creates it (the GUI thread); the work runs on a named worker
/// thread ("sluice-copy") with a reader thread ("sluice-read"), small-file threads
/// ("sluice-small-N") and a progress sampler thread ("sluice-progress").
///
/// Lifecycle, modelled on KJob: start() once; then any number of suspend(), resume(),
/// skipCurrent() and answer() calls; cancel() at any time; finished() is emitted exactly
/// once, after a last progressChanged(), whether the job succeeded, failed, was cancelled or
/// could not start. Every control call is thread-safe and returns at once. Destroying a
/// running job cancels it and waits for its threads (part files are removed).
class CopyJob final : public QObject
{
    Q_OBJECT
public:
    CopyJob(CopyRequest request, CopyOptions options, QObject *parent = nullptr);
    ~CopyJob() override;
    Q_DISABLE_COPY_MOVE(CopyJob)

    /// Test seams; must be set before start(). See IoHooks.
    void setIoHooks(const IoHooks &hooks);

    const CopyRequest &request() const { return m_request; }
    const CopyOptions &options() const { return m_options; }
    bool isRunning() const { return m_started && !m_finished; }
    bool isSuspended() const;
    bool isFinished() const { return m_finished; }
    /// The newest progress sample, as the sampler's thread took it: any thread, also while
    /// this thread's event loop is blocked and progressChanged() cannot arrive (sluice-cli's
    /// prompt). A default CopyProgress before the first sample.
    CopyProgress latestProgress() const;

public Q_SLOTS:
    /// Starts the job. Invalid options end it at once with a Failed result (not started).
    void start();
    /// Pauses reading and writing between chunks; threads wait on a condition variable.
    void suspend();
    void resume();
    /// Stops at the next chunk; the current part file is removed, finished items stay.
    /// Before start(): start() then ends the job Cancelled (not started), copying nothing.
    void cancel();
    /// Stops at the next chunk like cancel(), but resumably: the file in flight gets a last
    /// checkpoint (its part file is fdatasync(2)ed and kept), finished items stay, and the
    /// job's journal entry is kept; the job ends CopyStatus::Stopped with
    /// CopyResult::journalId to resume (CopyOptions::resumeId). A job without a journal
    /// (CopyOptions::journal false) ends Cancelled instead. Thread-safe, returns at once.
    void stopResumable();
    /// Abandons the file moving through the serial path (its part file is removed).
    void skipCurrent();
    /// Answers question @p questionId (from questionAsked()). Returns false when that
    /// question is not waiting (already answered, or the job ended).
    bool answer(quint64 questionId, Sluice::Decision decision, bool applyToAll = false,
                const QByteArray &newName = {});
    /// Changes the write-side speed limit (bytes/s, 0 = none) while the job runs.
    void setSpeedLimit(qint64 bytesPerSecond);

Q_SIGNALS:
    void started();
    /// About every 100 ms while running (one queued signal per sample, never per chunk).
    void progressChanged(const Sluice::CopyProgress &progress);
    /// The core needs a decision; answer with answer(question.id, ...). One at a time.
    void questionAsked(const Sluice::CopyQuestion &question);
    /// The job's journal cannot be written (JobJournal: a read-only or full state folder, a
    /// file in its place), found when the job starts or later: the copy goes on, but cannot
    /// be resumed after an interruption, and stopResumable() cancels instead. At most once,
    /// before finished(); @p issue (a warning naming the journal's path and the cause) is
    /// also in the result.
    void notResumable(const Sluice::CopyIssue &issue);
    /// Exactly once.
    void finished(const Sluice::CopyResult &result);

private:
    void onSample(const Sluice::CopyProgress &progress);
    void onWorkerDone(const Sluice::CopyProgress &progress, const Sluice::CopyResult &result);
    void finishNow(const CopyProgress &progress, const CopyResult &result);
    /// Ends a job that never ran (cancelled before start, invalid options, no memory) with
    /// @p status, queued like any finish.
    void finishWithoutStarting(CopyStatus status, const CopyIssueList &issues);

    CopyRequest m_request;
    CopyOptions m_options;
    IoHooks m_hooks;
    std::shared_ptr<JobContext> m_context;
    QThread *m_workerThread = nullptr;
    QThread *m_samplerThread = nullptr;
    CopyWorker *m_worker = nullptr;
    ProgressSampler *m_sampler = nullptr;
    bool m_started = false;
    bool m_cancelledBeforeStart = false;
    bool m_finished = false;
    mutable std::mutex m_latestMutex;
    CopyProgress m_latest; ///< guarded by m_latestMutex
};

/// Registers the core's value types with Qt's meta-type system (for queued signals).
/// Called by CopyJob's constructor; harmless to call again.
void registerCoreMetaTypes();

} // namespace Sluice
