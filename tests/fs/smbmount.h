#pragma once

#include <QByteArray>
#include <QProcess>
#include <QString>
#include <QTemporaryDir>

#include <memory>
#include <sys/types.h>

/// A real SMB destination: a Samba server of the test's own on 127.0.0.1 (smbd --foreground
/// --no-process-group in a session of its own, since it stops by signalling its process
/// group, with its own smb.conf: private, lock, state, cache and pid folders, one
/// share "share" on a folder of the test's, a free port, a user "root" added with smbpasswd -a
/// from standard input; smbd logs SMB2 requests at debug level 10 to a file of the test's, so
/// what the server was asked can be read back, SMB2_OP_FLUSH among them) and an smbnetfs mount
/// of the whole network (its own smbnetfs.conf and ~/.smb/smb.conf in a HOME of the test's),
/// on which the share is <mount>/127.0.0.1:<port>/share (smbnetfs passes "host:port" on to
/// libsmbclient, which connects to that port). The destructor unmounts (fusermount3 -u, lazily
/// when busy) and stops smbd by its pid (SIGTERM; it signals its process group), also when the
/// test failed half-way. smb.conf starts no samba-dcerpcd (it would leave smbd's session and
/// outlive it); a process of smbd's session or one naming the test's smb.conf that is still
/// there after smbd fails the test, and is ended (SIGTERM, then SIGKILL). Needs root, /dev/fuse,
/// and smbd, smbpasswd (samba) and smbnetfs (scripts/install-deps.sh test); skipReason() says what
/// is missing.
class SmbMount final
{
public:
    /// Why this machine cannot run it ("" when it can).
    static QString skipReason();
    /// Starts smbd and mounts it with smbnetfs. Returns null and sets @p error on failure.
    static std::unique_ptr<SmbMount> create(QString &error);
    ~SmbMount();
    Q_DISABLE_COPY_MOVE(SmbMount)

    /// @p relative in the share as the smbnetfs mount shows it (what Sluice writes to).
    QByteArray path(const QByteArray &relative = {}) const;
    /// @p relative in the folder the server shares (its own disk, read directly).
    QByteArray serverPath(const QByteArray &relative = {}) const;
    /// What smbd logged so far (one "smbd_smb2_request_dispatch: opcode[SMB2_OP_WRITE]" line
    /// per request, among others).
    QByteArray serverLog() const;
    /// The number of SMB2 requests of @p opcode ("SMB2_OP_WRITE") smbd logged so far.
    int requestCount(const QByteArray &opcode) const;

private:
    SmbMount();
    QString start();
    QString writeConfigs();
    QString addUser();
    QString startServer();
    QString mount();

    /// /tmp/sluice-fs-<pid>-smb-XXXXXX: a mount left by a test that died is removed by the
    /// next TestMount::create(), like the other test mounts.
    QTemporaryDir m_base;
    QProcess m_smbd;
    pid_t m_session = 0; ///< smbd's session (its pid), which its children share
    quint16 m_port = 0;
    bool m_mounted = false;
};

/// In a test slot: starts an SmbMount into the std::unique_ptr @p variable, or fails.
#define SMB_MOUNT(variable)                                                                        \
    std::unique_ptr<SmbMount> variable;                                                            \
    do {                                                                                           \
        QString smbError_;                                                                         \
        (variable) = SmbMount::create(smbError_);                                                  \
        QVERIFY2(variable, qPrintable(smbError_));                                                 \
    } while (false)
