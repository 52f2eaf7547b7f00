#include "journalwriter.h"

#include "logging.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QFile>
#include <QRandomGenerator>

#include <cerrno>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <map>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace Sluice {

namespace {

qint64 steadyMs()
{
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

// mkdir -p with mode 0700 for what it creates.
bool makeFolders(const QByteArray &path)
{
    for (qsizetype slash = path.indexOf('/', 1); slash != -1; slash = path.indexOf('/', slash + 1))
        ::mkdir(path.left(slash).constData(), 0700);
    return ::mkdir(path.constData(), 0700) == 0 || errno == EEXIST;
}

std::mutex keptMutex;
QSet<QPair<quint64, quint64>> keptParts; // (dev, ino), guarded by keptMutex

struct HeldLock
{
    UniqueFd fd;
    bool queued = false;
};
std::mutex heldMutex;
std::map<QString, HeldLock> heldLocks; // guarded by heldMutex

} // namespace

QByteArray journalFolderPath()
{
    QByteArray state = qgetenv("XDG_STATE_HOME");
    if (state.isEmpty() || !state.startsWith('/'))
        state = qgetenv("HOME") + "/.local/state";
    return state + "/sluice/jobs";
}

UniqueFd openJournalFolder(bool create)
{
    const QByteArray path = journalFolderPath();
    if (create && !makeFolders(path))
        return UniqueFd();
    return UniqueFd(::open(path.constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
}

QByteArray journalEntryName(const QString &id)
{
    return QFile::encodeName(id) + ".job";
}

QByteArray journalLockName(const QString &id)
{
    return QFile::encodeName(id) + ".lock";
}

std::optional<JournalRecord> readJournalRecord(int folderFd, const QString &id, QString *problem,
                                               bool *damaged)
{
    if (damaged)
        *damaged = false;
    UniqueFd fd(
        ::openat(folderFd, journalEntryName(id).constData(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW));
    struct stat st = {};
    if (!fd || ::fstat(fd.get(), &st) != 0) {
        if (problem)
            *problem = errnoText(errno);
        return std::nullopt;
    }
    QByteArray bytes(qsizetype(st.st_size), Qt::Uninitialized);
    qint64 got = 0;
    if (const int error = preadFully(fd.get(), bytes.data(), bytes.size(), 0, got)) {
        if (problem)
            *problem = errnoText(error);
        return std::nullopt;
    }
    bytes.truncate(qsizetype(got));
    return decodeJournalRecord(bytes, problem, damaged);
}

void removeStaleTemporaries(int folderFd)
{
    constexpr QByteArrayView Suffix(".job.tmp"); // temporaryNameOf(journalEntryName(id))
    QList<QByteArray> temporaries;
    // A descriptor of its own: a dup(2) would share (and leave at the end) the reading offset
    // of @p folderFd, which the caller may list next.
    const int own = ::openat(folderFd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    DIR *listing = own >= 0 ? ::fdopendir(own) : nullptr;
    if (!listing) {
        if (own >= 0)
            ::close(own);
        return;
    }
    while (const dirent *entry = ::readdir(listing)) {
        const QByteArray name(entry->d_name);
        if (name.startsWith('.') && name.endsWith(Suffix) && name.size() > Suffix.size() + 1)
            temporaries << name;
    }
    ::closedir(listing);
    for (const QByteArray &temporary : std::as_const(temporaries)) {
        const QString id = QFile::decodeName(temporary.mid(1).chopped(Suffix.size()));
        const UniqueFd lock(::openat(folderFd, journalLockName(id).constData(),
                                     O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600));
        if (!lock || ::flock(lock.get(), LOCK_EX | LOCK_NB) != 0)
            continue; // its writer is alive
        qCDebug(lcJob) << "removing the stale journal temporary" << temporary;
        ::unlinkat(folderFd, temporary.constData(), 0);
        struct stat st = {};
        if (::fstatat(folderFd, journalEntryName(id).constData(), &st, AT_SYMLINK_NOFOLLOW) != 0
            && errno == ENOENT)
            ::unlinkat(folderFd, journalLockName(id).constData(), 0); // killed in its first record
    }
}

JournalWriter::JournalWriter(QString id, UniqueFd folder, UniqueFd lock)
    : m_id(std::move(id))
    , m_folder(std::move(folder))
    , m_lock(std::move(lock))
{
    // The lock file is created with the entry and never written: its mtime is the job's start.
    struct stat st = {};
    if (::fstat(m_lock.get(), &st) == 0)
        m_createdAtNs = qint64(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
}

JournalWriter::~JournalWriter() = default; // closing the lock file releases the flock(2)

std::unique_ptr<JournalWriter> JournalWriter::create(QString *error, JournalFailure *failure)
{
    const auto fail = [error, failure](const QByteArray &path) -> std::unique_ptr<JournalWriter> {
        const int code = errno;
        *error = errnoText(code);
        if (failure)
            *failure = {path, code};
        return nullptr;
    };
    UniqueFd folder = openJournalFolder(true);
    if (!folder)
        return fail(journalFolderPath());
    removeStaleTemporaries(folder.get());
    const QString id =
        QStringLiteral("%1-%2-%3")
            .arg(QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss")))
            .arg(QCoreApplication::applicationPid())
            .arg(QRandomGenerator::global()->bounded(0x10000), 4, 16, QLatin1Char('0'));
    UniqueFd lock(::openat(folder.get(), journalLockName(id).constData(),
                           O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600));
    if (!lock || ::flock(lock.get(), LOCK_EX | LOCK_NB) != 0)
        return fail(journalFolderPath());
    return std::unique_ptr<JournalWriter>(
        new JournalWriter(id, std::move(folder), std::move(lock)));
}

std::unique_ptr<JournalWriter> JournalWriter::adopt(const QString &id, JournalRecord &record,
                                                    QString *error)
{
    UniqueFd folder = openJournalFolder(false);
    if (!folder) {
        *error = errnoText(errno);
        return nullptr;
    }
    bool queued = false;
    UniqueFd lock = takeJournalLock(id, &queued);
    if (!lock) {
        lock = UniqueFd(::openat(folder.get(), journalLockName(id).constData(),
                                 O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600));
        if (!lock) {
            *error = errnoText(errno);
            return nullptr;
        }
        if (::flock(lock.get(), LOCK_EX | LOCK_NB) != 0) {
            *error = QCoreApplication::translate("Sluice::JobJournal",
                                                 "a running copy is resuming or writing it");
            return nullptr;
        }
    }
    QString problem;
    std::optional<JournalRecord> read = readJournalRecord(folder.get(), id, &problem);
    if (!read) {
        *error = problem;
        return nullptr;
    }
    record = *read;
    std::unique_ptr<JournalWriter> writer(
        new JournalWriter(id, std::move(folder), std::move(lock)));
    writer->m_ownQueued = queued && record.neverStarted;
    return writer;
}

UniqueFd JournalWriter::takeLock()
{
    const std::lock_guard lock(m_stateMutex);
    m_stopped = true;
    return std::move(m_lock);
}

void JournalWriter::start(JournalRecord base)
{
    {
        const std::lock_guard lock(m_stateMutex);
        m_synced.clear();
        m_syncedItemBytes.clear();
        m_syncedIndex.clear();
        m_syncedBytes = 0;
        for (JournalFinished &item : base.finished) {
            const qint64 bytes = item.size;
            addSynced(std::move(item), bytes);
        }
        m_inFlight = base.inFlight; // a resume's part file stays recorded until continued
        m_folders.clear();
        for (const JournalFolder &folder : std::as_const(base.folders))
            m_folders.insert(folder.destination, folder);
        base.folders.clear();
        base.finished.clear();
        base.inFlight.reset();
        m_base = std::move(base);
    }
    const std::lock_guard write(m_writeMutex);
    writeRecord();
}

void JournalWriter::addFileSystem(int fd)
{
    struct stat st = {};
    if (::fstat(fd, &st) != 0)
        return;
    const std::lock_guard lock(m_stateMutex);
    if (m_fileSystemDevices.contains(quint64(st.st_dev)))
        return;
    m_fileSystemDevices.insert(quint64(st.st_dev));
    m_fileSystems.emplace_back(::fcntl(fd, F_DUPFD_CLOEXEC, 0));
}

void JournalWriter::noteFinished(JournalFinished item, qint64 bytes)
{
    {
        const std::lock_guard lock(m_stateMutex);
        if (m_stopped)
            return;
        m_pending.emplace_back(std::move(item), bytes);
    }
    if (steadyMs() - m_lastWriteMs.load(std::memory_order_relaxed) < CheckpointInterval.count())
        return;
    std::unique_lock write(m_writeMutex, std::try_to_lock);
    if (write.owns_lock()
        && steadyMs() - m_lastWriteMs.load(std::memory_order_relaxed) >= CheckpointInterval.count())
        writeRecord();
}

void JournalWriter::checkpoint(const JournalCheckpoint &checkpoint)
{
    {
        const std::lock_guard lock(m_stateMutex);
        if (m_stopped)
            return;
        m_inFlight = checkpoint;
    }
    const std::lock_guard write(m_writeMutex);
    writeRecord();
}

void JournalWriter::noteFolder(const JournalFolder &folder)
{
    {
        const std::lock_guard lock(m_stateMutex);
        if (m_stopped)
            return;
        m_folders.insert(folder.destination, folder);
    }
    const std::lock_guard write(m_writeMutex);
    writeRecord();
}

void JournalWriter::forgetFolder(const QByteArray &destination)
{
    {
        const std::lock_guard lock(m_stateMutex);
        if (m_stopped || m_folders.remove(destination) == 0)
            return;
    }
    const std::lock_guard write(m_writeMutex);
    writeRecord();
}

void JournalWriter::addPlannedBytes(qint64 bytes)
{
    const std::lock_guard lock(m_stateMutex);
    m_base.totalBytes += bytes;
}

void JournalWriter::clearInFlight()
{
    const std::lock_guard lock(m_stateMutex);
    m_inFlight.reset();
}

void JournalWriter::keep()
{
    const std::lock_guard write(m_writeMutex);
    writeRecord();
    const std::lock_guard lock(m_stateMutex);
    m_stopped = true;
}

void JournalWriter::remove()
{
    const std::lock_guard write(m_writeMutex);
    {
        const std::lock_guard lock(m_stateMutex);
        m_stopped = true;
    }
    ::unlinkat(m_folder.get(), journalEntryName(m_id).constData(), 0);
    ::unlinkat(m_folder.get(), journalLockName(m_id).constData(), 0);
    ::fsync(m_folder.get());
}

QString JournalWriter::problem() const
{
    const std::lock_guard lock(m_stateMutex);
    return m_problem;
}

JournalFailure JournalWriter::failure() const
{
    const std::lock_guard lock(m_stateMutex);
    return m_failure;
}

void JournalWriter::addSynced(JournalFinished item, qint64 bytes)
{
    const auto known = m_syncedIndex.constFind(item.destination);
    if (known != m_syncedIndex.cend()) {
        m_syncedBytes += bytes - m_syncedItemBytes.at(*known);
        m_syncedItemBytes[*known] = bytes;
        m_synced[*known] = std::move(item);
        return;
    }
    m_syncedIndex.insert(item.destination, m_synced.size());
    m_synced.append(std::move(item));
    m_syncedItemBytes.append(bytes);
    m_syncedBytes += bytes;
}

void JournalWriter::writeRecord()
{
    std::size_t pending = 0;
    {
        const std::lock_guard lock(m_stateMutex);
        if (m_stopped)
            return;
        pending = m_pending.size();
    }
    // Items are named only once their data and names are on the device: syncfs(2) of every
    // destination file system (network FUSE file systems, where syncfs does nothing, had
    // each file fdatasync(2)ed before it got its name).
    if (pending > 0) {
        std::vector<int> fds;
        {
            const std::lock_guard lock(m_stateMutex);
            for (const UniqueFd &fd : m_fileSystems)
                fds.push_back(fd.get());
        }
        for (const int fd : fds)
            ::syncfs(fd);
    }
    JournalRecord record;
    {
        const std::lock_guard lock(m_stateMutex);
        for (std::size_t i = 0; i < pending; ++i)
            addSynced(std::move(m_pending[i].first), m_pending[i].second);
        m_pending.erase(m_pending.begin(), m_pending.begin() + qsizetype(pending));
        record = m_base;
        record.finished = m_synced;
        record.inFlight = m_inFlight;
        record.folders = m_folders.values();
        record.doneItems = m_synced.size();
        record.doneBytes = m_syncedBytes + (m_inFlight ? m_inFlight->durable : 0);
    }
    if (m_speedLimitSource)
        record.options.speedLimit = m_speedLimitSource();
    record.writtenAtMs = QDateTime::currentMSecsSinceEpoch();
    record.pid = QCoreApplication::applicationPid();
    const int error =
        writeFileAtomically(m_folder.get(), journalEntryName(m_id), encodeJournalRecord(record));
    m_lastWriteMs.store(steadyMs(), std::memory_order_relaxed);
    if (error == 0)
        return;
    JournalFailure failure{journalFolderPath() + '/' + journalEntryName(m_id), error};
    {
        const std::lock_guard lock(m_stateMutex);
        m_stopped = true;
        m_problem = errnoText(error);
        m_failure = failure;
    }
    qCDebug(lcJob) << "journal entry" << m_id << "cannot be written:" << errnoText(error);
    if (m_onFailure)
        m_onFailure(failure); // once: no record is written after this one
}

void holdJournalLock(const QString &id, UniqueFd lock, bool queued)
{
    const std::lock_guard guard(heldMutex);
    heldLocks.insert_or_assign(id, HeldLock{std::move(lock), queued});
}

UniqueFd takeJournalLock(const QString &id, bool *queued)
{
    const std::lock_guard guard(heldMutex);
    const auto found = heldLocks.find(id);
    if (found == heldLocks.end())
        return UniqueFd();
    if (queued)
        *queued = found->second.queued;
    UniqueFd lock = std::move(found->second.fd);
    heldLocks.erase(found);
    return lock;
}

void refreshKeptPartFiles(const std::optional<JournalCheckpoint> &ownInFlight)
{
    QSet<QPair<quint64, quint64>> found;
    UniqueFd folder = openJournalFolder(false);
    if (folder) {
        if (DIR *listing = ::fdopendir(::fcntl(folder.get(), F_DUPFD_CLOEXEC, 0))) {
            while (const dirent *entry = ::readdir(listing)) {
                const QByteArray name(entry->d_name);
                if (!name.endsWith(".job") || name.startsWith('.'))
                    continue;
                const QString id = QFile::decodeName(name.chopped(4));
                UniqueFd lock(::openat(folder.get(), journalLockName(id).constData(),
                                       O_RDONLY | O_CLOEXEC | O_NOFOLLOW));
                if (lock && ::flock(lock.get(), LOCK_SH | LOCK_NB) != 0)
                    continue; // a running job's: its part file is locked by that job
                const std::optional<JournalRecord> record =
                    readJournalRecord(folder.get(), id, nullptr);
                if (record && record->inFlight)
                    found.insert({record->inFlight->partDev, record->inFlight->partIno});
            }
            ::closedir(listing);
        }
    }
    if (ownInFlight)
        found.insert({ownInFlight->partDev, ownInFlight->partIno});
    const std::lock_guard lock(keptMutex);
    keptParts = std::move(found);
}

bool isKeptPartFile(quint64 fileSystem, ino_t ino)
{
    const std::lock_guard lock(keptMutex);
    return keptParts.contains({fileSystem, quint64(ino)});
}

} // namespace Sluice
