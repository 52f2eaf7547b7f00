#include "sleepinhibitor.h"

#include "dbuscall.h"

#include <QDBusArgument>
#include <QDBusConnection>
#include <QDBusObjectPath>
#include <QFileInfo>
#include <QVariantMap>

namespace Sluice::Desktop {

namespace {

const QString LogindService = QStringLiteral("org.freedesktop.login1");
const QString LogindPath = QStringLiteral("/org/freedesktop/login1");
const QString LogindInterface = QStringLiteral("org.freedesktop.login1.Manager");
const QString PortalService = QStringLiteral("org.freedesktop.portal.Desktop");

/// org.freedesktop.portal.Inhibit flags: 4 = suspend, 8 = idle.
constexpr uint PortalSuspendAndIdle = 4 | 8;

} // namespace

SleepInhibitor::SleepInhibitor(QObject *parent)
    : QObject(parent)
{}

SleepInhibitor::~SleepInhibitor()
{
    release(m_block);
    release(m_delay);
    if (m_watching) {
        systemBus().disconnect(QString(), LogindPath, LogindInterface,
                               QStringLiteral("PrepareForSleep"), this,
                               SLOT(onPrepareForSleep(bool)));
    }
}

bool SleepInhibitor::inSandbox()
{
    // Test seam: SLUICE_FLATPAK_INFO names another file to look for (tests only).
    const QString info =
        qEnvironmentVariable("SLUICE_FLATPAK_INFO", QStringLiteral("/.flatpak-info"));
    return QFileInfo::exists(info);
}

void SleepInhibitor::setBlocking(bool block, const QString &why)
{
    m_block.wanted = block;
    m_block.why = why;
    apply(m_block);
}

void SleepInhibitor::setWatchingSleep(bool watch, const QString &why)
{
    if (inSandbox())
        return;
    if (watch != m_watching) {
        m_watching = watch;
        // Any sender (an empty service): naming logind would make QtDBus look its owner up.
        QDBusConnection bus = systemBus();
        if (watch) {
            bus.connect(QString(), LogindPath, LogindInterface, QStringLiteral("PrepareForSleep"),
                        this, SLOT(onPrepareForSleep(bool)));
        } else {
            bus.disconnect(QString(), LogindPath, LogindInterface,
                           QStringLiteral("PrepareForSleep"), this, SLOT(onPrepareForSleep(bool)));
        }
    }
    m_delay.wanted = watch && !m_sleeping;
    m_delay.why = why;
    apply(m_delay);
}

void SleepInhibitor::releaseDelay()
{
    m_delay.wanted = false;
    apply(m_delay);
}

void SleepInhibitor::onPrepareForSleep(bool start)
{
    m_sleeping = start;
    if (start) {
        Q_EMIT sleepImminent();
        return;
    }
    m_delay.wanted = m_watching;
    apply(m_delay);
    Q_EMIT wokeUp();
}

void SleepInhibitor::apply(Lock &lock)
{
    if (lock.wanted && !lock.held() && !lock.requesting && lock.retryAfter.hasExpired())
        request(lock);
    else if (!lock.wanted && lock.held())
        release(lock);
}

void SleepInhibitor::request(Lock &lock)
{
    lock.requesting = true;
    const bool portal = inSandbox();
    QDBusMessage message;
    if (portal) {
        message = QDBusMessage::createMethodCall(
            PortalService, QStringLiteral("/org/freedesktop/portal/desktop"),
            QStringLiteral("org.freedesktop.portal.Inhibit"), QStringLiteral("Inhibit"));
        message << QString() << PortalSuspendAndIdle
                << QVariantMap{{QStringLiteral("reason"), lock.why}};
    } else {
        message = QDBusMessage::createMethodCall(LogindService, LogindPath, LogindInterface,
                                                 QStringLiteral("Inhibit"));
        message << QString::fromLatin1(lock.what) << QStringLiteral("Sluice") << lock.why
                << QString::fromLatin1(lock.mode);
    }
    const QDBusConnection bus = portal ? sessionBus() : systemBus();
    callAsync(bus, message, this, [this, &lock, portal](const QDBusMessage &reply) {
        lock.requesting = false;
        if (reply.type() != QDBusMessage::ReplyMessage || reply.arguments().isEmpty()) {
            noteUnavailable(portal ? PortalService : LogindService, reply);
            lock.retryAfter.setRemainingTime(RetryDelayMs);
            return;
        }
        if (portal)
            lock.portalHandle = qdbus_cast<QDBusObjectPath>(reply.arguments().constFirst()).path();
        else
            lock.fd = qdbus_cast<QDBusUnixFileDescriptor>(reply.arguments().constFirst());
        // Released (or wanted again) while the request was on its way.
        apply(lock);
    });
}

void SleepInhibitor::release(Lock &lock)
{
    // Closing the last copy of the descriptor releases logind's lock.
    lock.fd = QDBusUnixFileDescriptor();
    if (!lock.portalHandle.isEmpty()) {
        const QDBusMessage close = QDBusMessage::createMethodCall(
            PortalService, lock.portalHandle, QStringLiteral("org.freedesktop.portal.Request"),
            QStringLiteral("Close"));
        sessionBus().send(close);
        lock.portalHandle.clear();
    }
}

} // namespace Sluice::Desktop
