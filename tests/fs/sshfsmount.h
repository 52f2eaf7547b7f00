#pragma once

#include <QByteArray>
#include <QProcess>
#include <QString>
#include <QTemporaryDir>

#include <memory>

/// A real SFTP destination: an OpenSSH server of the test's own on 127.0.0.1 (/usr/sbin/sshd
/// -D -e with its own config, host key and port; root logs in with a key the test makes; the
/// sftp subsystem is sftp-server logging at VERBOSE to a file of the test's, so the requests the
/// server saw can be read back, fsync@openssh.com among them) and an sshfs mount of one of its
/// folders. The destructor unmounts (fusermount3 -u, lazily when busy) and stops sshd by its
/// pid, also when the test failed half-way. Needs root and /dev/fuse (skipReason() says why
/// not), sshd from openssh-server and sshfs (scripts/install-deps.sh test).
class SshfsMount final
{
public:
    /// Why this machine cannot run it ("" when it can): not root, or no /dev/fuse.
    static QString skipReason();
    /// Starts sshd and mounts its export folder with @p sshfsOptions (sshfs -o) added.
    /// Returns null and sets @p error on failure.
    static std::unique_ptr<SshfsMount> create(QString &error, const QString &sshfsOptions = {});
    ~SshfsMount();
    Q_DISABLE_COPY_MOVE(SshfsMount)

    /// @p relative on the sshfs mount (the client side, what Sluice writes to).
    QByteArray path(const QByteArray &relative = {}) const;
    /// @p relative in the folder the server exports (its own disk, read directly).
    QByteArray serverPath(const QByteArray &relative = {}) const;
    /// What sshd (stderr) and sftp-server (its log file) logged so far, e.g. `fsync "/…/file"`.
    QByteArray serverLog();
    /// The sshd listener's pid.
    qint64 sshdPid() const { return m_sshd.processId(); }

private:
    SshfsMount();
    QString start(const QString &sshfsOptions);
    QString writeConfig(quint16 port);

    /// /tmp/sluice-fs-<pid>-sshfs-XXXXXX: a mount left by a test that died is removed by the
    /// next TestMount::create(), like the other test mounts.
    QTemporaryDir m_base;
    QProcess m_sshd;
    QByteArray m_log;
    bool m_mounted = false;
};

/// In a test slot: starts an SshfsMount into the std::unique_ptr @p variable, or fails.
#define SSHFS_MOUNT(variable, options)                                                             \
    std::unique_ptr<SshfsMount> variable;                                                          \
    do {                                                                                           \
        QString sshfsError_;                                                                       \
        (variable) = SshfsMount::create(sshfsError_, (options));                                   \
        QVERIFY2(variable, qPrintable(sshfsError_));                                               \
    } while (false)
