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
