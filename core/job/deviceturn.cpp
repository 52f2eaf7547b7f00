#include "deviceturn.h"

#include <QFile>

#include <cerrno>
#include <cstring>
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

} // namespace

DeviceTurn::DeviceTurn(DestinationDevice device, QByteArray holderDescription)
    : m_device(std::move(device))
    , m_description(std::move(holderDescription))
{}

QByteArray DeviceTurn::lockFolder(QString *problem)
{
    const QByteArray runtime = qgetenv("XDG_RUNTIME_DIR");
    QByteArray folder;
    if (runtime.startsWith('/')) {
        folder = runtime + "/sluice";
    } else {
        folder = "/tmp/sluice-" + QByteArray::number(::geteuid());
    }
    return ensurePrivateFolder(folder, problem) ? folder : QByteArray();
}

DeviceTurn::Outcome DeviceTurn::tryTake()
{
    release();
    m_holder.clear();
    m_problem.clear();
    const QByteArray folder = lockFolder(&m_problem);
    if (folder.isEmpty())
        return Outcome::Unavailable;
    std::vector<UniqueFd> taken;
    for (const QByteArray &key : m_device.keys) {
        const QByteArray path = folder + '/' + lockFileName(key);
        UniqueFd fd(::open(path.constData(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600));
        if (!fd) {
            m_problem = describeErrno(path, "open", errno);
            return Outcome::Unavailable;
        }
        if (retryOnEintr([&] { return ::flock(fd.get(), LOCK_EX | LOCK_NB); }) != 0) {
            if (errno != EWOULDBLOCK) {
                m_problem = describeErrno(path, "lock", errno);
                return Outcome::Unavailable;
            }
            m_holder = readHolder(fd.get());
            return Outcome::Busy;
        }
        taken.push_back(std::move(fd));
    }
    for (const UniqueFd &fd : taken) {
        // Only informative: a failed write leaves the lock held and the text empty.
        if (::ftruncate(fd.get(), 0) == 0) {
            [[maybe_unused]] const ssize_t written =
                ::pwrite(fd.get(), m_description.constData(), size_t(m_description.size()), 0);
        }
    }
    m_locks = std::move(taken);
    return Outcome::Taken;
}

} // namespace Sluice
