#pragma once

#include "journalentry.h"
#include "posixio.h"

#include <QHash>
#include <QSet>
#include <QString>

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

#include <sys/types.h>

namespace Sluice {

/// A checkpoint of the file in flight is due when at least this many bytes were written
/// since its last one...
inline constexpr qint64 CheckpointBytes = 64 * MiB;
/// ...and at least this long passed since it: at most one checkpoint per 64 MiB and per
/// second (issue 12's cost rule), so the window a resume may write again is the larger of
/// 64 MiB and one second of copying. Also the least time between two records of finished items.
inline constexpr std::chrono::milliseconds CheckpointInterval{1000};

/// Whether a checkpoint is due @p bytesSince bytes and @p msSince milliseconds after the file's
/// previous one (or its first byte): both limits passed.
constexpr bool checkpointDue(qint64 bytesSince, qint64 msSince)
{
    return bytesSince >= CheckpointBytes && msSince >= CheckpointInterval.count();
}

/// The journal folder as a path (JobJournal::folder()), native bytes.
QByteArray journalFolderPath();
/// Opens (and with @p create makes, mode 0700) the journal folder; an invalid fd on failure
/// with errno set.
UniqueFd openJournalFolder(bool create);
/// "<id>.job" and "<id>.lock".
QByteArray journalEntryName(const QString &id);
QByteArray journalLockName(const QString &id);
/// Reads the entry @p id's record from @p folderFd (nothing, with @p problem, when absent or
/// not whole). @p damaged as decodeJournalRecord() sets it; false when the entry cannot be read.
std::optional<JournalRecord> readJournalRecord(int folderFd, const QString &id, QString *problem,
                                               bool *damaged = nullptr);
/// Removes from the journal folder @p folderFd the temporaries of records (".<id>.job.tmp",
/// temporaryNameOf()) that no live writer is writing: what a process killed while it wrote a
/// record leaves. A writer holds its entry's lock ("<id>.lock") for its whole life, so a
/// temporary whose lock can be taken is stale; it is removed under that lock, so that no
/// writer starts meanwhile (and the lock file with it when no entry was ever written). A
/// temporary whose lock is held is left alone. Called where the journal is opened: listing
/// (JobJournal::interrupted()) and a new entry (JournalWriter::create()).
void removeStaleTemporaries(int folderFd);

/// Why the journal cannot be written: the path that failed (the journal folder, or the entry)
/// and the errno value. error 0: nothing failed.
struct JournalFailure
{
    QByteArray path; ///< native
    int error = 0;
};

/// The entry a running job writes (docs/design-notes.md, "The job journal"): it holds the
/// entry's lock for the job's life and replaces the record atomically, with the finished
/// items and the checkpoint of the file in flight. Thread-safe: the small-file threads note
/// finished items, the worker thread checkpoints; one record is written at a time. A failure
/// to write stops the journal (problem() says why) but never the copy.
class JournalWriter final
{
public:
    /// A new entry with a new id; its lock taken. Null with @p error (errno text) on failure,
    /// and @p failure (when given) set to the path and errno that failed.
    static std::unique_ptr<JournalWriter> create(QString *error, JournalFailure *failure = nullptr);
    /// The existing entry @p id, to resume: its lock taken (refused while a running job
    /// holds it; the lock this process holds for it, holdJournalLock(), is taken over) and
    /// its record read into @p record.
    static std::unique_ptr<JournalWriter> adopt(const QString &id, JournalRecord &record,
                                                QString *error);
    ~JournalWriter();
    Q_DISABLE_COPY_MOVE(JournalWriter)

    const QString &id() const { return m_id; }
    /// adopt() took over the lock of a job this process queued (EntryLock::HoldQueued).
    bool isOwnQueuedJob() const { return m_ownQueued; }
    /// Gives up the entry's lock to the caller (the writer writes nothing afterwards).
    UniqueFd takeLock();
    /// When the entry was created (its lock file's mtime, ns since the epoch): the start of
    /// the job's first run, also when the entry is resumed.
    qint64 createdAtNs() const { return m_createdAtNs; }
    /// Called once, on the first record that cannot be written (from the thread writing it,
    /// under the write lock: it must not call back into the writer). Set before start().
    void setFailureHandler(std::function<void(const JournalFailure &)> handler)
    {
        m_onFailure = std::move(handler);
    }
    /// Where each record takes its options' speed limit from (bytes/s, 0 = none): the limit
    /// in force when it is written, which the window changes while a job runs (its speed
    /// field is a window setting, not one of the job's queued options), so that a resume
    /// elsewhere (`sluice-cli --resume`) obeys the limit the job last ran at. Called from the
    /// thread writing a record: it must only read (an atomic). Unset: the options as given to
    /// start(). Set before start().
    void setSpeedLimitSource(std::function<qint64()> source)
    {
        m_speedLimitSource = std::move(source);
    }

    /// Writes the first record: @p base's request, options, plan and finished items (a
    /// resume carries over what the interrupted run finished).
    void start(JournalRecord base);
    /// A destination file system the job writes to (@p fd is duplicated): syncfs(2)ed before
    /// a record names items finished on it.
    void addFileSystem(int fd);
    /// An item got its final name (any copying thread). Recorded with the next record, after
    /// a syncfs(2) of the destinations; may write that record now when one is due.
    void noteFinished(JournalFinished item, qint64 bytes);
    /// The file in flight is durable up to @p checkpoint.durable (the caller fdatasync(2)ed
    /// it): writes a record now. Worker thread.
    void checkpoint(const JournalCheckpoint &checkpoint);
    /// A folder the job made (or finished) on a link-following file system, replacing an earlier
    /// identity of the same path: recorded at once, in a record written before this returns,
    /// so that a resume finds it whenever the job is killed after it (a folder made there and
    /// not recorded is refused, and a kill before the first checkpoint left nothing a resume
    /// could copy into). Only link-following file systems ask for it (recordOwnFolder()), so
    /// elsewhere it costs nothing. Any copying thread.
    void noteFolder(const JournalFolder &folder);
    /// The folder recorded at @p destination (noteFolder()) is not this job's after all (its
    /// mkdirat(2) failed): forgotten, in a record written before this returns. Any thread.
    void forgetFolder(const QByteArray &destination);
    /// @p bytes more planned than start() was given: further hard-link names that become
    /// copies of their own (the preflight's, Plan::markLossNamed(), or the transfer's).
    /// Recorded with the next record, so that a kept entry's total is what the job copies.
    /// Any thread.
    void addPlannedBytes(qint64 bytes);
    /// No file in flight any more (published, removed): the next record names none.
    void clearInFlight();
    /// The job stopped resumably: the last record, after a syncfs(2) of the destinations.
    void keep();
    /// The job ended: the entry and its lock file are removed, the folder fsync(2)ed.
    void remove();
    /// The first failure to write a record, or empty.
    QString problem() const;
    /// The path and errno of that failure (error 0: none).
    JournalFailure failure() const;

private:
    JournalWriter(QString id, UniqueFd folder, UniqueFd lock);
    /// Adds @p item to m_synced, replacing an earlier entry of the same destination (an item
    /// copied again counts once). m_stateMutex held.
    void addSynced(JournalFinished item, qint64 bytes);
    /// Writes one record (m_writeMutex held): syncs the destinations when items are pending.
    void writeRecord();

    const QString m_id;
    const UniqueFd m_folder;
    UniqueFd m_lock;
    bool m_ownQueued = false;
    mutable std::mutex m_stateMutex; // everything below up to m_writeMutex
    JournalRecord m_base;
    QList<JournalFinished> m_synced;
    QList<qint64> m_syncedItemBytes;            // the bytes each m_synced item counts
    QHash<QByteArray, qsizetype> m_syncedIndex; // destination → index in m_synced
    std::vector<std::pair<JournalFinished, qint64>> m_pending;
    qint64 m_syncedBytes = 0;
    std::optional<JournalCheckpoint> m_inFlight;
    QHash<QByteArray, JournalFolder> m_folders; // by destination path
    std::vector<UniqueFd> m_fileSystems;
    QSet<quint64> m_fileSystemDevices;
    QString m_problem;
    JournalFailure m_failure;
    bool m_stopped = false;
    qint64 m_createdAtNs = 0;
    std::function<void(const JournalFailure &)> m_onFailure;
    std::function<qint64()> m_speedLimitSource;
    std::mutex m_writeMutex;
    std::atomic<qint64> m_lastWriteMs{0}; // steady clock
};

/// What a resumed job knows of the run it resumes (CopyOptions::resumeId): set by the worker
/// before the copy starts, read-only afterwards except for the counters and the list of
/// restarted files (any copying thread).
struct ResumeState
{
    /// The finished items of the interrupted run, by destination path.
    QHash<QByteArray, JournalFinished> finished;
    /// Its file in flight, if it had one.
    std::optional<JournalCheckpoint> inFlight;
    /// The folders it made on link-following file systems, by destination path (ownfolders.h).
    QHash<QByteArray, JournalFolder> folders;
    /// When the job's first run started (JournalWriter::createdAtNs()): a destination changed
    /// before then was not written by this job.
    qint64 startedAtNs = 0;
    std::atomic<qint64> itemsResumed{0};
    std::atomic<qint64> bytesResumed{0};

    void addRestarted(QByteArray path, QString reason)
    {
        const std::lock_guard lock(m_mutex);
        m_restarted.append({std::move(path), std::move(reason)});
    }
    QList<std::pair<QByteArray, QString>> restarted() const
    {
        const std::lock_guard lock(m_mutex);
        return m_restarted;
    }

private:
    mutable std::mutex m_mutex;
    QList<std::pair<QByteArray, QString>> m_restarted;
};

/// Entry locks this process holds while no job writes the entry (JobJournal::hold(),
/// keepForLater(EntryLock::HoldQueued)): @p lock is kept open (the flock(2) with it) until
/// taken back. @p queued: a job this process queued. Process-wide, thread-safe.
void holdJournalLock(const QString &id, UniqueFd lock, bool queued);
/// The lock held for @p id, out of the registry (invalid when none); @p queued set to how it
/// was held.
UniqueFd takeJournalLock(const QString &id, bool *queued = nullptr);

/// Part files that interrupted journal entries keep for their resume (file system, inode), read
/// when a job starts (refreshKeptPartFiles()); the stale-part cleanup leaves them alone.
/// Process-wide, thread-safe.
void refreshKeptPartFiles(const std::optional<JournalCheckpoint> &ownInFlight);
/// @p fileSystem: fileSystemId() of the file (resumepart.h), as the journal records it.
bool isKeptPartFile(quint64 fileSystem, ino_t ino);

} // namespace Sluice
