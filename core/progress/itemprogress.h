#pragma once

#include "progresscounters.h"

namespace Sluice {

/// Keeps one file's share of the job's logical progress honest. The job's bytesDone moves
/// by exactly this file's size when the file ends in any way (copied, skipped, failed), and
/// only forwards; the job's total (its planned size) never goes down:
/// - a file that grows while copied raises bytesTotal by the excess as it is read;
/// - a file that shrinks has its remainder counted as done at finish();
/// - a file skipped or failed has its remainder passed over (withdraw()): done, but not
///   moved, so the ETA does not count it;
/// - a retry starts again from 0 without moving bytesDone back: done moves on only past the
///   furthest offset any attempt reached.
/// Single-threaded: owned by the thread copying the file.
class ItemProgress final
{
public:
    /// @p serial: also publish the per-item counters shown as "current file".
    ItemProgress(ProgressCounters &counters, qint64 plannedSize, bool serial)
        : m_counters(counters)
        , m_capacity(plannedSize)
        , m_serial(serial)
    {}
    ~ItemProgress() { finish(); }
    Q_DISABLE_COPY_MOVE(ItemProgress)

    /// The copy has reached logical offset @p offset (data written or holes passed).
    void advanceTo(qint64 offset);
    /// The item is over; counts whatever was not reached as done. Idempotent.
    void finish();
    /// The item ended without a copy (skipped, failed, cancelled): what it did not reach
    /// counts as done but passed over (ProgressCounters::passOver()), so the total stays the
    /// planned size and the ETA leaves those bytes out. Idempotent.
    void withdraw();
    /// A new attempt starts from offset 0.
    void restart();

    qint64 reached() const { return m_reached; }

private:
    ProgressCounters &m_counters;
    qint64 m_capacity;    // bytes this file contributes to bytesTotal
    qint64 m_reached = 0; // this attempt's offset
    qint64 m_counted = 0; // the furthest offset counted into bytesDone (any attempt)
    bool m_serial;
    bool m_finished = false;
};

} // namespace Sluice
