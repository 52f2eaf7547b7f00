#include "speedlimiter.h"

#include "jobcontrol.h"

#include <algorithm>
#include <chrono>

namespace Sluice {

namespace {
constexpr qint64 MaxSleepNs = 100'000'000; // re-check the limit at least every 100 ms
}

SpeedLimiter::SpeedLimiter(JobControl &control, std::function<qint64()> clockNs,
                           std::function<bool(qint64)> sleepNs)
    : m_control(control)
    , m_clockNs(std::move(clockNs))
    , m_sleepNs(std::move(sleepNs))
    , m_pausesSeen(control.pauseCount())
{
    if (!m_clockNs) {
        m_clockNs = [] {
            return qint64(std::chrono::duration_cast<std::chrono::nanoseconds>(
                              std::chrono::steady_clock::now().time_since_epoch())
                              .count());
        };
    }
    if (!m_sleepNs) {
        m_sleepNs = [&control](qint64 ns) {
            return control.sleepFor(std::chrono::nanoseconds(ns));
        };
    }
}

bool SpeedLimiter::throttle(qint64 bytes, const std::function<bool()> &stop)
{
    bytes = std::max<qint64>(0, bytes);
    bool reserved = false;
    quint64 epoch = 0;
    qint64 goNs = 0;
    for (;;) {
        qint64 waitNs = 0;
        {
            std::lock_guard lock(m_mutex);
            const qint64 now = m_clockNs();
            if (syncRate(now) <= 0)
                return !m_control.isCancelled();
            // Taken once; again (at the new rate, or after the resume) when the bucket was
            // emptied meanwhile.
            if (!reserved || epoch != m_epoch) {
                goNs = m_bucket.reserve(bytes, now);
                epoch = m_epoch;
                if (!reserved)
                    m_charged += bytes;
                reserved = true;
            }
            waitNs = goNs - now;
            if (waitNs <= 0)
                return !m_control.isCancelled();
        }
        const bool goesOn = m_sleepNs(std::min(waitNs, MaxSleepNs));
        if (!goesOn || (stop && stop())) {
            giveBack(bytes, epoch); // nothing is written for them
            return goesOn;
        }
    }
}

void SpeedLimiter::giveBack(qint64 bytes, quint64 epoch)
{
    std::lock_guard lock(m_mutex);
    m_charged -= bytes;
    if (epoch == m_epoch)
        m_bucket.adjust(-bytes);
}

void SpeedLimiter::charge(qint64 bytes)
{
    std::lock_guard lock(m_mutex);
    const qint64 now = m_clockNs();
    if (syncRate(now) <= 0 || bytes == 0)
        return;
    m_bucket.adjust(bytes);
    m_charged += bytes;
}

qint64 SpeedLimiter::syncRate(qint64 nowNs)
{
    const qint64 limit = m_control.speedLimit();
    if (limit != m_bucket.rate()) {
        m_bucket.setRate(limit, nowNs);
        ++m_epoch;
    }
    // After a pause: the paused time earns no credit, and what waited pays again.
    const quint64 pauses = m_control.pauseCount();
    if (pauses != m_pausesSeen && !m_control.isPaused()) {
        m_pausesSeen = pauses;
        m_bucket.empty(nowNs);
        ++m_epoch;
    }
    return limit;
}

qint64 SpeedLimiter::bytesCharged() const
{
    std::lock_guard lock(m_mutex);
    return m_charged;
}

} // namespace Sluice
