#include "preflight.h"

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

constexpr qint64 FolderBytes = 4096; // what a new folder costs on most file systems

QString tr(const char *text)
{
    return QCoreApplication::translate("Sluice::Preflight", text);
}

const PlanItem &itemAt(const Plan &plan, qint32 index)
{
    return plan.items[std::size_t(index)];
}

// The name item @p index gets in its destination folder.
const QByteArray &destinationEntryName(const Plan &plan, qint32 index)
{
    const PlanItem &item = itemAt(plan, index);
    return item.parent < 0 ? plan.roots[item.root].destinationName : item.name;
}

bool isSpecial(ItemKind kind)
{
    return kind == ItemKind::Fifo || kind == ItemKind::Socket || kind == ItemKind::CharDevice
           || kind == ItemKind::BlockDevice;
}

QString formatSize(qint64 bytes)
{
    return QLocale::c().formattedDataSize(bytes, 1, QLocale::DataSizeIecFormat);
}

// ---- the destination as it is: one walk, shared by the checks that probe it ----

// One item and what its destination already holds.
struct DestinationEntry
{
    qint32 index = 0;
    const struct stat *existing = nullptr; // the entry there (lstat), or nullptr: none
    int mergedFd = -1; // a folder item whose entry is a folder: that folder, open
    int folderFd = -1; // the destination folder the item goes in, or -1: not there yet
    dev_t device = 0;  // the file system the item is written onto (its folder's st_dev)
};

enum class Visit { Descend, SkipSubtree };

// Calls @p visit for each item of @p destination's root in plan order, skipping refused
// items and the subtrees @p visit declines. Destination folders are probed only where they
// exist (fstatat(2) with AT_SYMLINK_NOFOLLOW, openat(2) with O_NOFOLLOW); nothing written.
template<typename Visitor>
void walkDestination(const Plan &plan, const Destination &destination, Visitor &&visit)
{
    struct Folder
    {
        qint32 index;
        UniqueFd fd;  // invalid: not there yet
        dev_t device; // where its entries go: its own st_dev, or its folder's when new
    };
    std::vector<Folder> open; // the destination folders of the folder items on the path
    for (qint32 index = destination.first; index < destination.end; ++index) {
        const PlanItem &item = itemAt(plan, index);
        while (!open.empty() && open.back().index != item.parent)
            open.pop_back();
        if (item.refused) {
            index = item.subtreeEnd - 1;
            continue;
        }
        const int parentFd = item.parent < 0 ? destination.folder.get()
                             : open.empty()  ? -1
                                             : open.back().fd.get();
        const dev_t device = item.parent < 0 ? destination.device : open.back().device;
        const QByteArray &name = destinationEntryName(plan, index);
        struct stat existing = {};
        const bool exists =
            parentFd >= 0
            && ::fstatat(parentFd, name.constData(), &existing, AT_SYMLINK_NOFOLLOW) == 0;
        UniqueFd merged;
        if (exists && item.kind == ItemKind::Directory && S_ISDIR(existing.st_mode))
            merged.reset(::openat(parentFd, name.constData(), DirectoryOpenFlags | O_NOFOLLOW));
        const DestinationEntry entry{index, exists ? &existing : nullptr,
                                     merged ? merged.get() : -1, parentFd, device};
        if (visit(entry) == Visit::SkipSubtree)
            index = item.subtreeEnd - 1;
        else if (item.kind == ItemKind::Directory)
            open.push_back(
                {index, std::move(merged), entry.mergedFd >= 0 ? existing.st_dev : device});
    }
}

// ---- limits of the destination file system: each limit decided once ----

// An item the destination file system cannot store as it is.
struct LimitViolation
{
    QString group;                    // violations of one group become one warning
    QString warning;                  // that warning's detail
    std::optional<CopyIssue> refusal; // the item cannot be stored: refuse it
    std::vector<qint32> serialOnly;   // items that must not be copied at the same time
};

std::optional<LimitViolation> sizeLimit(const FileSystemLimits &limits, const Plan &plan,
                                        qint32 index)
{
    const PlanItem &item = itemAt(plan, index);
    if (limits.maxFileSize < 0 || item.kind != ItemKind::File || item.size <= limits.maxFileSize)
        return std::nullopt;
    // No answer makes it fit: refuse it now rather than write gigabytes first and fail at
    // the limit (EFBIG).
    CopyIssue refusal =
        CopyIssue::fromErrno(FileOperation::Preflight, plan.sourcePath(index), EFBIG);
    refusal.detail =
        tr("%1 holds at most %2 bytes in one file").arg(limits.typeName).arg(limits.maxFileSize);
    return LimitViolation{QStringLiteral("size"),
                          tr("larger than %1 can store in one file (%2 bytes at most)")
                              .arg(limits.typeName)
                              .arg(limits.maxFileSize),
                          refusal,
                          {}};
}

// No answer makes the destination store these: refuse them (a folder with what is inside)
// before the first byte, rather than fail item by item with whatever errno a FUSE driver
// picks (EPERM, EIO, ENOSYS).
std::optional<LimitViolation> refusedLimit(const Plan &plan, qint32 index, const QString &group,
                                           const QString &why)
{
    return LimitViolation{
        group,
        why,
        CopyIssue::withDetail(FileOperation::Preflight, plan.sourcePath(index), why),
        {}};
}

std::optional<LimitViolation> nameLimit(const FileSystemLimits &limits, const Plan &plan,
                                        qint32 index)
{
    const QString problem = limits.nameProblem(destinationEntryName(plan, index));
    if (problem.isEmpty())
        return std::nullopt;
    return refusedLimit(plan, index, QStringLiteral("name:") + problem.left(20), problem);
}

std::optional<LimitViolation> kindLimit(const FileSystemLimits &limits, const Plan &plan,
                                        qint32 index)
{
    const ItemKind kind = itemAt(plan, index).kind;
    if (kind == ItemKind::Symlink && !limits.storesSymlinks)
        return refusedLimit(plan, index, QStringLiteral("symlink"),
                            tr("%1 cannot store symbolic links").arg(limits.typeName));
    if (isSpecial(kind) && !limits.storesSpecialFiles)
        return refusedLimit(
            plan, index, QStringLiteral("special"),
            tr("%1 cannot store FIFOs, sockets or device nodes").arg(limits.typeName));
    return std::nullopt;
}

// Names equal but for letter case, on a file system that ignores it: the names seen so far
// in each folder (any kind) and the first file of each.
class CaseFolding final
{
public:
    std::optional<LimitViolation> check(const FileSystemLimits &limits, const Plan &plan,
                                        qint32 index, CollisionPolicy policy);

private:
    using Key = QPair<qint32, QString>; // parent item, case-folded name
    QSet<Key> m_seen;
    QHash<Key, qint32> m_firstFile;
};

std::optional<LimitViolation> CaseFolding::check(const FileSystemLimits &limits, const Plan &plan,
                                                 qint32 index, CollisionPolicy policy)
{
    if (!limits.caseInsensitive)
        return std::nullopt;
    const PlanItem &item = itemAt(plan, index);
    const Key key(item.parent, QString::fromUtf8(destinationEntryName(plan, index)).toCaseFolded());
    const bool repeated = m_seen.contains(key);
    m_seen.insert(key);
    std::optional<LimitViolation> violation;
    if (repeated)
        violation = LimitViolation{QStringLiteral("case"),
                                   tr("%1 ignores letter case, so this name and another in the "
                                      "same folder become one")
                                       .arg(limits.typeName),
                                   std::nullopt,
                                   {}};
    if (item.kind == ItemKind::Directory)
        return violation;
    const auto twin = m_firstFile.constFind(key);
    if (twin == m_firstFile.cend()) {
        m_firstFile.insert(key, index);
        return violation;
    }
    Q_ASSERT(violation); // a file's name is among the names seen when a file had it
    // Two files whose names differ only in letter case are one name there: the later one
    // would replace (or be skipped for) the copy of the earlier, and copied at the same time
    // they have crashed exfat-fuse. Both go through the serial path; only "rename" keeps
    // both, otherwise the later one is refused.
    violation->serialOnly = {*twin, index};
    if (policy != CollisionPolicy::Rename)
        violation->refusal = CopyIssue::withDetail(
            FileOperation::Preflight, plan.sourcePath(index),
            tr("%1 ignores letter case: this file would take the place of the copy of “%2”; "
               "the “rename” policy keeps both")
                .arg(limits.typeName, NativePath::toDisplay(itemAt(plan, *twin).name)));
    return violation;
}

// Items the destination file system cannot store, grouped by kind of problem: one warning
// per kind names the first item and counts the rest.
class GroupedWarnings final
{
public:
    void add(const QString &group, const QByteArray &path, const QString &detail)
    {
        auto found = m_byGroup.find(group);
        if (found == m_byGroup.end()) {
            m_order << group;
            m_byGroup.insert(group, CopyIssue::withDetail(FileOperation::Preflight, path, detail,
                                                          IssueSeverity::Warning));
        } else {
            ++found->similarCount;
        }
    }
    void appendTo(CopyIssueList &warnings) const
    {
        for (const QString &group : m_order)
            warnings.append(m_byGroup.value(group));
    }

private:
    QStringList m_order;
    QHash<QString, CopyIssue> m_byGroup;
};

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

// ---- free space ----

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

// What one root needs on its destination file system, in bytes.
struct SpaceTally
{
    qint64 needed = 0;          // what its new entries occupy
    qint64 replaced = 0;        // what the files it replaces occupy now (freed)
    qint64 largestReplaced = 0; // exists twice until its part file is renamed over it

    void merge(const SpaceTally &other)
    {
        needed += other.needed;
        replaced += other.replaced;
        largestReplaced = std::max(largestReplaced, other.largestReplaced);
    }
    qint64 net() const { return std::max<qint64>(0, needed - replaced + largestReplaced); }
};

// What the roots need on each destination file system, in the order first reached.
class SpaceBook final
{
public:
    // The tally of file system @p device, first reached through the open folder @p folderFd
    // (native path @p folder).
    SpaceTally &on(dev_t device, int folderFd, const std::function<QByteArray()> &folder)
    {
        for (std::size_t i = 0; i < m_space.size(); ++i) {
            if (m_space[i].device == device)
                return m_tallies[i];
        }
        FileSystemSpace fs;
        fs.device = device;
        fs.folder = folder();
        struct statvfs space = {};
        // f_bavail even for root: f_bfree - f_bavail is ext4's root reserve, but on btrfs
        // it is space no one can write (a fresh 160 MiB btrfs reports 154 MiB free and
        // 79 MiB available, and fallocate of 100 MiB fails as root). Like df's "Avail".
        if (::fstatvfs(folderFd, &space) == 0)
            fs.bytesAvailable = qint64(space.f_bavail) * qint64(space.f_frsize);
        m_space.push_back(fs);
        m_tallies.emplace_back();
        return m_tallies.back();
    }
    // The figures, with bytesNeeded net of what replaced files free.
    QList<FileSystemSpace> space() const
    {
        QList<FileSystemSpace> space;
        for (std::size_t i = 0; i < m_space.size(); ++i) {
            space.append(m_space[i]);
            space.back().bytesNeeded = m_tallies[i].net();
        }
        return space;
    }

private:
    std::vector<FileSystemSpace> m_space;
    std::vector<SpaceTally> m_tallies; // parallel to m_space
};

void tallySpace(const Plan &plan, const Destination &destination, CollisionPolicy policy,
                SpaceBook &book)
{
    const bool sparseKept = destination.limits.storesSparseFiles;
    walkDestination(plan, destination, [&](const DestinationEntry &entry) {
        const PlanItem &item = itemAt(plan, entry.index);
        SpaceTally &tally = book.on(entry.device, entry.folderFd, [&] {
            return item.parent < 0 ? plan.roots[item.root].destinationParent
                                   : plan.destinationPath(item.parent);
        });
        const qint64 need = spaceNeeded(item, sparseKept);
        if (!entry.existing) {
            tally.needed += need;
        } else if (item.kind == ItemKind::Directory) {
            tally.needed += S_ISDIR(entry.existing->st_mode) ? 0 : need; // merged: no cost
        } else if (policy != CollisionPolicy::Skip) {
            tally.needed += need;
            if (policy != CollisionPolicy::Rename && S_ISREG(entry.existing->st_mode)) {
                const qint64 allocated = qint64(entry.existing->st_blocks) * 512;
                tally.replaced += allocated;
                tally.largestReplaced = std::max(tally.largestReplaced, allocated);
            }
        }
        return Visit::Descend;
    });
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
    for (const QByteArray &name : findStalePartFiles(directoryFd, plannedNames))
        notes.append(CopyIssue::withDetail(
            FileOperation::Preflight, NativePath::join(directoryPath, name),
            QCoreApplication::translate(
                "Sluice::PartFile", "a part file left by an interrupted copy; copying removes it"),
            IssueSeverity::Warning));
}

} // namespace

std::vector<Destination> openDestinations(const Plan &plan)
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
        struct stat entry = {};
        destination.mergesIntoFolder =
            destination.folder
            && ::fstatat(destination.folder.get(), root.destinationName.constData(), &entry, 0) == 0
            && S_ISDIR(entry.st_mode);
        if (destination.folder)
            destination.limits = detectFileSystemLimits(destination.folder.get());
        destinations.push_back(std::move(destination));
    }
    return destinations;
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
        why = tr("the checksum file already exists; choose a new name");
    else if (const qint32 taken = plannedItemAt(plan, checksumFile); taken >= 0)
        why = tr("the copy of “%1” will have this name; choose another name for the checksum "
                 "file")
                  .arg(NativePath::toDisplay(plan.sourcePath(taken)));
    else if (const int error = manifestFolderError(plan, checksumFile))
        why =
            tr("the checksum file cannot be written in “%1”: %2")
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
    if (::statfs(source.constData(), &fs) != 0)
        return found;
    if (const char *pseudo = pseudoFileSystemName(long(fs.f_type)))
        found.warnings.append(CopyIssue::withDetail(
            FileOperation::Preflight, source,
            tr("on the %1 pseudo file system: sizes are unknown until the content is read, so "
               "progress is approximate")
                .arg(QLatin1String(pseudo)),
            IssueSeverity::Warning));
    return found;
}

Findings checkFileSystemLimits(const Plan &plan, const Destination &destination,
                               CollisionPolicy policy, bool preserveTimestamps)
{
    Findings found;
    const FileSystemLimits &limits = destination.limits;
    GroupedWarnings grouped;
    CaseFolding caseFolding;
    for (qint32 index = destination.first; index < destination.end; ++index) {
        const PlanItem &item = itemAt(plan, index);
        if (item.refused) {
            index = item.subtreeEnd - 1;
            continue;
        }
        const auto size = sizeLimit(limits, plan, index);
        const auto name = nameLimit(limits, plan, index);
        const auto twin = caseFolding.check(limits, plan, index, policy);
        const auto kind = kindLimit(limits, plan, index);
        for (const auto *violation : {&size, &name, &twin, &kind}) {
            if (*violation)
                grouped.add((*violation)->group, plan.sourcePath(index), (*violation)->warning);
        }
        if (twin) {
            found.serialOnly.insert(found.serialOnly.end(), twin->serialOnly.cbegin(),
                                    twin->serialOnly.cend());
        }
        // One refusal per item, the first that applies; a folder goes with its subtree.
        for (const auto *violation : {&twin, &size, &name, &kind}) {
            if (*violation && (*violation)->refusal) {
                found.refusals.push_back({index, *(*violation)->refusal});
                index = item.subtreeEnd - 1;
                break;
            }
        }
    }
    grouped.appendTo(found.warnings);
    if (limits.timestampGranularityNs >= 1'000'000'000 && preserveTimestamps)
        found.warnings.append(CopyIssue::withDetail(
            FileOperation::Preflight, plan.roots[destination.root].destinationParent,
            tr("%1 stores modification times to the nearest %2 s only")
                .arg(limits.typeName)
                .arg(limits.timestampGranularityNs / 1'000'000'000),
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
                tr("cannot copy a folder into itself: the destination “%1” is inside it")
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
            {entry.index, CopyIssue::withDetail(
                              FileOperation::Preflight, plan.sourcePath(entry.index),
                              tr("source and destination “%1” are the same file")
                                  .arg(NativePath::toDisplay(plan.destinationPath(entry.index))))});
        return Visit::SkipSubtree;
    });
    return found;
}

Findings checkStalePartFiles(const Plan &plan, const Destination &destination)
{
    Findings found;
    const PlanRoot &root = plan.roots[destination.root];
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

Findings checkFreeSpace(const Plan &plan, const std::vector<Destination> &destinations,
                        CollisionPolicy policy)
{
    Findings found;
    SpaceBook book;
    for (const Destination &destination : destinations) {
        if (destination.folder)
            tallySpace(plan, destination, policy, book);
    }
    found.space = book.space();
    for (const FileSystemSpace &fs : std::as_const(found.space)) {
        if (fs.bytesNeeded > fs.bytesAvailable && fs.bytesAvailable > 0)
            found.warnings.append(CopyIssue::withDetail(
                FileOperation::Preflight, fs.folder,
                tr("not enough free space: the copy needs %1, %2 are available")
                    .arg(formatSize(fs.bytesNeeded), formatSize(fs.bytesAvailable)),
                IssueSeverity::Warning));
    }
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
        applier.apply(checkFolderIntoItself(plan, destination));
        applier.apply(checkSameFile(plan, destination));
        if (options.dryRun)
            applier.apply(checkStalePartFiles(plan, destination));
        usable.push_back(std::move(destination));
    }
    applier.apply(checkFreeSpace(plan, usable, options.onCollision));
    applier.finish();
    qCDebug(lcPlan) << "preflight: need" << report.bytesNeeded << "available"
                    << report.bytesAvailable << "fatal" << report.fatal.size() << "warnings"
                    << report.warnings.size() << "refused" << report.refused.size();
    return report;
}

} // namespace Sluice
