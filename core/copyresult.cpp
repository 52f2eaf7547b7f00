#include "copyresult.h"

#include <algorithm>

namespace Sluice {

QString statusName(CopyStatus status)
{
    switch (status) {
    case CopyStatus::Succeeded:
        return QStringLiteral("succeeded");
    case CopyStatus::CompletedWithWarnings:
        return QStringLiteral("completed with warnings");
    case CopyStatus::Failed:
        return QStringLiteral("failed");
    case CopyStatus::Cancelled:
        return QStringLiteral("cancelled");
    case CopyStatus::Stopped:
        return QStringLiteral("stopped");
    }
    return {};
}

qint64 CopyResult::errorCount() const
{
    return std::count_if(issues.cbegin(), issues.cend(),
                         [](const CopyIssue &issue) { return issue.isError(); });
}

qint64 CopyResult::warningCount() const
{
    return issues.size() - errorCount();
}

} // namespace Sluice
