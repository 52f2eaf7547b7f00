#pragma once

#include <QtGlobal>

#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

class QThread;

namespace Sluice {

/// A bounded pool of threads ("sluice-small-N") for copying many small files at once: on
/// a virtio disk four to eight concurrent small-file copies finish in about half the time
/// of one (issue 5's measurements). The queue holds at most four tasks per thread; submit()
/// blocks beyond that, so the plan walk never runs far ahead and memory stays bounded.
/// Tasks are plain functions; they check for cancellation themselves.
class SmallFilePool final
{
public:
    /// Starts @p threads threads (at least 1).
    explicit SmallFilePool(int threads);
    /// Runs what is queued, then joins the threads.
    ~SmallFilePool();
    Q_DISABLE_COPY_MOVE(SmallFilePool)

    /// Queues @p task, waiting while the queue is full.
    void submit(std::function<void()> task);
    /// Blocks until every submitted task has finished.
    void waitForAll();
    int threadCount() const { return int(m_threads.size()); }

    /// clamp(4 × processors, 4, 8): the default thread count. More threads than processors,
    /// because small-file copies mostly wait for the disk (a cold source, the journal):
    /// 20,000 files of 4 KiB from a cold cache took 1.97 s with 2 threads, 1.65 s with 4 and
    /// 1.43 s with 8 on 2 cores, and the same with 2, 4 or 8 from a warm cache
    /// (bench/RESULTS.md).
    static int defaultThreadCount();

private:
    void work();

    std::vector<std::unique_ptr<QThread>> m_threads;
    std::mutex m_mutex;
    std::condition_variable m_taskQueued;
    std::condition_variable m_spaceFreed;
    std::condition_variable m_allDone;
    std::deque<std::function<void()>> m_queue;
    std::size_t m_capacity;
    int m_running = 0;
    bool m_stopping = false;
};

} // namespace Sluice
