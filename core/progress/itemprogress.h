#pragma once

#include "progresscounters.h"

namespace Sluice {

/// Keeps one file's share of the job's logical progress honest. The job's bytesDone moves
/// by exactly this file's size when the file ends in any way (copied, skipped, failed), and
/// only forwards:
/// - a file that grows while copied raises bytesTotal by the excess as it is read;
/// - a file that shrinks, is skipped or fails has its remainder counted as done at finish();
/// - a retry raises bytesTotal by the work already counted, which is done again.
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
    /// leaves the job's total instead of counting as done, so "done of total" never
    /// claims bytes that were not copied, and the fraction still only rises. Idempotent.
    void withdraw();
    /// A new attempt starts from offset 0.
    void restart();

    qint64 reached() const { return m_reached; }

private:
    ProgressCounters &m_counters;
    qint64 m_capacity; // bytes this attempt contributes to bytesTotal
    qint64 m_reached = 0;
    bool m_serial;
    bool m_finished = false;
};

} // namespace Sluice
