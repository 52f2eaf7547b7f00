#include "notifier.h"

#include <QApplication>
#include <QDBusConnection>
#include <QDBusMessage>
#include <QVariantMap>
#include <QWidget>

namespace Sluice::Ui {

void notifyIfInactive(QWidget *window, const QString &title, const QString &body)
{
    if (!window || window->isActiveWindow())
        return;
    QApplication::alert(window);
    QDBusConnection bus = QDBusConnection::sessionBus();
    if (!bus.isConnected())
        return;
    QDBusMessage message = QDBusMessage::createMethodCall(
        QStringLiteral("org.freedesktop.Notifications"),
        QStringLiteral("/org/freedesktop/Notifications"),
        QStringLiteral("org.freedesktop.Notifications"), QStringLiteral("Notify"));
    const QVariantMap hints{
        {QStringLiteral("desktop-entry"), QStringLiteral("io.github.sluicecopy.Sluice")},
    };
    message << QApplication::applicationDisplayName() << uint(0)
            << QStringLiteral("io.github.sluicecopy.Sluice") << title << body << QStringList()
            << hints << int(-1);
    // Fire and forget: no reply is awaited, so a missing notification service never blocks.
    message.setAutoStartService(true);
    bus.send(message);
}

} // namespace Sluice::Ui
