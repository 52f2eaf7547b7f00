#include "notifier.h"

#include "dbuscall.h"
#include "nativepath.h"

#include <QApplication>
#include <QDBusConnection>
#include <QDBusMessage>
#include <QFile>
#include <QHash>
#include <QUrl>
#include <QVariantMap>
#include <QWidget>

namespace Sluice::Ui {

namespace {

const QString NotificationsService = QStringLiteral("org.freedesktop.Notifications");
const QString NotificationsPath = QStringLiteral("/org/freedesktop/Notifications");
const QString OpenFolderAction = QStringLiteral("open-folder");
const QString EjectAction = QStringLiteral("eject");

/// Runs the actions of the notifications this process showed when their buttons are
/// pressed (the ActionInvoked signal), and forgets them when they close.
class ActionRouter final : public QObject
{
    Q_OBJECT
public:
    static ActionRouter *instance()
    {
        static auto *router = new ActionRouter(qApp);
        return router;
    }

    void add(uint id, const NotificationActions &actions) { m_actions.insert(id, actions); }

private:
    explicit ActionRouter(QObject *parent)
        : QObject(parent)
    {
        // Any sender: naming the service would make QtDBus look its owner up, blocking.
        QDBusConnection bus = Desktop::sessionBus();
        bus.connect(QString(), NotificationsPath, NotificationsService,
                    QStringLiteral("ActionInvoked"), this, SLOT(onActionInvoked(uint, QString)));
        bus.connect(QString(), NotificationsPath, NotificationsService,
                    QStringLiteral("NotificationClosed"), this,
                    SLOT(onNotificationClosed(uint, uint)));
    }

private Q_SLOTS:
    void onActionInvoked(uint id, const QString &action)
    {
        const NotificationActions actions = m_actions.value(id);
        if (action == OpenFolderAction && !actions.showItems.isEmpty())
            showInFileManager(actions.showItems);
        else if (action == EjectAction && actions.eject)
            actions.eject();
    }
    void onNotificationClosed(uint id, uint) { m_actions.remove(id); }

private:
    QHash<uint, NotificationActions> m_actions;
};

} // namespace

void notifyIfInactive(QWidget *window, const QString &title, const QString &body,
                      const NotificationActions &actions)
{
    if (!window || window->isActiveWindow())
        return;
    QApplication::alert(window);
    QDBusConnection bus = Desktop::sessionBus();
    if (!bus.isConnected())
        return;
    QDBusMessage message = QDBusMessage::createMethodCall(
        NotificationsService, NotificationsPath, NotificationsService, QStringLiteral("Notify"));
    const QVariantMap hints{
        {QStringLiteral("desktop-entry"), QStringLiteral("io.github.sluicecopy.Sluice")},
    };
    QStringList buttons;
    if (!actions.showItems.isEmpty())
        buttons << OpenFolderAction << QApplication::translate("Notifier", "Open folder");
    if (actions.eject)
        buttons << EjectAction << QApplication::translate("Notifier", "Eject");
    message << QApplication::applicationDisplayName() << uint(0)
            << QStringLiteral("io.github.sluicecopy.Sluice") << title << body << buttons << hints
            << int(-1);
    message.setAutoStartService(true);
    if (buttons.isEmpty()) {
        // Fire and forget: no reply is awaited, so a missing notification service never blocks.
        bus.send(message);
        return;
    }
    // The reply carries the id that ActionInvoked names; it is awaited asynchronously.
    ActionRouter *router = ActionRouter::instance();
    Desktop::callAsync(bus, message, router, [router, actions](const QDBusMessage &reply) {
        if (reply.type() == QDBusMessage::ReplyMessage && !reply.arguments().isEmpty())
            router->add(reply.arguments().constFirst().toUInt(), actions);
        else
            Desktop::noteUnavailable(NotificationsService, reply);
    });
}

QList<QByteArray> copiedItemPaths(const CopyRequest &request)
{
    const bool perSource = request.destinationFolders.size() == request.sources.size();
    QList<QByteArray> paths;
    for (qsizetype i = 0; i < request.sources.size(); ++i) {
        const QByteArray folder =
            perSource ? request.destinationFolders.at(i) : request.destination;
        paths << NativePath::join(folder, NativePath::baseName(request.sources.at(i)));
    }
    return paths;
}

void showInFileManager(const QList<QByteArray> &paths)
{
    QStringList uris;
    for (const QByteArray &path : paths)
        uris << QUrl::fromLocalFile(QFile::decodeName(path)).toString(QUrl::FullyEncoded);
    QDBusMessage message = QDBusMessage::createMethodCall(
        QStringLiteral("org.freedesktop.FileManager1"),
        QStringLiteral("/org/freedesktop/FileManager1"),
        QStringLiteral("org.freedesktop.FileManager1"), QStringLiteral("ShowItems"));
    message << uris << QString();
    Desktop::callAsync(Desktop::sessionBus(), message, qApp, [](const QDBusMessage &reply) {
        if (reply.type() != QDBusMessage::ReplyMessage)
            Desktop::noteUnavailable(QStringLiteral("org.freedesktop.FileManager1"), reply);
    });
}

} // namespace Sluice::Ui

#include "notifier.moc"
