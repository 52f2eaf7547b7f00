#pragma once

#include "copyjob.h"
#include "testprinters.h"

#include <QList>
#include <QTemporaryDir>

#include <functional>

/// Runs CopyJobs to completion inside a test's event loop and records what they reported.
namespace JobRunner {

/// What one run reported.
struct Run
{
    Sluice::CopyResult result;
    QList<Sluice::CopyProgress> samples;
    QList<Sluice::CopyQuestion> questions;
    int finishedCount = 0;
    bool timedOut = false;
};

using Answerer = std::function<Sluice::QuestionAnswer(const Sluice::CopyQuestion &)>;
using ProgressHook = std::function<void(Sluice::CopyJob &, const Sluice::CopyProgress &)>;

/// Starts a job for @p sources → @p destination and spins the event loop until finished()
/// (or @p timeoutMs). Questions are answered by @p answerer (Abort when none is given);
/// @p onProgress sees every sample and may control the job (pause, cancel, skip).
Run run(const QList<QByteArray> &sources, const QByteArray &destination,
        const Sluice::CopyOptions &options, const Answerer &answerer = {},
        const Sluice::IoHooks &hooks = {}, const ProgressHook &onProgress = {},
        int timeoutMs = 300000);

/// Gives the event loop every chance to deliver what is still queued for this thread: runs
/// it until a marker posted behind everything else comes back, three times over (what one
/// event posts is delivered by the next round), with deferred deletes each time. Used before
/// asserting that something did *not* happen again (a second finished()).
void drainEvents();

/// True when the last two of @p samples are paused and show the same byte counters, with at
/// least @p writtenAtLeast bytes written: the writer passed the write a WriterGate held and
/// stopped at its pause point, and the reader parked too (it stops after at most the chunk
/// it was reading). From then on nothing may move until resume().
bool settledWhilePaused(const QList<Sluice::CopyProgress> &samples, qint64 writtenAtLeast);

/// Options for fast, deterministic tests: overwrite/skip policies instead of asking,
/// durability none (tests check data, the flush path has its own tests).
Sluice::CopyOptions quickOptions();

} // namespace JobRunner

/// A scratch folder for one test, removed afterwards. Lives under $SLUICE_TEST_TMP when set,
/// else the system's temporary folder (a real disk file system here, not tmpfs).
class Scratch final
{
public:
    Scratch();
    ~Scratch();
    Q_DISABLE_COPY_MOVE(Scratch)
    bool isValid() const { return m_dir.isValid(); }
    /// Native path of @p relative inside the scratch folder ("" for the folder itself).
    QByteArray path(const QByteArray &relative = {}) const;

private:
    QTemporaryDir m_dir;
};
