#pragma once

#include "copyissue.h"
#include "copysummary.h"

#include <QByteArray>
#include <QList>
#include <QMetaType>

namespace Sluice {

/// How a job ended.
enum class CopyStatus : quint8 {
    Succeeded,             ///< every item copied, nothing to report
    CompletedWithWarnings, ///< every item copied, some metadata or checks only partly possible
    Failed,                ///< at least one item failed, or the job could not start or was aborted
    Cancelled,             ///< cancel() was called; finished items are kept
    /// CopyJob::stopResumable() (or SIGTERM to `sluice-cli --resumable`): stopped at the next
    /// chunk like Cancelled, but the part file in flight and the journal entry are kept, so
    /// that the job can be resumed (CopyResult::journalId, CopyOptions::resumeId).
    Stopped,
};

QString statusName(CopyStatus status);

/// A file that a resumed job copied again from its first byte, instead of continuing after its
/// checkpoint, and why ("the source changed since the interruption").
struct RestartedFile
{
    QByteArray path; ///< native source path
    QString reason;  ///< translated text
};

/// The outcome of a job, delivered exactly once by CopyJob::finished().
struct CopyResult
{
    CopyStatus status = CopyStatus::Succeeded;
    /// False when nothing could start: bad request, or preflight refused the job.
    bool started = true;
    qint64 itemsTotal = 0;
    // The three aggregates below are kept as they always were; `summary` splits them.
    qint64 itemsCopied = 0;  ///< copied, or created or merged into for folders
    qint64 itemsSkipped = 0; ///< skipped by the person or by the collision policy
    qint64 itemsFailed = 0;  ///< not copied because of an error (skipped on error, or failed)
    /// Copied, but the source changed while it was read and again while it was read once
    /// more: the copy (at its final name) holds the second read and may match no version of
    /// the file. Each is an error in `issues`, so the job is Failed (GNU tar's "file changed
    /// as we read it"); not counted in itemsCopied.
    qint64 itemsChanged = 0;
    qint64 bytesTotal = 0;
    qint64 bytesCopied = 0;  ///< logical bytes of the items that were copied
    qint64 bytesWritten = 0; ///< data really written (holes and reflinks excluded)
    qint64 elapsedMs = 0;
    qint64 peakResidentBytes = 0;
    CopyIssueList issues;
    /// Entries CopyOptions::filter left out (not in itemsTotal): a folder left out counts
    /// once, as its contents are never read; folders left empty by the filter count too.
    qint64 itemsLeftOut = 0;
    qint64 bytesLeftOut = 0; ///< apparent size of the regular files left out
    /// Their native source paths; filled by dry runs and when CopyOptions::listLeftOut.
    QList<QByteArray> leftOutPaths;
    /// Of itemsLeftOut, the folders left out whole: what they hold is neither read nor counted.
    qint64 foldersLeftOut = 0;
    /// Every fate in items and bytes, the skipped items with their reasons, the average rate.
    CopySummary summary;
    /// The journal entry this job recorded (JobJournal); kept only when the job ended
    /// Stopped (or was killed), or when a resume wrote nothing (journalKept), removed otherwise.
    /// Empty when it recorded none.
    QString journalId;
    /// The entry journalId stays, to be resumed (again): the job Stopped, or it resumed an
    /// interrupted copy and could not start or failed before writing a byte (a preflight
    /// refusal), which it says among the issues.
    bool journalKept = false;
    /// A resumed job: files found finished by the interrupted run (their copy still had the
    /// recorded identity) and not copied again, and the bytes they and the checkpoint of the
    /// file in flight saved.
    qint64 itemsResumed = 0;
    qint64 bytesResumed = 0;
    /// A resumed job: files in flight that started again from zero, each with its reason.
    QList<RestartedFile> restartedFiles;

    qint64 errorCount() const;
    qint64 warningCount() const;
};

} // namespace Sluice

Q_DECLARE_METATYPE(Sluice::CopyResult)
Q_DECLARE_METATYPE(Sluice::CopyStatus)
