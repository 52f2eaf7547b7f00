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
    m_tokens = 0;
    m_lastNs = nowNs;
}

void TokenBucket::refill(qint64 nowNs)
{
    if (nowNs <= m_lastNs)
        return;
    // Burst: a quarter second of credit, enough to keep a 1 MiB chunk writer smooth.
    const double burst = std::max(1.0, double(m_rate) / 4.0);
    m_tokens = std::min(burst, m_tokens + double(nowNs - m_lastNs) * double(m_rate) / 1e9);
    m_lastNs = nowNs;
}

qint64 TokenBucket::delayNs(qint64 nowNs)
{
    if (m_rate <= 0)
        return 0;
    refill(nowNs);
    if (m_tokens > 0)
        return 0;
    return qint64(std::ceil(-m_tokens * 1e9 / double(m_rate))) + 1;
}

void TokenBucket::consume(qint64 bytes, qint64 nowNs)
{
    if (m_rate <= 0)
        return;
    refill(nowNs);
    m_tokens -= double(bytes);
}

} // namespace Sluice
