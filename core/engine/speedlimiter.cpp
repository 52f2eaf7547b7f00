#include "speedlimiter.h"

#include "jobcontrol.h"

#include <algorithm>
#include <chrono>

namespace Sluice {

namespace {
constexpr qint64 MaxSleepNs = 100'000'000; // re-check the limit at least every 100 ms
}

SpeedLimiter::SpeedLimiter(JobControl &control, std::function<qint64()> clockNs)
    : m_control(control)
    , m_clockNs(std::move(clockNs))
{
    if (!m_clockNs) {
        m_clockNs = [] {
            return qint64(std::chrono::duration_cast<std::chrono::nanoseconds>(
                              std::chrono::steady_clock::now().time_since_epoch())
                              .count());
        };
    }
}

bool SpeedLimiter::throttle(qint64 bytes, const std::function<bool()> &stop)
{
    for (;;) {
        qint64 waitNs = 0;
        {
            std::lock_guard lock(m_mutex);
            const qint64 now = m_clockNs();
            const qint64 limit = syncRate(now);
            if (limit <= 0)
                return !m_control.isCancelled();
            waitNs = m_bucket.delayNs(now);
            if (waitNs == 0) {
                m_bucket.consume(bytes, now);
                m_charged += bytes;
                return !m_control.isCancelled();
            }
        }
        if (!m_control.sleepFor(std::chrono::nanoseconds(std::min(waitNs, MaxSleepNs))))
            return false;
        if (stop && stop())
            return true; // the caller notices its own stop reason
    }
}

void SpeedLimiter::charge(qint64 bytes)
{
    std::lock_guard lock(m_mutex);
    const qint64 now = m_clockNs();
    if (syncRate(now) <= 0 || bytes <= 0)
        return;
    m_bucket.consume(bytes, now);
    m_charged += bytes;
}

qint64 SpeedLimiter::syncRate(qint64 nowNs)
{
    const qint64 limit = m_control.speedLimit();
    if (limit != m_bucket.rate())
        m_bucket.setRate(limit, nowNs);
    return limit;
}

qint64 SpeedLimiter::bytesCharged() const
{
    std::lock_guard lock(m_mutex);
    return m_charged;
}

} // namespace Sluice
