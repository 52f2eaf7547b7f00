#include "dbuscall.h"

#include <QDBusError>
#include <QDBusPendingCallWatcher>
#include <QFileInfo>
#include <QObject>

#include <atomic>

Q_LOGGING_CATEGORY(lcDesktop, "sluice.desktop", QtInfoMsg)

namespace Sluice::Desktop {

QDBusConnection sessionBus()
{
    static const bool available = [] {
        if (!qEnvironmentVariableIsEmpty("DBUS_SESSION_BUS_ADDRESS"))
            return true;
        const QString runtime = qEnvironmentVariable("XDG_RUNTIME_DIR");
        return !runtime.isEmpty() && QFileInfo::exists(runtime + QStringLiteral("/bus"));
    }();
    return available ? QDBusConnection::sessionBus()
                     : QDBusConnection(QStringLiteral("sluice-no-session-bus"));
}

void callAsync(const QDBusConnection &bus, const QDBusMessage &message, QObject *context,
               std::function<void(const QDBusMessage &reply)> onReply, int timeoutMs)
{
    if (!bus.isConnected()) {
        // asyncCall() on a disconnected bus gives a call that never finishes: answer here.
        const QDBusMessage error = message.createErrorReply(
            QDBusError::Disconnected, QStringLiteral("not connected to the bus"));
        QMetaObject::invokeMethod(
            context, [error, onReply = std::move(onReply)] { onReply(error); },
            Qt::QueuedConnection);
        return;
    }
    const QDBusPendingCall pending = bus.asyncCall(message, timeoutMs);
    // An already finished call (bus not connected) is reported queued by the watcher.
    auto *watcher = new QDBusPendingCallWatcher(pending, context);
    QObject::connect(watcher, &QDBusPendingCallWatcher::finished, context,
                     [watcher, onReply = std::move(onReply)] {
                         watcher->deleteLater();
                         onReply(watcher->reply());
                     });
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
