#include "launcherentry.h"

#include "dbuscall.h"

#include <QDBusConnection>
#include <QDBusMessage>
#include <QVariantMap>

namespace Sluice::Desktop {

void LauncherEntry::update(double progress, bool visible, qint64 count)
{
    QDBusConnection bus = sessionBus();
    if (!bus.isConnected())
        return;
    QDBusMessage signal = QDBusMessage::createSignal(
        QStringLiteral("/io/github/sluicecopy/Sluice/LauncherEntry"),
        QStringLiteral("com.canonical.Unity.LauncherEntry"), QStringLiteral("Update"));
    const QVariantMap properties{
        {QStringLiteral("progress"), qBound(0.0, progress, 1.0)},
        {QStringLiteral("progress-visible"), visible},
        {QStringLiteral("count"), qint64(count)},
        {QStringLiteral("count-visible"), count > 0},
    };
    signal << QStringLiteral("application://%1.desktop").arg(QString::fromLatin1(DesktopEntryId))
           << properties;
    bus.send(signal);
}

} // namespace Sluice::Desktop
