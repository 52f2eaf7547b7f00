#pragma once

#include "plan.h"

namespace Sluice {

class DirectoryHandle;
struct JobContext;

/// The post-order work for a destination folder, run by DirectoryHandle's finalizer once
/// every child is done:
/// 1. the folder's metadata (@p item, read through @p sourceFd), also for a folder that
///    existed and was merged into (like `cp -a`: a copy resumed after a cancel ends with the
///    source's times), applied last so the children created inside do not disturb it;
/// 2. for a move: fsync(2) of the folder, so that the new names are durable, then the
///    deletion of every source entry queued with DirectoryHandle::addRemoval() — the sources
///    go only after their copies are safe; a source that cannot be deleted is reported;
/// 3. for a move: if everything inside was moved, the folder's own source is queued for
///    deletion with its parent; otherwise the parent is marked incomplete too, so that no
///    source folder is deleted while anything is left in it.
/// @p item may be null (the folders the job starts from). Any thread.
void finishFolder(JobContext &job, DirectoryHandle &folder, const PlanItem *item, int sourceFd);

} // namespace Sluice
