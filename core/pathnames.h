#pragma once

#include <QByteArray>
#include <QString>

#include <optional>

namespace Sluice {

/// A name in a path that the file system it would be on cannot store (findPathNameProblem()).
struct PathNameProblem
{
    /// @p path up to and including that name (native bytes); when the name is one of a
    /// symbolic link's target, up to and including the name in @p path that is the link
    QByteArray path;
    QString problem; ///< why, as FileSystemLimits::nameProblem() says it (translated)
    /// Where a symbolic link was followed on the way: the real, absolute path of the name
    /// (native bytes; "/mnt/share/nd\xFF" for "/tmp/link/nd\xFF" where "/tmp/link" leads to
    /// "/mnt/share"); empty when no link was followed.
    QByteArray resolved;
};

/// Which names findPathNameProblem() reports.
enum class PathNameRule : quint8 {
    Storable,     ///< every name the file system cannot store (a path to write to)
    SafeToLookUp, ///< only those where a lookup of such a name breaks the mount (a path to
                  ///< read from: FileSystemLimits::lookupsOfUnstorableNamesBreak, smbnetfs)
};

/// Whether findPathNameProblem() follows a symbolic link that is the path's last name.
enum class LastName : quint8 {
    Followed,    ///< as stat(2) does (a destination; a source copied through its link)
    NotFollowed, ///< as lstat(2) does (a source copied as a link); never looked up
};

/// The first name of native path @p path (absolute, or relative to the working folder) that
/// the file system of the folder holding it cannot store, or nothing. Each name is judged by
/// the limits of the file system of the folder it really is in under @p rule (statfs(2) and
/// /proc/self/mountinfo, learned once per device) before it is looked up: the folders are
/// opened one by one from "/" (a relative path after the working folder's names, which are
/// walked, not judged) with openat(2), O_PATH and O_NOFOLLOW, and a name is looked up only
/// once it has passed. A symbolic link on the way, or the last name under
/// LastName::Followed, is read (readlinkat(2)) and its target's names are walked in its
/// place as the kernel would (from "/" for an absolute target; at most 40 links, the kernel's
/// ELOOP limit), so a link to a folder on another file system has the names after it judged
/// by that one's limits, and a link's own target names are judged too. ".." goes back to the
/// folder the walk came from (the real parent). Names below the first one that cannot be
/// opened (it does not exist yet, or is not a folder) are judged by the last folder reached,
/// where they would be made. So a name such as "nd\xFF" never reaches smbnetfs, which answers
/// a lookup of a name that is not UTF-8 with EIO and then fails every request to that server
/// for seconds, whichever link leads there. "." and ".." pass. Only opens folders and
/// reads links; any thread.
std::optional<PathNameProblem> findPathNameProblem(const QByteArray &path,
                                                   PathNameRule rule = PathNameRule::Storable,
                                                   LastName last = LastName::Followed);

} // namespace Sluice
