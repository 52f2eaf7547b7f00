#include "progresscounters.h"

namespace Sluice {

void ProgressCounters::setCurrentItem(const QByteArray &path, qint64 size, Engine engine)
{
    {
        std::lock_guard lock(m_currentMutex);
        m_currentItem = path;
    }
    currentItemDone.store(0, std::memory_order_relaxed);
    currentItemSize.store(size, std::memory_order_relaxed);
    currentEngine.store(int(engine), std::memory_order_relaxed);
}

void ProgressCounters::clearCurrentItem()
{
    {
        std::lock_guard lock(m_currentMutex);
        m_currentItem.clear();
    }
    currentItemDone.store(0, std::memory_order_relaxed);
    currentItemSize.store(0, std::memory_order_relaxed);
    currentEngine.store(int(Engine::Auto), std::memory_order_relaxed);
}

QByteArray ProgressCounters::currentItem() const
{
    std::lock_guard lock(m_currentMutex);
    return m_currentItem;
}

void ProgressCounters::setDeviceWait(const QString &device, const QString &holder)
{
    std::lock_guard lock(m_currentMutex);
    m_waitingForDevice = device;
    m_deviceHolder = holder;
}

std::pair<QString, QString> ProgressCounters::deviceWait() const
{
    std::lock_guard lock(m_currentMutex);
    return {m_waitingForDevice, m_deviceHolder};
}

} // namespace Sluice
