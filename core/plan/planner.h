#pragma once

#include "copyissue.h"
#include "errorpolicy.h"
#include "plan.h"

#include <QHash>
#include <QList>

#include <functional>

namespace Sluice {

struct JobContext;

/// Resolves the request's sources and destination like `cp -r`, then walks every source
/// with lstat(2) semantics and produces the Plan (worker thread). Symlinks are recorded as
/// links unless CopyOptions::followSymlinks; when following, a link that leads back to the
/// folder it is in or any of its ancestors (compared by st_dev/st_ino, including the
/// ancestors of the source itself) is a loop: reported once as a warning and left out.
/// Folders that cannot be listed go through the error policy (@p onError); with Skip they
/// are left out entirely (no empty placeholder) and counted in Plan::failedItems.
class Planner final
{
public:
    using ErrorHandler = std::function<ErrorAction(const CopyIssue &issue, int attempt)>;

    Planner(JobContext &job, ErrorHandler onError);

    /// Fills @p plan.roots from the request. Returns false with @p fatal set when nothing can
    /// start (destination missing, several sources onto one file...). Per-source problems
    /// (a missing source among several) are reported through the error handler.
    bool resolve(const QList<QByteArray> &sources, const QByteArray &destination, Plan &plan,
                 CopyIssue &fatal);

    /// Walks every root. Returns false if the job was aborted or cancelled meanwhile.
    bool walk(Plan &plan);

private:
    struct Frame;
    bool walkRoot(Plan &plan, qint32 rootIndex);
    bool walkDirectory(Plan &plan, qint32 itemIndex, int directoryFd);
    void fillItem(PlanItem &item, const struct stat &st) const;
    bool statEntry(int directoryFd, const QByteArray &name, bool follow, struct stat &st,
                   bool &loop);

    JobContext &m_job;
    ErrorHandler m_onError;
    QList<QPair<dev_t, ino_t>> m_ancestors; // folders on the current path (following only)
    QHash<QPair<quint64, quint64>, qint32> m_firstLink; // (dev, ino) -> first plan index
};

} // namespace Sluice
