#include "preflight.h"

#include "destinationwalk.h"
#include "jobcontext.h"
#include "logging.h"
#include "nativepath.h"
#include "partfile.h"

#include <QCoreApplication>
#include <QHash>
#include <QLocale>
#include <QSet>

#include <algorithm>
#include <cerrno>
#include <fcntl.h>
#include <functional>
#include <optional>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <unistd.h>

namespace Sluice {

namespace Preflight {

namespace {

// ---- the checksum file ----

// The item whose copy will be at @p path (compared without symlinks, "." or ".."), or -1.
qint32 plannedItemAt(const Plan &plan, const QByteArray &path)
{
    const QByteArray where = NativePath::canonicalLocation(path);
    if (where.isEmpty())
        return -1;
    const auto ranges = plan.rootRanges();
    for (qint32 rootIndex = 0; rootIndex < plan.roots.size(); ++rootIndex) {
        const PlanRoot &root = plan.roots[rootIndex];
        const auto [first, end] = ranges[rootIndex];
        const QByteArray given = NativePath::join(root.destinationParent, root.destinationName);
        const QByteArray top = NativePath::canonicalLocation(given);
        if (top.isEmpty() || (where != top && !where.startsWith(top + '/')))
            continue;
        const QByteArray relative = where.mid(top.size()); // "" or "/a/b"
        for (qint32 index = first; index < end; ++index) {
            if (plan.destinationPath(index).mid(given.size()) == relative)
                return index;
        }
    }
    return -1;
}

// Why the manifest's folder could not take it at the end of the copy (0: it can): it must be
// a folder that exists and is writable, or one the copy creates.
int manifestFolderError(const Plan &plan, const QByteArray &manifest)
{
    const QByteArray folder = NativePath::parentPath(manifest);
    struct stat st = {};
    if (::stat(folder.constData(), &st) != 0) {
        const int error = errno;
        const qint32 planned = plannedItemAt(plan, folder);
        if (planned >= 0 && itemAt(plan, planned).kind == ItemKind::Directory)
            return 0;
        return error;
    }
    if (!S_ISDIR(st.st_mode))
        return ENOTDIR;
    if (::access(folder.constData(), W_OK | X_OK) != 0)
        return errno;
    return 0;
}

QSet<QPair<quint64, quint64>> folderAndAncestors(int fd)
{
    QSet<QPair<quint64, quint64>> chain;
    UniqueFd current(::dup(fd));
    for (int depth = 0; current && depth < 4096; ++depth) {
        struct stat st = {};
        if (::fstat(current.get(), &st) != 0)
            break;
        const QPair<quint64, quint64> id(st.st_dev, st.st_ino);
        if (chain.contains(id))
            break; // reached "/", whose ".." is itself
        chain.insert(id);
        current.reset(::openat(current.get(), "..", DirectoryOpenFlags));
    }
    return chain;
}

// A dry run says which part files of interrupted runs the copy would remove (the transfer
// removes them, just before it writes into their folder).
void noteStalePartFiles(int directoryFd, const QByteArray &directoryPath,
                        const QList<QByteArray> &plannedNames, CopyIssueList &notes)
{
    for (const StalePart &stale : findStalePartFiles(directoryFd, plannedNames))
        notes.append(CopyIssue::withDetail(
            FileOperation::Preflight, NativePath::join(directoryPath, stale.partName),
            QCoreApplication::translate(
                "Sluice::PartFile", "a part file left by an interrupted copy; copying removes it"),
            IssueSeverity::Warning));
}

// Whether the mode bits of @p item let the effective ids read it (open(2)'s rule for the
// owner, group and other classes, path_resolution(7)); root reads everything.
bool modeAllowsReading(const PlanItem &item, uid_t user, const QList<gid_t> &groups)
{
    if (user == 0)
        return true;
    if (item.uid == user)
        return (item.mode & S_IRUSR) != 0;
    if (groups.contains(item.gid))
        return (item.mode & S_IRGRP) != 0;
    return (item.mode & S_IROTH) != 0;
}

QList<gid_t> effectiveGroups()
{
    QList<gid_t> groups{::getegid()};
    const int count = ::getgroups(0, nullptr);
    if (count > 0) {
        std::vector<gid_t> supplementary(std::size_t(count), 0);
        const int got = ::getgroups(count, supplementary.data());
        for (int i = 0; i < got; ++i)
            groups.append(supplementary[std::size_t(i)]);
    }
    return groups;
}

} // namespace

std::vector<Destination> openDestinations(const Plan &plan, FileSystemProbes *probes)
{
    std::vector<Destination> destinations;
    const auto ranges = plan.rootRanges();
    for (qint32 rootIndex = 0; rootIndex < plan.roots.size(); ++rootIndex) {
        const PlanRoot &root = plan.roots[rootIndex];
        Destination destination;
        destination.root = rootIndex;
        std::tie(destination.first, destination.end) = ranges[rootIndex];
        destination.folder.reset(::open(root.destinationParent.constData(), DirectoryOpenFlags));
        destination.openError = destination.folder ? 0 : errno;
        struct stat st = {};
        if (destination.folder && ::fstat(destination.folder.get(), &st) == 0)
            destination.device = st.st_dev;
        if (destination.folder)
            destination.limits = detectFileSystemLimits(destination.folder.get());
        // A name the file system cannot store is not there to merge into, and is never looked
        // up: smbnetfs answers a name that is not UTF-8 with EIO, and then every request to
        // that server for seconds (checkFileSystemLimits() refuses the root by name).
        struct stat entry = {};
        destination.mergesIntoFolder =
            destination.folder && destination.limits.nameProblem(root.destinationName).isEmpty()
            && ::fstatat(destination.folder.get(), root.destinationName.constData(), &entry, 0) == 0
            && S_ISDIR(entry.st_mode);
        if (probes)
            probeDestination(destination, *probes);
        destinations.push_back(std::move(destination));
    }
    return destinations;
}

void probeDestination(Destination &destination, FileSystemProbes &probes)
{
    if (!destination.folder)
        return;
    destination.probe = probes.probe(destination.folder.get(), destination.device);
    if (destination.probe.probed) // learned, not guessed from the type
        destination.limits.timestampGranularityNs = destination.probe.timeGranularityNs;
}

// A source folder may hold both "data" and ".data.sluice-part" (a copied leftover): the
// second is a file to copy, so "data" must write through the variant part name.
Findings checkPartFileNames(const Plan &plan)
{
    Findings found;
    for (qint32 index = 0; index < qint32(plan.items.size()); ++index) {
        const PlanItem &folder = itemAt(plan, index);
        if (folder.kind != ItemKind::Directory || folder.subtreeEnd - index < 3)
            continue;
        const QList<QByteArray> names = plan.childNames(index);
        const QSet<QByteArray> set(names.cbegin(), names.cend());
        for (qint32 child = index + 1; child < folder.subtreeEnd;
             child = itemAt(plan, child).subtreeEnd) {
            if (set.contains(partFileName(itemAt(plan, child).name)))
                found.partNameTaken.push_back(child);
        }
    }
    return found;
}

// The manifest is written at the end and never over an existing name (a source, a copy):
// say so now rather than after the copy.
Findings checkChecksumFile(const Plan &plan, const QByteArray &checksumFile)
{
    Findings found;
    if (checksumFile.isEmpty())
        return found;
    struct stat st = {};
    QString why;
    if (::lstat(checksumFile.constData(), &st) == 0)
        why = QCoreApplication::translate("Sluice::Preflight",
                                          "the checksum file already exists; choose a new name");
    else if (const qint32 taken = plannedItemAt(plan, checksumFile); taken >= 0)
        why = QCoreApplication::translate(
                  "Sluice::Preflight",
                  "the copy of “%1” will have this name; choose another name for the checksum "
                  "file")
                  .arg(NativePath::toDisplay(plan.sourcePath(taken)));
    else if (const int error = manifestFolderError(plan, checksumFile))
        why =
            QCoreApplication::translate("Sluice::Preflight",
                                        "the checksum file cannot be written in “%1”: %2")
                .arg(NativePath::toDisplay(NativePath::parentPath(checksumFile)), errnoText(error));
    if (!why.isEmpty())
        found.fatal.append(CopyIssue::withDetail(FileOperation::Preflight, checksumFile, why));
    return found;
}

// The copy creates (or replaces) the root's entry in this folder: it must be writable for
// the effective ids, or not one byte could be written (a dry run would otherwise report
// success). A folder merged into is checked item by item by the transfer instead.
Findings checkDestinationFolder(const Plan &plan, const Destination &destination)
{
    Findings found;
    const PlanRoot &root = plan.roots[destination.root];
    if (!destination.folder)
        found.fatal.append(CopyIssue::fromErrno(FileOperation::Preflight, root.destinationParent,
                                                destination.openError));
    else if (!destination.mergesIntoFolder && destination.first < destination.end
             && ::faccessat(destination.folder.get(), ".", W_OK | X_OK, AT_EACCESS) != 0)
        found.fatal.append(CopyIssue::fromErrno(FileOperation::Create,
                                                plan.destinationPath(destination.first), errno));
    return found;
}

Findings checkPseudoFileSystemSource(const Plan &plan, const Destination &destination)
{
    Findings found;
    const QByteArray &source = plan.roots[destination.root].sourcePath;
    struct statfs fs = {};
    // A root with no items was never planned: its name may be one never to look up.
    if (destination.first == destination.end || ::statfs(source.constData(), &fs) != 0)
        return found;
    if (const char *pseudo = pseudoFileSystemName(long(fs.f_type)))
        found.warnings.append(CopyIssue::withDetail(
            FileOperation::Preflight, source,
            QCoreApplication::translate(
                "Sluice::Preflight",
                "on the %1 pseudo file system: sizes are unknown until the content is read, so "
                "progress is approximate")
                .arg(QLatin1String(pseudo)),
            IssueSeverity::Warning));
    return found;
}

Findings checkFolderIntoItself(const Plan &plan, const Destination &destination)
{
    Findings found;
    const auto chain = folderAndAncestors(destination.folder.get());
    const PlanRoot &root = plan.roots[destination.root];
    for (qint32 index = destination.first; index < destination.end; ++index) {
        const PlanItem &item = itemAt(plan, index);
        const bool intoItself = !item.refused && item.kind == ItemKind::Directory
                                && chain.contains(qMakePair(quint64(item.dev), quint64(item.ino)));
        if (intoItself)
            found.fatal.append(CopyIssue::withDetail(
                FileOperation::Preflight, plan.sourcePath(index),
                QCoreApplication::translate(
                    "Sluice::Preflight",
                    "cannot copy a folder into itself: the destination “%1” is inside it")
                    .arg(NativePath::toDisplay(root.destinationParent))));
        if (intoItself || item.refused)
            index = item.subtreeEnd - 1;
    }
    return found;
}

Findings checkSameFile(const Plan &plan, const Destination &destination)
{
    Findings found;
    walkDestination(plan, destination, [&](const DestinationEntry &entry) {
        const PlanItem &item = itemAt(plan, entry.index);
        if (!entry.existing || entry.existing->st_dev != item.dev
            || entry.existing->st_ino != item.ino)
            return Visit::Descend;
        found.refusals.push_back(
            {entry.index,
             CopyIssue::withDetail(
                 FileOperation::Preflight, plan.sourcePath(entry.index),
                 QCoreApplication::translate("Sluice::Preflight",
                                             "source and destination “%1” are the same file")
                     .arg(NativePath::toDisplay(plan.destinationPath(entry.index))))});
        return Visit::SkipSubtree;
    });
    return found;
}

Findings checkPolicySkips(const Plan &plan, const Destination &destination, CollisionPolicy policy)
{
    Findings found;
    if (policy != CollisionPolicy::Skip && policy != CollisionPolicy::Newer)
        return found;
    walkDestination(plan, destination, [&](const DestinationEntry &entry) {
        const PlanItem &item = itemAt(plan, entry.index);
        if (!entry.existing || item.kind != ItemKind::File || item.hardLinkOf >= 0)
            return Visit::Descend;
        const timespec &theirs = entry.existing->st_mtim;
        const bool sourceNewer = item.mtime.tv_sec != theirs.tv_sec
                                     ? item.mtime.tv_sec > theirs.tv_sec
                                     : item.mtime.tv_nsec > theirs.tv_nsec;
        if (policy == CollisionPolicy::Skip || (!sourceNewer && !S_ISDIR(entry.existing->st_mode)))
            found.skipExpected.push_back(entry.index);
        return Visit::Descend;
    });
    return found;
}

Findings checkUnreadableSources(const Plan &plan)
{
    Findings found;
    const uid_t user = ::geteuid();
    const QList<gid_t> groups = effectiveGroups();
    for (qint32 index = 0; index < qint32(plan.items.size()); ++index) {
        const PlanItem &item = plan.items[std::size_t(index)];
        if (item.kind != ItemKind::File || modeAllowsReading(item, user, groups))
            continue;
        const QByteArray path = plan.sourcePath(index);
        if (::faccessat(AT_FDCWD, path.constData(), R_OK, AT_EACCESS) == 0)
            continue; // an ACL grants it
        CopyIssue issue =
            CopyIssue::fromErrno(FileOperation::Open, path, errno, IssueSeverity::Warning);
        issue.detail = QCoreApplication::translate(
            "Sluice::Preflight", "it cannot be read; the copy will ask or skip it per the error "
                                 "policy");
        found.notes.append(issue);
    }
    return found;
}

Findings checkStalePartFiles(const Plan &plan, const Destination &destination)
{
    Findings found;
    const PlanRoot &root = plan.roots[destination.root];
    if (destination.first < destination.end && !itemAt(plan, destination.first).refused)
        noteStalePartFiles(destination.folder.get(), root.destinationParent, {root.destinationName},
                           found.notes);
    walkDestination(plan, destination, [&](const DestinationEntry &entry) {
        if (entry.mergedFd >= 0)
            noteStalePartFiles(entry.mergedFd, plan.destinationPath(entry.index),
                               plan.childNames(entry.index), found.notes);
        return Visit::Descend;
    });
    return found;
}

} // namespace Preflight

namespace {

// Applies what the checks found: the only place the preflight changes the plan.
class FindingsApplier final
{
public:
    FindingsApplier(Plan &plan, PreflightReport &report, IssueLog &issues)
        : m_plan(plan)
        , m_report(report)
        , m_issues(issues)
    {}

    // Returns false when @p found holds a fatal problem.
    bool apply(const Preflight::Findings &found)
    {
        m_report.fatal += found.fatal;
        m_report.warnings += found.warnings;
        m_report.space += found.space;
        for (const Preflight::Refusal &refusal : found.refusals) {
            m_plan.items[std::size_t(refusal.item)].refused = true;
            m_refusals.push_back(refusal);
        }
        for (const qint32 index : found.serialOnly)
            m_plan.items[std::size_t(index)].serialOnly = true;
        for (const qint32 index : found.partNameTaken)
            m_plan.items[std::size_t(index)].partNameTaken = true;
        for (const qint32 index : found.skipExpected)
            m_plan.items[std::size_t(index)].skipExpected = true;
        for (const qint32 index : found.lossNamed)
            m_plan.markLossNamed(index);
        for (const CopyIssue &note : found.notes)
            m_issues.add(note);
        return found.fatal.isEmpty();
    }

    // The refusals in plan order, whichever check found them.
    void finish()
    {
        std::stable_sort(m_refusals.begin(), m_refusals.end(),
                         [](const auto &a, const auto &b) { return a.item < b.item; });
        for (const Preflight::Refusal &refusal : m_refusals)
            m_report.refused.append(refusal.issue);
        for (const FileSystemSpace &fs : m_report.space) {
            m_report.bytesNeeded += fs.bytesNeeded;
            m_report.bytesAvailable += fs.bytesAvailable;
        }
    }

private:
    Plan &m_plan;
    PreflightReport &m_report;
    IssueLog &m_issues;
    std::vector<Preflight::Refusal> m_refusals;
};

} // namespace

PreflightReport runPreflight(JobContext &job, Plan &plan)
{
    using namespace Preflight;
    PreflightReport report;
    FindingsApplier applier(plan, report, job.issues);
    const CopyOptions &options = job.options;
    applier.apply(checkPartFileNames(plan));
    applier.apply(checkChecksumFile(plan, options.checksumFile));
    std::vector<Destination> destinations = openDestinations(plan);
    std::vector<Destination> usable;
    for (Destination &destination : destinations) {
        if (!applier.apply(checkDestinationFolder(plan, destination)))
            continue;
        applier.apply(checkPseudoFileSystemSource(plan, destination));
        applier.apply(checkFileSystemLimits(plan, destination, options.onCollision,
                                            options.preserve.timestamps));
        // The probe writes in the destination folder: never in one inside a source.
        if (applier.apply(checkFolderIntoItself(plan, destination)) && report.fatal.isEmpty())
            probeDestination(destination, job.fileSystems);
        applier.apply(checkLinkFollowingMerges(plan, destination));
        applier.apply(checkSameFile(plan, destination));
        applier.apply(checkPolicySkips(plan, destination, options.onCollision));
        if (options.dryRun)
            applier.apply(checkStalePartFiles(plan, destination));
        usable.push_back(std::move(destination));
    }
    applier.apply(checkFileSystemAbilities(plan, usable, options));
    applier.apply(checkLinkLosses(plan, usable, options));
    applier.apply(checkFreeSpace(plan, usable, options.onCollision));
    if (options.dryRun)
        applier.apply(checkUnreadableSources(plan));
    applier.finish();
    qCDebug(lcPlan) << "preflight: need" << report.bytesNeeded << "available"
                    << report.bytesAvailable << "fatal" << report.fatal.size() << "warnings"
                    << report.warnings.size() << "refused" << report.refused.size();
    return report;
}

} // namespace Sluice
