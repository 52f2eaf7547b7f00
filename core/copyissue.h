#pragma once

#include <QByteArray>
#include <QList>
#include <QMetaType>
#include <QString>

namespace Sluice {

/// The file-system operation that failed or was only partly possible. Each value names one
/// system call family so that a message says exactly what was attempted.
enum class FileOperation : quint8 {
    Plan,           ///< resolving the request (source or destination does not fit)
    Stat,           ///< lstat(2) / fstatat(2)
    ReadDirectory,  ///< opendir(3) / readdir(3)
    Open,           ///< open(2) of a source for reading
    Read,           ///< read(2) / copy_file_range(2) on the source side
    Create,         ///< creating the part file, folder, link or special file
    Write,          ///< write(2) / copy_file_range(2) on the destination side
    Flush,          ///< fdatasync(2), sync_file_range(2), syncfs(2)
    Rename,         ///< renameat2(2) of the part file onto the final name
    Remove,         ///< unlink(2) / rmdir(2)
    SetPermissions, ///< fchmod(2)
    SetOwner,       ///< fchown(2)
    SetTimes,       ///< futimens(2) / utimensat(2)
    SetAttributes,  ///< extended attributes (user.*, trusted.*, security.*), setxattr(2)
    Link,           ///< linkat(2) for hard links kept as hard links
    Verify,         ///< re-reading the destination and comparing checksums
    Preflight,      ///< checks made before the first byte is written
    Cleanup,        ///< removing a part file left by an interrupted run
    /// A source that changed while it was read, read again from the start (a warning: the
    /// copy is the version read the second time)
    ReadAgain,
    /// A resumed job (CopyOptions::resumeId) could not continue a file after its checkpoint
    /// and copied it from the start (a warning saying why)
    Resume,
    /// POSIX ACLs (system.posix_acl_access, system.posix_acl_default; acl(5)), setxattr(2)
    SetAcl,
    /// Writing the job's journal (JobJournal): the copy goes on, but cannot be resumed after
    /// an interruption (a warning)
    Journal,
};

/// How serious an issue is: a warning leaves the item copied; an error means the item (or
/// the whole job) was not copied.
enum class IssueSeverity : quint8 { Warning, Error };

/// One problem met during a job, as a value: which path, which operation, and why.
/// `errorCode` is the errno value when the cause came from the kernel, otherwise 0 and
/// `detail` carries the cause. The UI decides the wording around it; message() is the
/// default sentence used by the CLI and logs. Texts go through QCoreApplication::translate():
/// English in the CLI, which installs no translator; in the window's language in the window.
struct CopyIssue
{
    IssueSeverity severity = IssueSeverity::Error;
    FileOperation operation = FileOperation::Stat;
    QByteArray path;
    int errorCode = 0;
    QString detail;
    /// Grouped warnings: how many further items had the same issue (0 for a single item).
    qint64 similarCount = 0;

    static CopyIssue fromErrno(FileOperation operation, const QByteArray &path, int errorCode,
                               IssueSeverity severity = IssueSeverity::Error);
    static CopyIssue withDetail(FileOperation operation, const QByteArray &path,
                                const QString &detail,
                                IssueSeverity severity = IssueSeverity::Error);

    /// The cause alone: "No space left on device (ENOSPC)", or `detail`.
    QString cause() const;
    /// A full sentence: "Cannot write “/mnt/usb/a.iso”: No space left on device (ENOSPC)".
    QString message() const;
    bool isError() const { return severity == IssueSeverity::Error; }
};

/// "Cannot write", "Cannot rename into place"... a short phrase for @p operation, through
/// QCoreApplication::translate("Sluice::CopyIssue") (English unless a translator is installed).
QString operationName(FileOperation operation);

using CopyIssueList = QList<CopyIssue>;

} // namespace Sluice

Q_DECLARE_METATYPE(Sluice::CopyIssue)
