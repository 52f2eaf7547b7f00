#include "outcomebook.h"

namespace Sluice {

void OutcomeBook::count(ItemFate fate, qint64 items, qint64 bytes)
{
    std::lock_guard lock(m_mutex);
    m_summary.tallyOf(fate).add(items, bytes);
}

void OutcomeBook::listSkipped(SkippedItem item)
{
    std::lock_guard lock(m_mutex);
    m_summary.skippedItems.append(std::move(item));
}

CopySummary OutcomeBook::snapshot() const
{
    std::lock_guard lock(m_mutex);
    return m_summary;
}

} // namespace Sluice
