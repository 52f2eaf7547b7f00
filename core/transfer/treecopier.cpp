#include "treecopier.h"

#include "chunkreader.h"
#include "decisions.h"
#include "folderfinisher.h"
#include "itemprogress.h"
#include "jobcontext.h"
#include "logging.h"
#include "partfile.h"
#include "smallfilepool.h"

#include <chrono>
#include <fcntl.h>
#include <optional>
#include <sys/stat.h>

namespace Sluice {

namespace {
// A batch ends at this many files or bytes: enough to amortise the hand-off and keep a pool
// thread in one folder (typical folders fit whole), small enough that the threads share a
// tree of small folders evenly.
constexpr std::size_t MaxBatchFiles = 256;
constexpr qint64 MaxBatchBytes = 8 * MiB;
} // namespace

TreeCopier::TreeCopier(JobContext &job, const Plan &plan)
    : m_job(job)
    , m_plan(plan)
    , m_copier(job, plan)
{
    const int workers = job.options.smallFileWorkers == 0 ? SmallFilePool::defaultThreadCount()
                                                          : job.options.smallFileWorkers;
    if (workers > 1 && plan.fileCount > 1)
        m_pool = std::make_unique<SmallFilePool>(workers);
}

TreeCopier::~TreeCopier()
{
    m_pool.reset(); // finish queued tasks before the copier they use goes away
    if (m_reader)
        m_reader->shutdown();
}

ChunkReader &TreeCopier::reader()
{
    if (!m_reader) {
        m_reader = std::make_unique<ChunkReader>(*m_job.chunks, m_job.control, m_job.counters);
        m_reader->start();
    }
    return *m_reader;
}

void TreeCopier::account(ItemOutcome outcome)
{
    ProgressCounters &counters = m_job.counters;
    switch (outcome) {
    case ItemOutcome::Copied:
        counters.itemsCopied.fetch_add(1, std::memory_order_relaxed);
        break;
    case ItemOutcome::Skipped:
        counters.itemsSkipped.fetch_add(1, std::memory_order_relaxed);
        break;
    case ItemOutcome::Failed:
        counters.itemsFailed.fetch_add(1, std::memory_order_relaxed);
        break;
    case ItemOutcome::Cancelled:
        return; // the job is ending; what did not finish is not counted as done
    }
    counters.itemsDone.fetch_add(1, std::memory_order_relaxed);
}

void TreeCopier::accountSubtree(const PlanItem &folder, ItemOutcome outcome)
{
    const qint32 index = qint32(&folder - m_plan.items.data());
    const qint64 descendants = folder.subtreeEnd - index - 1;
    ProgressCounters &counters = m_job.counters;
    if (outcome == ItemOutcome::Cancelled)
        return;
    auto &bucket = outcome == ItemOutcome::Copied    ? counters.itemsCopied
                   : outcome == ItemOutcome::Skipped ? counters.itemsSkipped
                                                     : counters.itemsFailed;
    bucket.fetch_add(descendants, std::memory_order_relaxed);
    counters.itemsDone.fetch_add(descendants, std::memory_order_relaxed);
    if (outcome == ItemOutcome::Copied) {
        counters.addDone(folder.subtreeBytes);
        counters.bytesCopied.fetch_add(folder.subtreeBytes, std::memory_order_relaxed);
    } else {
        counters.addTotal(-folder.subtreeBytes); // not copied: no longer part of the job
    }
}

bool TreeCopier::openRoot(qint32 rootIndex, DirectoryRef &source, DirectoryRef &destination)
{
    const PlanRoot &root = m_plan.roots[rootIndex];
    constexpr int Flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOCTTY;
    if (!source || source->path != root.sourceParent) {
        UniqueFd fd(::open(root.sourceParent.constData(), Flags));
        struct stat st = {};
        if (!fd || ::fstat(fd.get(), &st) != 0) {
            resolveError(m_job, CopyIssue::fromErrno(FileOperation::Open, root.sourceParent, errno),
                         m_job.options.retryLimit, root.sourcePath, {});
            source.reset();
            return false;
        }
        source =
            std::make_shared<DirectoryHandle>(std::move(fd), root.sourceParent, st.st_dev, false);
    }
    if (!destination || destination->path != root.destinationParent) {
        UniqueFd fd(::open(root.destinationParent.constData(), Flags));
        struct stat st = {};
        if (!fd || ::fstat(fd.get(), &st) != 0) {
            resolveError(m_job,
                         CopyIssue::fromErrno(FileOperation::Open, root.destinationParent, errno),
                         m_job.options.retryLimit, root.sourcePath, root.destinationParent);
            destination.reset();
            return false;
        }
        destination = std::make_shared<DirectoryHandle>(std::move(fd), root.destinationParent,
                                                        st.st_dev, false);
        if (m_job.options.move) {
            JobContext &job = m_job;
            destination->finalizer = [&job](DirectoryHandle &folder) {
                finishFolder(job, folder, nullptr, -1);
            };
        }
        rememberFileSystem(*destination);
    }
    // Just before the first byte goes into the folder: leftovers of an interrupted run.
    removeStalePartFiles(destination->fd.get(), destination->path, {root.destinationName},
                         m_job.issues);
    return true;
}

void TreeCopier::rememberFileSystem(const DirectoryHandle &folder)
{
    if (m_fileSystems.find(folder.device) == m_fileSystems.end())
        m_fileSystems.emplace(folder.device,
                              UniqueFd(::fcntl(folder.fd.get(), F_DUPFD_CLOEXEC, 0)));
}

void TreeCopier::submitBatch()
{
    if (m_batch.empty())
        return;
    std::vector<ItemTask> batch;
    batch.swap(m_batch);
    m_batchBytes = 0;
    m_pool->submit([this, batch = std::move(batch)] {
        auto &inFlight = m_job.counters.smallFilesInFlight;
        std::optional<std::chrono::steady_clock::time_point> shownAt;
        for (const ItemTask &task : batch) {
            if (m_job.stopping())
                return; // what is left is not counted as done
            // The file being copied is shown at most every 100 ms (the progress interval):
            // building its path for each of thousands of files would cost more than the
            // display gains.
            const auto now = std::chrono::steady_clock::now();
            if (!shownAt || now - *shownAt >= std::chrono::milliseconds(100)) {
                const PlanItem &item = m_plan.items[std::size_t(task.index)];
                m_job.counters.setCurrentItem(m_plan.sourcePath(task.index), item.size,
                                              Engine::Auto);
                shownAt = now;
            }
            inFlight.fetch_add(1, std::memory_order_relaxed);
            const ItemOutcome outcome = m_copier.copyFile(task, nullptr);
            inFlight.fetch_sub(1, std::memory_order_relaxed);
            if (outcome != ItemOutcome::Copied)
                task.destinationDirectory->incomplete.store(true);
            account(outcome);
        }
    });
}

void TreeCopier::run()
{
    const bool followAll = m_job.options.followSymlinks;
    std::vector<Level> levels;
    DirectoryRef rootSource;
    DirectoryRef rootDestination;
    qint32 openedRoot = -1;
    bool rootUsable = false;

    auto index = qint32(0);
    const auto count = qint32(m_plan.items.size());
    while (index < count && !m_job.stopping()) {
        const PlanItem &item = m_plan.items[std::size_t(index)];
        while (!levels.empty() && levels.back().index != item.parent)
            levels.pop_back();

        ItemTask task;
        task.index = index;
        if (item.parent < 0) {
            if (openedRoot != item.root) {
                openedRoot = item.root;
                rootUsable = openRoot(item.root, rootSource, rootDestination);
            }
            if (!rootUsable) {
                account(ItemOutcome::Failed);
                ItemProgress(m_job.counters, item.countedBytes(), false).withdraw();
                if (item.kind == ItemKind::Directory)
                    accountSubtree(item, ItemOutcome::Failed);
                index = item.subtreeEnd;
                continue;
            }
            const PlanRoot &root = m_plan.roots[item.root];
            task.sourceDirectory = rootSource;
            task.destinationDirectory = rootDestination;
            task.sourceName = root.sourceName;
            task.destinationName = root.destinationName;
            task.followSource = followAll || root.followRoot;
        } else {
            Q_ASSERT(!levels.empty());
            task.sourceDirectory = levels.back().source;
            task.destinationDirectory = levels.back().destination;
            task.sourceName = item.name;
            task.destinationName = item.name;
            task.followSource = followAll;
        }

        if (item.refused) {
            // Preflight reported it already.
            account(ItemOutcome::Failed);
            ItemProgress(m_job.counters, item.countedBytes(), false).withdraw();
            if (item.kind == ItemKind::Directory)
                accountSubtree(item, ItemOutcome::Failed);
            task.destinationDirectory->incomplete.store(true);
            index = item.subtreeEnd;
            continue;
        }

        if (m_job.options.move) {
            if (const auto moved = m_copier.moveByRename(task)) {
                account(*moved);
                if (*moved == ItemOutcome::Copied)
                    m_job.counters.bytesCopied.fetch_add(item.countedBytes(),
                                                         std::memory_order_relaxed);
                else
                    task.destinationDirectory->incomplete.store(true);
                ItemProgress progress(m_job.counters, item.countedBytes(), false);
                if (*moved == ItemOutcome::Copied)
                    progress.finish();
                else
                    progress.withdraw();
                if (item.kind == ItemKind::Directory)
                    accountSubtree(item, *moved);
                index = item.subtreeEnd;
                continue;
            }
        }

        switch (item.kind) {
        case ItemKind::Directory: {
            ItemOutcome outcome = ItemOutcome::Failed;
            auto [source, destination] = openFolderPair(m_job, m_plan, task, outcome);
            account(outcome);
            if (!destination) {
                accountSubtree(item, outcome);
                task.destinationDirectory->incomplete.store(true);
                index = item.subtreeEnd;
                continue;
            }
            rememberFileSystem(*destination);
            levels.push_back({index, std::move(source), std::move(destination)});
            break;
        }
        case ItemKind::File: {
            const bool small = item.size < m_job.options.smallFileThreshold && item.hardLinkOf < 0
                               && !(m_job.options.preserve.hardLinks && item.nlink > 1)
                               && !item.serialOnly;
            if (m_pool && small) {
                if (!m_batch.empty()
                    && m_batch.front().destinationDirectory != task.destinationDirectory)
                    submitBatch();
                m_batch.push_back(std::move(task));
                m_batchBytes += item.size;
                if (m_batch.size() >= MaxBatchFiles || m_batchBytes >= MaxBatchBytes)
                    submitBatch();
                break;
            }
            submitBatch(); // the pool works on what is collected while this file is copied
            task.serial = true;
            const ItemOutcome outcome = m_copier.copyFile(task, &reader());
            m_job.counters.clearCurrentItem();
            if (outcome != ItemOutcome::Copied)
                task.destinationDirectory->incomplete.store(true);
            account(outcome);
            break;
        }
        default: {
            const ItemOutcome outcome = copySpecialEntry(m_job, m_plan, task);
            if (outcome != ItemOutcome::Copied)
                task.destinationDirectory->incomplete.store(true);
            account(outcome);
            break;
        }
        }
        ++index;
    }
    if (m_pool) {
        submitBatch();
        m_pool->waitForAll();
    }
    levels.clear(); // post-order: folder metadata is applied as the last references go
    m_job.counters.clearCurrentItem();
}

} // namespace Sluice
