#pragma once

#include "plan.h"
#include "posixio.h"
#include "preflight.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <vector>

// Private to the preflight checks (preflight.cpp, limitcheck.cpp, spacecheck.cpp): the one
// walk over a root's destination that the checks probing it share.
namespace Sluice::Preflight {

inline const PlanItem &itemAt(const Plan &plan, qint32 index)
{
    return plan.items[std::size_t(index)];
}

// The name item @p index gets in its destination folder.
inline const QByteArray &destinationEntryName(const Plan &plan, qint32 index)
{
    const PlanItem &item = itemAt(plan, index);
    return item.parent < 0 ? plan.roots[item.root].destinationName : item.name;
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

} // namespace Sluice::Preflight
