#include "plasmajobview.h"

#include "dbuscall.h"

#include <QCoreApplication>
#include <QDBusArgument>
#include <QDBusConnection>
#include <QDBusPendingCallWatcher>
#include <QDBusServiceWatcher>

namespace Sluice::Desktop {

namespace {

const QString ServerService = QStringLiteral("org.kde.JobViewServer");
const QString ServerPath = QStringLiteral("/JobViewServer");
const QString ServerInterface = QStringLiteral("org.kde.JobViewServerV2");
const QString ViewInterface = QStringLiteral("org.kde.JobViewV3");

} // namespace

PlasmaJobView::PlasmaJobView(QObject *parent)
    : QObject(parent)
{}

PlasmaJobView::~PlasmaJobView()
{
    // A view left behind would show a job that never ends: end it as killed.
    if (!m_terminated)
        terminate(KilledJobError, {});
    if (m_requesting)
        endLateView();
}

void PlasmaJobView::endLateView() const
{
    auto *watcher = new QDBusPendingCallWatcher(*m_request, QCoreApplication::instance());
    QObject::connect(
        watcher, &QDBusPendingCallWatcher::finished, watcher,
        [watcher, state = m_state, code = m_errorCode, message = m_errorMessage] {
            watcher->deleteLater();
            const QDBusMessage reply = watcher->reply();
            if (reply.type() != QDBusMessage::ReplyMessage || reply.arguments().isEmpty())
                return;
            const QString path = qdbus_cast<QDBusObjectPath>(reply.arguments().constFirst()).path();
            const auto send = [&](const QString &method, const QVariantList &arguments) {
                QDBusMessage call =
                    QDBusMessage::createMethodCall(reply.service(), path, ViewInterface, method);
                call.setArguments(arguments);
                sessionBus().send(call);
            };
            send(QStringLiteral("update"), {state});
            send(QStringLiteral("terminate"), {code, message, QVariantMap()});
        });
}

void PlasmaJobView::start(int capabilities, const QVariantMap &properties)
{
    m_capabilities = capabilities;
    m_state = properties;
    QDBusConnection bus = sessionBus();
    if (bus.isConnected()) {
        m_serverWatcher = new QDBusServiceWatcher(ServerService, bus,
                                                  QDBusServiceWatcher::WatchForOwnerChange, this);
        connect(m_serverWatcher, &QDBusServiceWatcher::serviceOwnerChanged, this,
                [this](const QString &, const QString &, const QString &newOwner) {
                    onServerOwnerChanged(newOwner);
                });
    }
    requestView();
}

void PlasmaJobView::requestView()
{
    if (m_requesting || m_terminated)
        return;
    m_requesting = true;
    QDBusMessage message = QDBusMessage::createMethodCall(
        ServerService, ServerPath, ServerInterface, QStringLiteral("requestView"));
    message << QString::fromLatin1(DesktopEntryId) << m_capabilities << m_state;
    m_request = callAsync(
        sessionBus(), message, this, [this](const QDBusMessage &reply) { onViewReply(reply); },
        RequestViewTimeoutMs);
}

void PlasmaJobView::onViewReply(const QDBusMessage &reply)
{
    m_requesting = false;
    m_request.reset();
    const bool wasDecided = m_decided;
    m_decided = true;
    if (reply.type() != QDBusMessage::ReplyMessage || reply.arguments().isEmpty()) {
        noteUnavailable(ServerService, reply);
        if (!wasDecided)
            Q_EMIT availabilityChanged(false);
        return;
    }
    m_viewOwner = reply.service();
    m_viewPath = qdbus_cast<QDBusObjectPath>(reply.arguments().constFirst());
    connectViewSignals(true);
    // What changed while the request was on its way, and the end if it came already.
    sendToView(QStringLiteral("update"), {m_state});
    if (m_terminated) {
        sendToView(QStringLiteral("terminate"), {m_errorCode, m_errorMessage, QVariantMap()});
    }
    Q_EMIT availabilityChanged(true);
}

void PlasmaJobView::onServerOwnerChanged(const QString &newOwner)
{
    if (isInUse()) {
        connectViewSignals(false);
        m_viewPath = QDBusObjectPath();
        m_viewOwner.clear();
        Q_EMIT availabilityChanged(false);
    }
    if (!newOwner.isEmpty())
        requestView();
}

void PlasmaJobView::connectViewSignals(bool connect)
{
    QDBusConnection bus = sessionBus();
    // The view's unique owner name, not the well-known one: no name lookup is needed.
    const auto hook = [&](const char *signal, const char *slot) {
        if (connect)
            bus.connect(m_viewOwner, m_viewPath.path(), ViewInterface, QString::fromLatin1(signal),
                        this, slot);
        else
            bus.disconnect(m_viewOwner, m_viewPath.path(), ViewInterface,
                           QString::fromLatin1(signal), this, slot);
    };
    hook("cancelRequested", SLOT(onCancelRequested()));
    hook("suspendRequested", SLOT(onSuspendRequested()));
    hook("resumeRequested", SLOT(onResumeRequested()));
}

void PlasmaJobView::update(const QVariantMap &properties)
{
    QVariantMap changed;
    for (auto it = properties.cbegin(); it != properties.cend(); ++it) {
        if (m_state.value(it.key()) != it.value()) {
            m_state.insert(it.key(), it.value());
            changed.insert(it.key(), it.value());
        }
    }
    if (!changed.isEmpty() && !m_terminated)
        sendToView(QStringLiteral("update"), {changed});
}

void PlasmaJobView::terminate(uint errorCode, const QString &errorMessage)
{
    if (m_terminated)
        return;
    m_terminated = true;
    m_errorCode = errorCode;
    m_errorMessage = errorMessage;
    sendToView(QStringLiteral("terminate"), {errorCode, errorMessage, QVariantMap()});
}

void PlasmaJobView::sendToView(const QString &method, const QVariantList &arguments)
{
    if (!isInUse())
        return;
    QDBusMessage message =
        QDBusMessage::createMethodCall(m_viewOwner, m_viewPath.path(), ViewInterface, method);
    message.setArguments(arguments);
    // No reply is awaited: a view that went away makes an error nobody needs to see.
    sessionBus().send(message);
}

} // namespace Sluice::Desktop
