#pragma once

#include "engine.h"
#include "journalentry.h"
#include "posixio.h"

#include <QString>

#include <optional>

#include <sys/stat.h>

namespace Sluice {

class ChecksumHasher;
class JournalWriter;

/// The checkpoints of one file in flight (docs/design-notes.md, "The job journal"): after a
/// write, when JournalWriter::checkpointDue() says so, fdatasync(2)s the part file and only
/// then records the bytes written so far as durable. Lives on the writing thread's stack with
/// its FileLife.
class FileCheckpoints final : public CheckpointSink
{
public:
    /// @p identity: the file's paths and identities; @p durable: bytes already durable (a
    /// resumed part's checkpoint).
    FileCheckpoints(JournalWriter &journal, int partFd, JournalCheckpoint identity, qint64 durable);
    int written(qint64 end) override;
    /// A resumable stop: one last checkpoint of everything written. True when the part file
    /// holds a checkpoint worth keeping.
    bool takeFinal();

private:
    int take();

    JournalWriter &m_journal;
    const int m_partFd;
    JournalCheckpoint m_checkpoint;
    qint64 m_written = 0;
};

/// The file system of @p fd as an identity that survives an unmount, a new loop device or a
/// reboot: statfs(2)'s f_fsid (ext4, XFS and btrfs derive it from the file system's UUID),
/// or st_dev where the file system reports none. What the journal records as "dev".
quint64 fileSystemId(int fd);

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

/// Feeds @p hasher with the first @p length bytes of @p sourceFd (pread(2), one pool chunk):
/// the verification hash of a resumed file is rebuilt from the source's durable prefix
/// rather than stored. Returns 0, an errno, or ECANCELED when the job stops.
int rehashPrefix(EngineContext &job, ChecksumHasher &hasher, int sourceFd, qint64 length);

} // namespace Sluice
