#pragma once

#include "copyoptions.h"
#include "copyprogress.h"

#include <QByteArray>

#include <atomic>
#include <mutex>

namespace Sluice {

/// The counters that reader, writer and small-file threads update cheaply (relaxed atomic
/// adds) and that the progress sampler reads every 100 ms. No signal is emitted per chunk
/// or per file; the sampler turns these into one CopyProgress per tick.
///
/// Ordering rule for consistent samples: writers raise bytesTotal before bytesDone, and
/// the sampler reads bytesDone before bytesTotal, so a sample never shows done > total.
struct ProgressCounters
{
    std::atomic<int> phase{int(CopyPhase::Idle)};
    std::atomic<qint64> bytesTotal{0};
    std::atomic<qint64> bytesDone{0};
    std::atomic<qint64> bytesRead{0};
    std::atomic<qint64> bytesWritten{0};
    std::atomic<qint64> bytesCopied{0}; ///< final sizes of the files copied
    /// The part of bytesDone reached by copying: bytesDone without the bytes passed over
    /// (items skipped or failed, counted done at once; at plan time for the skips a
    /// collision policy makes). The ETA's rate is this one's.
    std::atomic<qint64> bytesWorked{0};
    std::atomic<qint64> itemsTotal{0};
    std::atomic<qint64> itemsCopied{0};
    std::atomic<qint64> itemsSkipped{0};
    std::atomic<qint64> itemsFailed{0};
    /// Copied, but the source changed while it was read, twice (ItemOutcome).
    std::atomic<qint64> itemsChanged{0};
    std::atomic<qint64> currentItemSize{0};
    std::atomic<qint64> currentItemDone{0};
    std::atomic<int> currentEngine{int(Engine::Auto)};
    std::atomic<qint64> bytesToFlush{0};
    std::atomic<int> smallFilesInFlight{0}; ///< small files being copied by the pool now
    /// Files whose data an engine is moving now, and how many such data moves began: the
    /// sampler counts a sample interval as moving time only when data moved in it, not
    /// when it went to skips, collision checks or folders (issue 13: average = bytes
    /// moved ÷ time spent moving).
    std::atomic<int> dataMovesInFlight{0};
    std::atomic<quint64> dataMovesBegun{0};
    /// Bytes of further hard-link names that became copies of their own only in the transfer
    /// (the first name failed, or linkat(2) failed where the preflight did not know): part of
    /// the job's planned size (CopySummary::planned) as of bytesTotal (addSeparateCopy()).
    std::atomic<qint64> bytesPlannedLate{0};

    void setPhase(CopyPhase value) { phase.store(int(value), std::memory_order_relaxed); }
    CopyPhase currentPhase() const { return CopyPhase(phase.load(std::memory_order_relaxed)); }

    /// Adds @p bytes of logical progress reached by copying.
    void addDone(qint64 bytes)
    {
        bytesWorked.fetch_add(bytes, std::memory_order_relaxed);
        bytesDone.fetch_add(bytes, std::memory_order_relaxed);
    }
    /// Adds to the planned total (a file grew, or a hard link became a copy of its own).
    void addTotal(qint64 bytes) { bytesTotal.fetch_add(bytes, std::memory_order_relaxed); }
    /// A further hard-link name of @p bytes becomes a copy of its own during the transfer.
    void addSeparateCopy(qint64 bytes)
    {
        addTotal(bytes);
        bytesPlannedLate.fetch_add(bytes, std::memory_order_relaxed);
    }
    /// Counts @p bytes as done without moving them (an item skipped or failed).
    void passOver(qint64 bytes) { bytesDone.fetch_add(bytes, std::memory_order_relaxed); }

    /// A file's data starts moving (DataMoveScope); any thread.
    void beginDataMove()
    {
        dataMovesBegun.fetch_add(1, std::memory_order_relaxed);
        dataMovesInFlight.fetch_add(1, std::memory_order_relaxed);
    }
    void endDataMove() { dataMovesInFlight.fetch_sub(1, std::memory_order_relaxed); }

    /// Names the item now moving through the serial path (for display).
    void setCurrentItem(const QByteArray &path, qint64 size, Engine engine);
    void clearCurrentItem();
    QByteArray currentItem() const;

    /// In WaitingForDevice: the disk waited for and its holder (empty strings otherwise).
    void setDeviceWait(const QString &device, const QString &holder);
    std::pair<QString, QString> deviceWait() const;

private:
    mutable std::mutex m_currentMutex;
    QByteArray m_currentItem;
    QString m_waitingForDevice;
    QString m_deviceHolder;
};

/// Marks one file's data move for the progress sampler's moving time, for the scope's
/// lifetime (ProgressCounters::beginDataMove()/endDataMove()).
class DataMoveScope final
{
public:
    explicit DataMoveScope(ProgressCounters &counters)
        : m_counters(counters)
    {
        m_counters.beginDataMove();
    }
    ~DataMoveScope() { m_counters.endDataMove(); }
    DataMoveScope(const DataMoveScope &) = delete;
    DataMoveScope &operator=(const DataMoveScope &) = delete;

private:
    ProgressCounters &m_counters;
};

} // namespace Sluice
