#include "preflight.h"

#include "destinationwalk.h"
#include "nativepath.h"

#include <QCoreApplication>
#include <QHash>
#include <QSet>
#include <QStringList>

namespace Sluice::Preflight {

namespace {

QString timesNote(qint64 granularityNs)
{
    if (granularityNs < 0)
        return QCoreApplication::translate("Sluice::Preflight",
                                           "it does not keep modification times");
    if (granularityNs >= 1'000'000'000)
        return QCoreApplication::translate("Sluice::Preflight",
                                           "it stores modification times to the nearest %1 s only")
            .arg(granularityNs / 1'000'000'000);
    return {};
}

// What one destination file system cannot do, phrase by phrase ("" when nothing matters).
QStringList cannotDo(const Destination &destination, const CopyOptions &options)
{
    const FileSystemProbe &probe = destination.probe;
    QStringList notes;
    if (options.preserve.timestamps) {
        if (const QString times = timesNote(destination.limits.timestampGranularityNs);
            !times.isEmpty())
            notes << times;
        if (probe.probed && !probe.renameKeepsTimes && probe.timeGranularityNs >= 0)
            notes << QCoreApplication::translate(
                "Sluice::Preflight",
                "it resets the modification time on rename (Sluice sets it again on "
                "the final name and checks it)");
    }
    if (probe.followsSymlinks)
        notes << QCoreApplication::translate(
            "Sluice::Preflight",
            "it follows symbolic links (a link on the server looks like what it points to: "
            "sshfs -o follow_symlinks), so existing folders there are never copied into");
    if (probe.probed && !probe.renameNoReplace)
        notes << (probe.hardLinks
                      ? QCoreApplication::translate(
                          "Sluice::Preflight",
                          "no rename without replacing (RENAME_NOREPLACE): a hard link takes "
                          "its place")
                      : QCoreApplication::translate(
                          "Sluice::Preflight",
                          "no rename without replacing (RENAME_NOREPLACE) and no hard links: "
                          "the final name is checked right before a plain rename, so a file "
                          "someone creates there in that instant can be replaced"));
    if (probe.probed && !probe.keepsPermissions)
        notes << QCoreApplication::translate("Sluice::Preflight",
                                             "it does not keep permission bits");
    if (options.preserve.ownership && probe.probed && !probe.keepsOwners)
        notes << QCoreApplication::translate("Sluice::Preflight",
                                             "it does not keep owners and groups");
    if (probe.probed && !probe.copyFileRange)
        notes << QCoreApplication::translate(
            "Sluice::Preflight", "no copy_file_range(2): data goes through Sluice's buffers");
    if (const QString durability = durabilityNote(probe, options.durability); !durability.isEmpty())
        notes << durability;
    return notes;
}

// What a destination keeps otherwise than the source for one item (checkLinkLosses()).
enum class LinkLoss { None, SeparateCopy, LinkMetadata };

LinkLoss lossOf(const PlanItem &item, bool hardLinksLost, bool linkMetadataLost)
{
    if (hardLinksLost && item.kind == ItemKind::File && item.hardLinkOf >= 0)
        return LinkLoss::SeparateCopy;
    if (linkMetadataLost && item.kind == ItemKind::Symlink)
        return LinkLoss::LinkMetadata;
    return LinkLoss::None;
}

// The warning for the first item of its file system with @p loss, in the transfer's terms.
CopyIssue lossWarning(const Plan &plan, qint32 index, LinkLoss loss, const QString &typeName)
{
    if (loss == LinkLoss::SeparateCopy)
        return CopyIssue::withDetail(
            FileOperation::Link, plan.destinationPath(index),
            separateCopyNote(plan.destinationPath(itemAt(plan, index).hardLinkOf)),
            IssueSeverity::Warning);
    return CopyIssue::withDetail(FileOperation::SetTimes, plan.destinationPath(index),
                                 linkMetadataNote(typeName), IssueSeverity::Warning);
}

} // namespace

QString linkMetadataNote(const QString &typeName)
{
    // The transfer's words (and context) since before the preflight said it too.
    return QCoreApplication::translate("Sluice::ItemTask",
                                       "%1 changes the file a symbolic link points to when the "
                                       "link's times or owner are set: symbolic links are copied "
                                       "there without their times and owners")
        .arg(typeName);
}

QString separateCopyNote(const QByteArray &firstCopy)
{
    return QCoreApplication::translate("Sluice::ItemCopier",
                                       "copied as a separate file, not as a hard link to “%1”: "
                                       "hard links cannot be kept here")
        .arg(NativePath::toDisplay(firstCopy));
}

Findings checkLinkLosses(const Plan &plan, const std::vector<Destination> &destinations,
                         const CopyOptions &options)
{
    Findings found;
    QHash<QPair<quint64, int>, qsizetype> warningOf; // (st_dev, loss) -> index in warnings
    for (const Destination &destination : destinations) {
        const FileSystemProbe &probe = destination.probe;
        const bool hardLinksLost = options.preserve.hardLinks && probe.probed && !probe.hardLinks;
        const bool metadataLost = (options.preserve.timestamps || options.preserve.ownership)
                                  && probe.linkMetadataFollows;
        bool concerned = false; // walk (an fstatat(2) per item) only when something is lost
        for (qint32 index = destination.first; index < destination.end && !concerned; ++index)
            concerned = lossOf(itemAt(plan, index), hardLinksLost, metadataLost) != LinkLoss::None;
        if (!destination.folder || !concerned)
            continue;
        walkDestination(plan, destination, [&](const DestinationEntry &entry) {
            const LinkLoss loss = lossOf(itemAt(plan, entry.index), hardLinksLost, metadataLost);
            if (loss == LinkLoss::None || entry.device != destination.device)
                return Visit::Descend; // another file system: the transfer probes it there
            found.lossNamed.push_back(entry.index);
            const QPair<quint64, int> key(quint64(entry.device), int(loss));
            if (const auto said = warningOf.constFind(key); said != warningOf.cend()) {
                ++found.warnings[*said].similarCount;
                return Visit::Descend;
            }
            warningOf.insert(key, found.warnings.size());
            found.warnings.append(lossWarning(plan, entry.index, loss, probe.typeName));
            return Visit::Descend;
        });
    }
    return found;
}

QString durabilityNote(const FileSystemProbe &probe, Durability durability)
{
    if (durability == Durability::None)
        return {};
    if (probe.fsyncNeedsServerExtension)
        return QCoreApplication::translate(
            "Sluice::Preflight",
            "a flush reaches the server's disk only when its SFTP server offers "
            "fsync@openssh.com (OpenSSH does), which the client cannot see: \"done\" "
            "may mean the server has the data in memory");
    if (probe.fsyncNotPassedOn)
        return QCoreApplication::translate(
            "Sluice::Preflight",
            "smbnetfs does not pass a flush on to the server (no SMB2 FLUSH is sent): "
            "\"done\" means the server has received the data, possibly only in its memory");
    if (probe.networkFuse)
        return QCoreApplication::translate(
            "Sluice::Preflight",
            "a flush is passed to the server, which decides whether it reaches its "
            "disk: \"done\" may mean the server has the data in memory");
    return {};
}

Findings checkFileSystemAbilities(const Plan &plan, const std::vector<Destination> &destinations,
                                  const CopyOptions &options)
{
    Findings found;
    QSet<quint64> seen;
    for (const Destination &destination : destinations) {
        if (!destination.folder || seen.contains(quint64(destination.device)))
            continue;
        seen.insert(quint64(destination.device));
        const QStringList notes = cannotDo(destination, options);
        if (notes.isEmpty())
            continue;
        found.warnings.append(CopyIssue::withDetail(
            FileOperation::Preflight, plan.roots[destination.root].destinationParent,
            QCoreApplication::translate("Sluice::Preflight", "the destination is on %1: %2")
                .arg(destination.limits.typeName, notes.join(u"; ")),
            IssueSeverity::Warning));
    }
    return found;
}

} // namespace Sluice::Preflight
