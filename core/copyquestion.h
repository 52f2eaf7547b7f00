#pragma once

#include "copyissue.h"

#include <QDateTime>
#include <QMetaType>

namespace Sluice {

/// What a question is about.
enum class QuestionKind : quint8 {
    Collision, ///< the destination name exists
    Error,     ///< an operation failed
    Preflight, ///< the checks before copying found warnings (listed in `issues`)
};

/// The answers a question accepts. Collision: Overwrite, OverwriteIfNewer, Skip, Rename,
/// CancelJob. Error: Retry, Skip, AbortJob. Preflight: Continue, CancelJob.
enum class Decision : quint8 {
    Overwrite,
    OverwriteIfNewer,
    Skip,
    Rename,
    Retry,
    Continue,
    CancelJob, ///< the person stops the whole job ("Cancel copy"): it ends Cancelled
    AbortJob,  ///< an error stops the whole job ("Abort"): it ends Failed
};

/// Facts about one side of a collision, for the person deciding.
struct FileFacts
{
    qint64 size = 0;
    QDateTime modified;
    bool isDirectory = false;
};

/// A question the core cannot answer by policy. Delivered by CopyJob::questionAsked() on
/// the job's thread; the worker waits until CopyJob::answer() is called with the same id
/// (or the job is cancelled). Only one question is outstanding at any time.
struct CopyQuestion
{
    quint64 id = 0;
    QuestionKind kind = QuestionKind::Error;
    QByteArray source;          ///< native path of the item being copied
    QByteArray destination;     ///< native path it should have become
    FileFacts sourceFacts;      ///< Collision only
    FileFacts destinationFacts; ///< Collision only
    QByteArray suggestedName;   ///< Collision: a free name in the destination folder
    CopyIssue issue;            ///< Error: what failed
    CopyIssueList issues;       ///< Preflight: the warnings found
};

/// The answer to a CopyQuestion. `applyToAll` makes the decision the policy for every
/// later question of the same kind ("Skip all"). `newName` (Rename only) replaces the
/// suggested name; it is a single file name, not a path.
struct QuestionAnswer
{
    Decision decision = Decision::CancelJob;
    bool applyToAll = false;
    QByteArray newName;
};

} // namespace Sluice

Q_DECLARE_METATYPE(Sluice::CopyQuestion)
Q_DECLARE_METATYPE(Sluice::Decision)
Q_DECLARE_METATYPE(Sluice::QuestionKind)
