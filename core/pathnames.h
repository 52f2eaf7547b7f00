#pragma once

#include <QByteArray>
#include <QString>

#include <optional>

namespace Sluice {

/// A name in a path that the file system it would be on cannot store (findPathNameProblem()).
struct PathNameProblem
{
    QByteArray path; ///< @p path up to and including that name (native bytes)
    QString problem; ///< why, as FileSystemLimits::nameProblem() says it (translated)
};

/// Which names findPathNameProblem() reports.
enum class PathNameRule : quint8 {
    Storable,     ///< every name the file system cannot store (a path to write to)
    SafeToLookUp, ///< only those where a lookup of such a name breaks the mount (a path to
                  ///< read from: FileSystemLimits::lookupsOfUnstorableNamesBreak, smbnetfs)
};

/// The first name of native path @p path (absolute, or relative to the working folder) that
/// the file system of the folder holding it cannot store, or nothing. Each name is judged by
/// the limits of its folder's file system under @p rule (statfs(2) and /proc/self/mountinfo,
/// learned once per device) before it is looked up: the folders are opened one by one from "/" or
/// "." with openat(2) and O_PATH, and a name is looked up only once it has passed. Names below the
/// first one that cannot be opened (it does not exist yet, or is not a folder) are judged by the
/// last folder reached, where they would be made. So a name such as "nd\xFF" never reaches
/// smbnetfs, which answers a lookup of a name that is not UTF-8 with EIO and then fails every
/// request to that server for seconds. The last name is judged, never opened;
/// "." and ".." pass. Symbolic links on the way are followed by openat(2) (what their
/// targets hold is not judged). Only opens folders; any thread.
std::optional<PathNameProblem> findPathNameProblem(const QByteArray &path,
                                                   PathNameRule rule = PathNameRule::Storable);

} // namespace Sluice
