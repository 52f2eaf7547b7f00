#include "resumepart.h"

#include "checksum.h"
#include "chunkpool.h"
#include "journalwriter.h"
#include "logging.h"

#include <QCoreApplication>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/statfs.h>
#include <unistd.h>

namespace Sluice {

namespace {

qint64 nanoseconds(const timespec &time)
{
    return qint64(time.tv_sec) * 1000000000 + time.tv_nsec;
}

// Why @p source is not the file the checkpoint was taken of, or empty.
QString sourceChange(const JournalCheckpoint &checkpoint, const struct stat &source,
                     quint64 sourceFs)
{
    if (quint64(source.st_ino) != checkpoint.sourceIno || sourceFs != checkpoint.sourceDev)
        return QCoreApplication::translate("Sluice::Resume",
                                           "the source was replaced since the interruption");
    if (source.st_size != checkpoint.sourceSize)
        return QCoreApplication::translate(
                   "Sluice::Resume",
                   "the source changed size since the interruption (%1 bytes, then %2)")
            .arg(checkpoint.sourceSize)
            .arg(qint64(source.st_size));
    if (nanoseconds(source.st_mtim) != checkpoint.sourceMtimeNs
        || nanoseconds(source.st_ctim) != checkpoint.sourceCtimeNs)
        return QCoreApplication::translate("Sluice::Resume",
                                           "the source changed since the interruption");
    return {};
}

} // namespace

FileCheckpoints::FileCheckpoints(JournalWriter &journal, int partFd, JournalCheckpoint identity,
                                 qint64 durable)
    : m_journal(journal)
    , m_partFd(partFd)
    , m_written(durable)
    , m_requestOffset(durable)
    , m_lastRequest(std::chrono::steady_clock::now())
    , m_checkpoint(std::move(identity))
{
    m_checkpoint.durable = durable;
}

FileCheckpoints::~FileCheckpoints()
{
    finish();
}

int FileCheckpoints::written(qint64 end)
{
    m_written = end;
    std::unique_lock lock(m_mutex);
    // The record lags at most two windows behind: past that the writer waits for the sync in
    // flight (a device slower at flushing than the writer is at writing).
    m_wake.wait(lock, [this] {
        return !(m_syncing || m_request)
               || m_written - m_checkpoint.durable < 2 * std::max(CheckpointBytes, m_window);
    });
    if (m_error != 0)
        return m_error;
    // One sync per file at a time: a checkpoint due meanwhile is skipped (the next write
    // after the sync asks again).
    const auto now = std::chrono::steady_clock::now();
    const qint64 msSince =
        std::chrono::duration_cast<std::chrono::milliseconds>(now - m_lastRequest).count();
    if (m_syncing || m_request || m_stopping
        || !checkpointDue(m_written - m_checkpoint.durable, msSince))
        return 0;
    m_request = m_written;
    // One second of writing at the rate since the last request, at least 64 MiB: a slow sync
    // makes the writer wait, which lowers that rate, so the window never grows with it.
    m_window = (m_written - m_requestOffset) * 1000 / msSince;
    m_requestOffset = m_written;
    m_lastRequest = now;
    if (!m_thread.joinable())
        m_thread = std::thread([this] { run(); });
    else
        m_wake.notify_one();
    return 0;
}

void FileCheckpoints::run()
{
    std::unique_lock lock(m_mutex);
    for (;;) {
        m_wake.wait(lock, [this] { return m_request || m_stopping; });
        if (!m_request)
            return;
        const qint64 end = *m_request;
        m_request.reset();
        m_syncing = true;
        lock.unlock();
        const int error = syncAndRecord(end);
        lock.lock();
        m_syncing = false;
        if (error != 0 && m_error == 0)
            m_error = error;
        m_wake.notify_all();
    }
}

int FileCheckpoints::syncAndRecord(qint64 end)
{
    // sync_file_range(2) is no barrier: only fdatasync(2) makes the bytes (and the file's
    // size and extents) durable, and only then may the journal claim them. @p end was
    // captured after its writes completed, before this call: fdatasync covers them.
    if (retryOnEintr([&] { return ::fdatasync(m_partFd); }) != 0)
        return errno;
    JournalCheckpoint checkpoint;
    {
        const std::lock_guard lock(m_mutex);
        if (end <= m_checkpoint.durable)
            return 0;
        m_checkpoint.durable = end;
        checkpoint = m_checkpoint;
    }
    m_journal.checkpoint(checkpoint);
    qCDebug(lcFlush) << "checkpoint at" << end << "of" << checkpoint.destination;
    return 0;
}

int FileCheckpoints::finish()
{
    {
        const std::lock_guard lock(m_mutex);
        m_stopping = true;
        m_request.reset(); // a sync not started yet is not needed any more
        m_wake.notify_all();
    }
    if (m_thread.joinable())
        m_thread.join();
    const std::lock_guard lock(m_mutex);
    return m_error;
}

bool FileCheckpoints::takeFinal()
{
    if (finish() != 0)
        return false;
    qint64 durable = 0;
    {
        const std::lock_guard lock(m_mutex);
        durable = m_checkpoint.durable;
    }
    if (m_written > durable && syncAndRecord(m_written) != 0)
        return false;
    const std::lock_guard lock(m_mutex);
    return m_checkpoint.durable > 0;
}

quint64 fileSystemId(int fd)
{
    struct statfs fs = {};
    if (::fstatfs(fd, &fs) == 0) {
        quint64 id = 0;
        static_assert(sizeof fs.f_fsid == sizeof id);
        std::memcpy(&id, &fs.f_fsid, sizeof id);
        if (id != 0)
            return id;
    }
    struct stat st = {};
    return ::fstat(fd, &st) == 0 ? quint64(st.st_dev) : 0;
}

quint64 fileSystemIdOf(DirectoryHandle &folder)
{
    quint64 id = folder.fileSystemId.load(std::memory_order_relaxed);
    if (id == 0) {
        id = fileSystemId(folder.fd.get());
        folder.fileSystemId.store(id, std::memory_order_relaxed);
    }
    return id;
}

JournalCheckpoint checkpointIdentity(const QByteArray &source, const QByteArray &destination,
                                     const QByteArray &part, const struct stat &sourceStat,
                                     quint64 sourceFs, const struct stat &partStat, quint64 partFs)
{
    JournalCheckpoint checkpoint;
    checkpoint.source = source;
    checkpoint.destination = destination;
    checkpoint.part = part;
    checkpoint.sourceSize = sourceStat.st_size;
    checkpoint.sourceMtimeNs = nanoseconds(sourceStat.st_mtim);
    checkpoint.sourceCtimeNs = nanoseconds(sourceStat.st_ctim);
    checkpoint.sourceIno = quint64(sourceStat.st_ino);
    checkpoint.sourceDev = sourceFs;
    checkpoint.partIno = quint64(partStat.st_ino);
    checkpoint.partDev = partFs;
    return checkpoint;
}

std::optional<AdoptedPart> adoptCheckpointedPart(const JournalCheckpoint &checkpoint, int folderFd,
                                                 const QByteArray &partName,
                                                 const struct stat &source, quint64 sourceFs,
                                                 QString &restartReason)
{
    AdoptedPart adopted;
    adopted.fd.reset(::openat(folderFd, partName.constData(),
                              O_RDWR | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY));
    const bool ours = adopted.fd && ::fstat(adopted.fd.get(), &adopted.st) == 0
                      && S_ISREG(adopted.st.st_mode)
                      && quint64(adopted.st.st_ino) == checkpoint.partIno
                      && fileSystemId(adopted.fd.get()) == checkpoint.partDev;
    if (!ours) {
        qCDebug(lcJob) << "part" << partName << "is not the recorded one:" << adopted.st.st_ino
                       << checkpoint.partIno << fileSystemId(adopted.fd.get())
                       << checkpoint.partDev;
        restartReason = QCoreApplication::translate(
            "Sluice::Resume", "the part file of the interrupted copy is gone or was replaced");
        return std::nullopt;
    }
    if (::flock(adopted.fd.get(), LOCK_EX | LOCK_NB) != 0) {
        restartReason =
            QCoreApplication::translate("Sluice::Resume", "another copy is writing the part file");
        return std::nullopt;
    }
    restartReason = sourceChange(checkpoint, source, sourceFs);
    if (restartReason.isEmpty() && adopted.st.st_size < checkpoint.durable)
        restartReason =
            QCoreApplication::translate(
                "Sluice::Resume", "the part file is shorter than its checkpoint (%1 bytes of %2)")
                .arg(qint64(adopted.st.st_size))
                .arg(checkpoint.durable);
    if (restartReason.isEmpty() && ::ftruncate(adopted.fd.get(), checkpoint.durable) != 0)
        restartReason =
            QCoreApplication::translate("Sluice::Resume",
                                        "the part file cannot be truncated to its checkpoint: %1")
                .arg(QString::fromLocal8Bit(std::strerror(errno)));
    if (!restartReason.isEmpty()) {
        ::unlinkat(folderFd, partName.constData(), 0); // ours (the recorded inode, locked)
        return std::nullopt;
    }
    adopted.st.st_size = checkpoint.durable;
    adopted.offset = checkpoint.durable;
    ::lseek(adopted.fd.get(), 0, SEEK_SET);
    return adopted;
}

bool sameContent(EngineContext &job, int firstFd, int secondFd, qint64 length, int &error,
                 ChecksumHasher *firstHasher)
{
    error = 0;
    Chunk *chunk = job.chunks.acquire([&job] { return job.stopping(); });
    if (!chunk) {
        error = ECANCELED;
        return false;
    }
    const qint64 half = chunk->capacity / 2;
    char *const first = chunk->data;
    char *const second = chunk->data + half;
    bool same = half > 0;
    for (qint64 offset = 0; offset < length && same && error == 0;) {
        const qint64 want = std::min(half, length - offset);
        qint64 gotFirst = 0;
        qint64 gotSecond = 0;
        error = preadFully(firstFd, first, want, offset, gotFirst);
        if (error == 0)
            error = preadFully(secondFd, second, want, offset, gotSecond);
        if (error == 0 && (gotFirst != want || gotSecond != want))
            error = EIO; // shorter than the size both have
        if (error == 0)
            same = std::memcmp(first, second, std::size_t(want)) == 0;
        if (same && error == 0 && firstHasher)
            firstHasher->addData(first, want);
        offset += want;
        if (job.stopping())
            error = ECANCELED;
    }
    job.chunks.release(chunk);
    return same && error == 0;
}

int rehashPrefix(EngineContext &job, ChecksumHasher &hasher, int sourceFd, qint64 length)
{
    Chunk *chunk = job.chunks.acquire([&job] { return job.stopping(); });
    if (!chunk)
        return ECANCELED;
    int error = 0;
    for (qint64 offset = 0; offset < length && error == 0;) {
        qint64 got = 0;
        error = preadFully(sourceFd, chunk->data, std::min(chunk->capacity, length - offset),
                           offset, got);
        if (error == 0 && got <= 0)
            error = EIO; // shorter than its unchanged size: cannot be
        if (error == 0) {
            hasher.addData(chunk->data, got);
            offset += got;
        }
        if (job.stopping())
            error = ECANCELED;
    }
    job.chunks.release(chunk);
    return error;
}

} // namespace Sluice
