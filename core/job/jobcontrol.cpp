#include "jobcontrol.h"

#include <algorithm>

namespace Sluice {

void JobControl::pause()
{
    {
        std::lock_guard lock(m_mutex);
        m_pauses.fetch_add(1, std::memory_order_acq_rel);
        m_paused.store(true, std::memory_order_release);
    }
    m_changed.notify_all();
}

void JobControl::resume()
{
    {
        std::lock_guard lock(m_mutex);
        m_paused.store(false, std::memory_order_release);
    }
    m_changed.notify_all();
    wakeEverything();
}

void JobControl::cancel()
{
    {
        std::lock_guard lock(m_mutex);
        m_cancelled.store(true, std::memory_order_release);
    }
    m_changed.notify_all();
    wakeEverything();
}

void JobControl::skipCurrent()
{
    {
        std::lock_guard lock(m_mutex);
        m_skipRequests.fetch_add(1, std::memory_order_acq_rel);
    }
    m_changed.notify_all();
    wakeEverything();
}

bool JobControl::waitWhilePaused()
{
    if (!isPaused())
        return !isCancelled();
    std::unique_lock lock(m_mutex);
    m_changed.wait(lock, [this] { return !isPaused() || isCancelled(); });
    return !isCancelled();
}

bool JobControl::sleepFor(std::chrono::nanoseconds duration)
{
    const quint64 skipsAtStart = skipRequests();
    const auto deadline = std::chrono::steady_clock::now() + duration;
    std::unique_lock lock(m_mutex);
    m_changed.wait_until(lock, deadline,
                         [&] { return isCancelled() || skipRequests() != skipsAtStart; });
    lock.unlock();
    return waitWhilePaused();
}

void JobControl::setSpeedLimit(qint64 bytesPerSecond)
{
    {
        std::lock_guard lock(m_mutex);
        m_speedLimit.store(std::max<qint64>(0, bytesPerSecond), std::memory_order_relaxed);
    }
    m_changed.notify_all(); // a writer sleeping for the old limit re-plans
}

int JobControl::addWaker(std::function<void()> waker)
{
    std::lock_guard lock(m_wakerMutex);
    const int token = m_nextWakerToken++;
    m_wakers.emplace_back(token, std::move(waker));
    return token;
}

void JobControl::removeWaker(int token)
{
    std::lock_guard lock(m_wakerMutex);
    std::erase_if(m_wakers, [token](const auto &entry) { return entry.first == token; });
}

void JobControl::wakeEverything()
{
    std::vector<std::function<void()>> wakers;
    {
        std::lock_guard lock(m_wakerMutex);
        for (const auto &entry : m_wakers)
            wakers.push_back(entry.second);
    }
    for (const auto &waker : wakers)
        waker();
}

} // namespace Sluice
