#pragma once

#include <QThread>

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <optional>

namespace Sluice {

class ChunkPool;
class JobControl;
struct ProgressCounters;

/// The stream engine's reader: a plain loop on its own thread ("sluice-read", one per job)
/// that fills free chunks of the ChunkPool from the current source and queues them for the
/// writer. It blocks in ChunkPool::acquire() when every chunk is in use (backpressure), and
/// on JobControl while the job is paused. It reads until read(2) returns 0, never stopping
/// at the size the scan saw, and skips holes of sparse sources (SEEK_DATA / SEEK_HOLE).
///
/// A task ends with one chunk carrying `endOfFile` (its offset is the file's final size) or
/// one carrying `error`; an abandoned task ends without either. Control methods are called
/// by the writer (the worker thread).
class ChunkReader final : public QThread
{
    Q_OBJECT
public:
    ChunkReader(ChunkPool &pool, JobControl &control, ProgressCounters &counters);
    ~ChunkReader() override;
    Q_DISABLE_COPY_MOVE(ChunkReader)

    /// Starts reading @p fd from @p offset; returns the id stamped on the task's chunks.
    /// The reader must be idle. @p fd stays owned by the caller until waitIdle() returns.
    quint64 startTask(int fd, qint64 offset, bool sparse);
    /// Stops the current task at the next chunk boundary (skip, cancel, write error).
    void abandonTask();
    /// Blocks until the current task is over.
    void waitIdle();
    /// Ends the thread's loop (after abandoning any task).
    void shutdown();

protected:
    void run() override;

private:
    struct Task
    {
        int fd;
        qint64 offset;
        bool sparse;
        quint64 id;
    };
    void readTask(const Task &task);
    bool abandoned() const;

    ChunkPool &m_pool;
    JobControl &m_control;
    ProgressCounters &m_counters;
    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::optional<Task> m_task;
    bool m_busy = false;
    bool m_shutdown = false;
    std::atomic<bool> m_abandon{false};
    quint64 m_nextId = 1;
};

} // namespace Sluice
