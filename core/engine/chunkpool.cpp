#include "chunkpool.h"

#include "logging.h"

#include <cstdlib>
#include <new>

namespace Sluice {

namespace {
constexpr std::size_t BufferAlignment = 4096; // page size: friendly to O_DIRECT and the MMU
}

ChunkPool::ChunkPool(qint64 chunkSize, int queueDepth)
    : m_chunkSize(chunkSize)
{
    m_chunks.resize(std::size_t(queueDepth));
    m_free.reserve(std::size_t(queueDepth));
    for (Chunk &chunk : m_chunks) {
        const std::size_t bytes =
            (std::size_t(chunkSize) + BufferAlignment - 1) / BufferAlignment * BufferAlignment;
        chunk.data = static_cast<char *>(std::aligned_alloc(BufferAlignment, bytes));
        if (!chunk.data) {
            for (Chunk &allocated : m_chunks)
                std::free(allocated.data);
            throw std::bad_alloc();
        }
        chunk.capacity = chunkSize;
        m_free.push_back(&chunk);
    }
    qCDebug(lcPipeline) << "chunk pool:" << queueDepth << "x" << chunkSize << "bytes";
}

ChunkPool::~ChunkPool()
{
    for (Chunk &chunk : m_chunks)
        std::free(chunk.data);
}

Chunk *ChunkPool::acquire(const std::function<bool()> &abandon)
{
    std::unique_lock lock(m_mutex);
    m_freeAvailable.wait(lock, [&] { return !m_free.empty() || abandon(); });
    if (m_free.empty() || abandon())
        return nullptr;
    Chunk *chunk = m_free.back();
    m_free.pop_back();
    const int inUse = m_inUse.fetch_add(1, std::memory_order_relaxed) + 1;
    int peak = m_peakInUse.load(std::memory_order_relaxed);
    while (inUse > peak && !m_peakInUse.compare_exchange_weak(peak, inUse)) {
    }
    chunk->offset = 0;
    chunk->length = 0;
    chunk->endOfFile = false;
    chunk->error = 0;
    chunk->task = 0;
    return chunk;
}

void ChunkPool::release(Chunk *chunk)
{
    {
        std::lock_guard lock(m_mutex);
        m_free.push_back(chunk);
        m_inUse.fetch_sub(1, std::memory_order_relaxed);
    }
    m_freeAvailable.notify_one();
}

void ChunkPool::push(Chunk *chunk)
{
    {
        std::lock_guard lock(m_mutex);
        m_filled.push_back(chunk);
        m_queuedCount.store(int(m_filled.size()), std::memory_order_relaxed);
    }
    m_filledAvailable.notify_one();
}

Chunk *ChunkPool::pop(const std::function<bool()> &abandon)
{
    std::unique_lock lock(m_mutex);
    m_filledAvailable.wait(lock, [&] { return !m_filled.empty() || abandon(); });
    return takeFilledLocked();
}

Chunk *ChunkPool::takeFilledLocked()
{
    if (m_filled.empty())
        return nullptr;
    Chunk *chunk = m_filled.front();
    m_filled.pop_front();
    m_queuedCount.store(int(m_filled.size()), std::memory_order_relaxed);
    return chunk;
}

Chunk *ChunkPool::tryPop()
{
    std::lock_guard lock(m_mutex);
    return takeFilledLocked();
}

void ChunkPool::wakeAll()
{
    {
        // Taking the lock orders the wake-up after any predicate change made by the caller.
        std::lock_guard lock(m_mutex);
    }
    m_freeAvailable.notify_all();
    m_filledAvailable.notify_all();
}

} // namespace Sluice
