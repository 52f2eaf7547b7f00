#include "dbustestbus.h"

#include <QDBusArgument>
#include <QDBusConnection>
#include <QDBusConnectionInterface>
#include <QFileInfo>
#include <QJsonDocument>
#include <QTest>

#include <csignal>

namespace {

constexpr int StartDeadlineMs = 20000;

bool nameOwned(const QString &name)
{
    return QDBusConnection::sessionBus().interface()->isServiceRegistered(name).value();
}

} // namespace

QString dbusmockPython()
{
    return QFileInfo::exists(QStringLiteral("/usr/bin/python3"))
               ? QStringLiteral("/usr/bin/python3")
               : QStringLiteral("python3");
}

QString mockTemplate(const QString &fileName)
{
    return QStringLiteral(SLUICE_DESKTOP_MOCKS_DIR "/") + fileName;
}

DBusTestBus::~DBusTestBus()
{
    if (m_pid > 0)
        ::kill(pid_t(m_pid), SIGTERM);
}

bool DBusTestBus::start(QString *why)
{
    QProcess probe;
    probe.start(dbusmockPython(), {QStringLiteral("-c"), QStringLiteral("import dbusmock")});
    if (!probe.waitForFinished(30000) || probe.exitCode() != 0) {
        *why = QStringLiteral("python3-dbusmock is not installed (scripts/install-deps.sh test)");
        return false;
    }
    if (!spawn({QStringLiteral("--session")}, why))
        return false;
    qputenv("DBUS_SESSION_BUS_ADDRESS", m_address.toLocal8Bit());
    qputenv("DBUS_SYSTEM_BUS_ADDRESS", m_address.toLocal8Bit());
    return true;
}

bool DBusTestBus::startWithConfig(const QString &configFile, QString *why)
{
    return spawn({QStringLiteral("--config-file=") + configFile}, why);
}

bool DBusTestBus::spawn(const QStringList &arguments, QString *why)
{
    QProcess daemon;
    daemon.start(QStringLiteral("dbus-daemon"),
                 arguments
                     + QStringList{QStringLiteral("--fork"), QStringLiteral("--nopidfile"),
                                   QStringLiteral("--print-address=1"),
                                   QStringLiteral("--print-pid=1")});
    if (!daemon.waitForFinished(30000) || daemon.exitCode() != 0) {
        *why =
            QStringLiteral("dbus-daemon did not start: %1 %2")
                .arg(daemon.errorString(), QString::fromLocal8Bit(daemon.readAllStandardError()));
        return false;
    }
    const QStringList lines =
        QString::fromLocal8Bit(daemon.readAllStandardOutput()).split(u'\n', Qt::SkipEmptyParts);
    if (lines.size() < 2) {
        *why = QStringLiteral("dbus-daemon printed no address and pid");
        return false;
    }
    m_address = lines.at(0).trimmed();
    m_pid = lines.at(1).trimmed().toLongLong();
    return true;
}

DBusMock::DBusMock(QString templateName, QString busName, QJsonObject parameters)
    : m_template(std::move(templateName))
    , m_busName(std::move(busName))
    , m_parameters(std::move(parameters))
{}

DBusMock::~DBusMock()
{
    stop();
}

bool DBusMock::start(QString *why)
{
    m_process = std::make_unique<QProcess>();
    m_process->setProcessChannelMode(QProcess::ForwardedErrorChannel);
    m_process->start(
        dbusmockPython(),
        {QStringLiteral("-m"), QStringLiteral("dbusmock"), QStringLiteral("--template"), m_template,
         QStringLiteral("-p"),
         QString::fromUtf8(QJsonDocument(m_parameters).toJson(QJsonDocument::Compact))});
    const bool owned = QTest::qWaitFor(
        [&] { return nameOwned(m_busName) || m_process->state() == QProcess::NotRunning; },
        StartDeadlineMs);
    if (!owned || m_process->state() == QProcess::NotRunning) {
        *why = QStringLiteral("the %1 mock did not start").arg(m_template);
        return false;
    }
    return true;
}

void DBusMock::stop()
{
    if (!m_process)
        return;
    m_process->kill();
    m_process->waitForFinished(10000);
    m_process.reset();
    if (!QTest::qWaitFor([&] { return !nameOwned(m_busName); }, StartDeadlineMs))
        qWarning("the %s mock's bus name is still owned after it was killed",
                 qPrintable(m_template));
}

QDBusMessage DBusMock::call(const QString &path, const QString &interface, const QString &method,
                            const QVariantList &arguments) const
{
    QDBusMessage message = QDBusMessage::createMethodCall(m_busName, path, interface, method);
    message.setArguments(arguments);
    return QDBusConnection::sessionBus().call(message, QDBus::Block, 10000);
}

QList<QVariantList> DBusMock::methodCalls(const QString &path, const QString &method) const
{
    const QDBusMessage reply = call(path, QStringLiteral("org.freedesktop.DBus.Mock"),
                                    QStringLiteral("GetMethodCalls"), {method});
    QList<QVariantList> calls;
    if (reply.type() != QDBusMessage::ReplyMessage)
        return calls;
    const QDBusArgument array = reply.arguments().constFirst().value<QDBusArgument>();
    array.beginArray();
    while (!array.atEnd()) {
        quint64 time = 0;
        QVariantList arguments;
        array.beginStructure();
        array >> time >> arguments;
        array.endStructure();
        calls.append(arguments);
    }
    array.endArray();
    return calls;
}

void DBusMock::emitSignal(const QString &path, const QString &interface, const QString &name,
                          const QString &signature, const QVariantList &arguments) const
{
    call(path, QStringLiteral("org.freedesktop.DBus.Mock"), QStringLiteral("EmitSignal"),
         {interface, name, signature, QVariant(arguments)});
}
