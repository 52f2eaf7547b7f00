#include "kernelengine.h"

#include "chunkpool.h"
#include "dataregion.h"
#include "flushbehind.h"
#include "iohooks.h"
#include "itemprogress.h"
#include "jobcontrol.h"
#include "logging.h"
#include "posixio.h"
#include "progresscounters.h"
#include "speedlimiter.h"

#include <algorithm>
#include <linux/fs.h>
#include <optional>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace Sluice {

namespace {

// Is `position` really the end of the file? Probes one byte (see KernelEngine docs).
// Returns 1 at end of file, 0 when data exists (fall back), -1 when the probe failed.
int probeEndOfFile(int fd, qint64 position)
{
    char probe = 0;
    const ssize_t got = retryOnEintr([&] { return ::pread(fd, &probe, 1, position); });
    if (got == 0)
        return 1;
    return got > 0 ? 0 : -1;
}

// A failed outcome for @p operation on the destination, with errno @p error.
DataOutcome destinationFailure(const DataTransfer &transfer, FileOperation operation, int error)
{
    return DataOutcome::failed(CopyIssue::fromErrno(operation, transfer.destinationPath, error));
}

// One run of the kernel engine over one transfer (see KernelEngine in kernelengine.h): the
// state its steps share. Lives on the calling (transfer) thread for the run only.
class KernelCopy final
{
public:
    KernelCopy(EngineContext &job, const DataTransfer &transfer, dev_t sourceDevice,
               dev_t destinationDevice)
        : m_job(job)
        , m_transfer(transfer)
        , m_sourceDevice(sourceDevice)
        , m_destinationDevice(destinationDevice)
        , m_step(job.options.chunkSize)
        , m_position(transfer.startOffset)
        , m_regions(transfer.sourceFd, transfer.sparse)
    {}

    DataOutcome run();

private:
    std::optional<DataOutcome> copyRegion(const DataRegion &region);
    std::optional<DataOutcome> waitForStep(qint64 want, qint64 expected);
    ssize_t copyStep(qint64 want) const;
    bool isEndOfFile() const;
    std::optional<DataOutcome> account(ssize_t moved);
    DataOutcome giveUp(int error);
    DataOutcome finish();

    EngineContext &m_job;
    const DataTransfer &m_transfer;
    const dev_t m_sourceDevice;
    const dev_t m_destinationDevice;
    const qint64 m_step; ///< bytes per copy_file_range(2) call at most
    qint64 m_position;   ///< source and destination offset, bytes
    DataRegionWalker m_regions;
    bool m_reachedEnd = false; ///< a zero count was confirmed as the end of the file
};

// Copies region by region (one region from the start offset unless the source is sparse).
DataOutcome KernelCopy::run()
{
    for (;;) {
        DataRegion region;
        qint64 endOfFile = 0;
        int error = 0;
        if (!m_regions.next(m_position, region, endOfFile, error)) {
            if (error)
                return giveUp(error);
            m_position = endOfFile;
            break;
        }
        if (m_regions.isSparse())
            m_position = region.start;
        if (std::optional<DataOutcome> outcome = copyRegion(region))
            return *outcome;
        if (m_reachedEnd || !m_regions.isSparse())
            break;
    }
    return finish();
}

// Copies from m_position to the end of @p region, one step at a time. Returns the outcome
// that ends the run early (stopped, failed, fallback), or nullopt when the region is done or
// the file ended (m_reachedEnd).
std::optional<DataOutcome> KernelCopy::copyRegion(const DataRegion &region)
{
    while (m_position < region.end) {
        const qint64 want = std::min(m_step, region.end - m_position);
        // Paid before the call: what the planned size leaves for it. A file that grew
        // pays its excess after the call, with the next step.
        const qint64 expected = std::clamp<qint64>(m_transfer.plannedSize - m_position, 0, want);
        if (std::optional<DataOutcome> stop = waitForStep(want, expected))
            return stop;
        const ssize_t moved = copyStep(want);
        m_job.limiter.charge(std::max<qint64>(moved, 0) - expected); // what really moved
        if (moved < 0)
            return giveUp(errno);
        if (moved == 0) {
            if (!isEndOfFile())
                return DataOutcome::fallback(m_position); // data exists: let read(2) get it
            m_reachedEnd = true;
            return std::nullopt;
        }
        if (std::optional<DataOutcome> failure = account(moved))
            return failure;
        if (m_transfer.endCheckedByStat && !m_regions.isSparse() && m_transfer.plannedSize > 0
            && m_position == m_transfer.plannedSize) {
            m_reachedEnd = true; // the fstat(2) that follows proves it (DataTransfer)
            return std::nullopt;
        }
    }
    return std::nullopt;
}

// Before a step of up to @p want bytes: waits while paused, for @p expected bytes of
// speed-limit credit (what the step should move: a small file must not pay for a whole
// chunk), and calls the beforeWrite hook. Returns the outcome that ends the run (cancelled,
// skipped, an injected failure), or nullopt to go on.
std::optional<DataOutcome> KernelCopy::waitForStep(qint64 want, qint64 expected)
{
    return beforeWriting(m_job, m_transfer, m_position, want, expected);
}

// One copy_file_range(2) call of up to @p want bytes at m_position on both sides, retried on
// EINTR. Returns the bytes moved, or -1 with errno set.
ssize_t KernelCopy::copyStep(qint64 want) const
{
    loff_t in = m_position;
    loff_t out = m_position;
    return retryOnEintr([&] {
        return ::copy_file_range(m_transfer.sourceFd, &in, m_transfer.destinationFd, &out,
                                 std::size_t(want), 0);
    });
}

// After a zero count at m_position: is it the end of the file? Trusted once the size fstat(2)
// reported is reached; otherwise probed (a failed probe is not the end).
bool KernelCopy::isEndOfFile() const
{
    if (m_position > 0 && m_position >= m_transfer.plannedSize)
        return true;
    return probeEndOfFile(m_transfer.sourceFd, m_position) == 1;
}

// Counts and reports @p moved bytes, then flushes behind them. Returns the flush
// failure, or nullopt.
std::optional<DataOutcome> KernelCopy::account(ssize_t moved)
{
    m_job.counters.bytesRead.fetch_add(moved, std::memory_order_relaxed);
    m_job.counters.bytesWritten.fetch_add(moved, std::memory_order_relaxed);
    m_position += moved;
    m_transfer.progress->advanceTo(m_position);
    if (m_transfer.flush) {
        if (const int flushError = m_transfer.flush->advance(m_position))
            return destinationFailure(m_transfer, FileOperation::Flush, flushError);
    }
    if (m_transfer.checkpoint) {
        if (const int syncError = m_transfer.checkpoint->written(m_position))
            return destinationFailure(m_transfer, FileOperation::Flush, syncError);
    }
    return std::nullopt;
}

// Falls back to the stream engine at m_position; an unsupported-call @p error is remembered
// for the pair of file systems.
DataOutcome KernelCopy::giveUp(int error)
{
    if (isEngineUnsupportedError(error)) {
        qCDebug(lcEngine) << "copy_file_range unsupported:" << errnoName(error);
        m_job.unsupportedEngines.markFailed(Engine::Kernel, m_sourceDevice, m_destinationDevice);
    }
    return DataOutcome::fallback(m_position);
}

// All data is copied up to m_position, the file's size.
DataOutcome KernelCopy::finish()
{
    // A trailing hole, or holes skipped since the last write: give the part its size.
    if (m_regions.isSparse() || m_transfer.startOffset != 0) {
        if (const int error = ensureFileSize(m_transfer.destinationFd, m_position))
            return destinationFailure(m_transfer, FileOperation::Write, error);
    }
    m_transfer.progress->advanceTo(m_position);
    return DataOutcome::done(m_position);
}

} // namespace

DataOutcome KernelEngine::copy(EngineContext &job, const DataTransfer &transfer, dev_t sourceDevice,
                               dev_t destinationDevice)
{
    return KernelCopy(job, transfer, sourceDevice, destinationDevice).run();
}

DataOutcome ReflinkEngine::copy(EngineContext &job, const DataTransfer &transfer,
                                dev_t sourceDevice, dev_t destinationDevice)
{
    if (transfer.startOffset != 0 || stopRequested(job, transfer))
        return DataOutcome::fallback(transfer.startOffset);
    if (::ioctl(transfer.destinationFd, FICLONE, transfer.sourceFd) != 0) {
        const int error = errno;
        qCDebug(lcEngine) << "FICLONE failed:" << errnoName(error);
        if (isEngineUnsupportedError(error))
            job.unsupportedEngines.markFailed(Engine::Reflink, sourceDevice, destinationDevice);
        return DataOutcome::fallback(0);
    }
    struct stat cloned = {};
    if (::fstat(transfer.destinationFd, &cloned) != 0)
        return DataOutcome::failed(
            CopyIssue::fromErrno(FileOperation::Write, transfer.destinationPath, errno));
    transfer.progress->advanceTo(cloned.st_size);
    return DataOutcome::done(cloned.st_size);
}

} // namespace Sluice
