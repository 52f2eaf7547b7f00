#pragma once

#include "directoryhandle.h"
#include "engine.h"
#include "journalentry.h"
#include "posixio.h"

#include <QString>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <thread>

#include <sys/stat.h>

namespace Sluice {

class ChecksumHasher;
class JournalWriter;

/// The checkpoints of one file in flight (docs/design-notes.md, "The job journal"): after a
/// write, when checkpointDue() says so (64 MiB and one second since the last), hands the offset
/// written so far to a checkpoint thread of its own, which fdatasync(2)s the part file and only
/// then records that offset as durable (fdatasync covers every write completed before the call). At
/// most one sync runs at a time; a checkpoint due while one runs is skipped. The writing thread
/// never waits for a sync except in finish() and takeFinal(). Owned by the writing thread's
/// FileLife; @p partFd must stay open (and the part file unrenamed) until finish() returned.
class FileCheckpoints final : public CheckpointSink
{
public:
    /// @p identity: the file's paths and identities; @p durable: bytes already durable (a
    /// resumed part's checkpoint).
    FileCheckpoints(JournalWriter &journal, int partFd, JournalCheckpoint identity, qint64 durable);
    ~FileCheckpoints() override;
    Q_DISABLE_COPY_MOVE(FileCheckpoints)

    /// Writing thread. Returns the errno of an earlier checkpoint's failed fdatasync, or 0.
    int written(qint64 end) override;
    /// Waits for the sync in flight and ends the checkpoint thread: call before the part file
    /// is closed, renamed or removed. Returns the errno of a failed checkpoint sync, or 0.
    int finish();
    /// A resumable stop: finish(), then one last checkpoint of everything written, on the
    /// calling thread. True when the part file holds a checkpoint worth keeping.
    bool takeFinal();

private:
    /// fdatasync(2) then record @p end as durable; returns 0 or errno.
    int syncAndRecord(qint64 end);
    void run();

    JournalWriter &m_journal;
    const int m_partFd;
    qint64 m_written = 0; ///< writing thread only
    /// Where and when the last checkpoint was asked for (or the file's writing began);
    /// writing thread only.
    qint64 m_requestOffset = 0;
    std::chrono::steady_clock::time_point m_lastRequest;
    std::mutex m_mutex; ///< everything below
    /// One second of writing at the rate before the last request: the writer waits for a
    /// sync in flight once it is two windows (this, at least CheckpointBytes) past the durable
    /// offset.
    qint64 m_window = 0;
    std::condition_variable m_wake;
    JournalCheckpoint m_checkpoint;
    std::optional<qint64> m_request; ///< an offset to sync, waiting for the thread
    bool m_syncing = false;
    bool m_stopping = false;
    int m_error = 0;
    std::thread m_thread; ///< started with the first checkpoint
};

/// The file system of @p fd as an identity that survives an unmount, a new loop device or a
/// reboot: statfs(2)'s f_fsid (ext4, XFS and btrfs derive it from the file system's UUID),
/// or st_dev where the file system reports none. What the journal records as "dev".
quint64 fileSystemId(int fd);

/// fileSystemId() of @p folder's descriptor, asked once per folder and then kept in
/// DirectoryHandle::fileSystemId (a file in the folder is on the folder's file system). Any
/// thread: two first calls at once both ask, and store the same value.
quint64 fileSystemIdOf(DirectoryHandle &folder);

/// The identity a checkpoint records: paths, the source's size, times and inode, the part's.
/// @p sourceFs and @p partFs are fileSystemId() of the two files.
JournalCheckpoint checkpointIdentity(const QByteArray &source, const QByteArray &destination,
                                     const QByteArray &part, const struct stat &sourceStat,
                                     quint64 sourceFs, const struct stat &partStat, quint64 partFs);

/// The interrupted run's part file, opened to continue after its checkpoint.
struct AdoptedPart
{
    UniqueFd fd;
    struct stat st = {};
    qint64 offset = 0; ///< the checkpoint: bytes kept (the part was truncated to it)
};

/// The resume rule for the file in flight: continues @p checkpoint's part file @p partName
/// in @p folderFd only when the source (@p source, fstat(2) of the file just opened, on file
/// system @p sourceFs) has the recorded size, mtime, ctime, inode and file system, and the
/// part is the recorded inode on the recorded file system, a
/// regular file at least as long as the checkpoint; then truncates it back to the
/// checkpoint (ftruncate(2)) and locks it (flock(2)). Otherwise sets @p restartReason
/// (translated), removes that part file when it is the recorded one, and returns nothing.
std::optional<AdoptedPart> adoptCheckpointedPart(const JournalCheckpoint &checkpoint, int folderFd,
                                                 const QByteArray &partName,
                                                 const struct stat &source, quint64 sourceFs,
                                                 QString &restartReason);

/// Whether the first @p length bytes of @p firstFd and @p secondFd are equal, byte for byte
/// (pread(2) of both through one pool chunk, half for each), feeding @p firstHasher (when
/// given) with @p firstFd's bytes. False with @p error set to an errno, to EIO when a file is
/// shorter than @p length, or to ECANCELED when the job stops; false with @p error 0 when they
/// differ. Any copying thread.
bool sameContent(EngineContext &job, int firstFd, int secondFd, qint64 length, int &error,
                 ChecksumHasher *firstHasher = nullptr);

/// Feeds @p hasher with the first @p length bytes of @p sourceFd (pread(2), one pool chunk):
/// the verification hash of a resumed file is rebuilt from the source's durable prefix
/// rather than stored. Returns 0, an errno, or ECANCELED when the job stops.
int rehashPrefix(EngineContext &job, ChecksumHasher &hasher, int sourceFd, qint64 length);

} // namespace Sluice
