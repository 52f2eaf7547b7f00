#pragma once

#include "copyoptions.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <optional>

namespace Sluice {

/// A file (or link, FIFO, node) the job finished: its destination path and the identity the
/// copy had right after it got its final name, and the source's size and modification time
/// then. A resume skips the item only while both still hold.
struct JournalFinished
{
    QByteArray destination; ///< native path
    quint64 dev = 0;        ///< fileSystemId() (resumepart.h): f_fsid, which survives a remount
    quint64 ino = 0;
    qint64 size = 0;
    qint64 mtimeNs = 0;
    qint64 sourceSize = 0;
    qint64 sourceMtimeNs = 0;
    /// A file copied with verification: its digest (hex, CopyOptions::verify), the line the
    /// job's checksum file gives it, so that a resume lists it without reading it again.
    /// Empty otherwise, and in version 1 records.
    QByteArray digest;
};

/// The checkpoint of the file in flight: bytes known durable in its part file (fdatasync(2)
/// returned after they were written), the source's identity when it was opened, the part's.
struct JournalCheckpoint
{
    QByteArray source;      ///< native source path
    QByteArray destination; ///< native final path
    QByteArray part;        ///< native path of the part file
    qint64 durable = 0;     ///< bytes [0, durable) of the part are on the device
    qint64 sourceSize = 0;
    qint64 sourceMtimeNs = 0;
    qint64 sourceCtimeNs = 0;
    quint64 sourceIno = 0;
    quint64 sourceDev = 0; ///< fileSystemId() of the source
    quint64 partIno = 0;
    quint64 partDev = 0; ///< fileSystemId() of the part file
};

/// A folder the job created on a destination file system that shows symbolic links as what
/// they point to (FileSystemProbe::followsSymlinks), with what identifies it there: a resume
/// copies into such a folder only while it still shows this identity (ownfolders.h). Recorded
/// when it is made (mode 0700 until its children are done) and again when it is finished (its
/// own mode and times set).
struct JournalFolder
{
    QByteArray destination; ///< native path
    quint32 mode = 0;       ///< st_mode, type bits included
    quint32 uid = 0;
    quint32 gid = 0;
    /// Its modification time as the server reported it (seconds since the epoch, and ns).
    qint64 mtimeSeconds = 0;
    qint32 mtimeNanoseconds = 0;
    /// Its metadata was set: the time is final. Unfinished, entries made in it later move the
    /// time forward (never back).
    bool finished = false;

    /// Recorded right before the job's mkdirat(2) of it (mode 0): the folder may exist, made
    /// by this job, with nothing in it yet; its identity was never read (recordFolderToMake()).
    bool pending() const { return mode == 0; }
};

/// One whole record of a journal entry (docs/design-notes.md, "The job journal").
struct JournalRecord
{
    CopyRequest request;     ///< resolved: one destination folder and name per source
    CopyOptions options;     ///< resumeId empty
    QByteArray planIdentity; ///< XXH3-64 of the plan's items (kind, path, size, mtime)
    qint64 totalBytes = 0;
    qint64 totalItems = 0;
    qint64 doneBytes = 0;
    qint64 doneItems = 0;
    qint64 writtenAtMs = 0; ///< ms since the epoch, UTC
    bool neverStarted = false;
    qint64 pid = 0; ///< the process that wrote it (for messages only; the lock decides)
    QList<JournalFinished> finished;
    std::optional<JournalCheckpoint> inFlight;
    /// Folders made on link-following file systems (version 3; none in older records).
    QList<JournalFolder> folders;
};

/// The record format's version. Version 1 records (no digests) and version 2 records (no
/// folders) are still read; a record of any other version is not trusted.
inline constexpr quint32 JournalRecordVersion = 3;

/// The bytes of @p record: magic "SLUICEJ\n", version (u32), payload length (u64), the
/// payload (QDataStream, Qt 6.4 format, big-endian), XXH3-64 of everything before it (u64).
QByteArray encodeJournalRecord(const JournalRecord &record);

/// The record in @p bytes, or nothing (with @p problem set, untranslated) when anything does
/// not check out: magic, version, length, checksum, or a payload that does not parse to its
/// end. A torn or garbled record is never half-trusted. @p damaged (when given) tells the two
/// kinds of failure apart: true for a torn or garbled record, false for a whole record of a
/// version this Sluice does not read (a newer Sluice may still resume it).
std::optional<JournalRecord> decodeJournalRecord(const QByteArray &bytes, QString *problem,
                                                 bool *damaged = nullptr);

/// Replaces @p name in the folder @p folderFd with @p bytes atomically: a temporary file
/// (temporaryNameOf(@p name), mode 0600), write, fdatasync(2), renameat(2) over @p name,
/// fsync(2) of the folder. Returns 0 or an errno value. Any thread.
int writeFileAtomically(int folderFd, const QByteArray &name, const QByteArray &bytes);

/// The temporary file writeFileAtomically() writes @p name through: ".<name>.tmp". A process
/// killed while writing leaves it (removeStaleTemporaries(), journalwriter.h).
QByteArray temporaryNameOf(const QByteArray &name);

} // namespace Sluice
