#pragma once

#include <QtGlobal>

namespace Sluice {

/// Keeps the dirty page cache of one destination file bounded while it is written
/// (DESIGN.md, "Flush-behind"). Every `window` bytes written, write-back of that window is
/// started with sync_file_range(SYNC_FILE_RANGE_WRITE); once more than `lag` windows are in
/// flight, the oldest is waited for (SYNC_FILE_RANGE_WAIT_BEFORE | WRITE | WAIT_AFTER) and
/// then dropped from the page cache with posix_fadvise(POSIX_FADV_DONTNEED) on the
/// destination and, for the same range, on the source. Dirty data of this file therefore
/// never exceeds (lag + 1) × window bytes, and the write rate shown is the device's.
/// See sync_file_range(2) and posix_fadvise(2). Single-threaded (the writing thread).
class FlushBehind final
{
public:
    /// @p sourceFd may be -1 (nothing to drop on the source side).
    FlushBehind(int destinationFd, int sourceFd, qint64 window, int lag);

    /// The file's first @p offset bytes are already on the device (a resumed file continues
    /// after its checkpoint): windows start there. Call before the first advance().
    void startAt(qint64 offset)
    {
        m_started = offset;
        m_waited = offset;
    }

    /// Data up to offset @p end has been written. Returns 0 or the errno of a failed
    /// write-back (EIO, ENOSPC: a write error of the destination).
    int advance(qint64 end);

    /// The data is complete at @p end. Starts write-back of the tail; with @p wait, waits
    /// for everything and drops it from the cache. Returns 0 or an errno.
    int finish(qint64 end, bool wait);

    /// Bytes written whose write-back has not been waited for.
    qint64 pendingBytes(qint64 end) const { return end - m_waited; }

private:
    int waitAndDrop(qint64 from, qint64 to);

    int m_destinationFd;
    int m_sourceFd;
    qint64 m_window;
    int m_lag;
    qint64 m_started = 0; // write-back started for [0, m_started)
    qint64 m_waited = 0;  // durable and dropped for [0, m_waited)
};

} // namespace Sluice
