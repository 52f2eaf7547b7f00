#pragma once

#include "copyissue.h"

#include <QtGlobal>

#include <optional>

namespace Sluice {

/// What to do after an error, decided by the error policy or by the person asked.
enum class ErrorAction : quint8 {
    Retry,   ///< try the same operation again
    Skip,    ///< leave this item out (the issue is recorded)
    StopJob, ///< the job is ending (aborted by an error, or cancelled): stop at once
};

/// How an operation ended under the error policy.
enum class Tried : quint8 {
    Succeeded, ///< an attempt succeeded (perhaps after retries)
    Skipped,   ///< it failed and the item is left out
    Stopped,   ///< it failed and the job is ending
};

/// The one retry loop of the engine: calls @p attempt (returning an empty optional on
/// success, else the CopyIssue that made it fail) until it succeeds or @p onError,
/// called as onError(issue, attemptNumber) with attemptNumber counting from 1, answers
/// Skip or StopJob. Runs on the caller's thread; recording the issue is onError's job.
template<typename Attempt, typename OnError>
Tried retryUnderPolicy(Attempt &&attempt, OnError &&onError)
{
    for (int number = 1;; ++number) {
        const std::optional<CopyIssue> failure = attempt();
        if (!failure)
            return Tried::Succeeded;
        switch (onError(*failure, number)) {
        case ErrorAction::Retry:
            continue;
        case ErrorAction::Skip:
            return Tried::Skipped;
        case ErrorAction::StopJob:
            return Tried::Stopped;
        }
    }
}

} // namespace Sluice
