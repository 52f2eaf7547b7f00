#pragma once

#include "copyoptions.h"
#include "copyprogress.h"
#include "copyresult.h"
#include "journalwriter.h"

#include <QList>
#include <QObject>

#include <memory>
#include <optional>

class QThread;

namespace Sluice {

struct JobContext;
class ProgressSampler;
struct Plan;

/// Runs one job from plan to result on the "sluice-copy" thread: resolve and walk the
/// sources, preflight, copy the tree, flush per durability, build the CopyResult. Created
/// and owned by CopyJob; not used directly by front ends.
class CopyWorker final : public QObject
{
    Q_OBJECT
public:
    /// @p sampler and @p samplerThread: stopped by run() before the final sample is taken,
    /// so that no sample can arrive after done().
    CopyWorker(std::shared_ptr<JobContext> job, CopyRequest request, ProgressSampler *sampler,
               QThread *samplerThread);
    ~CopyWorker() override;
    Q_DISABLE_COPY_MOVE(CopyWorker)

public Q_SLOTS:
    void run();

Q_SIGNALS:
    /// Emitted once, as run()'s last act, with the final sample and the result.
    void done(const Sluice::CopyProgress &finalProgress, const Sluice::CopyResult &result);

private:
    bool buildPlan(Plan &plan, CopyResult &result);
    bool runChecks(Plan &plan, CopyResult &result);
    /// Per CopyOptions::deviceTurn: takes (or waits for) the turn on the destination's
    /// device into @p turn. False when the job was cancelled while waiting.
    bool takeDeviceTurn(const Plan &plan, std::optional<class DeviceTurn> &turn);
    void flush(const class TreeCopier &copier);
    /// Opens the job's journal entry (a new one, or the one CopyOptions::resumeId names, whose
    /// request then replaces m_request). False when a resume cannot start (issue recorded).
    bool openJournal(CopyResult &result);
    /// Writes the journal's first record, once the plan resolved the request.
    void startJournal(const Plan &plan);
    /// Keeps the entry (Stopped) or removes it; fills the result's journal fields.
    void closeJournal(CopyResult &result);
    /// A stop asked to be resumable that could not be (the journal cannot be written): the
    /// warning saying so, or nothing.
    std::optional<CopyIssue> notKeptForLater() const;
    void finish(CopyResult &result, qint64 elapsedMs);
    QString durabilityOf(const CopySummary &summary) const;

    std::shared_ptr<JobContext> m_job;
    CopyRequest m_request;
    ProgressSampler *m_sampler;
    QThread *m_samplerThread;
    ItemTally m_planned; ///< items and bytes of the plan, as walked
    /// A resume: what the interrupted run finished, carried into this run's entry.
    QList<JournalFinished> m_resumedFinished;
    QList<JournalFolder> m_resumedFolders; ///< the folders it had made (JournalRecord::folders)
    /// Why a new entry could not be created (error 0: it was, or the job has no journal).
    JournalFailure m_journalFailure;
};

} // namespace Sluice
