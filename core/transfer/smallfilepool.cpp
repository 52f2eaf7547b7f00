#include "smallfilepool.h"

#include "threadpriority.h"

#include <QThread>

#include <algorithm>

namespace Sluice {

SmallFilePool::SmallFilePool(int threads)
    : m_capacity(std::size_t(std::max(1, threads)) * 4)
{
    for (int i = 0; i < std::max(1, threads); ++i) {
        std::unique_ptr<QThread> thread(QThread::create([this] { work(); }));
        thread->setObjectName(QStringLiteral("sluice-small-%1").arg(i + 1));
        thread->start();
        m_threads.push_back(std::move(thread));
    }
}

SmallFilePool::~SmallFilePool()
{
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_taskQueued.notify_all();
    for (const auto &thread : m_threads)
        thread->wait();
}

int SmallFilePool::defaultThreadCount()
{
    return std::clamp(4 * QThread::idealThreadCount(), 4, 8);
}

void SmallFilePool::submit(std::function<void()> task)
{
    {
        std::unique_lock lock(m_mutex);
        m_spaceFreed.wait(lock, [this] { return m_queue.size() < m_capacity; });
        m_queue.push_back(std::move(task));
    }
    m_taskQueued.notify_one();
}

void SmallFilePool::waitForAll()
{
    std::unique_lock lock(m_mutex);
    m_allDone.wait(lock, [this] { return m_queue.empty() && m_running == 0; });
}

void SmallFilePool::work()
{
    lowerCurrentThreadPriority();
    for (;;) {
        std::function<void()> task;
        {
            std::unique_lock lock(m_mutex);
            m_taskQueued.wait(lock, [this] { return !m_queue.empty() || m_stopping; });
            if (m_queue.empty())
                return; // stopping and nothing left
            task = std::move(m_queue.front());
            m_queue.pop_front();
            ++m_running;
        }
        m_spaceFreed.notify_one();
        task();
        task = nullptr; // release what the task holds (folder handles) before counting it done
        {
            std::lock_guard lock(m_mutex);
            --m_running;
        }
        m_allDone.notify_all();
    }
}

} // namespace Sluice
