#include "sshfsmount.h"

#include "localserver.h"
#include "testmount.h"
#include "testtree.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>

#include <csignal>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

namespace {
constexpr char Sshd[] = "/usr/sbin/sshd";
} // namespace

SshfsMount::SshfsMount()
    : m_base(QDir::tempPath() + QStringLiteral("/sluice-fs-%1-sshfs-XXXXXX").arg(::getpid()))
{}

QString SshfsMount::skipReason()
{
    if (!canMount())
        return QStringLiteral("sshfs tests start their own sshd (root login by key) and mount "
                              "with FUSE: they need root (CI runs them as root)");
    if (::access("/dev/fuse", R_OK | W_OK) != 0)
        return QStringLiteral("no usable /dev/fuse: FUSE mounts are impossible here");
    return {};
}

std::unique_ptr<SshfsMount> SshfsMount::create(QString &error, const QString &sshfsOptions)
{
    std::unique_ptr<SshfsMount> mount(new SshfsMount);
    error = mount->start(sshfsOptions);
    if (!error.isEmpty())
        return nullptr;
    return mount;
}

QString SshfsMount::writeConfig(quint16 port)
{
    const QString base = m_base.path();
    QFile config(base + QStringLiteral("/sshd_config"));
    if (!config.open(QIODevice::WriteOnly))
        return config.errorString();
    // StrictModes no: the keys live under /tmp. The sftp server logs what it was asked at
    // VERBOSE to sftp.log (the wrapper: there is no syslog here).
    config.write(QStringLiteral("Port %1\n"
                                "ListenAddress 127.0.0.1\n"
                                "HostKey %2/host_key\n"
                                "PidFile none\n"
                                "AuthorizedKeysFile %2/authorized_keys\n"
                                "PermitRootLogin prohibit-password\n"
                                "PubkeyAuthentication yes\n"
                                "PasswordAuthentication no\n"
                                "KbdInteractiveAuthentication no\n"
                                "UsePAM no\n"
                                "StrictModes no\n"
                                "LogLevel VERBOSE\n"
                                "Subsystem sftp %2/sftp.sh\n")
                     .arg(port)
                     .arg(base)
                     .toLocal8Bit());
    return {};
}

QString SshfsMount::start(const QString &sshfsOptions)
{
    if (!m_base.isValid())
        return QStringLiteral("cannot create %1").arg(m_base.path());
    const QString base = m_base.path();
    for (const QString &key : {QStringLiteral("host_key"), QStringLiteral("client_key")}) {
        if (QString error =
                runTool(QStringLiteral("ssh-keygen"),
                        {QStringLiteral("-q"), QStringLiteral("-t"), QStringLiteral("ed25519"),
                         QStringLiteral("-N"), QString(), QStringLiteral("-f"), base + u'/' + key});
            !error.isEmpty())
            return error;
    }
    if (!QFile::copy(base + QStringLiteral("/client_key.pub"),
                     base + QStringLiteral("/authorized_keys")))
        return QStringLiteral("cannot write authorized_keys");
    // sshd refuses to start without its privilege-separation folder (Debian: /run/sshd).
    if (!QDir().mkpath(QStringLiteral("/run/sshd")))
        return QStringLiteral("cannot create /run/sshd");
    QDir().mkpath(base + QStringLiteral("/export"));
    QDir().mkpath(base + QStringLiteral("/mnt"));
    const quint16 port = LocalServer::freePort();
    if (port == 0)
        return QStringLiteral("no free TCP port on 127.0.0.1");
    if (QString error = writeConfig(port); !error.isEmpty())
        return error;
    QFile wrapper(base + QStringLiteral("/sftp.sh"));
    if (!wrapper.open(QIODevice::WriteOnly)
        || wrapper.write(
               QStringLiteral("#!/bin/sh\nexec /usr/lib/openssh/sftp-server -e -l VERBOSE "
                              "2>>'%1/sftp.log'\n")
                   .arg(base)
                   .toLocal8Bit())
               < 0
        || !wrapper.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner
                                   | QFileDevice::ExeOwner | QFileDevice::ReadOther
                                   | QFileDevice::ExeOther))
        return QStringLiteral("cannot write the sftp wrapper");
    wrapper.close();

    m_sshd.setProgram(QString::fromLatin1(Sshd));
    m_sshd.setArguments({QStringLiteral("-D"), QStringLiteral("-e"), QStringLiteral("-f"),
                         base + QStringLiteral("/sshd_config")});
    m_sshd.setProcessChannelMode(QProcess::MergedChannels);
    m_sshd.setStandardInputFile(QProcess::nullDevice());
    m_sshd.start();
    if (!m_sshd.waitForStarted())
        return QStringLiteral("cannot run %1: %2 (install openssh-server: scripts/install-deps.sh "
                              "test)")
            .arg(QString::fromLatin1(Sshd), m_sshd.errorString());
    const QDeadlineTimer listening(10000);
    while (!LocalServer::accepts(port)) {
        if (m_sshd.state() != QProcess::Running || listening.hasExpired())
            return QStringLiteral("sshd did not listen on 127.0.0.1:%1: %2")
                .arg(port)
                .arg(QString::fromLocal8Bit(serverLog()));
        m_sshd.waitForReadyRead(50); // returns as soon as sshd says something
    }

    QString options = QStringLiteral("IdentityFile=%1/client_key,StrictHostKeyChecking=no,"
                                     "UserKnownHostsFile=/dev/null,BatchMode=yes,LogLevel=ERROR")
                          .arg(base);
    if (!sshfsOptions.isEmpty())
        options += u',' + sshfsOptions;
    if (QString error =
            runTool(QStringLiteral("sshfs"),
                    {QStringLiteral("root@127.0.0.1:") + base + QStringLiteral("/export"),
                     base + QStringLiteral("/mnt"), QStringLiteral("-p"), QString::number(port),
                     QStringLiteral("-o"), options},
                    30000);
        !error.isEmpty())
        return error + QStringLiteral("\nsshd: ") + QString::fromLocal8Bit(serverLog());
    m_mounted = LocalServer::isFuseMount(path());
    if (!m_mounted)
        return QStringLiteral("sshfs returned, but %1 is no FUSE mount")
            .arg(QString::fromLocal8Bit(path()));
    return {};
}

SshfsMount::~SshfsMount()
{
    if (m_mounted)
        LocalServer::unmountFuse(path());
    if (m_sshd.state() != QProcess::NotRunning) {
        ::kill(pid_t(m_sshd.processId()), SIGTERM);
        if (!m_sshd.waitForFinished(10000)) {
            m_sshd.kill();
            m_sshd.waitForFinished();
        }
    }
}

QByteArray SshfsMount::path(const QByteArray &relative) const
{
    const QByteArray root = QFile::encodeName(m_base.path()) + "/mnt";
    return relative.isEmpty() ? root : root + '/' + relative;
}

QByteArray SshfsMount::serverPath(const QByteArray &relative) const
{
    const QByteArray root = QFile::encodeName(m_base.path()) + "/export";
    return relative.isEmpty() ? root : root + '/' + relative;
}

QByteArray SshfsMount::serverLog()
{
    m_log += m_sshd.readAll();
    QFile sftp(m_base.path() + QStringLiteral("/sftp.log"));
    return m_log + (sftp.open(QIODevice::ReadOnly) ? sftp.readAll() : QByteArray());
}
