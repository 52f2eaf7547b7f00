#pragma once

#include "posixio.h"

#include <QByteArray>

#include <atomic>
#include <functional>
#include <memory>
#include <sys/types.h>

namespace Sluice {

/// An open folder on either side of a copy. Everything below it is reached with openat(2),
/// mkdirat(2), renameat2(2) relative to `fd`, so trees whose full paths exceed PATH_MAX copy
/// like any other, and a folder renamed or replaced by a symlink during the copy cannot
/// redirect writes. Shared (std::shared_ptr) by the tree walk and the small-file tasks
/// inside it: the `finalizer` runs when the last of them lets go, that is after every child
/// is done, which is when a folder's own permission bits and times can be applied
/// (post-order, DESIGN.md "Transfer").
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

    UniqueFd fd;
    QByteArray path; ///< native path for messages (may exceed PATH_MAX)
    dev_t device = 0;
    /// Created by this job, so it started empty: no collisions possible inside.
    bool createdByCopy = false;
    /// Set when a child was not copied (or not moved), e.g. to keep a moved folder's source.
    std::atomic<bool> incomplete{false};
    /// Runs in the destructor, on whichever thread releases the last reference.
    std::function<void(DirectoryHandle &)> finalizer;
};

using DirectoryRef = std::shared_ptr<DirectoryHandle>;

} // namespace Sluice
