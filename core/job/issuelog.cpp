#include "issuelog.h"

#include "logging.h"

namespace Sluice {

void IssueLog::add(const CopyIssue &issue)
{
    qCDebug(lcJob).noquote() << issue.message();
    std::lock_guard lock(m_mutex);
    m_issues.append(issue);
}

void IssueLog::addGrouped(const CopyIssue &issue)
{
    std::lock_guard lock(m_mutex);
    const QPair<int, int> key(int(issue.operation), issue.errorCode);
    const auto found = m_groupIndex.constFind(key);
    if (found != m_groupIndex.cend()) {
        ++m_grouped[*found].similarCount;
        return;
    }
    m_groupIndex.insert(key, m_grouped.size());
    m_grouped.append(issue);
}

CopyIssueList IssueLog::snapshot() const
{
    std::lock_guard lock(m_mutex);
    return m_issues + m_grouped;
}

bool IssueLog::hasErrors() const
{
    std::lock_guard lock(m_mutex);
    for (const CopyIssue &issue : m_issues) {
        if (issue.isError())
            return true;
    }
    return false;
}

bool IssueLog::isEmpty() const
{
    std::lock_guard lock(m_mutex);
    return m_issues.isEmpty() && m_grouped.isEmpty();
}

} // namespace Sluice
