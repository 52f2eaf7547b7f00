#include "preflight.h"

#include "destinationwalk.h"
#include "nativepath.h"
#include "ownfolders.h"

#include <QCoreApplication>

#include <fcntl.h>
#include <sys/stat.h>

namespace Sluice::Preflight {

QString linkFollowingMergeRefusal(const QByteArray &folder, const QString &typeName)
{
    return QCoreApplication::translate(
               "Sluice::Preflight",
               "the folder “%1” already exists on %2, which shows a symbolic link on the server "
               "as what it points to (mounted with -o follow_symlinks): it may be a link to a "
               "folder elsewhere on the server, so nothing is copied into it; remount without "
               "follow_symlinks to copy into existing folders")
        .arg(NativePath::toDisplay(folder), typeName);
}

Findings checkLinkFollowingMerges(const Plan &plan, const Destination &destination,
                                  const ResumeState *resume)
{
    Findings found;
    if (!destination.folder || !destination.probe.followsSymlinks)
        return found;
    walkDestination(plan, destination, [&](const DestinationEntry &entry) {
        if (itemAt(plan, entry.index).kind == ItemKind::Symlink) {
            found.refusals.push_back(
                {entry.index,
                 CopyIssue::withDetail(
                     FileOperation::Preflight, plan.sourcePath(entry.index),
                     QCoreApplication::translate(
                         "Sluice::Preflight",
                         "%1 shows a symbolic link as what it points to (mounted with -o "
                         "follow_symlinks): a link made there cannot be told from its target, "
                         "so symbolic links are not copied there")
                         .arg(destination.probe.typeName))});
            return Visit::SkipSubtree;
        }
        if (entry.mergedFd < 0
            || isOwnFolder(resume, plan.destinationPath(entry.index), *entry.existing,
                           destination.probe.timeGranularityNs))
            return Visit::Descend;
        found.refusals.push_back(
            {entry.index,
             CopyIssue::withDetail(FileOperation::Preflight, plan.sourcePath(entry.index),
                                   linkFollowingMergeRefusal(plan.destinationPath(entry.index),
                                                             destination.probe.typeName))});
        return Visit::SkipSubtree;
    });
    return found;
}

namespace {

// Whether the file system of the source folder @p rootPath (st_dev @p device) shows symbolic
// links as what they point to: probed in the folder holding it, which a move writes anyway, or
// in the folder itself where that is another file system (a mount point) or cannot be written.
bool sourceFollowsSymlinks(const QByteArray &rootPath, dev_t device)
{
    for (const QByteArray &path : {NativePath::parentPath(rootPath), rootPath}) {
        const UniqueFd folder(::open(path.constData(), DirectoryOpenFlags));
        struct stat st = {};
        if (!folder || ::fstat(folder.get(), &st) != 0 || st.st_dev != device)
            continue;
        if (!detectFileSystemLimits(folder.get()).typeName.startsWith(QLatin1String("fuse")))
            return false; // the kernel's own file systems show links as links
        if (const std::optional<bool> follows = probeLinkFollowing(folder.get()))
            return *follows;
    }
    return false;
}

} // namespace

QString linkFollowingMoveRefusal(const QString &typeName)
{
    return QCoreApplication::translate(
               "Sluice::Preflight",
               "the source is on %1, which shows a symbolic link on the server as what it points "
               "to (mounted with -o follow_symlinks): a link to a folder cannot be told from a "
               "folder there, and moving it would remove the files of the folder it points to, "
               "outside what you chose; nothing of it is moved. Copy it instead, or remount "
               "without follow_symlinks to move folders")
        .arg(typeName);
}

Findings checkMoveFromLinkFollowingSource(const Plan &plan, const Destination &destination,
                                          bool move, QHash<quint64, bool> &followingSources)
{
    Findings found;
    if (!move || destination.first >= destination.end)
        return found;
    const PlanItem &root = itemAt(plan, destination.first);
    // A move onto the source's own file system renames the root: a link is renamed itself.
    if (root.refused || root.kind != ItemKind::Directory || root.dev == destination.device)
        return found;
    const QByteArray &source = plan.roots[destination.root].sourcePath;
    const auto known = followingSources.constFind(quint64(root.dev));
    const bool follows =
        known != followingSources.cend()
            ? *known
            : *followingSources.insert(quint64(root.dev), sourceFollowsSymlinks(source, root.dev));
    if (!follows)
        return found;
    const UniqueFd folder(::open(source.constData(), DirectoryOpenFlags));
    const QString typeName =
        folder ? detectFileSystemLimits(folder.get()).typeName : QStringLiteral("fuse");
    found.refusals.push_back(
        {destination.first, CopyIssue::withDetail(FileOperation::Preflight, source,
                                                  linkFollowingMoveRefusal(typeName))});
    return found;
}

} // namespace Sluice::Preflight
