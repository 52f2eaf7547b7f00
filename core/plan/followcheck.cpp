#include "preflight.h"

#include "destinationwalk.h"
#include "nativepath.h"

#include <QCoreApplication>

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

Findings checkLinkFollowingMerges(const Plan &plan, const Destination &destination)
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
        if (entry.mergedFd < 0)
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

} // namespace Sluice::Preflight
