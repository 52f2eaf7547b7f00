#pragma once

#include "copyquestion.h"
#include "errorpolicy.h"
#include "plan.h"

#include <sys/stat.h>

namespace Sluice {

struct JobContext;
struct PlanItem;

/// Applies the job's error policy to @p issue on the @p attempt-th try (1-based), asking
/// through the QuestionBroker under ErrorPolicy::Ask. Records the issue in the job's log
/// unless the answer is Retry; an Abort also aborts the job. Retry as a policy waits
/// 0.5 s × attempt (interruptible) and gives up after CopyOptions::retryLimit attempts,
/// then skips. A cancelled job yields Abort without recording anything. Thread-safe.
ErrorAction resolveError(JobContext &job, const CopyIssue &issue, int attempt,
                         const QByteArray &source, const QByteArray &destination);

/// Where a new item will be created, decided by the collision policy.
struct Placement
{
    enum class Action : quint8 {
        Create,    ///< nothing there: create `name` with RENAME_NOREPLACE
        Overwrite, ///< replace what is there (rename over it)
        Merge,     ///< folder onto an existing folder: copy into it
        Skip,      ///< leave the existing destination alone
        Fail,      ///< `issue` explains (same file, file onto folder...)
        Cancel,    ///< the job was cancelled or aborted while deciding
    };
    Action action = Action::Create;
    QByteArray name;
    CopyIssue issue;
    /// Skip: decided by the collision policy, not by a person's answer.
    bool byPolicy = false;
};

/// Decides what to do about the destination name @p name in @p directoryFd for @p item,
/// whose open source has status @p source. @p mayExist: false when the folder was created by
/// this job (no system call then). Under CollisionPolicy::Ask a Collision question is
/// asked with both files' facts and a free "name (2).ext" suggestion; answering Abort
/// cancels the job (the person's choice, so the job ends Cancelled). Thread-safe.
Placement resolvePlacement(JobContext &job, int directoryFd, const QByteArray &name, bool mayExist,
                           const PlanItem &item, const struct stat &source,
                           const QByteArray &sourcePath, const QByteArray &destinationPath);

} // namespace Sluice
