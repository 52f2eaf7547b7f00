#include "preflight.h"

#include <QCoreApplication>
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

} // namespace

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
