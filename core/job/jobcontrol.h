#pragma once

#include <QtGlobal>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <vector>

namespace Sluice {

/// The cooperative control block of one job: pause, cancel, skip and the live speed limit.
/// Every member is thread-safe. The GUI thread (through CopyJob) requests; the worker,
/// reader and small-file threads check between chunks and block on one condition variable
/// while paused, so a paused job uses no CPU. Blocking waits elsewhere (the chunk pool,
/// the question broker) register a waker so that cancel and skip reach them at once.
class JobControl final
{
public:
    JobControl() = default;
    Q_DISABLE_COPY_MOVE(JobControl)

    void pause();
    void resume();
    void cancel();
    /// Asks the item currently moving through the serial path to stop and be skipped.
    void skipCurrent();

    bool isPaused() const { return m_paused.load(std::memory_order_acquire); }
    bool isCancelled() const { return m_cancelled.load(std::memory_order_acquire); }
    /// Incremented by every skipCurrent(); an item compares it with the value it saw at start.
    quint64 skipRequests() const { return m_skipRequests.load(std::memory_order_acquire); }
    /// Incremented by every pause(): a sampler that sees it change knows a pause fell in its
    /// interval even when the job was resumed before it looked.
    quint64 pauseCount() const { return m_pauses.load(std::memory_order_acquire); }

    /// Blocks the calling thread while the job is paused. Returns false if the job was
    /// cancelled (before or during the wait), true otherwise.
    bool waitWhilePaused();

    /// Sleeps for @p duration, waking early on cancel or skip. Pausing extends the sleep
    /// until resumed. Returns false if the job was cancelled.
    bool sleepFor(std::chrono::nanoseconds duration);

    /// Write-side speed limit in bytes/s (0 = unlimited); changeable while copying.
    void setSpeedLimit(qint64 bytesPerSecond);
    qint64 speedLimit() const { return m_speedLimit.load(std::memory_order_relaxed); }

    /// Registers @p waker, called (without locks held) after cancel(), skipCurrent() and
    /// resume(). Returns a token for removeWaker().
    int addWaker(std::function<void()> waker);
    void removeWaker(int token);

private:
    void wakeEverything();

    std::atomic<bool> m_paused{false};
    std::atomic<bool> m_cancelled{false};
    std::atomic<quint64> m_skipRequests{0};
    std::atomic<quint64> m_pauses{0};
    std::atomic<qint64> m_speedLimit{0};

    std::mutex m_mutex;
    std::condition_variable m_changed;

    std::mutex m_wakerMutex;
    std::vector<std::pair<int, std::function<void()>>> m_wakers;
    int m_nextWakerToken = 1;
};

} // namespace Sluice
