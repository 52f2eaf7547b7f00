#include "streamengine.h"

#include "checksum.h"
#include "chunkpool.h"
#include "chunkreader.h"
#include "dataregion.h"
#include "flushbehind.h"
#include "iohooks.h"
#include "itemprogress.h"
#include "jobcontrol.h"
#include "logging.h"
#include "posixio.h"
#include "progresscounters.h"
#include "speedlimiter.h"

#include <QScopeGuard>

#include <algorithm>
#include <optional>
#include <unistd.h>

namespace Sluice::StreamEngine {

namespace {

// Per-chunk work of the writing side, shared by both loops.
class ChunkWriter
{
public:
    ChunkWriter(EngineContext &job, const DataTransfer &transfer)
        : m_job(job)
        , m_transfer(transfer)
    {}

    bool stopRequested() const { return Sluice::stopRequested(m_job, m_transfer); }
    DataOutcome stopOutcome() const { return Sluice::stopOutcome(m_job); }

    // Writes one chunk of data at `offset`. Returns a Failed/Cancelled/Skipped outcome, or
    // nothing when the chunk went through.
    std::optional<DataOutcome> write(const char *data, qint64 length, qint64 offset)
    {
        if (auto end = beforeWriting(m_job, m_transfer, offset, length, length))
            return end;
        if (m_transfer.hasher) {
            if (offset > m_transfer.hasher->position())
                m_transfer.hasher->addZeros(offset - m_transfer.hasher->position());
            m_transfer.hasher->addData(data, length);
        }
        if (const int error = pwriteFully(m_transfer.destinationFd, data, length, offset))
            return DataOutcome::failed(
                CopyIssue::fromErrno(FileOperation::Write, m_transfer.destinationPath, error));
        m_job.counters.bytesWritten.fetch_add(length, std::memory_order_relaxed);
        m_transfer.progress->advanceTo(offset + length);
        if (m_transfer.flush) {
            if (const int flushError = m_transfer.flush->advance(offset + length))
                return DataOutcome::failed(CopyIssue::fromErrno(
                    FileOperation::Flush, m_transfer.destinationPath, flushError));
        }
        if (m_transfer.checkpoint) {
            if (const int syncError = m_transfer.checkpoint->written(offset + length))
                return DataOutcome::failed(CopyIssue::fromErrno(
                    FileOperation::Flush, m_transfer.destinationPath, syncError));
        }
        return std::nullopt;
    }

    // The data is complete at `size`: holes at the end become file size, the hash covers
    // trailing zeros.
    DataOutcome finish(qint64 size, bool sizeKnownExact)
    {
        if (m_transfer.hasher && size > m_transfer.hasher->position())
            m_transfer.hasher->addZeros(size - m_transfer.hasher->position());
        if (!sizeKnownExact) {
            if (const int error = ensureFileSize(m_transfer.destinationFd, size))
                return DataOutcome::failed(
                    CopyIssue::fromErrno(FileOperation::Write, m_transfer.destinationPath, error));
        }
        m_transfer.progress->advanceTo(size);
        return DataOutcome::done(size);
    }

private:
    EngineContext &m_job;
    const DataTransfer &m_transfer;
};

} // namespace

DataOutcome copyPipelined(EngineContext &job, ChunkReader &reader, const DataTransfer &transfer)
{
    ChunkPool &pool = job.chunks;
    ChunkWriter writer(job, transfer);
    const quint64 task = reader.startTask(transfer.sourceFd, transfer.startOffset, transfer.sparse);

    // Stops the reader and gives every queued chunk back to the pool.
    auto drain = [&] {
        reader.abandonTask();
        reader.waitIdle();
        while (Chunk *left = pool.tryPop())
            pool.release(left);
    };

    for (;;) {
        Chunk *chunk = pool.pop([&] { return writer.stopRequested(); });
        if (!chunk) {
            drain();
            return writer.stopOutcome();
        }
        if (chunk->task != task) {
            pool.release(chunk);
            continue;
        }
        if (chunk->error != 0) {
            const CopyIssue issue =
                CopyIssue::fromErrno(FileOperation::Read, transfer.sourcePath, chunk->error);
            pool.release(chunk);
            drain();
            return DataOutcome::failed(issue);
        }
        if (chunk->endOfFile) {
            const qint64 size = chunk->offset;
            pool.release(chunk);
            reader.waitIdle();
            return writer.finish(size, false);
        }
        const auto failure = writer.write(chunk->data, chunk->length, chunk->offset);
        pool.release(chunk);
        if (failure) {
            drain();
            return *failure;
        }
    }
}

DataOutcome copyInline(EngineContext &job, const DataTransfer &transfer)
{
    ChunkPool &pool = job.chunks;
    ChunkWriter writer(job, transfer);
    Chunk *chunk = pool.acquire([&] { return writer.stopRequested(); });
    if (!chunk)
        return writer.stopOutcome();
    const auto returnChunk = qScopeGuard([&] { pool.release(chunk); });

    qint64 position = transfer.startOffset;
    if (!transfer.sparse && position != 0 && ::lseek(transfer.sourceFd, position, SEEK_SET) < 0)
        return DataOutcome::failed(
            CopyIssue::fromErrno(FileOperation::Read, transfer.sourcePath, errno));
    DataRegionWalker regions(transfer.sourceFd, transfer.sparse);
    bool written = position == 0; // file size equals `position` while data is contiguous
    for (;;) {
        DataRegion region;
        qint64 endOfFile = 0;
        int error = 0;
        if (!regions.next(position, region, endOfFile, error)) {
            if (error)
                return DataOutcome::failed(
                    CopyIssue::fromErrno(FileOperation::Read, transfer.sourcePath, error));
            return writer.finish(endOfFile, written && endOfFile == position);
        }
        const bool positional = regions.isSparse();
        if (positional) {
            written = written && region.start == position;
            position = region.start;
        }
        while (position < region.end) {
            if (writer.stopRequested())
                return writer.stopOutcome();
            const qint64 want = std::min(chunk->capacity, region.end - position);
            qint64 got = 0;
            const int readError =
                positional ? preadFully(transfer.sourceFd, chunk->data, want, position, got)
                           : readFully(transfer.sourceFd, chunk->data, want, got);
            if (readError != 0)
                return DataOutcome::failed(
                    CopyIssue::fromErrno(FileOperation::Read, transfer.sourcePath, readError));
            job.counters.bytesRead.fetch_add(got, std::memory_order_relaxed);
            if (got > 0) {
                if (const auto failure = writer.write(chunk->data, got, position))
                    return *failure;
                position += got;
            }
            if (got < want)
                return writer.finish(position, written);
        }
    }
}

} // namespace Sluice::StreamEngine
