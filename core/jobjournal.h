#pragma once

#include "copyoptions.h"

#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>

namespace Sluice {

/// One entry of the journal folder (JobJournal::folder()) that no live process owns: a job
/// that was killed, lost its power, was stopped resumably (CopyJob::stopResumable(),
/// CopyStatus::Stopped) or was kept for later before it started (JobJournal::keepForLater()).
/// A plain value, read from the entry's last whole record (docs/design-notes.md, "The job
/// journal").
struct InterruptedJob
{
    /// Stable id: the entry's file name without ".job" ("20261201-152530-4711-1a2b"). What
    /// `sluice-cli --list-interrupted` shows and CopyOptions::resumeId names.
    QString id;
    /// What was copied, resolved as the job resolved it: one destination folder and name per
    /// source (CopyRequest::destinationFolders / destinationNames), so that a resume writes
    /// exactly where the first run wrote even though the destination now exists.
    CopyRequest request;
    /// The original options (move, verify, policies, filter...); resumeId is empty here.
    CopyOptions options;
    qint64 totalBytes = 0; ///< planned bytes (0 for a job that never started)
    /// Bytes known durable: finished files plus the checkpoint of the file in flight.
    qint64 doneBytes = 0;
    qint64 totalItems = 0;     ///< planned items
    qint64 doneItems = 0;      ///< items recorded as finished (durable)
    QDateTime lastCheckpoint;  ///< UTC time of the last record written
    bool neverStarted = false; ///< a queued job kept at quit (recorded with keepForLater())
};

/// The journal of jobs beyond one run (DESIGN.md, "Jobs beyond one run"). QtCore only; every
/// function is thread-safe (it touches only files) and does file I/O, so call it from a
/// worker thread in a window (the GUI thread does no file I/O). Rules the journal follows:
/// records are written to a temporary file, fdatasync(2)ed, renamed over the entry and the
/// folder fsync(2)ed; each record carries a version, its length and an XXH3-64 checksum, and a
/// record that does not check out is treated as absent. A running job holds an exclusive
/// flock(2) on its entry's ".lock" sidecar, which the kernel releases when the process dies.
namespace JobJournal {

/// The journal folder: $XDG_STATE_HOME/sluice/jobs, by default ~/.local/state/sluice/jobs
/// (XDG Base Directory Specification). Not created by this call.
QString folder();

/// The valid entries whose owner is gone (their lock can be taken), oldest first. Entries
/// that are torn, garbled, of an unknown version or unreadable are skipped; each adds a
/// line to @p problems when given ("journal entry X is not used: the record's checksum does
/// not match ..."). With @p problems, a torn or garbled entry is also set aside, renamed
/// "<id>.job.torn" in the folder, and its line names that file: it is said once, by the
/// listing that tells someone (sluice-cli --list-interrupted), never again. An entry of
/// another version or one that cannot be read now is said each time. Entries locked by a
/// running job (also one of this process) are not listed. Temporaries of records that no
/// live writer writes (a process killed mid-write) are removed first.
QList<InterruptedJob> interrupted(QStringList *problems = nullptr);

/// Removes entry @p id and the part file it kept (the file in flight). Returns false and
/// sets @p error (translated text) when there is no such entry, a running job owns it, or it
/// cannot be removed. A part file already gone is not an error. An entry this process holds
/// (hold(), keepForLater(EntryLock::HoldQueued)) is removed with the lock it holds.
bool discard(const QString &id, QString *error);

/// What keepForLater() does with the new entry's lock.
enum class EntryLock : quint8 {
    Release, ///< let go: the entry is interrupted() at once (kept for the next start)
    /// Held by this process, as a queued job of its own: interrupted() lists it nowhere until
    /// release() or the process ends (a crash leaves it interrupted). A job of this process
    /// that resumes it (CopyOptions::resumeId) takes the lock over and runs as the new job it
    /// was queued as: an end before the copy starts (its plan or checks fail) removes the
    /// entry instead of keeping it for another try.
    HoldQueued,
};

/// Records a job that has not started (a queued job: at queue time in the window, or kept
/// when the window quits), as an entry with InterruptedJob::neverStarted set, and returns its
/// id; on failure returns an empty string and sets @p error. Resuming it
/// (CopyOptions::resumeId) runs it from the start.
QString keepForLater(const CopyRequest &request, const CopyOptions &options, QString *error,
                     EntryLock lock = EntryLock::Release);

/// Takes the lock of existing entry @p id for this process (an interrupted job queued again
/// in a window), so that no other process offers or resumes it meanwhile. A job of this
/// process resuming it takes the lock over; release() lets it go. False with @p error
/// (translated text) when there is no such entry or another process holds it.
bool hold(const QString &id, QString *error);

/// Lets go of the lock keepForLater(EntryLock::HoldQueued) or hold() took on entry @p id; the
/// entry stays and is interrupted() from now on. Nothing happens when this process does not
/// hold it (a job took it over). Does no disk I/O.
void release(const QString &id);

/// Keeps @p ids (entry ids, the order in which a window runs its jobs not ended, first to run
/// first) for the next start, in the file "queue.order" of the journal folder (one id a
/// line), replaced the way records are: a temporary file, fdatasync(2), rename(2), fsync(2)
/// of the folder, so that a crash or a power cut leaves the previous order or this one, never
/// a part. Writers in other processes take turns (flock(2) on "queue.order.lock"); the last
/// one's order is kept. Returns false and sets @p error (path and errno text) on failure.
bool saveQueueOrder(const QStringList &ids, QString *error);

/// The ids saveQueueOrder() kept last (empty when none was kept or the file is unreadable);
/// ids of entries that are gone may be among them.
QStringList savedQueueOrder();

} // namespace JobJournal

} // namespace Sluice

Q_DECLARE_METATYPE(Sluice::InterruptedJob)
