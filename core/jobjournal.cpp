#include "jobjournal.h"

#include "journalwriter.h"
#include "resumepart.h"

#include <QCoreApplication>
#include <QFile>

#include <algorithm>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace Sluice::JobJournal {

namespace {

InterruptedJob fromRecord(const QString &id, const JournalRecord &record)
{
    InterruptedJob job;
    job.id = id;
    job.request = record.request;
    job.options = record.options;
    job.options.resumeId.clear();
    job.totalBytes = record.totalBytes;
    job.doneBytes = record.doneBytes;
    job.totalItems = record.totalItems;
    job.doneItems = record.doneItems;
    job.lastCheckpoint = QDateTime::fromMSecsSinceEpoch(record.writtenAtMs, Qt::UTC);
    job.neverStarted = record.neverStarted;
    return job;
}

// The ids of the entries in the journal folder (names "<id>.job"), sorted (ids start with
// the UTC time they were created, so that is oldest first).
QStringList entryIds(int folderFd)
{
    QStringList ids;
    DIR *listing = ::fdopendir(::fcntl(folderFd, F_DUPFD_CLOEXEC, 0));
    if (!listing)
        return ids;
    while (const dirent *entry = ::readdir(listing)) {
        const QByteArray name(entry->d_name);
        if (name.endsWith(".job") && !name.startsWith('.'))
            ids << QFile::decodeName(name.chopped(4));
    }
    ::closedir(listing);
    std::sort(ids.begin(), ids.end());
    return ids;
}

// Whether a running job holds entry @p id's lock (a probe with a shared lock, released at once).
bool isOwned(int folderFd, const QString &id)
{
    UniqueFd lock(
        ::openat(folderFd, journalLockName(id).constData(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW));
    return lock && ::flock(lock.get(), LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK;
}

// Entry @p id's lock, taken (exclusive, not waiting), or an invalid fd.
UniqueFd lockEntry(int folderFd, const QString &id)
{
    UniqueFd lock(::openat(folderFd, journalLockName(id).constData(),
                           O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600));
    if (lock && ::flock(lock.get(), LOCK_EX | LOCK_NB) != 0)
        return UniqueFd();
    return lock;
}

// Why interrupted() does not list entry @p id, whose record could not be read for @p problem.
// A damaged one (torn or garbled, never trusted) is also set aside, renamed "<id>.job.torn"
// under its lock, so that it is said once rather than at every listing and kept for a look.
QString notUsed(int folderFd, const QString &id, const QString &problem, bool damaged)
{
    QString said =
        QCoreApplication::translate("Sluice::JobJournal", "journal entry %1 is not used: %2")
            .arg(id, problem);
    if (!damaged)
        return said; // unreadable now, or of another version: a later listing may use it
    const UniqueFd lock = lockEntry(folderFd, id);
    const QByteArray aside = journalEntryName(id) + ".torn";
    if (!lock
        || ::renameat(folderFd, journalEntryName(id).constData(), folderFd, aside.constData()) != 0)
        return said;
    ::unlinkat(folderFd, journalLockName(id).constData(), 0);
    ::fsync(folderFd);
    return QCoreApplication::translate("Sluice::JobJournal",
                                       "journal entry %1 is not used: %2; it is kept aside as "
                                       "“%3”")
        .arg(id, problem, folder() + QLatin1Char('/') + QFile::decodeName(aside));
}

// The window's queue order (saveQueueOrder()), beside the entries; not an entry ("*.job").
constexpr char QueueOrderName[] = "queue.order";
constexpr char QueueOrderLockName[] = "queue.order.lock";
constexpr qint64 QueueOrderMaxBytes = 1 << 20; // far more ids than a queue holds

} // namespace

QString folder()
{
    return QFile::decodeName(journalFolderPath());
}

QList<InterruptedJob> interrupted(QStringList *problems)
{
    QList<InterruptedJob> jobs;
    UniqueFd folder = openJournalFolder(false);
    if (!folder)
        return jobs;
    removeStaleTemporaries(folder.get());
    for (const QString &id : entryIds(folder.get())) {
        if (isOwned(folder.get(), id))
            continue;
        QString problem;
        bool damaged = false;
        const std::optional<JournalRecord> record =
            readJournalRecord(folder.get(), id, &problem, &damaged);
        if (!record) {
            if (problems)
                problems->append(notUsed(folder.get(), id, problem, damaged));
            continue;
        }
        jobs.append(fromRecord(id, *record));
    }
    return jobs;
}

bool discard(const QString &id, QString *error)
{
    auto fail = [error](const QString &text) {
        if (error)
            *error = text;
        return false;
    };
    if (id.isEmpty() || id.contains(QLatin1Char('/')) || id.startsWith(QLatin1Char('.')))
        return fail(QCoreApplication::translate("Sluice::JobJournal", "no such interrupted job"));
    UniqueFd folder = openJournalFolder(false);
    struct stat st = {};
    if (!folder || ::fstatat(folder.get(), journalEntryName(id).constData(), &st, 0) != 0)
        return fail(QCoreApplication::translate("Sluice::JobJournal", "no such interrupted job"));
    UniqueFd lock = takeJournalLock(id);
    if (!lock)
        lock = lockEntry(folder.get(), id);
    if (!lock)
        return fail(QCoreApplication::translate("Sluice::JobJournal",
                                                "a running copy is resuming or writing it"));
    // The part file it kept, only when it is still the one recorded (never someone else's).
    if (const auto record = readJournalRecord(folder.get(), id, nullptr);
        record && record->inFlight) {
        const JournalCheckpoint &kept = *record->inFlight;
        // The journal records the file system by fileSystemId() (f_fsid), not st_dev.
        const UniqueFd part(::open(kept.part.constData(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW));
        struct stat partStat = {};
        if (part && ::fstat(part.get(), &partStat) == 0 && S_ISREG(partStat.st_mode)
            && quint64(partStat.st_ino) == kept.partIno && fileSystemId(part.get()) == kept.partDev)
            ::unlink(kept.part.constData());
    }
    if (::unlinkat(folder.get(), journalEntryName(id).constData(), 0) != 0 && errno != ENOENT)
        return fail(QString::fromLocal8Bit(std::strerror(errno)));
    ::unlinkat(folder.get(), journalLockName(id).constData(), 0);
    ::fsync(folder.get());
    return true;
}

QString keepForLater(const CopyRequest &request, const CopyOptions &options, QString *error,
                     EntryLock lock)
{
    QString problem;
    std::unique_ptr<JournalWriter> writer = JournalWriter::create(&problem);
    if (!writer) {
        if (error)
            *error = problem;
        return {};
    }
    JournalRecord record;
    record.request = request;
    record.options = options;
    record.options.resumeId.clear();
    record.neverStarted = true;
    writer->start(record);
    if (const QString failed = writer->problem(); !failed.isEmpty()) {
        writer->remove();
        if (error)
            *error = failed;
        return {};
    }
    if (lock == EntryLock::HoldQueued)
        holdJournalLock(writer->id(), writer->takeLock(), true);
    return writer->id(); // else the lock is released as the writer goes
}

bool hold(const QString &id, QString *error)
{
    UniqueFd folder = openJournalFolder(false);
    struct stat st = {};
    if (id.isEmpty() || id.contains(QLatin1Char('/')) || !folder
        || ::fstatat(folder.get(), journalEntryName(id).constData(), &st, 0) != 0) {
        if (error)
            *error = QCoreApplication::translate("Sluice::JobJournal", "no such interrupted job");
        return false;
    }
    bool queued = false;
    if (UniqueFd held = takeJournalLock(id, &queued)) { // this process holds it already
        holdJournalLock(id, std::move(held), queued);
        return true;
    }
    UniqueFd lock = lockEntry(folder.get(), id);
    if (!lock) {
        if (error)
            *error = QCoreApplication::translate("Sluice::JobJournal",
                                                 "a running copy is resuming or writing it");
        return false;
    }
    holdJournalLock(id, std::move(lock), false);
    return true;
}

void release(const QString &id)
{
    takeJournalLock(id); // closing the descriptor releases the flock(2)
}

bool saveQueueOrder(const QStringList &ids, QString *error)
{
    auto fail = [error](int code) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(
                folder() + QLatin1Char('/') + QFile::decodeName(QueueOrderName), errnoText(code));
        return false;
    };
    UniqueFd journal = openJournalFolder(true);
    if (!journal)
        return fail(errno);
    const UniqueFd lock(::openat(journal.get(), QueueOrderLockName,
                                 O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600));
    if (!lock)
        return fail(errno);
    if (retryOnEintr([&] { return ::flock(lock.get(), LOCK_EX); }) != 0)
        return fail(errno);
    QByteArray bytes;
    for (const QString &id : ids)
        bytes += QFile::encodeName(id) + '\n';
    if (const int code = writeFileAtomically(journal.get(), QueueOrderName, bytes); code != 0)
        return fail(code);
    return true; // closing the lock's descriptor lets the next writer go
}

QStringList savedQueueOrder()
{
    QStringList ids;
    const UniqueFd journal = openJournalFolder(false);
    const UniqueFd fd(
        journal ? ::openat(journal.get(), QueueOrderName, O_RDONLY | O_CLOEXEC | O_NOFOLLOW) : -1);
    QFile file;
    if (!fd || !file.open(fd.get(), QIODevice::ReadOnly))
        return ids;
    for (const QByteArray &line : file.read(QueueOrderMaxBytes).split('\n')) {
        if (!line.isEmpty() && !line.contains('/') && !line.startsWith('.'))
            ids << QFile::decodeName(line);
    }
    return ids;
}

} // namespace Sluice::JobJournal
