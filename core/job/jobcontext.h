#pragma once

#include "chunkpool.h"
#include "copyoptions.h"
#include "engine.h"
#include "fsprobe.h"
#include "iohooks.h"
#include "issuelog.h"
#include "jobcontrol.h"
#include "journalwriter.h"
#include "outcomebook.h"
#include "progresscounters.h"
#include "questionbroker.h"
#include "speedlimiter.h"
#include "verifier.h"

#include <atomic>
#include <functional>
#include <memory>
#include <sys/types.h>

namespace Sluice {

/// The state one job shares between its threads (worker, reader, small-file pool,
/// progress sampler) and its CopyJob handle. Created by CopyJob, held by shared_ptr so that
/// it outlives every thread that uses it. Each member documents its own thread rules.
struct JobContext
{
    JobContext(const CopyOptions &jobOptions, const IoHooks &ioHooks,
               std::function<void(const CopyQuestion &)> deliverQuestion)
        : options(jobOptions)
        , hooks(ioHooks)
        , broker(control, std::move(deliverQuestion))
        , limiter(control)
        , chunks(std::make_unique<ChunkPool>(options.chunkSize, options.queueDepth))
    {
        control.setSpeedLimit(options.speedLimit);
        counters.setPhase(CopyPhase::Scanning); // the first sample may come before the walk
        // Cancel, skip and resume must reach threads blocked on the pool or a question.
        control.addWaker([this] {
            chunks->wakeAll();
            broker.wake();
        });
    }
    Q_DISABLE_COPY_MOVE(JobContext)

    const CopyOptions options;
    const IoHooks hooks;
    JobControl control;
    ProgressCounters counters;
    IssueLog issues;
    /// How the items ended, by fate, and the items left out (any copying thread).
    OutcomeBook outcomes;
    QuestionBroker broker;
    UnsupportedEngines unsupportedEngines;
    SpeedLimiter limiter;
    /// The stream engine's buffers: allocated once per job (pages are touched only when
    /// used), never grown. Throws std::bad_alloc from the constructor.
    const std::unique_ptr<ChunkPool> chunks;
    /// What the engines may use of all this (engine.h).
    EngineContext engine{options, hooks, control, counters, limiter, *chunks, unsupportedEngines};
    /// Set when an Abort decision (policy or answer) ended the job: it is Failed, not
    /// Cancelled. Also cancels, so that every thread stops.
    std::atomic<bool> aborted{false};
    /// The process's file-mode creation mask, read once at job start (/proc/self/status),
    /// applied to copies whose permission bits are not preserved.
    mode_t umask = 022;
    /// Verified digests and destination paths, for --checksum-file (any copying thread).
    ChecksumManifest manifest;
    /// What each destination file system keeps, probed once (the preflight, or the first
    /// item written to a file system it did not see). Any thread.
    FileSystemProbes fileSystems;

    /// The job's journal entry (CopyOptions::journal), or null: set by the worker after the
    /// plan, before any item is copied; the writer itself is thread-safe.
    std::unique_ptr<JournalWriter> journal;
    /// A resumed job's knowledge of the run it resumes, or null: set with `journal`.
    std::unique_ptr<ResumeState> resume;
    /// Emits CopyJob::notResumable() (queued to the job's thread), any thread; set by CopyJob
    /// before the job's threads start, never changed after.
    std::function<void(const CopyIssue &)> deliverNotResumable;
    /// CopyJob::stopResumable(): the cancel that follows keeps the part file in flight and
    /// the journal entry (CopyStatus::Stopped).
    std::atomic<bool> stopResumably{false};

    /// The job is stopping resumably and has a journal to resume from.
    bool keepsForResume() const
    {
        return stopResumably.load() && journal && journal->problem().isEmpty() && !aborted.load();
    }

    void abort()
    {
        aborted.store(true);
        control.cancel();
    }
    bool stopping() const { return control.isCancelled(); }
};

} // namespace Sluice
