#pragma once

#include "directoryhandle.h"
#include "errorpolicy.h"
#include "itemcopier.h"
#include "plan.h"

#include <map>
#include <memory>

namespace Sluice {

class ChunkReader;
class SmallFilePool;
struct JobContext;

/// Copies a Plan in order (worker thread). Folders are created before their contents and
/// finished after them; regular files below CopyOptions::smallFileThreshold go to the
/// SmallFilePool in batches of one destination folder's files (so two pool threads rarely
/// create and rename in the same folder, where they would queue on its lock, and one hand-off
/// serves many files), bigger ones through the pipelined path one at a time, with the reader
/// thread; links and special files are recreated in place. Keeps one open descriptor per
/// folder level on each side, so depth is not limited by PATH_MAX. Counts every item's
/// outcome into the job's counters; a folder that cannot be copied takes its subtree with
/// it (counted, not silently dropped).
class TreeCopier final
{
public:
    TreeCopier(JobContext &job, const Plan &plan);
    ~TreeCopier();
    Q_DISABLE_COPY_MOVE(TreeCopier)

    /// Copies everything (returns early when the job is cancelled or aborted).
    void run();

    /// One open descriptor per destination file system written to, for syncfs(2).
    const std::map<dev_t, UniqueFd> &destinationFileSystems() const { return m_fileSystems; }

private:
    struct Level
    {
        qint32 index;
        DirectoryRef source;
        DirectoryRef destination;
    };
    /// The task of item @p index, its folders from @p levels or, for a root, the root's
    /// folders (opened under the error policy). Empty when the root's folders are not open.
    std::optional<ItemTask> taskFor(qint32 index, const std::vector<Level> &levels);
    Tried openRoot(const PlanItem &rootItem);
    std::optional<CopyIssue> openRootFolder(const QByteArray &path, DirectoryRef &handle);
    /// Copies the item of @p task (a folder opens a new level); returns the next index.
    qint32 copyItem(ItemTask task, std::vector<Level> &levels);
    void copyFile(ItemTask task);
    bool smallFile(const PlanItem &item) const;
    /// Counts one item's outcome; a folder that did not get everything is marked incomplete.
    void finishItem(const ItemTask &task, ItemOutcome outcome);
    /// Counts an item that ended as a whole (moved, refused, not reached), with its subtree
    /// and bytes; @p into, the folder it was to go into, is marked incomplete unless copied.
    void finishWhole(const PlanItem &item, ItemOutcome outcome, DirectoryHandle *into);
    /// Counts @p items items of @p bytes logical bytes as ending with @p outcome, in the
    /// counters and the job's OutcomeBook (a cancelled one is not counted).
    void account(ItemOutcome outcome, qint64 items, qint64 bytes);
    /// A root whose folders could not be opened, skipped under the error policy: listed
    /// with its cause and counted with its subtree.
    void skipUnopenedRoot(qint32 index);
    void accountSubtree(const PlanItem &folder, ItemOutcome outcome);
    ChunkReader &reader();
    /// Hands the collected small files to the pool (nothing when there are none).
    void submitBatch();
    void rememberFileSystem(const DirectoryHandle &folder);

    JobContext &m_job;
    const Plan &m_plan;
    ItemCopier m_copier;
    std::unique_ptr<ChunkReader> m_reader;
    std::unique_ptr<SmallFilePool> m_pool;
    std::vector<ItemTask> m_batch; ///< small files of one destination folder, not yet submitted
    qint64 m_batchBytes = 0;
    std::map<dev_t, UniqueFd> m_fileSystems;
    DirectoryRef m_rootSource;      ///< the folder holding the current root
    DirectoryRef m_rootDestination; ///< the folder its copy goes into
    qint32 m_openedRoot = -1;
    Tried m_rootOpened = Tried::Stopped;
    CopyIssue m_rootFailure; ///< the last error opening the current root's folders
};

} // namespace Sluice
