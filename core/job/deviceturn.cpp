#include "deviceturn.h"

#include <QFile>

#include <QDir>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <ctime>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace Sluice {

namespace {

QString describeErrno(const QByteArray &path, const char *operation, int error)
{
    return QStringLiteral("%1 %2: %3")
        .arg(QLatin1String(operation), QString::fromLocal8Bit(path),
             QString::fromLocal8Bit(std::strerror(error)));
}

// Makes @p folder (mode 0700) unless it exists; then it must be a real folder of ours that
// nobody else can write, or a planted folder or link in /tmp could capture the locks.
bool ensurePrivateFolder(const QByteArray &folder, QString *problem)
{
    if (::mkdir(folder.constData(), 0700) != 0 && errno != EEXIST) {
        if (problem)
            *problem = describeErrno(folder, "create folder", errno);
        return false;
    }
    struct stat st = {};
    if (::lstat(folder.constData(), &st) != 0) {
        if (problem)
            *problem = describeErrno(folder, "stat", errno);
        return false;
    }
    if (!S_ISDIR(st.st_mode) || st.st_uid != ::geteuid() || (st.st_mode & 022) != 0) {
        if (problem)
            *problem = QStringLiteral("%1 is not a private folder of this user")
                           .arg(QString::fromLocal8Bit(folder));
        return false;
    }
    return true;
}

QByteArray lockFileName(const QByteArray &key)
{
    QByteArray name = key;
    name.replace(':', '-');
    return name + ".lock";
}

QString readHolder(int fd)
{
    char text[512];
    const ssize_t got = ::pread(fd, text, sizeof text - 1, 0);
    return got > 0 ? QString::fromUtf8(text, got).trimmed() : QString();
}

// Replaces the text of the file @p fd with @p text. Only informative: a failed write leaves
// the lock held and the text empty.
void writeText(int fd, const QByteArray &text)
{
    if (::ftruncate(fd, 0) == 0) {
        [[maybe_unused]] const ssize_t written =
            ::pwrite(fd, text.constData(), size_t(text.size()), 0);
    }
}

int lockNow(int fd, int operation)
{
    return retryOnEintr([&] { return ::flock(fd, operation | LOCK_NB); });
}

// A ticket's name sorts by the time it was drawn (CLOCK_REALTIME: one clock for every
// process), then by process and a counter, so names never collide.
QByteArray ticketName()
{
    static std::atomic<unsigned> counter{0};
    timespec now = {};
    ::clock_gettime(CLOCK_REALTIME, &now);
    const qint64 ns = qint64(now.tv_sec) * 1'000'000'000 + now.tv_nsec;
    return QByteArray::number(ns).rightJustified(20, '0') + '-' + QByteArray::number(::getpid())
           + '-' + QByteArray::number(counter++);
}

} // namespace

DeviceTurn::Ticket::Ticket(QByteArray ticketPath, UniqueFd ticketFd)
    : path(std::move(ticketPath))
    , fd(std::move(ticketFd))
{}

DeviceTurn::Ticket::Ticket(Ticket &&other) noexcept
    : path(std::move(other.path))
    , fd(std::move(other.fd))
{
    other.path.clear();
}

DeviceTurn::Ticket::~Ticket()
{
    if (!path.isEmpty())
        ::unlink(path.constData()); // before the flock is dropped: never seen as dead
}

DeviceTurn::DeviceTurn(DestinationDevice device, QByteArray holderDescription, Role role)
    : m_device(std::move(device))
    , m_description(std::move(holderDescription))
    , m_role(role)
{}

QByteArray DeviceTurn::lockFolder(QString *problem)
{
    const QByteArray runtime = qgetenv("XDG_RUNTIME_DIR");
    const QByteArray folder = runtime.startsWith('/')
                                  ? runtime + "/sluice"
                                  : "/tmp/sluice-" + QByteArray::number(::geteuid());
    return ensurePrivateFolder(folder, problem) ? folder : QByteArray();
}

DeviceTurn::Outcome DeviceTurn::tryTake()
{
    m_locks.clear();
    m_holder.clear();
    m_problem.clear();
    const QByteArray folder = lockFolder(&m_problem);
    if (folder.isEmpty())
        return Outcome::Unavailable;
    const Outcome outcome = m_role == Role::Writer ? takeAsWriter(folder) : takeAsWaiter(folder);
    if (outcome != Outcome::Taken)
        m_locks.clear();
    else
        announce();
    return outcome;
}

UniqueFd DeviceTurn::openLock(const QByteArray &folder, const QByteArray &key)
{
    const QByteArray path = folder + '/' + lockFileName(key);
    UniqueFd fd(::open(path.constData(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600));
    if (!fd)
        m_problem = describeErrno(path, "open", errno);
    return fd;
}

DeviceTurn::Outcome DeviceTurn::takeAsWriter(const QByteArray &folder)
{
    for (const QByteArray &key : m_device.keys) {
        UniqueFd fd = openLock(folder, key);
        if (!fd)
            return Outcome::Unavailable;
        // A waiter holds the lock exclusively only between taking it and sharing it: a
        // moment. Try for a few milliseconds, then report Busy (the writer goes on anyway).
        int result = lockNow(fd.get(), LOCK_SH);
        for (int tries = 0; result != 0 && errno == EWOULDBLOCK && tries < 50; ++tries) {
            const timespec millisecond{0, 1'000'000};
            ::nanosleep(&millisecond, nullptr);
            result = lockNow(fd.get(), LOCK_SH);
        }
        if (result != 0) {
            if (errno != EWOULDBLOCK) {
                m_problem = describeErrno(folder + '/' + lockFileName(key), "lock", errno);
                return Outcome::Unavailable;
            }
            m_holder = readHolder(fd.get());
            return Outcome::Busy;
        }
        m_locks.push_back(std::move(fd));
    }
    return Outcome::Taken;
}

DeviceTurn::Outcome DeviceTurn::takeAsWaiter(const QByteArray &folder)
{
    if (m_tickets.empty() && !drawTickets(folder))
        return Outcome::Unavailable;
    for (qsizetype i = 0; i < m_device.keys.size(); ++i) {
        const QByteArray &key = m_device.keys.at(i);
        UniqueFd fd = openLock(folder, key);
        if (!fd)
            return Outcome::Unavailable;
        if (lockNow(fd.get(), LOCK_EX) != 0) { // someone writes there now
            if (errno != EWOULDBLOCK) {
                m_problem = describeErrno(folder + '/' + lockFileName(key), "lock", errno);
                return Outcome::Unavailable;
            }
            m_holder = readHolder(fd.get());
            return Outcome::Busy;
        }
        m_locks.push_back(std::move(fd));
        if (olderWaiter(folder, key, m_tickets.at(size_t(i))))
            return Outcome::Busy; // it goes first (tryTake() drops the lock just taken)
    }
    // Every disk is free and this job is first: share the locks from now on, so that jobs
    // that never wait can register as writing too, and leave the queue.
    for (const UniqueFd &fd : m_locks)
        ::flock(fd.get(), LOCK_SH);
    m_tickets.clear();
    return Outcome::Taken;
}

bool DeviceTurn::drawTickets(const QByteArray &folder)
{
    std::vector<Ticket> tickets;
    const QByteArray name = ticketName();
    for (const QByteArray &key : m_device.keys) {
        const QByteArray queue = folder + '/' + lockFileName(key) + ".queue";
        if (!ensurePrivateFolder(queue, &m_problem))
            return false;
        const QByteArray path = queue + '/' + name;
        UniqueFd fd(
            ::open(path.constData(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600));
        if (!fd || lockNow(fd.get(), LOCK_EX) != 0) {
            m_problem = describeErrno(path, "create ticket", errno);
            if (fd)
                ::unlink(path.constData());
            return false;
        }
        writeText(fd.get(), m_description);
        tickets.emplace_back(path, std::move(fd));
    }
    m_tickets = std::move(tickets);
    return true;
}

bool DeviceTurn::olderWaiter(const QByteArray &folder, const QByteArray &key, const Ticket &ours)
{
    const QByteArray queue = folder + '/' + lockFileName(key) + ".queue";
    const QByteArray ourName = ours.path.mid(queue.size() + 1);
    // Names sort by the time they were drawn; only older ones matter. None of them is being
    // created now (a ticket drawn now is newer than ours), so an unlocked one is dead.
    const QStringList names =
        QDir(QFile::decodeName(queue)).entryList(QDir::Files | QDir::Hidden, QDir::Name);
    for (const QString &name : names) {
        const QByteArray native = QFile::encodeName(name);
        if (native >= ourName)
            break;
        const QByteArray path = queue + '/' + native;
        UniqueFd fd(::open(path.constData(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW));
        if (!fd)
            continue; // removed meanwhile
        if (lockNow(fd.get(), LOCK_EX) == 0) {
            ::unlink(path.constData()); // its job died without removing it
            continue;
        }
        m_holder = readHolder(fd.get());
        return true;
    }
    return false;
}

void DeviceTurn::announce()
{
    for (const UniqueFd &fd : m_locks)
        writeText(fd.get(), m_description);
}

} // namespace Sluice
