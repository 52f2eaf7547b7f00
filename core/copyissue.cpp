#include "copyissue.h"

#include "nativepath.h"
#include "posixio.h"

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
    const QString prefix =
        severity == IssueSeverity::Warning ? QStringLiteral("Warning: ") : QString();
    const QString others =
        similarCount > 0 ? QStringLiteral(" and %1 more item(s)").arg(similarCount) : QString();
    return QStringLiteral("%1%2 “%3”%4: %5")
        .arg(prefix, operationName(operation), NativePath::toDisplay(path), others, cause());
}

QString operationName(FileOperation operation)
{
    switch (operation) {
    case FileOperation::Plan:
        return QStringLiteral("Cannot copy");
    case FileOperation::Stat:
        return QStringLiteral("Cannot inspect");
    case FileOperation::ReadDirectory:
        return QStringLiteral("Cannot list folder");
    case FileOperation::Open:
        return QStringLiteral("Cannot open");
    case FileOperation::Read:
        return QStringLiteral("Cannot read");
    case FileOperation::Create:
        return QStringLiteral("Cannot create");
    case FileOperation::Write:
        return QStringLiteral("Cannot write");
    case FileOperation::Flush:
        return QStringLiteral("Cannot flush to disk");
    case FileOperation::Rename:
        return QStringLiteral("Cannot rename into place");
    case FileOperation::Remove:
        return QStringLiteral("Cannot remove");
    case FileOperation::SetPermissions:
        return QStringLiteral("Cannot set permissions of");
    case FileOperation::SetOwner:
        return QStringLiteral("Cannot set owner of");
    case FileOperation::SetTimes:
        return QStringLiteral("Cannot set times of");
    case FileOperation::SetAttributes:
        return QStringLiteral("Cannot copy extended attributes of");
    case FileOperation::Link:
        return QStringLiteral("Cannot create hard link");
    case FileOperation::Verify:
        return QStringLiteral("Verification failed for");
    case FileOperation::Preflight:
        return QStringLiteral("Check before copying");
    case FileOperation::Cleanup:
        return QStringLiteral("Cleaned up");
    }
    return QStringLiteral("Cannot process");
}

} // namespace Sluice
