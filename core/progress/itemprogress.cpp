#include "itemprogress.h"

namespace Sluice {

void ItemProgress::advanceTo(qint64 offset)
{
    if (m_finished || offset <= m_reached)
        return;
    if (offset > m_capacity) {
        m_counters.addTotal(offset - m_capacity); // total first: samples never see done > total
        m_capacity = offset;
    }
    m_reached = offset;
    if (m_reached > m_counted) {
        m_counters.addDone(m_reached - m_counted);
        m_counted = m_reached;
    }
    if (m_serial) {
        m_counters.currentItemDone.store(m_reached, std::memory_order_relaxed);
        if (m_reached > m_counters.currentItemSize.load(std::memory_order_relaxed))
            m_counters.currentItemSize.store(m_reached, std::memory_order_relaxed);
    }
}

void ItemProgress::finish()
{
    if (m_finished)
        return;
    m_finished = true;
    if (m_counted < m_capacity)
        m_counters.addDone(m_capacity - m_counted);
    m_reached = m_counted = m_capacity;
}

void ItemProgress::withdraw()
{
    if (m_finished)
        return;
    m_finished = true;
    if (m_counted < m_capacity)
        m_counters.passOver(m_capacity - m_counted);
    m_reached = m_counted = m_capacity;
}

void ItemProgress::restart()
{
    if (m_finished)
        return;
    m_reached = 0;
    if (m_serial)
        m_counters.currentItemDone.store(0, std::memory_order_relaxed);
}

} // namespace Sluice
