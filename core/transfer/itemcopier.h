#pragma once

#include "directoryhandle.h"
#include "hardlinkcopier.h"
#include "itemtask.h"
#include "plan.h"

#include <optional>

namespace Sluice {

class ChunkReader;
struct JobContext;

/// Copies single items (worker thread and small-file threads; thread-safe). For a regular
/// file: open the source (O_NOFOLLOW, so a file swapped for a symlink since the scan is
/// refused), decide the destination name (collision policy), create the part file
/// ".<name>.sluice-part" with O_CREAT | O_EXCL and mode 0600 (never following a planted
/// symlink; in a folder the copy created, still 0700, with the final mode: creationMode()),
/// move the data with the chosen engine and its fallbacks, flush per durability, apply
/// metadata, then renameat2(2) onto the final name with RENAME_NOREPLACE unless
/// overwriting. A PartFileGuard removes the part file on every early exit, so the final
/// name never holds partial data. Errors go through the error policy (retry, skip, abort).
/// Further names of a hard-linked inode are linked by a HardLinkCopier.
class ItemCopier final
{
public:
    ItemCopier(JobContext &job, const Plan &plan);
    Q_DISABLE_COPY_MOVE(ItemCopier)

    /// Copies the regular file of @p task. @p reader: the job's reader thread for the
    /// pipelined stream engine (worker thread), or null to copy inline (small files).
    ItemOutcome copyFile(const ItemTask &task, ChunkReader *reader);

    /// Move on one file system: renameat2(2) moves @p task's item (a folder with its whole
    /// subtree) at once, under the collision policy. Nothing when a rename cannot serve
    /// (another file system or mount, a folder to merge into): then copy and delete.
    std::optional<ItemOutcome> moveByRename(const ItemTask &task);

private:
    JobContext &m_job;
    const Plan &m_plan;
    HardLinkCopier m_links;
};

} // namespace Sluice
