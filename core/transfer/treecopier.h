#pragma once

#include "directoryhandle.h"
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
    bool openRoot(qint32 rootIndex, DirectoryRef &source, DirectoryRef &destination);
    void account(ItemOutcome outcome);
    void accountSubtree(const PlanItem &folder, ItemOutcome outcome);
    ChunkReader &reader();
    /// Hands the collected small files to the pool (nothing when there are none).
    void submitBatch();

    JobContext &m_job;
    const Plan &m_plan;
    ItemCopier m_copier;
    std::unique_ptr<ChunkReader> m_reader;
    std::unique_ptr<SmallFilePool> m_pool;
    std::vector<ItemTask> m_batch; ///< small files of one destination folder, not yet submitted
    qint64 m_batchBytes = 0;
    std::map<dev_t, UniqueFd> m_fileSystems;
    void rememberFileSystem(const DirectoryHandle &folder);
};

} // namespace Sluice
