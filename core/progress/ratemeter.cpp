#include "ratemeter.h"

#include <algorithm>
#include <cmath>

namespace Sluice {

void RateMeter::addSample(qint64 activeMs, qint64 total)
{
    if (!m_samples.empty() && activeMs <= m_samples.back().activeMs) {
        m_samples.back().total = total; // same instant: keep the newest count
        return;
    }
    m_samples.push_back({activeMs, total});
    // Keep one sample at or before the window's start so the window is fully covered.
    while (m_samples.size() > 2 && m_samples[1].activeMs <= activeMs - m_windowMs)
        m_samples.pop_front();
}

qint64 RateMeter::rate() const
{
    if (m_samples.size() < 2)
        return 0;
    const Sample &first = m_samples.front();
    const Sample &last = m_samples.back();
    const qint64 spanMs = last.activeMs - first.activeMs;
    if (spanMs <= 0)
        return 0;
    return std::max<qint64>(0, (last.total - first.total) * 1000 / spanMs);
}

void TokenBucket::setRate(qint64 bytesPerSecond, qint64 nowNs)
{
    m_rate = std::max<qint64>(0, bytesPerSecond);
    m_paidUntilNs = nowNs;
}

qint64 TokenBucket::costNs(qint64 bytes, bool up) const
{
    // Whole seconds exactly, the rest in double (below one second's bytes).
    const qint64 seconds = bytes / m_rate;
    const double rest = double(bytes % m_rate) * 1e9 / double(m_rate);
    return seconds * 1'000'000'000 + qint64(up ? std::ceil(rest) : std::floor(rest));
}

qint64 TokenBucket::reserve(qint64 bytes, qint64 nowNs)
{
    if (m_rate <= 0)
        return nowNs;
    // Credit is what the clock is ahead of the paid moment, at most the burst.
    m_paidUntilNs =
        std::max(m_paidUntilNs, nowNs - BurstNs) + costNs(std::max<qint64>(0, bytes), true);
    return std::max(nowNs, m_paidUntilNs);
}

void TokenBucket::adjust(qint64 bytes)
{
    if (m_rate <= 0)
        return;
    if (bytes > 0)
        m_paidUntilNs += costNs(bytes, true);
    else if (bytes < 0)
        m_paidUntilNs -= costNs(-bytes, false);
}

} // namespace Sluice
