#pragma once

#include "copyissue.h"

#include <QHash>

#include <mutex>

namespace Sluice {

/// The job's list of issues, appended to from any copying thread. Warnings about metadata
/// a destination refuses (permissions on a file system without them, xattrs where they are
/// not supported) are grouped: one entry per operation and errno, naming the first path and
/// counting the rest, so a thousand files onto a FAT stick give one warning, not a thousand.
class IssueLog final
{
public:
    IssueLog() = default;
    Q_DISABLE_COPY_MOVE(IssueLog)

    void add(const CopyIssue &issue);
    /// Records a warning that is grouped with others of the same operation and cause.
    void addGrouped(const CopyIssue &issue);
    /// All issues so far, grouped warnings last.
    CopyIssueList snapshot() const;
    bool hasErrors() const;
    bool isEmpty() const;

private:
    mutable std::mutex m_mutex;
    CopyIssueList m_issues;
    CopyIssueList m_grouped;
    QHash<QPair<int, int>, qsizetype> m_groupIndex; // (operation, errno) -> m_grouped index
};

} // namespace Sluice
