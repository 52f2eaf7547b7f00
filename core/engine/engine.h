#pragma once

#include "copyissue.h"
#include "copyoptions.h"

#include <QByteArray>
#include <QSet>

#include <functional>
#include <mutex>
#include <optional>

namespace Sluice {

class ChecksumHasher;
class ChunkPool;
class FlushBehind;
class ItemProgress;
class JobControl;
class SpeedLimiter;
class UnsupportedEngines;
struct IoHooks;
struct ProgressCounters;

/// What an engine (and the verifier's re-read) may use of its job: no questions, no issue
/// log, no plan. A view of references into the job's JobContext, which outlives every
/// transfer; the parts are thread-safe as each documents.
struct EngineContext
{
    const CopyOptions &options;
    const IoHooks &hooks;
    JobControl &control;
    ProgressCounters &counters;
    SpeedLimiter &limiter;
    ChunkPool &chunks; ///< the job's stream buffers (chunk size × queue depth)
    UnsupportedEngines &unsupportedEngines;

    /// The job is cancelled or aborted.
    bool stopping() const;
};

/// Told by an engine how far a file's data has been written, after each write (the writing
/// thread): the journal's checkpoints of the file in flight (FileLife). Returns 0, or the
/// errno of a failed fdatasync(2), which fails the transfer as a Flush error.
class CheckpointSink
{
public:
    virtual ~CheckpointSink() = default;
    virtual int written(qint64 end) = 0;
};

/// Everything an engine needs to move one regular file's data from an open source to an
/// open part file. Offsets are bytes. The engine owns none of the descriptors.
struct DataTransfer
{
    int sourceFd = -1;
    int destinationFd = -1;
    QByteArray sourcePath;      ///< for messages
    QByteArray destinationPath; ///< final name, for messages and hooks
    qint64 plannedSize = 0;     ///< st_size when opened (a hint: /proc files lie)
    /// The caller compares the source's size, mtime and ctime by fstat(2) once the data is
    /// copied (FileLife::sourceChange()): a copy that reached plannedSize is complete without
    /// a further call that returns 0, since any growth meanwhile changes what it compares
    /// (kernel engine).
    bool endCheckedByStat = false;
    bool sparse = false;    ///< the source looks sparse and the destination keeps holes: skip them
    qint64 startOffset = 0; ///< resume here (after another engine fell back)
    ItemProgress *progress = nullptr;
    FlushBehind *flush = nullptr;         ///< may be null
    ChecksumHasher *hasher = nullptr;     ///< may be null (stream engine only)
    CheckpointSink *checkpoint = nullptr; ///< may be null (no journal, small files)
    std::function<bool()> skipRequested;  ///< may be empty (small-file pool)
};

/// How an engine's run ended.
struct DataOutcome
{
    enum class Status : quint8 {
        Done,      ///< all data copied; `offset` is the file's final size
        Fallback,  ///< this engine cannot serve; continue with `stream` at `offset`
        Failed,    ///< `issue` says what failed; the part file must go
        Cancelled, ///< the job was cancelled
        Skipped,   ///< the person skipped this file
    };
    Status status = Status::Done;
    qint64 offset = 0;
    CopyIssue issue;

    static DataOutcome done(qint64 size) { return {Status::Done, size, {}}; }
    static DataOutcome fallback(qint64 at) { return {Status::Fallback, at, {}}; }
    static DataOutcome failed(CopyIssue issue) { return {Status::Failed, 0, std::move(issue)}; }
};

/// True when the job is stopping or the person asked to skip this transfer's file.
bool stopRequested(const EngineContext &job, const DataTransfer &transfer);
/// The outcome for a stop: Cancelled when the job is stopping, else Skipped.
DataOutcome stopOutcome(const EngineContext &job);
/// The gate before an engine writes @p length bytes at @p offset (any engine, the copying
/// thread): waits while the job is paused, waits for @p charge bytes of speed-limit credit
/// (SpeedLimiter::throttle(), paid before the write), runs the beforeWrite test hook, checking
/// for a stop between the waits. Returns the outcome that ends the transfer here (Cancelled,
/// Skipped, or Failed with a Write issue for an injected error; the credit taken is given
/// back then), or nothing: write.
std::optional<DataOutcome> beforeWriting(EngineContext &job, const DataTransfer &transfer,
                                         qint64 offset, qint64 length, qint64 charge);

/// Errors after which an engine is given up for the pair of file systems and the copy falls
/// back (copy_file_range(2) and ioctl_ficlone(2), ERRORS): cross-device, unsupported, or a
/// descriptor kind the call does not take.
bool isEngineUnsupportedError(int error);

/// Remembers, per pair of (source, destination) file systems (st_dev), which engines failed
/// as unsupported, so that copying 20,000 small files onto ext4 tries FICLONE once, not
/// 20,000 times (cp(1) retries it for every file). Thread-safe.
class UnsupportedEngines final
{
public:
    bool hasFailed(Engine engine, dev_t source, dev_t destination) const;
    void markFailed(Engine engine, dev_t source, dev_t destination);

private:
    mutable std::mutex m_mutex;
    QSet<QPair<quint64, quint64>> m_reflinkFailed;
    QSet<QPair<quint64, quint64>> m_kernelFailed;
};

} // namespace Sluice
