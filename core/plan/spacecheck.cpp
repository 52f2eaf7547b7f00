#include "preflight.h"

#include "destinationwalk.h"
#include "filesystemlimits.h"
#include "jobcontext.h"
#include "nativepath.h"

#include <QCoreApplication>
#include <QHash>
#include <QLocale>
#include <QSet>

#include <optional>
#include <sys/statvfs.h>

namespace Sluice::Preflight {

namespace {

constexpr qint64 FolderBytes = 4096; // what a new folder costs on most file systems

QString formatSize(qint64 bytes)
{
    return QLocale::c().formattedDataSize(bytes, 1, QLocale::DataSizeIecFormat);
}

// ---- free space ----

qint64 spaceNeeded(const PlanItem &item, bool sparseKept)
{
    if (item.kind == ItemKind::Directory)
        return FolderBytes;
    // A further name of a hard-linked file costs nothing, unless it becomes a copy of its own
    // (no hard links there: PlanItem::lossNamed).
    if (item.kind != ItemKind::File || (item.hardLinkOf >= 0 && !item.lossNamed))
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
        if (::fstatvfs(folderFd, &space) == 0) {
            fs.bytesAvailable = qint64(space.f_bavail) * qint64(space.f_frsize);
            fs.sizeReported = space.f_blocks > 0;
        }
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

} // namespace

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
        if (!fs.sizeReported && fs.bytesNeeded > 0)
            found.warnings.append(CopyIssue::withDetail(
                FileOperation::Preflight, fs.folder,
                QCoreApplication::translate("Sluice::Preflight",
                                            "free space cannot be checked: the file system "
                                            "reports no size (the copy needs %1)")
                    .arg(formatSize(fs.bytesNeeded)),
                IssueSeverity::Warning));
        if (fs.bytesNeeded > fs.bytesAvailable && fs.bytesAvailable > 0)
            found.warnings.append(CopyIssue::withDetail(
                FileOperation::Preflight, fs.folder,
                QCoreApplication::translate(
                    "Sluice::Preflight",
                    "not enough free space: the copy needs %1, %2 are available")
                    .arg(formatSize(fs.bytesNeeded), formatSize(fs.bytesAvailable)),
                IssueSeverity::Warning));
    }
    return found;
}

} // namespace Sluice::Preflight
