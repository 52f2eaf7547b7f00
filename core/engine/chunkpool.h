#pragma once

#include <QtGlobal>

#include <atomic>
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

namespace Sluice {

/// One buffer of the pool and what the reader put in it. `offset` and `length` describe
/// file data; a chunk with `endOfFile` set carries no data and `offset` is the size the
/// file turned out to have; a chunk with `error` set carries the errno of a failed read at
/// `offset`.
struct Chunk
{
    char *data = nullptr;
    qint64 capacity = 0;
    qint64 offset = 0;
    qint64 length = 0;
    quint64 task = 0; ///< which read task produced it (stale chunks are discarded)
    bool endOfFile = false;
    int error = 0;
};

/// The stream engine's bounded buffer: a fixed set of `queueDepth` chunks of `chunkSize`
/// bytes, allocated once (page-aligned) when the job starts and never grown. The reader
/// takes free chunks with acquire() and hands them to the writer with push(); the writer
/// takes them with pop() and gives them back with release(). When every chunk is filled or
/// being filled, acquire() blocks: that is the backpressure that keeps memory at
/// chunkSize × queueDepth however fast the source is. Thread-safe.
class ChunkPool final
{
public:
    /// Allocates @p queueDepth buffers of @p chunkSize bytes. Throws std::bad_alloc.
    ChunkPool(qint64 chunkSize, int queueDepth);
    ~ChunkPool();
    Q_DISABLE_COPY_MOVE(ChunkPool)

    /// Blocks until a free chunk exists or @p abandon returns true (checked under the pool's
    /// lock after every wake-up, see wakeAll()). Returns nullptr when abandoned.
    Chunk *acquire(const std::function<bool()> &abandon);
    /// Returns a chunk to the free list (from any thread).
    void release(Chunk *chunk);

    /// Queues a filled chunk for the writer.
    void push(Chunk *chunk);
    /// Blocks until a filled chunk is queued or @p abandon returns true; nullptr when
    /// abandoned. Chunks come out in the order they were pushed.
    Chunk *pop(const std::function<bool()> &abandon);
    /// Takes a filled chunk without waiting; nullptr when none is queued.
    Chunk *tryPop();

    /// Wakes every blocked acquire() and pop() so that they re-check their predicate.
    void wakeAll();

    qint64 chunkSize() const { return m_chunkSize; }
    int queueDepth() const { return int(m_chunks.size()); }
    /// Chunks not on the free list: being filled, queued, or being written.
    int inUse() const { return m_inUse.load(std::memory_order_relaxed); }
    /// The highest inUse() seen since construction; never exceeds queueDepth().
    int peakInUse() const { return m_peakInUse.load(std::memory_order_relaxed); }
    /// Chunks queued for the writer right now.
    int queued() const { return m_queuedCount.load(std::memory_order_relaxed); }

private:
    Chunk *takeFilledLocked(); // m_mutex held

    const qint64 m_chunkSize;
    std::vector<Chunk> m_chunks;
    std::vector<Chunk *> m_free;
    std::deque<Chunk *> m_filled;
    std::mutex m_mutex;
    std::condition_variable m_freeAvailable;
    std::condition_variable m_filledAvailable;
    std::atomic<int> m_inUse{0};
    std::atomic<int> m_peakInUse{0};
    std::atomic<int> m_queuedCount{0};
};

} // namespace Sluice
