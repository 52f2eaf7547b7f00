#pragma once

#include "directoryhandle.h"
#include "plan.h"

#include <QByteArray>

#include <sys/stat.h>

namespace Sluice {

struct JobContext;

/// How one item ended (Cancelled: the job stopped first; it is not counted). The skipped
/// values say who skipped it, as ItemFate does. ChangedWhileCopying: the source changed
/// while it was read, again after it was copied once more from the start; the copy holds what the
/// second read saw (published, counted apart, an error in the summary: GNU tar's "file changed as
/// we read it").
enum class ItemOutcome : quint8 {
    Copied,
    Merged, ///< a folder merged into an existing one
    SkippedByYou,
    SkippedByPolicy,
    SkippedOnError,
    /// Left out for a cause recorded as a warning, without asking (a source deleted since
    /// the scan, a device node without the privilege): skipped on error in the summary, but
    /// not a failure of the job.
    SkippedWithWarning,
    Failed,
    Cancelled,
    ChangedWhileCopying,
};

/// Copied or merged: the item is complete at the destination.
inline bool isComplete(ItemOutcome outcome)
{
    return outcome == ItemOutcome::Copied || outcome == ItemOutcome::Merged;
}
inline bool isSkip(ItemOutcome outcome)
{
    return outcome == ItemOutcome::SkippedByYou || outcome == ItemOutcome::SkippedByPolicy
           || outcome == ItemOutcome::SkippedOnError || outcome == ItemOutcome::SkippedWithWarning;
}

/// One item to copy: where it comes from and where it goes. Cheap to copy (the folders are
/// shared handles), so small-file tasks carry it to their threads by value.
struct ItemTask
{
    qint32 index = -1;
    DirectoryRef sourceDirectory;
    QByteArray sourceName;
    DirectoryRef destinationDirectory;
    QByteArray destinationName;
    bool followSource = false; ///< open the source through a symlink (followed links, roots)
};

/// The native destination path @p name gets in the task's destination folder.
QByteArray destinationPathOf(const ItemTask &task, const QByteArray &name);

/// A stat for collision decisions about an entry that is not opened (links, FIFOs, the
/// same-file-system move of anything): the plan's lstat data.
struct stat statFromItem(const PlanItem &item);

/// Move: queues the task's source for deletion once its destination folder is complete and
/// durable (folderfinisher.h). Does nothing when not moving.
void queueSourceRemoval(JobContext &job, const Plan &plan, const ItemTask &task);

/// Recreates the link, FIFO, device node or socket of @p task: a symlink verbatim
/// (readlinkat(2) / symlinkat(2)), a FIFO with mkfifoat(3) (never opened), a device node or
/// socket with mknodat(2) (without the privilege: skipped with a warning). Created under the
/// part name, given its metadata, then renamed into place. Thread-safe.
ItemOutcome copySpecialEntry(JobContext &job, const Plan &plan, const ItemTask &task);

/// Creates the destination folder of @p task (mode 0700 until its children are done) or
/// merges into an existing one, and opens both sides. The destination handle's finalizer
/// applies the folder's metadata and, for a move, deletes the sources once every child is
/// done (finishFolder()). Returns null handles with @p outcome set when the folder cannot
/// be copied. Thread-safe.
std::pair<DirectoryRef, DirectoryRef> openFolderPair(JobContext &job, const Plan &plan,
                                                     const ItemTask &task, ItemOutcome &outcome);

} // namespace Sluice
