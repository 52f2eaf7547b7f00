#include "dbuscall.h"

#include <QDBusError>
#include <QDBusPendingCallWatcher>
#include <QDeadlineTimer>
#include <QFile>
#include <QFileInfo>
#include <QObject>

#include <atomic>
#include <cerrno>
#include <cstddef>
#include <cstring>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

Q_LOGGING_CATEGORY(lcDesktop, "sluice.desktop", QtInfoMsg)

namespace Sluice::Desktop {

namespace {

/// The session bus address as libdbus would use it, or empty when there is none.
QByteArray sessionBusAddress()
{
    QByteArray address = qgetenv("DBUS_SESSION_BUS_ADDRESS");
    if (!address.isEmpty())
        return address;
    const QString socket = qEnvironmentVariable("XDG_RUNTIME_DIR") + QStringLiteral("/bus");
    if (socket.size() == 4 || !QFileInfo::exists(socket))
        return {};
    return "unix:path=" + QFile::encodeName(socket);
}

QByteArray systemBusAddress()
{
    QByteArray address = qgetenv("DBUS_SYSTEM_BUS_ADDRESS");
    // The default of the D-Bus specification ("Well-known Message Bus Instances").
    return address.isEmpty() ? QByteArray("unix:path=/var/run/dbus/system_bus_socket") : address;
}

/// A connected, non-blocking socket to the first unix:path= or unix:abstract= entry of
/// D-Bus address @p address with the authentication greeting sent, or -1 (no such entry,
/// refused: QtDBus will find out by itself quickly). @p hung is set when the daemon's
/// backlog is full (it stopped accepting).
int knock(const QByteArray &address, bool *hung)
{
    QByteArray path;
    bool abstractName = false;
    for (const QByteArray &entry : address.split(';')) {
        if (!entry.startsWith("unix:"))
            continue;
        for (const QByteArray &pair : entry.mid(5).split(',')) {
            if (pair.startsWith("path=") || pair.startsWith("abstract=")) {
                abstractName = pair.startsWith("abstract=");
                path = QByteArray::fromPercentEncoding(pair.mid(pair.indexOf('=') + 1));
            }
        }
        if (!path.isEmpty())
            break;
    }
    sockaddr_un socketAddress = {};
    const qsizetype offset = abstractName ? 1 : 0;
    if (path.isEmpty() || path.size() + offset >= qsizetype(sizeof(socketAddress.sun_path)))
        return -1;
    socketAddress.sun_family = AF_UNIX;
    std::memcpy(socketAddress.sun_path + offset, path.constData(), size_t(path.size()));
    const auto length =
        socklen_t(offsetof(sockaddr_un, sun_path) + offset + path.size() + (abstractName ? 0 : 1));
    const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return -1;
    if (::connect(fd, reinterpret_cast<const sockaddr *>(&socketAddress), length) != 0) {
        *hung = errno == EAGAIN;
        ::close(fd);
        return -1;
    }
    const QByteArray greeting =
        QByteArray(1, '\0') + "AUTH EXTERNAL " + QByteArray::number(::getuid()).toHex() + "\r\n";
    if (::send(fd, greeting.constData(), size_t(greeting.size()), MSG_NOSIGNAL)
        != ssize_t(greeting.size())) {
        ::close(fd);
        return -1;
    }
    return fd;
}

BusProbe probeBuses()
{
    BusProbe probe;
    const QByteArray session = sessionBusAddress();
    bool *answers[2] = {&probe.session, &probe.system};
    bool hung[2] = {false, false};
    pollfd fds[2] = {{session.isEmpty() ? -1 : knock(session, &hung[0]), POLLIN, 0},
                     {knock(systemBusAddress(), &hung[1]), POLLIN, 0}};
    const QDeadlineTimer deadline(BusProbeTimeoutMs);
    while ((fds[0].fd >= 0 || fds[1].fd >= 0) && !deadline.hasExpired()) {
        if (::poll(fds, 2, int(deadline.remainingTime())) < 0 && errno != EINTR)
            break;
        for (pollfd &knocked : fds) {
            if (knocked.fd >= 0 && knocked.revents != 0) {
                // Any reply, even REJECTED or a hang-up: the daemon is alive.
                ::close(knocked.fd);
                knocked.fd = -1;
            }
        }
    }
    for (int i = 0; i < 2; ++i) {
        if (fds[i].fd >= 0 || hung[i]) {
            *answers[i] = false;
            noteUnavailable(i == 0 ? QStringLiteral("the session bus")
                                   : QStringLiteral("the system bus"),
                            QDBusMessage::createError(
                                QDBusError::Timeout,
                                QStringLiteral("no answer within %1 ms").arg(BusProbeTimeoutMs)));
        }
        if (fds[i].fd >= 0)
            ::close(fds[i].fd);
    }
    return probe;
}

} // namespace

const BusProbe &busesAnswer()
{
    static const BusProbe probe = probeBuses();
    return probe;
}

QDBusConnection sessionBus()
{
    static const bool available = !sessionBusAddress().isEmpty() && busesAnswer().session;
    return available ? QDBusConnection::sessionBus()
                     : QDBusConnection(QStringLiteral("sluice-no-session-bus"));
}

QDBusConnection systemBus()
{
    return busesAnswer().system ? QDBusConnection::systemBus()
                                : QDBusConnection(QStringLiteral("sluice-no-system-bus"));
}

QDBusPendingCall callAsync(const QDBusConnection &bus, const QDBusMessage &message,
                           QObject *context, std::function<void(const QDBusMessage &reply)> onReply,
                           int timeoutMs)
{
    if (!bus.isConnected()) {
        // asyncCall() on a disconnected bus gives a call that never finishes: answer here.
        const QDBusMessage error = message.createErrorReply(
            QDBusError::Disconnected, QStringLiteral("not connected to the bus"));
        QMetaObject::invokeMethod(
            context, [error, onReply = std::move(onReply)] { onReply(error); },
            Qt::QueuedConnection);
        return QDBusPendingCall::fromCompletedCall(error);
    }
    const QDBusPendingCall pending = bus.asyncCall(message, timeoutMs);
    // An already finished call (bus not connected) is reported queued by the watcher.
    auto *watcher = new QDBusPendingCallWatcher(pending, context);
    QObject::connect(watcher, &QDBusPendingCallWatcher::finished, context,
                     [watcher, onReply = std::move(onReply)] {
                         watcher->deleteLater();
                         onReply(watcher->reply());
                     });
    return pending;
}

void noteUnavailable(const QString &service, const QDBusMessage &reply)
{
    static std::atomic_bool noted = false;
    if (!noted.exchange(true)) {
        qCInfo(lcDesktop).noquote()
            << QStringLiteral("%1 is not available (%2); going on without it")
                   .arg(service, reply.errorName());
    } else {
        qCDebug(lcDesktop).noquote()
            << service << "is not available:" << reply.errorName() << reply.errorMessage();
    }
}

} // namespace Sluice::Desktop
