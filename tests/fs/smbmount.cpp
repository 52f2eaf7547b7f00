#include "smbmount.h"

#include "localserver.h"
#include "testmount.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QProcessEnvironment>
#include <QStandardPaths>
#include <QTest>

#include <csignal>
#include <sys/stat.h>
#include <unistd.h>

namespace {

constexpr char Smbd[] = "/usr/sbin/smbd";
constexpr char Password[] = "sluice-test";

bool writeText(const QString &path, const QString &text)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(text.toUtf8()) >= 0;
}

// Runs @p process to its end; "" when it exited 0, else what it said.
QString finish(QProcess &process, const QString &name)
{
    if (!process.waitForFinished(30000)) {
        process.kill();
        process.waitForFinished();
        return QStringLiteral("%1 did not finish within 30 s").arg(name);
    }
    if (process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0)
        return {};
    return QStringLiteral("%1 failed (exit %2): %3")
        .arg(name)
        .arg(process.exitCode())
        .arg(QString::fromLocal8Bit(process.readAll()).trimmed());
}

// The processes of smbd's session @p session (/proc/<pid>/stat's sixth field, proc(5)), and
// any other whose command line names @p configFile (samba-dcerpcd calls setsid(2) and leaves
// the session), that have not ended (zombies are gone but for their exit status), each as
// "pid command line".
QStringList serverProcesses(pid_t session, const QByteArray &configFile)
{
    QStringList found;
    const QStringList entries =
        QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &entry : entries) {
        bool number = false;
        entry.toInt(&number);
        QFile stat(QStringLiteral("/proc/%1/stat").arg(entry));
        QFile command(QStringLiteral("/proc/%1/cmdline").arg(entry));
        if (!number || !stat.open(QIODevice::ReadOnly) || !command.open(QIODevice::ReadOnly))
            continue;
        const QByteArray line = stat.readAll();
        const qsizetype name = line.lastIndexOf(')'); // the command name may hold spaces
        const QList<QByteArray> fields = line.mid(name + 2).split(' '); // state ppid pgrp session
        const QByteArray arguments = command.readAll().replace('\0', ' ').trimmed();
        if (name < 0 || fields.size() < 4 || fields.at(0) == "Z"
            || (fields.at(3).toInt() != session && !arguments.contains(configFile)))
            continue;
        found << entry + u' ' + QString::fromLocal8Bit(arguments);
    }
    return found;
}

// Sends @p signalNumber (0: none, kill(2)) to every serverProcesses() and waits up to @p waitMs
// for all of them to end; what is still running then.
QStringList signalServer(pid_t session, const QByteArray &configFile, int signalNumber, int waitMs)
{
    for (const QString &process : serverProcesses(session, configFile))
        ::kill(pid_t(process.section(u' ', 0, 0).toInt()), signalNumber);
    const QDeadlineTimer deadline(waitMs);
    QStringList left = serverProcesses(session, configFile);
    while (!left.isEmpty() && !deadline.hasExpired()) {
        QTest::qWait(20);
        left = serverProcesses(session, configFile);
    }
    return left;
}

} // namespace

SmbMount::SmbMount()
    : m_base(QDir::tempPath() + QStringLiteral("/sluice-fs-%1-smb-XXXXXX").arg(::getpid()))
{}

QString SmbMount::skipReason()
{
    if (!canMount())
        return QStringLiteral("smbnetfs tests start their own smbd and mount with FUSE: they "
                              "need root (CI runs them as root)");
    if (::access("/dev/fuse", R_OK | W_OK) != 0)
        return QStringLiteral("no usable /dev/fuse: FUSE mounts are impossible here");
    for (const QString &tool : {QString::fromLatin1(Smbd), QStringLiteral("smbpasswd"),
                                QStringLiteral("smbnetfs"), QStringLiteral("fusermount3")}) {
        if (QStandardPaths::findExecutable(tool).isEmpty() && !QFile::exists(tool))
            return QStringLiteral("%1 is not installed (samba, smbnetfs and fuse3: "
                                  "scripts/install-deps.sh test)")
                .arg(tool);
    }
    return {};
}

std::unique_ptr<SmbMount> SmbMount::create(QString &error)
{
    std::unique_ptr<SmbMount> mount(new SmbMount);
    error = mount->start();
    if (!error.isEmpty())
        return nullptr;
    return mount;
}

QString SmbMount::start()
{
    if (!m_base.isValid())
        return QStringLiteral("cannot create %1").arg(m_base.path());
    const QString base = m_base.path();
    for (const char *folder :
         {"private", "lock", "state", "cache", "pid", "ncalrpc", "share", "mnt", "home/.smb"}) {
        if (!QDir().mkpath(base + u'/' + QLatin1String(folder)))
            return QStringLiteral("cannot create %1/%2").arg(base, QLatin1String(folder));
    }
    m_port = LocalServer::freePort();
    if (m_port == 0)
        return QStringLiteral("no free TCP port on 127.0.0.1");
    for (auto step :
         {&SmbMount::writeConfigs, &SmbMount::addUser, &SmbMount::startServer, &SmbMount::mount}) {
        if (QString error = (this->*step)(); !error.isEmpty())
            return error;
    }
    return {};
}

QString SmbMount::writeConfigs()
{
    const QString base = m_base.path();
    // The server: only 127.0.0.1, no NetBIOS, no printers; smb2:10 logs each request's
    // opcode. "force user = root": files on the share belong to the test. No samba-dcerpcd
    // (smb.conf(5), "rpc start on demand helpers"): it calls setsid(2), so it and its rpcd_*
    // children outlived smbd, and nothing here needs named-pipe RPC (only listing the
    // server's shares does, which smbnetfs then cannot).
    const QString server = QStringLiteral("[global]\n"
                                          "server role = standalone server\n"
                                          "interfaces = 127.0.0.1\n"
                                          "bind interfaces only = yes\n"
                                          "smb ports = %1\n"
                                          "disable netbios = yes\n"
                                          "private dir = %2/private\n"
                                          "lock directory = %2/lock\n"
                                          "state directory = %2/state\n"
                                          "cache directory = %2/cache\n"
                                          "pid directory = %2/pid\n"
                                          "ncalrpc dir = %2/ncalrpc\n"
                                          "passdb backend = tdbsam\n"
                                          "load printers = no\n"
                                          "printcap name = /dev/null\n"
                                          "disable spoolss = yes\n"
                                          "rpc start on demand helpers = no\n"
                                          "log level = 1 smb2:10\n"
                                          "[share]\n"
                                          "path = %2/share\n"
                                          "read only = no\n"
                                          "force user = root\n")
                               .arg(m_port)
                               .arg(base);
    // The client: smbnetfs's own settings (no browsing of the network, no keyring, the
    // test's user) and libsmbclient's ~/.smb/smb.conf, so that /etc/samba/smb.conf is not read.
    const QString client = QStringLiteral("smb_query_browsers \"false\"\n"
                                          "use_libsecret \"false\"\n"
                                          "auth \"root\" \"%1\"\n"
                                          "log_file \"%2/smbnetfs.log\"\n")
                               .arg(QLatin1String(Password), base);
    if (!writeText(base + QStringLiteral("/smb.conf"), server)
        || !writeText(base + QStringLiteral("/home/.smb/smbnetfs.conf"), client)
        || !writeText(base + QStringLiteral("/home/.smb/smb.conf"),
                      QStringLiteral("[global]\nclient min protocol = SMB2\n")))
        return QStringLiteral("cannot write the Samba configuration in %1").arg(base);
    // smbnetfs refuses a configuration with the password that others can read.
    ::chmod(QFile::encodeName(base + QStringLiteral("/home/.smb/smbnetfs.conf")).constData(), 0600);
    return {};
}

QString SmbMount::addUser()
{
    QProcess smbpasswd;
    smbpasswd.setProcessChannelMode(QProcess::MergedChannels);
    smbpasswd.start(QStringLiteral("smbpasswd"),
                    {QStringLiteral("-c"), m_base.path() + QStringLiteral("/smb.conf"),
                     QStringLiteral("-s"), QStringLiteral("-a"), QStringLiteral("root")});
    if (!smbpasswd.waitForStarted())
        return QStringLiteral("cannot run smbpasswd: %1 (install samba: scripts/install-deps.sh "
                              "test)")
            .arg(smbpasswd.errorString());
    smbpasswd.write(QByteArray(Password) + '\n' + Password + '\n');
    smbpasswd.closeWriteChannel();
    return finish(smbpasswd, QStringLiteral("smbpasswd -a root"));
}

QString SmbMount::startServer()
{
    const QString base = m_base.path();
    m_smbd.setProgram(QString::fromLatin1(Smbd));
    m_smbd.setArguments({QStringLiteral("--configfile=") + base + QStringLiteral("/smb.conf"),
                         QStringLiteral("--foreground"), QStringLiteral("--no-process-group"),
                         QStringLiteral("--debug-stdout")});
    m_smbd.setStandardInputFile(QProcess::nullDevice());
    // smbd ends by sending SIGTERM to its whole process group (kill(0, …)): in a session of
    // its own that is smbd and its children, not the test and ctest.
    m_smbd.setChildProcessModifier([] { ::setsid(); });
    m_smbd.setStandardOutputFile(base + QStringLiteral("/smbd.log"));
    m_smbd.setStandardErrorFile(base + QStringLiteral("/smbd.log"), QIODevice::Append);
    m_smbd.start();
    if (!m_smbd.waitForStarted())
        return QStringLiteral("cannot run %1: %2 (install samba: scripts/install-deps.sh test)")
            .arg(QString::fromLatin1(Smbd), m_smbd.errorString());
    m_session = pid_t(m_smbd.processId()); // setsid(2): the session's id is smbd's pid
    const QDeadlineTimer listening(20000);
    while (!LocalServer::accepts(m_port)) {
        if (m_smbd.state() != QProcess::Running || listening.hasExpired())
            return QStringLiteral("smbd did not listen on 127.0.0.1:%1: %2")
                .arg(m_port)
                .arg(QString::fromLocal8Bit(serverLog().right(3000)));
        m_smbd.waitForFinished(50); // returns at once should smbd exit
    }
    return {};
}

QString SmbMount::mount()
{
    const QString base = m_base.path();
    QProcess smbnetfs;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("HOME"), base + QStringLiteral("/home"));
    smbnetfs.setProcessEnvironment(environment);
    smbnetfs.setProcessChannelMode(QProcess::MergedChannels);
    smbnetfs.setStandardInputFile(QProcess::nullDevice());
    // smbnetfs (FUSE 2) mounts, then leaves its daemon behind and exits.
    smbnetfs.start(QStringLiteral("smbnetfs"),
                   {base + QStringLiteral("/mnt"), QStringLiteral("-o"),
                    QStringLiteral("config=") + base + QStringLiteral("/home/.smb/smbnetfs.conf")});
    if (!smbnetfs.waitForStarted())
        return QStringLiteral("cannot run smbnetfs: %1 (install smbnetfs: "
                              "scripts/install-deps.sh test)")
            .arg(smbnetfs.errorString());
    if (QString error = finish(smbnetfs, QStringLiteral("smbnetfs")); !error.isEmpty())
        return error;
    m_mounted = LocalServer::isFuseMount(QFile::encodeName(base) + "/mnt");
    if (!m_mounted)
        return QStringLiteral("smbnetfs returned, but %1/mnt is no FUSE mount").arg(base);
    // The first look at the share logs in; smbnetfs answers EIO until it has.
    const QDeadlineTimer connected(20000);
    struct stat st = {};
    while (::stat(path().constData(), &st) != 0 || !S_ISDIR(st.st_mode)) {
        if (connected.hasExpired())
            return QStringLiteral("the share %1 did not appear: %2")
                .arg(QFile::decodeName(path()), QString::fromLocal8Bit(serverLog().right(3000)));
        m_smbd.waitForFinished(100);
    }
    return {};
}

SmbMount::~SmbMount()
{
    if (m_mounted)
        LocalServer::unmountFuse(QFile::encodeName(m_base.path()) + "/mnt");
    if (m_smbd.state() != QProcess::NotRunning) {
        ::kill(pid_t(m_smbd.processId()), SIGTERM);
        if (!m_smbd.waitForFinished(10000)) {
            m_smbd.kill();
            m_smbd.waitForFinished();
        }
    }
    if (m_session <= 0)
        return;
    // Nothing of the server may outlive the test: smbd's SIGTERM reaches its process group
    // only, and samba-dcerpcd (started on demand for named-pipe RPC unless smb.conf says
    // otherwise, as the test's does) makes a session of its own; it and its rpcd_* children
    // piled up by the hundred. What is left is ended here, and the test fails if any was.
    // smbd's children end on its SIGTERM, a moment after it: give them that moment.
    const QByteArray configFile = QFile::encodeName(m_base.path()) + "/smb.conf";
    const QStringList left = signalServer(m_session, configFile, 0, 5000);
    if (left.isEmpty())
        return;
    const QStringList survived = signalServer(m_session, configFile, SIGTERM, 10000);
    if (!survived.isEmpty())
        signalServer(m_session, configFile, SIGKILL, 5000);
    QTest::qFail(
        qPrintable(QStringLiteral("processes of the test's Samba server outlived smbd: "
                                  "%1%2")
                       .arg(left.join(QStringLiteral("; ")),
                            survived.isEmpty() ? QString() : QStringLiteral(" (and SIGTERM)"))),
        __FILE__, __LINE__);
}

QByteArray SmbMount::path(const QByteArray &relative) const
{
    const QByteArray root = QFile::encodeName(m_base.path())
                            + "/mnt/127.0.0.1:" + QByteArray::number(m_port) + "/share";
    return relative.isEmpty() ? root : root + '/' + relative;
}

QByteArray SmbMount::serverPath(const QByteArray &relative) const
{
    const QByteArray root = QFile::encodeName(m_base.path()) + "/share";
    return relative.isEmpty() ? root : root + '/' + relative;
}

QByteArray SmbMount::serverLog() const
{
    QFile log(m_base.path() + QStringLiteral("/smbd.log"));
    return log.open(QIODevice::ReadOnly) ? log.readAll() : QByteArray();
}

int SmbMount::requestCount(const QByteArray &opcode) const
{
    return int(serverLog().count("opcode[" + opcode + ']'));
}
