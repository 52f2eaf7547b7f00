#include "dbuscall.h"

#include <QDBusPendingCallWatcher>
#include <QObject>

#include <atomic>

Q_LOGGING_CATEGORY(lcDesktop, "sluice.desktop", QtInfoMsg)

namespace Sluice::Desktop {

void callAsync(const QDBusConnection &bus, const QDBusMessage &message, QObject *context,
               std::function<void(const QDBusMessage &reply)> onReply, int timeoutMs)
{
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
