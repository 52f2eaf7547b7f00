#pragma once

#include "ratemeter.h"

#include <functional>
#include <mutex>

namespace Sluice {

class JobControl;

/// The write-side speed limit of a job: one TokenBucket shared by every writing thread,
/// reading its rate from JobControl::speedLimit() so that a change made while copying takes
/// effect at the next chunk. A write pays before it goes (throttle()): N bytes at limit L
/// never take less than (N - burst) / L, with the burst TokenBucket::BurstNs of L, earned
/// only by time in which nothing was written. The bucket starts empty, and is emptied when
/// the limit changes and after a pause (the paused time earns no credit, and a chunk that
/// was waiting waits its whole cost again after the resume). Waiting uses
/// JobControl::sleepFor(), so pause, cancel and skip interrupt it. The reader is not
/// limited: it is held back by backpressure from the chunk pool, which is what makes read
/// rate converge to write rate. Thread-safe.
class SpeedLimiter final
{
public:
    /// @p clockNs: monotonic nanoseconds (defaults to steady_clock). @p sleepNs: sleeps up to
    /// the nanoseconds given, returns false when the job was cancelled (defaults to
    /// JobControl::sleepFor()). Both injectable for tests.
    explicit SpeedLimiter(JobControl &control, std::function<qint64()> clockNs = {},
                          std::function<bool(qint64)> sleepNs = {});
    Q_DISABLE_COPY_MOVE(SpeedLimiter)

    /// Takes @p bytes from the bucket, then waits until they are paid for: call it before
    /// writing them. Returns false if the job was cancelled while waiting. @p stop: extra
    /// reason to stop (skip); then it returns true and the caller notices its own stop. A
    /// wait that ends in a stop gives the bytes back. For writers that know the size in
    /// advance (the stream engine); throttle(0) waits only for the debt of earlier writes.
    bool throttle(qint64 bytes, const std::function<bool()> &stop = {});
    /// Corrects what throttle() took once the write is done: @p bytes > 0 were written
    /// beyond it (they are paid by the next write: copy_file_range(2) of a file that grew),
    /// @p bytes < 0 were taken but not written (a short copy, a stop, an injected failure),
    /// and are given back.
    void charge(qint64 bytes);
    /// Bytes taken from the bucket so far, while a limit was set (diagnostics, tests).
    qint64 bytesCharged() const;

private:
    /// Follows a limit changed through JobControl and empties the bucket after a pause;
    /// returns the limit. Caller holds m_mutex.
    qint64 syncRate(qint64 nowNs);
    /// Gives @p bytes taken in bucket epoch @p epoch back. Takes m_mutex.
    void giveBack(qint64 bytes, quint64 epoch);

    JobControl &m_control;
    std::function<qint64()> m_clockNs;
    std::function<bool(qint64)> m_sleepNs;
    mutable std::mutex m_mutex;
    TokenBucket m_bucket;
    qint64 m_charged = 0;
    quint64 m_epoch = 0;      ///< bumped whenever the bucket is emptied: reservations made
                              ///< before are taken again
    quint64 m_pausesSeen = 0; ///< JobControl::pauseCount() the bucket was last emptied for
};

} // namespace Sluice
