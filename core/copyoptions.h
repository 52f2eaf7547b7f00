#pragma once

#include "copyfilter.h"

#include <QByteArray>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include <optional>

namespace Sluice {

inline constexpr qint64 KiB = 1024;
inline constexpr qint64 MiB = 1024 * KiB;
inline constexpr qint64 GiB = 1024 * MiB;

/// What to do when the destination name already exists.
enum class CollisionPolicy : quint8 {
    Ask,       ///< deliver a question and wait for the answer
    Overwrite, ///< replace it (atomically, by renaming the finished part file over it)
    Skip,      ///< leave the existing destination and do not copy the item
    Rename,    ///< copy under a free name: "name (2).ext"
    Newer,     ///< overwrite only when the source's modification time is later
};

/// What to do when an operation on an item fails.
enum class ErrorPolicy : quint8 {
    Ask,   ///< deliver a question and wait for the answer
    Retry, ///< try again, up to CopyOptions::retryLimit times, then skip the item
    Skip,  ///< record the error and go on with the next item
    Abort, ///< record the error and end the job as failed
};

/// How a regular file's bytes are moved (DESIGN.md, "Transfer").
enum class Engine : quint8 {
    Auto,    ///< reflink, then kernel, then stream, falling back at the current offset
    Stream,  ///< the bounded read/write pipeline through the chunk pool
    Kernel,  ///< copy_file_range(2) in bounded steps, no user-space buffers
    Reflink, ///< FICLONE: share extents (copy-on-write file systems only)
};

/// When written data is forced to the device.
enum class Durability : quint8 {
    File, ///< fdatasync(2) each file before it is renamed into place
    Job,  ///< flush-behind during big files and one syncfs(2) per destination file system
    None, ///< leave it to the kernel
};

/// The checksum used to verify copies.
enum class VerifyAlgorithm : quint8 { None, Xxh3, Sha256 };

/// Whether a job takes turns with other Sluice jobs on its destination's device (DeviceTurn:
/// one job at a time per physical disk, across processes).
enum class DeviceTurnPolicy : quint8 {
    Ignore,     ///< neither waits nor makes others wait
    TakeIfFree, ///< holds the device's turn when it is free, so that waiting jobs wait; never waits
    Wait,       ///< waits (phase WaitingForDevice) until the device is free, then holds it
};

/// Which metadata is carried over besides the data. Permission bits and times are the
/// default (like `cp -r --preserve=mode,timestamps`); `--archive` adds the rest.
struct PreserveOptions
{
    bool mode = true;       ///< permission bits (set-user-ID dropped when the owner differs)
    bool timestamps = true; ///< access and modification times, nanoseconds
    bool ownership = false; ///< owner and group, where permitted
    bool xattrs = false;    ///< extended attributes (user.*, and others where permitted)
    bool acls = false;      ///< POSIX ACLs (system.posix_acl_access/default)
    bool hardLinks = false; ///< names of one inode stay names of one inode

    static PreserveOptions archive();
    bool operator==(const PreserveOptions &) const = default;
};

/// Everything that shapes a job besides what is copied. A plain value: copy it freely.
struct CopyOptions
{
    qint64 chunkSize = 1 * MiB; ///< bytes per buffer in the stream engine's pool
    int queueDepth = 8;         ///< buffers in the pool; memory = chunkSize × queueDepth
    CollisionPolicy onCollision = CollisionPolicy::Ask;
    ErrorPolicy onError = ErrorPolicy::Ask;
    int retryLimit = 3;          ///< attempts per item under ErrorPolicy::Retry
    bool followSymlinks = false; ///< copy what links point to instead of the links
    PreserveOptions preserve;
    Engine engine = Engine::Auto;
    Durability durability = Durability::Job;
    qint64 speedLimit = 0; ///< bytes/s on the write side; 0 = unlimited
    VerifyAlgorithm verify = VerifyAlgorithm::None;
    QByteArray checksumFile; ///< write an xxh128sum/sha256sum manifest here when set
    bool move = false;       ///< delete each source item once its copy is durable
    bool dryRun = false;     ///< plan and preflight only; write nothing
    /// Ask a Preflight question when preflight finds warnings (the window lets the person
    /// accept or cancel); when false the warnings are recorded and the copy goes on.
    bool confirmPreflight = false;
    /// Files smaller than this many bytes go to the small-file worker pool.
    qint64 smallFileThreshold = 1 * MiB;
    /// Threads in the small-file pool; 0 = SmallFilePool::defaultThreadCount(), clamp(4 ×
    /// processors, 4, 8); 1 = none (every file on the worker thread); at most 64.
    int smallFileWorkers = 0;
    /// Bytes per flush-behind window (DESIGN.md, "Flush-behind"). With flushLag windows in
    /// flight, a file being written never has more than about flushLag + 1 windows dirty.
    /// The defaults come from bench/run.sh's "tune" section (bench/RESULTS.md).
    qint64 flushWindow = 8 * MiB;
    /// Windows whose write-back may be in flight before the oldest is waited for and
    /// dropped from the page cache (sync_file_range(2), posix_fadvise(2)).
    int flushLag = 2;
    /// Taking turns on the destination's device: `sluice-cli --queue` and the window wait;
    /// a plain `sluice-cli` only makes waiting jobs wait for it.
    DeviceTurnPolicy deviceTurn = DeviceTurnPolicy::TakeIfFree;
    /// Jobs that plan fewer bytes than this neither wait for their device nor hold it: a
    /// small job does not wait behind a large one.
    qint64 smallJobBytes = 64 * MiB;
    /// What the copy leaves out (patterns, .gitignore, size and age); empty = everything.
    CopyFilter filter;
    /// Fill CopyResult::leftOutPaths in a copy too (`sluice-cli --verbose`); dry runs always
    /// do. Costs one path per entry left out (a folder left out is one entry).
    bool listLeftOut = false;
    /// Non-empty: this job resumes journal entry resumeId (JobJournal::interrupted()). The
    /// request and every other option then come from the entry; the CopyJob's own request
    /// and options are ignored except for this field and `journal`. Finished files whose
    /// copy still has the recorded identity are not copied again, and the file in flight
    /// continues after its checkpoint when its source is unchanged (docs/design-notes.md).
    QString resumeId;
    /// Record this job in the journal so that it can be resumed after a crash, a kill or
    /// a power loss. Tests and the bench (`sluice-cli --no-journal`, hidden) turn it off.
    bool journal = true;

    /// Empty when the options are usable, else one message per problem.
    QStringList validate() const;
};

/// Smallest and largest accepted chunk size and queue depth.
inline constexpr qint64 MinChunkSize = 4 * KiB;
inline constexpr qint64 MaxChunkSize = 256 * MiB;
inline constexpr int MinQueueDepth = 2;
inline constexpr int MaxQueueDepth = 1024;

/// Parses a byte count: "4096", "64K", "64KiB", "1M", "1.5G", "4MiB", "2kB". Suffixes are
/// powers of 1024 (K, KiB, M, MiB, G, GiB, T, TiB) except the SI spellings kB, MB, GB, TB,
/// which are powers of 1000. Returns nothing for empty, negative or malformed text.
std::optional<qint64> parseByteSize(QStringView text);

/// Parses a rate such as "10M", "10MiB/s" or "500k/s" into bytes/s (see parseByteSize()).
std::optional<qint64> parseByteRate(QStringView text);

// Names used on the command line, in settings and in JSON ("overwrite", "kernel"...).
QString collisionPolicyName(CollisionPolicy policy);
QString errorPolicyName(ErrorPolicy policy);
QString engineName(Engine engine);
QString durabilityName(Durability durability);
QString verifyAlgorithmName(VerifyAlgorithm algorithm);
std::optional<CollisionPolicy> collisionPolicyFromString(QStringView text);
std::optional<ErrorPolicy> errorPolicyFromString(QStringView text);
std::optional<Engine> engineFromString(QStringView text);
std::optional<Durability> durabilityFromString(QStringView text);
std::optional<VerifyAlgorithm> verifyAlgorithmFromString(QStringView text);

/// What to copy: native source paths and a destination, with `cp -r` semantics. When the
/// destination is an existing folder, every source is copied into it under its own name;
/// otherwise exactly one source is copied to the destination path itself.
struct CopyRequest
{
    QList<QByteArray> sources;
    QByteArray destination;
    /// Optional, one per source: source i goes into the existing folder
    /// destinationFolders[i] under its own name (`destination` is then only for messages).
    /// Retrying skipped items puts each back at its place in the tree this way.
    QList<QByteArray> destinationFolders = {};
    /// Optional, with destinationFolders, one per source: the name source i gets in
    /// destinationFolders[i] instead of its own (the journal records a request resolved
    /// this way, so that a resume writes where the first run did).
    QList<QByteArray> destinationNames = {};
};

} // namespace Sluice

Q_DECLARE_METATYPE(Sluice::CopyOptions)
Q_DECLARE_METATYPE(Sluice::CollisionPolicy)
Q_DECLARE_METATYPE(Sluice::ErrorPolicy)
Q_DECLARE_METATYPE(Sluice::Engine)
Q_DECLARE_METATYPE(Sluice::Durability)
Q_DECLARE_METATYPE(Sluice::VerifyAlgorithm)
