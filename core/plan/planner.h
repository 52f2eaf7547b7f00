#pragma once

#include "copyissue.h"
#include "errorpolicy.h"
#include "filesystemlimits.h"
#include "plan.h"
#include "treefilter.h"

#include <QHash>
#include <QList>

#include <functional>
#include <vector>

namespace Sluice {

struct JobContext;

/// Resolves the request's sources and destination like `cp -r`, then walks every source
/// with lstat(2) semantics and produces the Plan (worker thread). Symlinks are recorded as
/// links unless CopyOptions::followSymlinks; when following, a link that leads back to the
/// folder it is in or any of its ancestors (compared by st_dev/st_ino, including the
/// ancestors of the source itself) is a loop: reported once as a warning and left out.
/// Entries that cannot be examined (fstatat(2)) and folders that cannot be opened or listed
/// (open(2), readdir(3)) go through the error policy (@p onError, under retryUnderPolicy());
/// with Skip they are left out entirely (no empty placeholder) and counted in
/// Plan::failedItems. Entries that CopyOptions::filter leaves out are judged right after
/// their fstatat(2), before anything opens them: they are counted in Plan::leftOutItems and a
/// folder left out is never listed (TreeFilter). A name listed in a folder on a file system
/// that a lookup of it would break (FileSystemLimits::lookupsOfUnstorableNamesBreak, smbnetfs)
/// is never looked up: it is an error of its own, counted in Plan::unreadNames.
class Planner final
{
public:
    /// Asked once per failed attempt, attempt counting from 1; on the worker thread.
    using ErrorHandler = std::function<ErrorAction(const CopyIssue &issue, int attempt)>;

    Planner(JobContext &job, ErrorHandler onError);
    ~Planner();
    Q_DISABLE_COPY_MOVE(Planner)

    /// Fills @p plan.roots from the request, as `cp -r` does: into @p destination when it is
    /// a folder, else as @p destination (one source only; its folder must exist). Sources
    /// "." and ".." are copied under the name of the folder they stand for (realpath(3)).
    /// Returns false with @p fatal set when nothing can start (no source, destination
    /// missing, several sources onto one file, "/" as a source). Only stat(2)s.
    /// With @p destinationFolders (one per source, CopyRequest::destinationFolders), source
    /// i goes into existing folder destinationFolders[i] under its own name instead, or under
    /// destinationNames[i] when given (CopyRequest::destinationNames).
    bool resolve(const QList<QByteArray> &sources, const QByteArray &destination, Plan &plan,
                 CopyIssue &fatal, const QList<QByteArray> &destinationFolders = {},
                 const QList<QByteArray> &destinationNames = {});

    /// Walks every root into @p plan.items, in pre-order with each folder's entries sorted
    /// by name (bytes). Returns false if the job was aborted or cancelled meanwhile (the
    /// plan then holds what was walked so far, with every subtreeEnd set).
    bool walk(Plan &plan);

private:
    struct Frame;
    bool walkRoot(Plan &plan, qint32 rootIndex);
    bool walkTree(Plan &plan);
    bool planEntry(Plan &plan, qint32 parentIndex, int parentFd, const QByteArray &name);
    bool enterUnderPolicy(Plan &plan, qint32 index, const std::function<int()> &open,
                          const std::function<QByteArray()> &path);
    int enterFolder(Plan &plan, qint32 index, int fd);
    void leaveFolder(Plan &plan);
    bool abandonWalk(Plan &plan);
    /// An entry's error stopped the job (Tried::Stopped): counted as failed when the job was
    /// aborted (Plan::abortedItems). Returns false, the walk's answer.
    bool stopped(Plan &plan) const;
    qint32 addItem(Plan &plan, PlanItem &&item, bool groupHardLinks);
    void collectSourceAncestors(int directoryFd);
    void fillItem(PlanItem &item, const struct stat &st) const;
    void noteLeftOut(Plan &plan, const QByteArray &path, qint64 bytes);
    bool statEntry(int directoryFd, const QByteArray &name, bool follow, struct stat &st,
                   bool &loop);
    bool refuseUnreadableName(Plan &plan, qint32 parentIndex, int parentFd, const QByteArray &name);

    JobContext &m_job;
    ErrorHandler m_onError;
    TreeFilter m_filter;
    std::vector<Frame> m_stack;             // the folders being listed, innermost last
    QList<QPair<dev_t, ino_t>> m_ancestors; // folders on the current path (following only)
    QHash<QPair<quint64, quint64>, qint32> m_firstLink; // (dev, ino) -> first plan index
    QHash<quint64, FileSystemLimits> m_sourceLimits;    // by source st_dev, learned once
};

} // namespace Sluice
