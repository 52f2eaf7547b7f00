#include "treecopier.h"

#include "chunkreader.h"
#include "decisions.h"
#include "errorpolicy.h"
#include "folderfinisher.h"
#include "folderguard.h"
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

void TreeCopier::account(ItemOutcome outcome, qint64 items, qint64 bytes)
{
    ProgressCounters &counters = m_job.counters;
    ItemFate fate = ItemFate::Failed;
    switch (outcome) {
    case ItemOutcome::Copied:
    case ItemOutcome::Merged:
        fate = outcome == ItemOutcome::Copied ? ItemFate::Copied : ItemFate::Merged;
        counters.itemsCopied.fetch_add(items, std::memory_order_relaxed);
        break;
    case ItemOutcome::SkippedByYou:
    case ItemOutcome::SkippedByPolicy:
    case ItemOutcome::SkippedWithWarning:
        fate = outcome == ItemOutcome::SkippedByYou      ? ItemFate::SkippedByYou
               : outcome == ItemOutcome::SkippedByPolicy ? ItemFate::SkippedByPolicy
                                                         : ItemFate::SkippedOnError;
        counters.itemsSkipped.fetch_add(items, std::memory_order_relaxed);
        break;
    case ItemOutcome::SkippedOnError: // the aggregate counts every item an error kept out
    case ItemOutcome::Failed:
        fate = outcome == ItemOutcome::Failed ? ItemFate::Failed : ItemFate::SkippedOnError;
        counters.itemsFailed.fetch_add(items, std::memory_order_relaxed);
        break;
    case ItemOutcome::ChangedWhileCopying:
        fate = ItemFate::ChangedWhileCopying;
        counters.itemsChanged.fetch_add(items, std::memory_order_relaxed);
        break;
    case ItemOutcome::Cancelled:
        return; // the job is ending; what did not finish is not counted as done
    }
    m_job.outcomes.count(fate, items, bytes);
}

void TreeCopier::finishItem(const ItemTask &task, ItemOutcome outcome)
{
    if (!isComplete(outcome))
        task.destinationDirectory->incomplete.store(true);
    account(outcome, 1, m_plan.items[std::size_t(task.index)].countedBytes());
}

void TreeCopier::finishWhole(const PlanItem &item, ItemOutcome outcome, DirectoryHandle *into)
{
    account(outcome, 1, item.kind == ItemKind::Directory ? item.subtreeBytes : item.countedBytes());
    ItemProgress progress(m_job.counters, item.countedBytes(), false);
    if (isComplete(outcome)) {
        m_job.counters.bytesCopied.fetch_add(item.countedBytes(), std::memory_order_relaxed);
        progress.finish();
    } else {
        progress.withdraw();
        if (into)
            into->incomplete.store(true);
    }
    if (item.kind == ItemKind::Directory)
        accountSubtree(item, outcome);
}

void TreeCopier::skipUnopenedRoot(qint32 index)
{
    const PlanItem &item = m_plan.items[std::size_t(index)];
    SkippedItem skipped;
    skipped.path = m_plan.sourcePath(index);
    skipped.destination = m_plan.destinationPath(index);
    skipped.reason = SkipReason::OnError;
    skipped.cause = m_rootFailure.cause();
    skipped.items = item.subtreeEnd - index;
    skipped.bytes = item.kind == ItemKind::Directory ? item.subtreeBytes : item.countedBytes();
    m_job.outcomes.listSkipped(std::move(skipped));
    finishWhole(item, ItemOutcome::SkippedOnError, nullptr);
}

void TreeCopier::accountSubtree(const PlanItem &folder, ItemOutcome outcome)
{
    const qint32 index = qint32(&folder - m_plan.items.data());
    const qint64 descendants = folder.subtreeEnd - index - 1;
    ProgressCounters &counters = m_job.counters;
    if (outcome == ItemOutcome::Cancelled)
        return;
    // The folder's own tally holds its files' bytes (finishWhole()): these count items only.
    account(outcome, descendants, 0);
    if (isComplete(outcome)) {
        counters.addDone(folder.subtreeBytes);
        counters.bytesCopied.fetch_add(folder.subtreeBytes, std::memory_order_relaxed);
    } else {
        counters.passOver(folder.subtreeBytes); // not copied: done, never moved
    }
}

std::optional<CopyIssue> TreeCopier::openRootFolder(const QByteArray &path, DirectoryRef &handle)
{
    if (handle && handle->path == path)
        return std::nullopt; // the previous root's, still open
    constexpr int Flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOCTTY;
    handle.reset();
    if (m_job.hooks.beforeOpenRootFolder) {
        if (const int injected = m_job.hooks.beforeOpenRootFolder(path))
            return CopyIssue::fromErrno(FileOperation::Open, path, injected);
    }
    UniqueFd fd(::open(path.constData(), Flags));
    struct stat st = {};
    if (!fd || ::fstat(fd.get(), &st) != 0)
        return CopyIssue::fromErrno(FileOperation::Open, path, errno);
    handle = std::make_shared<DirectoryHandle>(std::move(fd), path, st.st_dev, false);
    return std::nullopt;
}

Tried TreeCopier::openRoot(const PlanItem &rootItem)
{
    const PlanRoot &root = m_plan.roots[rootItem.root];
    const DirectoryRef previous = m_rootDestination;
    // Retry opens again; Skip records the issue for this root (each root asks on its own).
    const Tried tried = retryUnderPolicy(
        [&] {
            if (auto issue = openRootFolder(root.sourceParent, m_rootSource))
                return issue;
            return openRootFolder(root.destinationParent, m_rootDestination);
        },
        [&](const CopyIssue &issue, int attempt) {
            m_rootFailure = issue;
            return resolveError(m_job, issue, attempt, root.sourcePath, root.destinationParent);
        });
    if (tried != Tried::Succeeded)
        return tried;
    if (m_rootDestination != previous) {
        const bool pins =
            m_job.fileSystems.probe(m_rootDestination->fd.get(), m_rootDestination->device)
                .descriptorsPinFolders;
        struct stat opened = {};
        if (!pins && ::fstat(m_rootDestination->fd.get(), &opened) == 0)
            guardFolder(*m_rootDestination, opened);
        else // a folder that cannot even be asked for is not "the folder" to the first check
            m_rootDestination->verifyBeforeWrites = !pins;
        if (m_job.options.move) {
            JobContext &job = m_job;
            m_rootDestination->finalizer = [&job](DirectoryHandle &folder) {
                finishFolder(job, folder, nullptr, -1);
            };
        }
        rememberFileSystem(*m_rootDestination);
    }
    // Leftovers of an interrupted run, removed when the root's entry is written. A refused
    // root is never written, and its name may be one its destination must not be asked about.
    if (!rootItem.refused)
        noteStalePartFiles(*m_rootDestination, {root.destinationName});
    return Tried::Succeeded;
}

void TreeCopier::rememberFileSystem(const DirectoryHandle &folder)
{
    if (m_fileSystems.find(folder.device) != m_fileSystems.end())
        return;
    m_fileSystems.emplace(folder.device, UniqueFd(::fcntl(folder.fd.get(), F_DUPFD_CLOEXEC, 0)));
    if (m_job.journal)
        m_job.journal->addFileSystem(folder.fd.get());
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
            finishItem(task, outcome);
        }
    });
}

std::optional<ItemTask> TreeCopier::taskFor(qint32 index, const std::vector<Level> &levels)
{
    const PlanItem &item = m_plan.items[std::size_t(index)];
    const bool followAll = m_job.options.followSymlinks;
    ItemTask task;
    task.index = index;
    if (item.parent >= 0) {
        Q_ASSERT(!levels.empty());
        task.sourceDirectory = levels.back().source;
        task.destinationDirectory = levels.back().destination;
        task.sourceName = item.name;
        task.destinationName = item.name;
        task.followSource = followAll;
        return task;
    }
    if (m_openedRoot != item.root) {
        m_openedRoot = item.root;
        m_rootOpened = openRoot(item);
    }
    if (m_rootOpened != Tried::Succeeded)
        return std::nullopt;
    const PlanRoot &root = m_plan.roots[item.root];
    task.sourceDirectory = m_rootSource;
    task.destinationDirectory = m_rootDestination;
    task.sourceName = root.sourceName;
    task.destinationName = root.destinationName;
    task.followSource = followAll || root.followRoot;
    return task;
}

bool TreeCopier::smallFile(const PlanItem &item) const
{
    return m_pool && item.size < m_job.options.smallFileThreshold && item.hardLinkOf < 0
           && !(m_job.options.preserve.hardLinks && item.nlink > 1) && !item.serialOnly;
}

void TreeCopier::copyFile(ItemTask task)
{
    const PlanItem &item = m_plan.items[std::size_t(task.index)];
    if (smallFile(item)) {
        if (!m_batch.empty() && m_batch.front().destinationDirectory != task.destinationDirectory)
            submitBatch();
        m_batch.push_back(std::move(task));
        m_batchBytes += item.size;
        if (m_batch.size() >= MaxBatchFiles || m_batchBytes >= MaxBatchBytes)
            submitBatch();
        return;
    }
    submitBatch(); // the pool works on what is collected while this file is copied
    const ItemOutcome outcome = m_copier.copyFile(task, &reader());
    m_job.counters.clearCurrentItem();
    finishItem(task, outcome);
}

qint32 TreeCopier::copyItem(ItemTask task, std::vector<Level> &levels)
{
    const qint32 index = task.index;
    const PlanItem &item = m_plan.items[std::size_t(index)];
    if (item.refused) { // the preflight reported it already
        finishWhole(item, ItemOutcome::Failed, task.destinationDirectory.get());
        return item.subtreeEnd;
    }
    // A folder with entries the filter left out is moved item by item: a rename would take
    // them along.
    if (m_job.options.move && !item.leftOutBelow) {
        if (const auto moved = m_copier.moveByRename(task)) {
            finishWhole(item, *moved, task.destinationDirectory.get());
            return item.subtreeEnd;
        }
    }
    switch (item.kind) {
    case ItemKind::Directory: {
        ItemOutcome outcome = ItemOutcome::Failed;
        auto [source, destination] = openFolderPair(m_job, m_plan, task, outcome);
        if (!destination) {
            finishWhole(item, outcome, task.destinationDirectory.get());
            return item.subtreeEnd;
        }
        account(outcome, 1, 0);
        if (item.leftOutBelow) // a move keeps the source folder: what was left out stays in it
            destination->incomplete.store(true);
        rememberFileSystem(*destination);
        levels.push_back({index, std::move(source), std::move(destination)});
        break;
    }
    case ItemKind::File:
        copyFile(std::move(task));
        break;
    default:
        finishItem(task, copySpecialEntry(m_job, m_plan, task));
        break;
    }
    return index + 1;
}

void TreeCopier::run()
{
    std::vector<Level> levels;
    const auto count = qint32(m_plan.items.size());
    qint32 index = 0;
    while (index < count && !m_job.stopping()) {
        const PlanItem &item = m_plan.items[std::size_t(index)];
        while (!levels.empty() && levels.back().index != item.parent)
            levels.pop_back();
        if (std::optional<ItemTask> task = taskFor(index, levels)) {
            index = copyItem(std::move(*task), levels);
        } else {
            if (m_rootOpened != Tried::Stopped) // a root that could not be opened, skipped
                skipUnopenedRoot(index);
            index = item.subtreeEnd;
        }
    }
    if (m_pool) {
        submitBatch();
        m_pool->waitForAll();
    }
    levels.clear(); // post-order: folder metadata is applied as the last references go
    m_job.counters.clearCurrentItem();
}

} // namespace Sluice
