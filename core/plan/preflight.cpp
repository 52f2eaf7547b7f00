#include "preflight.h"

#include "filesystemlimits.h"
#include "jobcontext.h"
#include "logging.h"
#include "nativepath.h"
#include "partfile.h"
#include "posixio.h"

#include <QCoreApplication>
#include <QHash>
#include <QLocale>
#include <QSet>

#include <algorithm>
#include <cerrno>
#include <fcntl.h>
#include <linux/magic.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <unistd.h>

namespace Sluice {

namespace {

constexpr qint64 FolderBytes = 4096; // what a new folder costs on most file systems

qint64 spaceNeeded(const PlanItem &item, bool sparseKept)
{
    if (item.kind == ItemKind::Directory)
        return FolderBytes;
    if (item.kind != ItemKind::File || item.hardLinkOf >= 0)
        return 0;
    if (item.allocated < item.size && sparseKept)
        return item.allocated; // sparse: holes stay holes
    return (item.size + 4095) / 4096 * 4096;
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

QString formatSize(qint64 bytes)
{
    return QLocale::c().formattedDataSize(bytes, 1, QLocale::DataSizeIecFormat);
}

// Items the destination file system cannot store, grouped by kind of problem: one warning
// per kind names the first item and counts the rest.
class LimitFindings
{
public:
    void add(const QString &kind, const QByteArray &path, const QString &detail)
    {
        auto found = m_byKind.find(kind);
        if (found == m_byKind.end()) {
            m_order << kind;
            m_byKind.insert(kind, CopyIssue::withDetail(FileOperation::Preflight, path, detail,
                                                        IssueSeverity::Warning));
        } else {
            ++found->similarCount;
        }
    }
    void appendTo(CopyIssueList &warnings) const
    {
        for (const QString &kind : m_order)
            warnings.append(m_byKind.value(kind));
    }

private:
    QStringList m_order;
    QHash<QString, CopyIssue> m_byKind;
};

void checkLimits(const FileSystemLimits &limits, const PlanItem &item, qint32 index,
                 const QByteArray &name, const Plan &plan, QSet<QPair<qint32, QString>> &seen,
                 LimitFindings &findings)
{
    const QString &fs = limits.typeName;
    if (limits.maxFileSize >= 0 && item.kind == ItemKind::File && item.size > limits.maxFileSize)
        findings.add(
            QStringLiteral("size"), plan.sourcePath(index),
            QCoreApplication::translate("Sluice::Preflight",
                                        "larger than %1 can store in one file (%2 bytes at most)")
                .arg(fs)
                .arg(limits.maxFileSize));
    const QString problem = limits.nameProblem(name);
    if (!problem.isEmpty())
        findings.add(QStringLiteral("name:") + problem.left(20), plan.sourcePath(index), problem);
    if (limits.caseInsensitive) {
        const QPair<qint32, QString> key(item.parent, QString::fromUtf8(name).toCaseFolded());
        if (seen.contains(key))
            findings.add(QStringLiteral("case"), plan.sourcePath(index),
                         QCoreApplication::translate(
                             "Sluice::Preflight",
                             "%1 ignores letter case, so this name and another in the "
                             "same folder become one")
                             .arg(fs));
        seen.insert(key);
    }
    if (item.kind == ItemKind::Symlink && !limits.storesSymlinks)
        findings.add(
            QStringLiteral("symlink"), plan.sourcePath(index),
            QCoreApplication::translate("Sluice::Preflight", "%1 cannot store symbolic links")
                .arg(fs));
    if ((item.kind == ItemKind::Fifo || item.kind == ItemKind::Socket
         || item.kind == ItemKind::CharDevice || item.kind == ItemKind::BlockDevice)
        && !limits.storesSpecialFiles)
        findings.add(QStringLiteral("special"), plan.sourcePath(index),
                     QCoreApplication::translate("Sluice::Preflight",
                                                 "%1 cannot store FIFOs, sockets or device nodes")
                         .arg(fs));
}

// Why the destination cannot store @p item under @p name at all, or "".
QString unstorableReason(const FileSystemLimits &limits, const PlanItem &item,
                         const QByteArray &name)
{
    QString problem = limits.nameProblem(name);
    if (!problem.isEmpty())
        return problem;
    if (item.kind == ItemKind::Symlink && !limits.storesSymlinks)
        return QCoreApplication::translate("Sluice::Preflight", "%1 cannot store symbolic links")
            .arg(limits.typeName);
    if ((item.kind == ItemKind::Fifo || item.kind == ItemKind::Socket
         || item.kind == ItemKind::CharDevice || item.kind == ItemKind::BlockDevice)
        && !limits.storesSpecialFiles)
        return QCoreApplication::translate("Sluice::Preflight",
                                           "%1 cannot store FIFOs, sockets or device nodes")
            .arg(limits.typeName);
    return {};
}

} // namespace

namespace {

// Names of the items directly below folder item @p folder, in plan order.
// A dry run says which part files of interrupted runs the copy would remove (the transfer
// removes them, just before it writes into their folder).
void reportStalePartFiles(int directoryFd, const QByteArray &directoryPath,
                          const QList<QByteArray> &plannedNames, IssueLog &issues)
{
    for (const QByteArray &name : findStalePartFiles(directoryFd, plannedNames))
        issues.add(CopyIssue::withDetail(
            FileOperation::Preflight, NativePath::join(directoryPath, name),
            QCoreApplication::translate(
                "Sluice::PartFile", "a part file left by an interrupted copy; copying removes it"),
            IssueSeverity::Warning));
}

// A source folder may hold both "data" and ".data.sluice-part" (a copied leftover): the
// second is a file to copy, so "data" must write through the variant part name.
void markTakenPartNames(Plan &plan)
{
    for (qint32 index = 0; index < qint32(plan.items.size()); ++index) {
        const PlanItem &folder = plan.items[std::size_t(index)];
        if (folder.kind != ItemKind::Directory || folder.subtreeEnd - index < 3)
            continue;
        const QList<QByteArray> names = plan.childNames(index);
        const QSet<QByteArray> set(names.cbegin(), names.cend());
        for (qint32 child = index + 1; child < folder.subtreeEnd;
             child = plan.items[std::size_t(child)].subtreeEnd) {
            PlanItem &item = plan.items[std::size_t(child)];
            item.partNameTaken = set.contains(partFileName(item.name));
        }
    }
}

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
        if (planned >= 0 && plan.items[std::size_t(planned)].kind == ItemKind::Directory)
            return 0;
        return error;
    }
    if (!S_ISDIR(st.st_mode))
        return ENOTDIR;
    if (::access(folder.constData(), W_OK | X_OK) != 0)
        return errno;
    return 0;
}

} // namespace

PreflightReport runPreflight(JobContext &job, Plan &plan)
{
    markTakenPartNames(plan);
    PreflightReport report;
    const CollisionPolicy policy = job.options.onCollision;
    qint64 needed = 0;
    qint64 replaced = 0;
    qint64 largestReplaced = 0;

    // The manifest is written at the end and never over an existing name (a source, a
    // copy): say so now rather than after the copy.
    if (const QByteArray &manifest = job.options.checksumFile; !manifest.isEmpty()) {
        struct stat st = {};
        if (::lstat(manifest.constData(), &st) == 0)
            report.fatal.append(CopyIssue::withDetail(
                FileOperation::Preflight, manifest,
                QCoreApplication::translate(
                    "Sluice::Preflight", "the checksum file already exists; choose a new name")));
        else if (const qint32 taken = plannedItemAt(plan, manifest); taken >= 0)
            report.fatal.append(CopyIssue::withDetail(
                FileOperation::Preflight, manifest,
                QCoreApplication::translate("Sluice::Preflight",
                                            "the copy of “%1” will have this name; choose "
                                            "another name for the checksum file")
                    .arg(NativePath::toDisplay(plan.sourcePath(taken)))));
        else if (const int error = manifestFolderError(plan, manifest))
            report.fatal.append(CopyIssue::withDetail(
                FileOperation::Preflight, manifest,
                QCoreApplication::translate("Sluice::Preflight",
                                            "the checksum file cannot be written in “%1”: %2")
                    .arg(NativePath::toDisplay(NativePath::parentPath(manifest)),
                         errnoText(error))));
    }

    const auto ranges = plan.rootRanges();
    for (qint32 rootIndex = 0; rootIndex < plan.roots.size(); ++rootIndex) {
        const PlanRoot &root = plan.roots[rootIndex];
        const auto [first, last] = ranges[rootIndex];
        UniqueFd parent(::open(root.destinationParent.constData(), DirectoryOpenFlags));
        if (!parent) {
            report.fatal.append(
                CopyIssue::fromErrno(FileOperation::Preflight, root.destinationParent, errno));
            continue;
        }
        // The copy creates (or replaces) the root's entry in this folder: it must be
        // writable for the effective ids, or not one byte could be written (a dry run would
        // otherwise report success). A folder merged into is checked item by item instead.
        struct stat rootEntry = {};
        const bool rootIsFolder =
            ::fstatat(parent.get(), root.destinationName.constData(), &rootEntry, 0) == 0
            && S_ISDIR(rootEntry.st_mode);
        if (!rootIsFolder && first < last
            && ::faccessat(parent.get(), ".", W_OK | X_OK, AT_EACCESS) != 0) {
            report.fatal.append(
                CopyIssue::fromErrno(FileOperation::Create, plan.destinationPath(first), errno));
            continue;
        }
        const auto destinationChain = folderAndAncestors(parent.get());
        const FileSystemLimits limits = detectFileSystemLimits(parent.get());
        LimitFindings findings;
        QSet<QPair<qint32, QString>> seenNames;
        QHash<QPair<qint32, QString>, qint32> firstOfName; // case-folded name → first item
        if (job.options.dryRun)
            reportStalePartFiles(parent.get(), root.destinationParent, {root.destinationName},
                                 job.issues);

        struct statfs sourceFs = {};
        if (::statfs(root.sourcePath.constData(), &sourceFs) == 0) {
            if (const char *pseudo = pseudoFileSystemName(long(sourceFs.f_type))) {
                report.warnings.append(CopyIssue::withDetail(
                    FileOperation::Preflight, root.sourcePath,
                    QCoreApplication::translate(
                        "Sluice::Preflight",
                        "on the %1 pseudo file system: sizes are unknown until the "
                        "content is read, so progress is approximate")
                        .arg(QLatin1String(pseudo)),
                    IssueSeverity::Warning));
            }
        }

        // Destination folders that exist, by plan index (-1: not there, nothing to probe).
        std::vector<std::pair<qint32, UniqueFd>> open;
        for (qint32 index = first; index < last; ++index) {
            PlanItem &item = plan.items[std::size_t(index)];
            while (!open.empty() && open.back().first != item.parent)
                open.pop_back();
            const int parentFd = item.parent < 0 ? parent.get()
                                 : open.empty()  ? -1
                                                 : open.back().second.get();
            const QByteArray name = item.parent < 0 ? root.destinationName : item.name;
            checkLimits(limits, item, index, name, plan, seenNames, findings);
            if (limits.caseInsensitive && item.kind != ItemKind::Directory) {
                // Two files of this copy whose names differ only in letter case are one name
                // there: the later one would replace (or be skipped for) the copy of the
                // earlier, and copied at the same time they have crashed exfat-fuse. Both go
                // through the serial path; only "rename" keeps both, otherwise the later one
                // is refused.
                const QPair<qint32, QString> key(item.parent,
                                                 QString::fromUtf8(name).toCaseFolded());
                const auto twin = firstOfName.constFind(key);
                if (twin == firstOfName.cend()) {
                    firstOfName.insert(key, index);
                } else {
                    plan.items[std::size_t(*twin)].serialOnly = true;
                    item.serialOnly = true;
                    if (policy != CollisionPolicy::Rename) {
                        item.refused = true;
                        report.refused.append(CopyIssue::withDetail(
                            FileOperation::Preflight, plan.sourcePath(index),
                            QCoreApplication::translate(
                                "Sluice::Preflight",
                                "%1 ignores letter case: this file would take the "
                                "place of the copy of “%2”; the “rename” policy "
                                "keeps both")
                                .arg(limits.typeName,
                                     NativePath::toDisplay(plan.items[std::size_t(*twin)].name))));
                        continue;
                    }
                }
            }
            if (limits.maxFileSize >= 0 && item.kind == ItemKind::File
                && item.size > limits.maxFileSize) {
                // No answer makes it fit: refuse it now rather than write gigabytes first
                // and fail at the limit (EFBIG). The warning above still lists it.
                item.refused = true;
                CopyIssue issue =
                    CopyIssue::fromErrno(FileOperation::Preflight, plan.sourcePath(index), EFBIG);
                issue.detail = QCoreApplication::translate("Sluice::Preflight",
                                                           "%1 holds at most %2 bytes in one file")
                                   .arg(limits.typeName)
                                   .arg(limits.maxFileSize);
                report.refused.append(issue);
                continue;
            }
            if (const QString why = unstorableReason(limits, item, name); !why.isEmpty()) {
                // No answer makes the destination store it: refuse it (a folder with what is
                // inside) before the first byte, rather than fail item by item with whatever
                // errno a FUSE driver picks (EPERM, EIO, ENOSYS). The warning lists it too.
                item.refused = true;
                report.refused.append(
                    CopyIssue::withDetail(FileOperation::Preflight, plan.sourcePath(index), why));
                index = item.subtreeEnd - 1;
                continue;
            }
            const qint64 need = spaceNeeded(item, limits.storesSparseFiles);
            needed += need;

            if (item.kind == ItemKind::Directory
                && destinationChain.contains(qMakePair(quint64(item.dev), quint64(item.ino)))) {
                CopyIssue issue = CopyIssue::withDetail(
                    FileOperation::Preflight, plan.sourcePath(index),
                    QCoreApplication::translate(
                        "Sluice::Preflight",
                        "cannot copy a folder into itself: the destination “%1” is "
                        "inside it")
                        .arg(NativePath::toDisplay(root.destinationParent)));
                report.fatal.append(issue);
                index = item.subtreeEnd - 1;
                continue;
            }
            if (parentFd < 0) {
                if (item.kind == ItemKind::Directory)
                    open.emplace_back(index, UniqueFd());
                continue;
            }
            struct stat existing = {};
            if (::fstatat(parentFd, name.constData(), &existing, AT_SYMLINK_NOFOLLOW) != 0) {
                if (item.kind == ItemKind::Directory)
                    open.emplace_back(index, UniqueFd());
                continue;
            }
            if (existing.st_dev == item.dev && existing.st_ino == item.ino) {
                item.refused = true;
                report.refused.append(CopyIssue::withDetail(
                    FileOperation::Preflight, plan.sourcePath(index),
                    QCoreApplication::translate("Sluice::Preflight",
                                                "source and destination “%1” are the same file")
                        .arg(NativePath::toDisplay(plan.destinationPath(index)))));
                index = item.subtreeEnd - 1;
                continue;
            }
            if (item.kind == ItemKind::Directory) {
                if (S_ISDIR(existing.st_mode)) {
                    needed -= need;
                    UniqueFd merged(
                        ::openat(parentFd, name.constData(), DirectoryOpenFlags | O_NOFOLLOW));
                    if (merged && job.options.dryRun)
                        reportStalePartFiles(merged.get(), plan.destinationPath(index),
                                             plan.childNames(index), job.issues);
                    open.emplace_back(index, std::move(merged));
                } else {
                    open.emplace_back(index, UniqueFd());
                }
                continue;
            }
            if (policy == CollisionPolicy::Skip) {
                needed -= need;
            } else if (policy != CollisionPolicy::Rename && S_ISREG(existing.st_mode)) {
                const qint64 allocated = qint64(existing.st_blocks) * 512;
                replaced += allocated;
                largestReplaced = std::max(largestReplaced, allocated);
            }
        }

        findings.appendTo(report.warnings);
        if (limits.timestampGranularityNs >= 1'000'000'000 && job.options.preserve.timestamps)
            report.warnings.append(CopyIssue::withDetail(
                FileOperation::Preflight, root.destinationParent,
                QCoreApplication::translate("Sluice::Preflight",
                                            "%1 stores modification times to the nearest %2 s only")
                    .arg(limits.typeName)
                    .arg(limits.timestampGranularityNs / 1'000'000'000),
                IssueSeverity::Warning));
        struct statvfs space = {};
        if (::fstatvfs(parent.get(), &space) == 0) {
            // f_bavail even for root: f_bfree - f_bavail is ext4's root reserve, but on btrfs
            // it is space no one can write (a fresh 160 MiB btrfs reports 154 MiB free and
            // 79 MiB available, and fallocate of 100 MiB fails as root). Like df's "Avail".
            report.bytesAvailable = qint64(space.f_bavail) * qint64(space.f_frsize);
        }
    }

    report.bytesNeeded = std::max<qint64>(0, needed - replaced + largestReplaced);
    if (!plan.roots.isEmpty() && report.bytesNeeded > report.bytesAvailable
        && report.bytesAvailable > 0) {
        report.warnings.append(CopyIssue::withDetail(
            FileOperation::Preflight, plan.roots.first().destinationParent,
            QCoreApplication::translate(
                "Sluice::Preflight", "not enough free space: the copy needs %1, %2 are available")
                .arg(formatSize(report.bytesNeeded), formatSize(report.bytesAvailable)),
            IssueSeverity::Warning));
    }
    qCDebug(lcPlan) << "preflight: need" << report.bytesNeeded << "available"
                    << report.bytesAvailable << "fatal" << report.fatal.size() << "warnings"
                    << report.warnings.size();
    return report;
}

} // namespace Sluice
