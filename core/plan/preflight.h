#pragma once

#include "copyissue.h"
#include "plan.h"

namespace Sluice {

struct JobContext;

/// The findings of the checks made before the first byte is written.
struct PreflightReport
{
    /// Problems that stop the whole job (a folder copied into itself).
    CopyIssueList fatal;
    /// Items refused one by one (copying a file onto itself); the rest can go on. The
    /// refused items are marked PlanItem::refused.
    CopyIssueList refused;
    /// Things the person should know and may accept: not enough free space, names or sizes
    /// the destination file system cannot store, pseudo-files whose size is unknown.
    CopyIssueList warnings;
    /// Bytes the copy needs on each destination file system and bytes available there.
    qint64 bytesNeeded = 0;
    qint64 bytesAvailable = 0;
};

/// Runs every preflight check over @p plan (worker thread), probing the destination with
/// fstatat(2) only where a destination folder already exists:
/// - the folder each source goes into is writable for the effective ids
///   (faccessat(2) with AT_EACCESS) unless the source merges into an existing folder there
///   (fatal, reported as the source's entry that could not be created);
/// - a folder copied into itself or a subfolder, also through symlinks and bind mounts:
///   the destination's ancestors compared by st_dev/st_ino (fatal);
/// - a source and its destination being the same file (hard link, bind mount, or the
///   same path): compared by st_dev/st_ino (that item refused);
/// - free space from statvfs(3), net of files that would be replaced: allocated blocks
///   (st_blocks × 512) for sources, so sparse files count what they really occupy, plus the
///   largest replaced file, which exists twice until its part file is renamed over it;
/// - sources on /proc, /sys and similar pseudo file systems whose st_size is not their
///   content (statfs(2) f_type).
/// - the destination file system's limits (FileSystemLimits): file size, names it refuses or
///   that exceed its length, names equal but for letter case, symlinks and special files it
///   cannot store, coarse timestamps — one grouped warning per kind;
/// and removes part files left in the destination by interrupted runs (with a warning).
PreflightReport runPreflight(JobContext &job, Plan &plan);

} // namespace Sluice
