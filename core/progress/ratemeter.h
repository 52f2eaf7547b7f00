#pragma once

#include <QtGlobal>

#include <deque>

namespace Sluice {

/// Throughput over a sliding window. Feed it (active time, cumulative count) pairs; it
/// answers count/s over the last `window` of active time. "Active time" is a clock the
/// caller stops while the job is paused, so a pause neither drags the rate down nor makes
/// it spike on resume. Pure and single-threaded: the sampler owns it and the tests drive it
/// with synthetic times.
class RateMeter final
{
public:
    /// @p windowMs: width of the sliding window in milliseconds of active time.
    explicit RateMeter(qint64 windowMs = 2000)
        : m_windowMs(windowMs)
    {}

    /// Records that the counter stood at @p total (bytes) at @p activeMs. Times must not go
    /// backwards; totals must not decrease.
    void addSample(qint64 activeMs, qint64 total);

    /// Bytes/s over the window ending at the last sample, 0 before two samples exist.
    qint64 rate() const;

    /// Active milliseconds the window spans now (0 before two samples exist).
    qint64 spanMs() const
    {
        return m_samples.size() < 2 ? 0 : m_samples.back().activeMs - m_samples.front().activeMs;
    }

    void reset() { m_samples.clear(); }

private:
    struct Sample
    {
        qint64 activeMs;
        qint64 total;
    };
    qint64 m_windowMs;
    std::deque<Sample> m_samples;
};

/// Token bucket for the write-side speed limit, paid *before* each write. It is kept as the
/// moment up to which the bytes taken so far are paid for at the rate (a virtual-scheduling
/// form of the bucket): taking a write's bytes moves that moment on by their cost, and the
/// write may go once the clock has reached it. So no chunk goes through free, not the first
/// one nor the first after a pause, and N bytes never go out faster than (N - burst) / rate,
/// where the burst is the credit an idle bucket holds: BurstNs of the rate, so that the time
/// a writer spends in write(2) between two reservations is not lost. Pure: times are passed
/// in (nanoseconds of a monotonic clock), so tests inject them.
class TokenBucket final
{
public:
    /// The burst allowance: an idle bucket holds at most this much time of credit, a tenth
    /// of a second of the rate (102.4 KiB at 1 MiB/s).
    static constexpr qint64 BurstNs = 100'000'000;

    /// Sets the rate in bytes/s (0 = unlimited) and empties the bucket (no credit, no
    /// debt) at @p nowNs.
    void setRate(qint64 bytesPerSecond, qint64 nowNs);
    qint64 rate() const { return m_rate; }
    /// Empties the bucket at @p nowNs: no credit and no debt (after a pause).
    void empty(qint64 nowNs) { m_paidUntilNs = nowNs; }

    /// Takes @p bytes (>= 0) at @p nowNs, before they are written, and returns the moment
    /// they may be written: @p nowNs when the credit covers them, else the moment their
    /// cost is paid, after that of every earlier reservation. 0 bytes wait for the debt of
    /// the earlier ones. Unlimited: @p nowNs.
    qint64 reserve(qint64 bytes, qint64 nowNs);
    /// Corrects the bytes taken: @p bytes > 0 were written beyond what was reserved and
    /// are paid by the reservations that follow; @p bytes < 0 were reserved but not
    /// written, and are given back.
    void adjust(qint64 bytes);

private:
    /// Nanoseconds @p bytes (>= 0) take at the rate, rounded up (@p up) or down.
    qint64 costNs(qint64 bytes, bool up) const;

    qint64 m_rate = 0;
    qint64 m_paidUntilNs = 0;
};

} // namespace Sluice
