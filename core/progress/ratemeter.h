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

/// Token bucket for the write-side speed limit. The writer asks how long to wait before
/// writing a chunk; the bucket holds at most `burst` bytes of credit so that an idle moment
/// does not turn into a burst above the limit. Pure: times are passed in (nanoseconds of a
/// monotonic clock), so tests inject them.
class TokenBucket final
{
public:
    /// Sets the rate in bytes/s (0 = unlimited) and empties the bucket, starting at @p nowNs.
    void setRate(qint64 bytesPerSecond, qint64 nowNs);
    qint64 rate() const { return m_rate; }

    /// Nanoseconds to wait at @p nowNs before the next chunk may be written; 0 when it may
    /// go now. A chunk may go as soon as the balance is positive; consume() then drives it
    /// negative by the chunk's size. Does not consume anything.
    qint64 delayNs(qint64 nowNs);
    /// Takes @p bytes out of the bucket at @p nowNs (the balance may go negative after a
    /// chunk larger than the burst; later writes then wait it off).
    void consume(qint64 bytes, qint64 nowNs);

private:
    void refill(qint64 nowNs);

    qint64 m_rate = 0;
    double m_tokens = 0;
    qint64 m_lastNs = 0;
};

} // namespace Sluice
