#include "kernelengine.h"

#include "dataregion.h"
#include "flushbehind.h"
#include "itemprogress.h"
#include "jobcontext.h"
#include "logging.h"
#include "posixio.h"

#include <algorithm>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace Sluice {

namespace {

bool stopRequested(const JobContext &job, const DataTransfer &transfer)
{
    return job.stopping() || (transfer.skipRequested && transfer.skipRequested());
}

DataOutcome stopOutcome(const JobContext &job)
{
    return {job.stopping() ? DataOutcome::Status::Cancelled : DataOutcome::Status::Skipped, 0, {}};
}

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

} // namespace

DataOutcome KernelEngine::copy(JobContext &job, const DataTransfer &transfer, dev_t sourceDevice,
                               dev_t destinationDevice)
{
    const qint64 step = job.options.chunkSize;
    qint64 position = transfer.startOffset;
    DataRegionWalker regions(transfer.sourceFd, transfer.sparse);

    auto giveUp = [&](int error) {
        if (isEngineUnsupportedError(error)) {
            qCDebug(lcEngine) << "copy_file_range unsupported:" << errnoName(error);
            job.engines.markFailed(Engine::Kernel, sourceDevice, destinationDevice);
        }
        return DataOutcome::fallback(position);
    };

    for (;;) {
        DataRegion region;
        qint64 endOfFile = 0;
        int error = 0;
        if (!regions.next(position, region, endOfFile, error)) {
            if (error)
                return giveUp(error);
            position = endOfFile;
            break;
        }
        if (regions.isSparse())
            position = region.start;
        bool reachedEnd = false;
        while (position < region.end) {
            if (!job.control.waitWhilePaused() || stopRequested(job, transfer))
                return stopOutcome(job);
            const qint64 want = std::min(step, region.end - position);
            // Wait for credit, charge what moved: a small file must not pay for a whole chunk.
            if (!job.limiter.throttle(0, transfer.skipRequested) || stopRequested(job, transfer))
                return stopOutcome(job);
            if (job.hooks.beforeWrite) {
                if (const int injected =
                        job.hooks.beforeWrite(transfer.destinationPath, position, want))
                    return DataOutcome::failed(CopyIssue::fromErrno(
                        FileOperation::Write, transfer.destinationPath, injected));
                if (stopRequested(job, transfer))
                    return stopOutcome(job);
            }
            loff_t in = position;
            loff_t out = position;
            const ssize_t moved = retryOnEintr([&] {
                return ::copy_file_range(transfer.sourceFd, &in, transfer.destinationFd, &out,
                                         std::size_t(want), 0);
            });
            if (moved < 0)
                return giveUp(errno);
            if (moved == 0) {
                if (position > 0 && position >= transfer.plannedSize) {
                    reachedEnd = true;
                    break;
                }
                const int probe = probeEndOfFile(transfer.sourceFd, position);
                if (probe == 1) {
                    reachedEnd = true;
                    break;
                }
                return DataOutcome::fallback(position); // data exists: let read(2) get it
            }
            job.limiter.charge(moved);
            job.counters.bytesRead.fetch_add(moved, std::memory_order_relaxed);
            job.counters.bytesWritten.fetch_add(moved, std::memory_order_relaxed);
            position += moved;
            transfer.progress->advanceTo(position);
            if (transfer.flush) {
                if (const int flushError = transfer.flush->advance(position))
                    return DataOutcome::failed(CopyIssue::fromErrno(
                        FileOperation::Flush, transfer.destinationPath, flushError));
            }
        }
        if (reachedEnd || !regions.isSparse())
            break;
    }
    // A trailing hole, or holes skipped since the last write: give the part its size.
    if (regions.isSparse() || transfer.startOffset != 0) {
        if (const int error = ensureFileSize(transfer.destinationFd, position))
            return DataOutcome::failed(
                CopyIssue::fromErrno(FileOperation::Write, transfer.destinationPath, error));
    }
    transfer.progress->advanceTo(position);
    return DataOutcome::done(position);
}

DataOutcome ReflinkEngine::copy(JobContext &job, const DataTransfer &transfer, dev_t sourceDevice,
                                dev_t destinationDevice)
{
    if (transfer.startOffset != 0 || stopRequested(job, transfer))
        return DataOutcome::fallback(transfer.startOffset);
    if (::ioctl(transfer.destinationFd, FICLONE, transfer.sourceFd) != 0) {
        const int error = errno;
        qCDebug(lcEngine) << "FICLONE failed:" << errnoName(error);
        if (isEngineUnsupportedError(error))
            job.engines.markFailed(Engine::Reflink, sourceDevice, destinationDevice);
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
