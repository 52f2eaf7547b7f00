#pragma once

// A private D-Bus daemon for one test process, and python-dbusmock services on it. The
// daemon serves as both the session and the system bus (DBUS_SESSION_BUS_ADDRESS and
// DBUS_SYSTEM_BUS_ADDRESS point at it), so mocks of system services (logind, UDisks2) and
// session services (Plasma's job view) meet the code under test on the same bus. Start it
// before anything touches QDBusConnection: Qt connects to each bus once per process.

#include <QDBusMessage>
#include <QJsonObject>
#include <QProcess>
#include <QString>

#include <memory>

/// dbus-daemon --session --fork; stopped by pid in the destructor.
class DBusTestBus final
{
public:
    DBusTestBus() = default;
    ~DBusTestBus();
    Q_DISABLE_COPY_MOVE(DBusTestBus)

    /// Starts the daemon and sets both bus addresses in the environment. On failure returns
    /// false with the reason in @p why (no dbus-daemon, no python-dbusmock).
    bool start(QString *why);
    /// Starts a daemon with configuration file @p configFile (a private system bus, say)
    /// and leaves the environment alone; address() names it.
    bool startWithConfig(const QString &configFile, QString *why);
    QString address() const { return m_address; }

private:
    bool spawn(const QStringList &arguments, QString *why);

    qint64 m_pid = 0;
    QString m_address;
};

/// One python-dbusmock process: `python3 -m dbusmock --template TEMPLATE -p PARAMETERS`.
class DBusMock final
{
public:
    /// @p templateName is a dbusmock template ("logind") or a path to one (.py); @p busName
    /// the name it takes, awaited by start().
    DBusMock(QString templateName, QString busName, QJsonObject parameters = {});
    ~DBusMock();
    Q_DISABLE_COPY_MOVE(DBusMock)

    /// Starts the mock and waits (deadline 20 s) until it owns its name.
    bool start(QString *why);
    /// Kills the mock and waits until its name is gone.
    void stop();
    /// A blocking call to the mock (the test's own bookkeeping, never the code under test).
    QDBusMessage call(const QString &path, const QString &interface, const QString &method,
                      const QVariantList &arguments = {}) const;
    /// org.freedesktop.DBus.Mock.GetMethodCalls(@p method) on @p path: the arguments of each
    /// call, oldest first.
    QList<QVariantList> methodCalls(const QString &path, const QString &method) const;
    /// org.freedesktop.DBus.Mock.EmitSignal on @p path.
    void emitSignal(const QString &path, const QString &interface, const QString &name,
                    const QString &signature, const QVariantList &arguments) const;

private:
    QString m_template;
    QString m_busName;
    QJsonObject m_parameters;
    std::unique_ptr<QProcess> m_process;
};

/// The python3 that has the dbusmock module (Debian's, not a user's virtual environment).
QString dbusmockPython();

/// Path of a mock template of tests/desktop/mocks.
QString mockTemplate(const QString &fileName);
