#pragma once

#include "posixio.h"

#include <QByteArray>
#include <QtGlobal>

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <sys/types.h>
#include <utility>
#include <vector>

namespace Sluice {

class DirectoryHandle;
using DirectoryRef = std::shared_ptr<DirectoryHandle>;

/// A source entry to delete once the copy that replaces it is durable (move).
struct PendingRemoval
{
    DirectoryRef sourceDirectory; ///< the folder holding the entry
    QByteArray name;              ///< entry name in it
    QByteArray path;              ///< for messages
    bool folder = false;          ///< rmdir instead of unlink
};

/// What verifyFolder() knows of a destination folder on a file system that names every
/// request by its path (sshfs, smbnetfs), to tell it from another folder the same path may
/// lead to on the server later: its type and permission bits, owner and group as opened (a
/// folder this job made has mode 0700 and this process's owner until it is finished) and the
/// newest modification time seen since, in nanoseconds since the epoch (an entry made in the
/// folder moves it forward). Written by guardFolder() before the handle is shared, then only
/// by verifyFolder() under `lock`, which is held across its statx(2): one check per folder at
/// a time, so that a check never sees an older state than one that ended before it began.
struct FolderIdentity
{
    mode_t mode = 0;
    uid_t uid = 0;
    gid_t gid = 0;
    qint64 openedMtimeNs = 0;
    qint64 newestMtimeNs = 0;
    bool checked = false; ///< a check passed: an entry may have been made since
    bool rebased = false; ///< the one step back allowed for a folder the job did not make
    int finding = 0;      ///< what verifyFolder() found once the folder is replaced
    int findingErrno = 0; ///< and the errno value it got, if any
    /// The name of the folder's sentinel (placeSentinel()), empty where it has none
    QByteArray sentinel;
    std::mutex lock;
};

/// An open folder on either side of a copy. Everything below it is reached with openat(2),
/// mkdirat(2), renameat2(2) relative to `fd`, so trees whose full paths exceed PATH_MAX copy
/// like any other, and a folder renamed or replaced by a symlink during the copy cannot
/// redirect writes. Shared (std::shared_ptr) by the tree walk, the small-file tasks inside it
/// and its child folders (`parent`): the `finalizer` runs when the last of them lets go,
/// that is after every child is done, which is when a folder's own permission bits and times
/// can be applied and, for a move, when its sources can be deleted (post-order, DESIGN.md
/// "Transfer"). Members other than the atomics and the removal list are set before the
/// handle is shared.
class DirectoryHandle final
{
public:
    DirectoryHandle(UniqueFd descriptor, QByteArray displayPath, dev_t deviceId, bool created)
        : fd(std::move(descriptor))
        , path(std::move(displayPath))
        , device(deviceId)
        , createdByCopy(created)
    {}
    ~DirectoryHandle()
    {
        if (finalizer)
            finalizer(*this);
    }
    DirectoryHandle(const DirectoryHandle &) = delete;
    DirectoryHandle &operator=(const DirectoryHandle &) = delete;

    /// Queues a source entry for deletion when this (destination) folder is complete.
    void addRemoval(PendingRemoval removal)
    {
        std::lock_guard lock(m_mutex);
        m_removals.push_back(std::move(removal));
    }
    std::vector<PendingRemoval> takeRemovals()
    {
        std::lock_guard lock(m_mutex);
        return std::move(m_removals);
    }

    /// Records @p partName, a part file an interrupted run left in this folder for the entry
    /// @p finalName that the job writes here (findStalePartFiles()).
    void addStalePart(const QByteArray &finalName, QByteArray partName)
    {
        std::lock_guard lock(m_mutex);
        m_staleParts.emplace_back(finalName, std::move(partName));
    }
    /// The stale part files recorded for @p finalName, forgotten here: the item of that name
    /// removes them just before it is written (an item that is skipped leaves them alone).
    std::vector<QByteArray> takeStaleParts(const QByteArray &finalName)
    {
        std::vector<QByteArray> taken;
        std::lock_guard lock(m_mutex);
        if (m_staleParts.empty())
            return taken;
        for (auto it = m_staleParts.begin(); it != m_staleParts.end();) {
            if (it->first == finalName) {
                taken.push_back(std::move(it->second));
                it = m_staleParts.erase(it);
            } else {
                ++it;
            }
        }
        return taken;
    }

    UniqueFd fd;
    QByteArray path; ///< native path for messages (may exceed PATH_MAX)
    dev_t device = 0;
    /// Created by this job, so it started empty: no collisions possible inside.
    bool createdByCopy = false;
    /// Created by this job and without a default ACL: a file created inside gets exactly
    /// open(2)'s mode masked by the umask. Where a default ACL was inherited, it replaces the
    /// umask and decides the group bits (acl(5)), so the final mode must be set explicitly.
    bool modeFollowsUmask = false;
    /// A destination folder on a file system that names every request by its path
    /// (FileSystemProbe::descriptorsPinFolders false: sshfs, smbnetfs): verifyFolder() asks
    /// for it again before each entry is created or renamed in it.
    bool verifyBeforeWrites = false;
    /// verifyFolder() found it replaced or gone: nothing more is written into it.
    std::atomic<bool> replaced{false};
    /// Where verifyBeforeWrites: what the folder was when opened (guardFolder()).
    FolderIdentity identity;
    /// The destination folder this one is inside (keeps it open and unfinished until this
    /// one is finished); null for the folders a job starts from.
    DirectoryRef parent;
    /// Move: the source folder this destination folder replaces, deleted from its parent
    /// once everything in it has been moved.
    std::optional<PendingRemoval> source;
    /// Set when a child was not copied (or not moved): a moved folder's source then stays.
    std::atomic<bool> incomplete{false};
    /// fileSystemId() of this folder (resumepart.h), 0 until fileSystemIdOf() first learns
    /// it: every entry made in the folder is on its file system, so one fstatfs(2) per folder
    /// serves the journal's record of each file finished in it.
    std::atomic<quint64> fileSystemId{0};
    /// Runs in the destructor, on whichever thread releases the last reference.
    std::function<void(DirectoryHandle &)> finalizer;

private:
    std::mutex m_mutex;
    std::vector<PendingRemoval> m_removals;
    std::vector<std::pair<QByteArray, QByteArray>> m_staleParts; ///< final name, part name
};

} // namespace Sluice
