#pragma once

#include "ratemeter.h"

#include <functional>
#include <mutex>

namespace Sluice {

class JobControl;

/// The write-side speed limit of a job: one TokenBucket shared by every writing thread,
/// reading its rate from JobControl::speedLimit() so that a change made while copying takes
/// effect at the next chunk. Waiting uses JobControl::sleepFor(), so pause, cancel and skip
/// interrupt it. The reader is not limited: it is held back by backpressure from the chunk
/// pool, which is what makes read rate converge to write rate. Thread-safe.
class SpeedLimiter final
{
public:
    /// @p clockNs: monotonic nanoseconds (injectable for tests; defaults to steady_clock).
    explicit SpeedLimiter(JobControl &control, std::function<qint64()> clockNs = {});
    Q_DISABLE_COPY_MOVE(SpeedLimiter)

    /// Waits until @p bytes may be written, then takes them from the bucket. Returns false
    /// if the job was cancelled while waiting. @p stop: extra reason to stop (skip).
    /// For writers that know the size in advance (the stream engine).
    bool throttle(qint64 bytes, const std::function<bool()> &stop = {});
    /// Takes @p bytes out of the bucket after they were written. With throttle(0) before
    /// the write, this charges what really moved, not what was asked for: copy_file_range(2)
    /// asked for a chunk moves only what is left of a small file, then 0 at its end.
    void charge(qint64 bytes);
    /// Bytes taken from the bucket so far, while a limit was set (diagnostics, tests).
    qint64 bytesCharged() const;

private:
    /// Follows a limit changed through JobControl; returns it. Caller holds m_mutex.
    qint64 syncRate(qint64 nowNs);

    JobControl &m_control;
    std::function<qint64()> m_clockNs;
    mutable std::mutex m_mutex;
    TokenBucket m_bucket;
    qint64 m_charged = 0;
};

} // namespace Sluice
