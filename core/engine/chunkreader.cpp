#include "chunkreader.h"

#include "chunkpool.h"
#include "dataregion.h"
#include "jobcontrol.h"
#include "logging.h"
#include "posixio.h"
#include "progresscounters.h"
#include "threadpriority.h"

#include <algorithm>
#include <fcntl.h>
#include <unistd.h>

namespace Sluice {

ChunkReader::ChunkReader(ChunkPool &pool, JobControl &control, ProgressCounters &counters)
    : m_pool(pool)
    , m_control(control)
    , m_counters(counters)
{
    setObjectName(QStringLiteral("sluice-read"));
}

ChunkReader::~ChunkReader()
{
    shutdown();
    wait();
}

quint64 ChunkReader::startTask(int fd, qint64 offset, bool sparse)
{
    std::lock_guard lock(m_mutex);
    Q_ASSERT(!m_busy);
    const quint64 id = m_nextId++;
    m_abandon.store(false);
    m_task = Task{fd, offset, sparse, id};
    m_busy = true;
    m_changed.notify_all();
    return id;
}

void ChunkReader::abandonTask()
{
    m_abandon.store(true);
    m_pool.wakeAll();
}

void ChunkReader::waitIdle()
{
    std::unique_lock lock(m_mutex);
    m_changed.wait(lock, [this] { return !m_busy; });
}

void ChunkReader::shutdown()
{
    {
        std::lock_guard lock(m_mutex);
        m_shutdown = true;
        m_abandon.store(true);
    }
    m_changed.notify_all();
    m_pool.wakeAll();
}

bool ChunkReader::abandoned() const
{
    return m_abandon.load() || m_control.isCancelled();
}

void ChunkReader::run()
{
    lowerCurrentThreadPriority();
    for (;;) {
        Task task{};
        {
            std::unique_lock lock(m_mutex);
            m_changed.wait(lock, [this] { return m_task.has_value() || m_shutdown; });
            if (m_shutdown && !m_task) {
                return;
            }
            task = *m_task;
            m_task.reset();
        }
        readTask(task);
        {
            std::lock_guard lock(m_mutex);
            m_busy = false;
        }
        m_changed.notify_all();
    }
}

void ChunkReader::readTask(const Task &task)
{
    const auto abandon = [this] { return abandoned(); };
    auto pushMarker = [&](qint64 offset, int error) {
        Chunk *marker = m_pool.acquire(abandon);
        if (!marker)
            return;
        marker->task = task.id;
        marker->offset = offset;
        marker->endOfFile = error == 0;
        marker->error = error;
        m_pool.push(marker);
    };

    qint64 position = task.offset;
    if (!task.sparse && position != 0) {
        if (::lseek(task.fd, position, SEEK_SET) < 0) {
            pushMarker(position, errno);
            return;
        }
    }
    ::posix_fadvise(task.fd, position, 0, POSIX_FADV_SEQUENTIAL);

    DataRegionWalker regions(task.fd, task.sparse);
    for (;;) {
        DataRegion region;
        qint64 endOfFile = 0;
        int error = 0;
        if (!regions.next(position, region, endOfFile, error)) {
            pushMarker(error ? position : endOfFile, error);
            return;
        }
        const bool positional = regions.isSparse();
        if (positional)
            position = region.start;
        while (position < region.end) {
            if (!m_control.waitWhilePaused() || abandoned())
                return;
            Chunk *chunk = m_pool.acquire(abandon);
            if (!chunk)
                return;
            const qint64 want = std::min(chunk->capacity, region.end - position);
            qint64 got = 0;
            const int readError = positional ? preadFully(task.fd, chunk->data, want, position, got)
                                             : readFully(task.fd, chunk->data, want, got);
            chunk->task = task.id;
            if (readError != 0) {
                // The error is reported at the offset where reading stopped.
                chunk->length = 0;
                chunk->error = readError;
                chunk->offset = position + got;
                m_pool.push(chunk);
                return;
            }
            if (got > 0) {
                m_counters.bytesRead.fetch_add(got, std::memory_order_relaxed);
                chunk->offset = position;
                chunk->length = got;
                m_pool.push(chunk);
                position += got;
            } else {
                m_pool.release(chunk);
            }
            if (got < want) {
                // read() returned 0 before the region ended: this is the real end of file,
                // whatever the size seen by the scan (files in /proc, a shrinking file).
                pushMarker(position, 0);
                return;
            }
        }
    }
}

} // namespace Sluice
