#include "copyissue.h"

#include "nativepath.h"
#include "posixio.h"

#include <QCoreApplication>

#include <limits>

namespace Sluice {

CopyIssue CopyIssue::fromErrno(FileOperation operation, const QByteArray &path, int errorCode,
                               IssueSeverity severity)
{
    CopyIssue issue;
    issue.severity = severity;
    issue.operation = operation;
    issue.path = path;
    issue.errorCode = errorCode;
    return issue;
}

CopyIssue CopyIssue::withDetail(FileOperation operation, const QByteArray &path,
                                const QString &detail, IssueSeverity severity)
{
    CopyIssue issue;
    issue.severity = severity;
    issue.operation = operation;
    issue.path = path;
    issue.detail = detail;
    return issue;
}

QString CopyIssue::cause() const
{
    if (errorCode == 0)
        return detail;
    QString text = QStringLiteral("%1 (%2)").arg(errnoText(errorCode), errnoName(errorCode));
    if (!detail.isEmpty())
        text = detail + QStringLiteral(": ") + text;
    return text;
}

QString CopyIssue::message() const
{
    // Whole sentences, not pieces glued together, so that a translation can order the
    // operation, the path, the count and the cause as its language needs (and decline
    // "items" after the count, as Russian does).
    const QString displayPath = NativePath::toDisplay(path);
    QString text;
    if (similarCount > 0) {
        const int others = int(qMin<qint64>(similarCount, std::numeric_limits<int>::max()));
        text = severity == IssueSeverity::Warning
                   ? QCoreApplication::translate("Sluice::CopyIssue",
                                                 "Warning: %1 “%2” and %n more item(s): %3",
                                                 nullptr, others)
                   : QCoreApplication::translate(
                       "Sluice::CopyIssue", "%1 “%2” and %n more item(s): %3", nullptr, others);
    } else if (operation == FileOperation::ReadAgain) {
        // Not a failure: the file was copied, as it is now (see FileOperation::ReadAgain).
        return QCoreApplication::translate("Sluice::CopyIssue",
                                           "Warning: “%1” changed while it was read; %2")
            .arg(displayPath, cause());
    } else {
        text = severity == IssueSeverity::Warning
                   ? QCoreApplication::translate("Sluice::CopyIssue", "Warning: %1 “%2”: %3")
                   : QCoreApplication::translate("Sluice::CopyIssue", "%1 “%2”: %3");
    }
    return text.arg(operationName(operation), displayPath, cause());
}

QString operationName(FileOperation operation)
{
    switch (operation) {
    case FileOperation::Plan:
        return QCoreApplication::translate("Sluice::CopyIssue", "Cannot copy");
    case FileOperation::Stat:
        return QCoreApplication::translate("Sluice::CopyIssue", "Cannot inspect");
    case FileOperation::ReadDirectory:
        return QCoreApplication::translate("Sluice::CopyIssue", "Cannot list folder");
    case FileOperation::Open:
        return QCoreApplication::translate("Sluice::CopyIssue", "Cannot open");
    case FileOperation::Read:
        return QCoreApplication::translate("Sluice::CopyIssue", "Cannot read");
    case FileOperation::Create:
        return QCoreApplication::translate("Sluice::CopyIssue", "Cannot create");
    case FileOperation::Write:
        return QCoreApplication::translate("Sluice::CopyIssue", "Cannot write");
    case FileOperation::Flush:
        return QCoreApplication::translate("Sluice::CopyIssue", "Cannot flush to disk");
    case FileOperation::Rename:
        return QCoreApplication::translate("Sluice::CopyIssue", "Cannot rename into place");
    case FileOperation::Remove:
        return QCoreApplication::translate("Sluice::CopyIssue", "Cannot remove");
    case FileOperation::SetPermissions:
        return QCoreApplication::translate("Sluice::CopyIssue", "Cannot set permissions of");
    case FileOperation::SetOwner:
        return QCoreApplication::translate("Sluice::CopyIssue", "Cannot set owner of");
    case FileOperation::SetTimes:
        return QCoreApplication::translate("Sluice::CopyIssue", "Cannot set times of");
    case FileOperation::SetAttributes:
        return QCoreApplication::translate("Sluice::CopyIssue",
                                           "Cannot copy extended attributes of");
    case FileOperation::Link:
        return QCoreApplication::translate("Sluice::CopyIssue", "Cannot create hard link");
    case FileOperation::Verify:
        return QCoreApplication::translate("Sluice::CopyIssue", "Verification failed for");
    case FileOperation::Preflight:
        return QCoreApplication::translate("Sluice::CopyIssue", "Check before copying");
    case FileOperation::Cleanup:
        return QCoreApplication::translate("Sluice::CopyIssue", "Cleaned up");
    case FileOperation::ReadAgain:
        return QCoreApplication::translate("Sluice::CopyIssue", "Read again");
    case FileOperation::Resume:
        return QCoreApplication::translate("Sluice::CopyIssue", "Resumed");
    case FileOperation::SetAcl:
        return QCoreApplication::translate("Sluice::CopyIssue",
                                           "Cannot copy the access control list (ACL) of");
    case FileOperation::Journal:
        return QCoreApplication::translate("Sluice::CopyIssue", "Cannot write the journal");
    }
    return QCoreApplication::translate("Sluice::CopyIssue", "Cannot process");
}

} // namespace Sluice
