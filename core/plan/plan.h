#pragma once

#include "itemkind.h"

#include <QByteArray>
#include <QList>

#include <ctime>
#include <sys/stat.h>
#include <utility>
#include <vector>

namespace Sluice {

/// One entry to copy. Compact on purpose (about 150 bytes plus the name): a plan of a
/// million files stays in the low hundreds of MiB, and memory never depends on file sizes.
/// Items are stored in pre-order, so a folder's descendants are the contiguous range
/// (index, subtreeEnd).
struct PlanItem
{
    QByteArray name;        ///< entry name in the source folder (roots: PlanRoot::sourceName)
    qint32 parent = -1;     ///< index of the parent Directory item; -1 for a root
    qint32 root = 0;        ///< index in Plan::roots
    qint32 subtreeEnd = 0;  ///< one past the last descendant (index + 1 for non-folders)
    qint32 hardLinkOf = -1; ///< earlier item with the same inode (hard links kept), or -1
    ItemKind kind = ItemKind::File;
    bool refused = false; ///< preflight refused it (and its subtree): counted as failed
    /// Never copied by the small-file pool: its name and another one's are the same name to
    /// the destination (letter case), so the two must not be written at the same time.
    bool serialOnly = false;
    /// A sibling in the same source folder is named like this item's part file
    /// (".<name>.sluice-part"), so this item writes through partFileName(name, true).
    bool partNameTaken = false;
    /// Folders: the filter left out something below it, so a move must not rename it whole
    /// nor delete its source (CopyOptions::filter).
    bool leftOutBelow = false;
    /// The preflight found its destination name taken and the collision policy (Skip, or
    /// Newer with an existing copy at least as new) will skip it without asking: its bytes
    /// leave the remaining work before the first byte is copied.
    bool skipExpected = false;
    /// The preflight's warnings already say what this item loses at its destination (a
    /// further hard-link name that becomes a separate copy, a symbolic link copied without
    /// its times and owner): the transfer does not say it again.
    bool lossNamed = false;
    mode_t mode = 0;
    uid_t uid = 0;
    gid_t gid = 0;
    nlink_t nlink = 1;
    dev_t dev = 0;
    ino_t ino = 0;
    dev_t rdev = 0;
    qint64 size = 0;         ///< st_size, bytes (apparent size; may lie for /proc files)
    qint64 allocated = 0;    ///< st_blocks × 512, bytes really stored
    qint64 subtreeBytes = 0; ///< folders: bytes of the files below, counted once
    timespec atime{};
    timespec mtime{};

    /// Bytes this item adds to the job's total: 0 for folders, and for further hard-link names
    /// unless they become copies of their own (lossNamed: the destination has no hard links).
    qint64 countedBytes() const
    {
        return kind == ItemKind::File && (hardLinkOf < 0 || lossNamed) ? size : 0;
    }
};

/// One source named in the request, and where it goes.
struct PlanRoot
{
    QByteArray sourcePath;        ///< as given (native bytes)
    QByteArray sourceParent;      ///< folder holding it
    QByteArray sourceName;        ///< its entry name in sourceParent
    QByteArray destinationParent; ///< existing folder the copy is created in
    QByteArray destinationName;   ///< name of the copy in destinationParent
    bool followRoot = false;      ///< the root itself is reached through a symlink
};

/// The result of walking the sources: every item in copy order, with totals.
struct Plan
{
    QList<PlanRoot> roots;
    std::vector<PlanItem> items;
    qint64 totalBytes = 0;  ///< sum of countedBytes()
    qint64 fileCount = 0;   ///< File items, hard links included
    qint64 failedItems = 0; ///< entries that could not be planned (already reported)
    /// Entries never looked up, since their file system cannot carry their names
    /// (FileSystemLimits::lookupsOfUnstorableNamesBreak; already reported): failed.
    qint64 unreadNames = 0;
    /// Entries whose error aborted the job (ErrorPolicy::Abort, or "abort" answered; already
    /// reported): failed. A cancel while asking leaves its entry uncounted, as in the copy.
    qint64 abortedItems = 0;
    /// Entries the filter left out (a folder left out counts once: it is not listed), and
    /// the folders left empty by it unless CopyFilter::keepEmptyFolders.
    qint64 leftOutItems = 0;
    qint64 leftOutBytes = 0; ///< st_size of the regular files left out
    /// Their source paths, in walk order (dry runs, and copies with CopyOptions::listLeftOut).
    QList<QByteArray> leftOutPaths;
    qint64 leftOutFolders = 0; ///< of leftOutItems, folders left out whole (not listed)

    /// The native source path of item @p index (built from its ancestors' names; may be
    /// longer than PATH_MAX, so it is for messages, not for system calls).
    QByteArray sourcePath(qsizetype index) const;
    /// The native destination path item @p index would get, under its root's names.
    QByteArray destinationPath(qsizetype index) const;
    /// The items of each root, in root order, as [first, end) index ranges: a root's items
    /// are one contiguous run of the pre-order walk.
    QList<std::pair<qint32, qint32>> rootRanges() const;
    /// The names of the direct children of folder item @p folder, in plan order, without the
    /// refused ones (never written, and their names may be ones the destination must never be
    /// asked about).
    QList<QByteArray> childNames(qint32 folder) const;
    /// Marks item @p index PlanItem::lossNamed. A further hard-link name then becomes a copy
    /// of its own, so its size joins totalBytes and its folders' subtreeBytes: the job's size
    /// is what it will copy (a summary of "4 bytes copied of 2 planned" did not add up).
    void markLossNamed(qint32 index);
};

} // namespace Sluice
