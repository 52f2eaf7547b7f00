#pragma once

#include "copyissue.h"
#include "copyoptions.h"
#include "filesystemlimits.h"
#include "fsprobe.h"
#include "plan.h"
#include "posixio.h"

#include <QHash>
#include <QList>

#include <sys/types.h>
#include <vector>

namespace Sluice {

struct JobContext;
struct ResumeState;

/// Room for the copy on one destination file system.
struct FileSystemSpace
{
    dev_t device = 0;          ///< st_dev of the destination folders on it
    QByteArray folder;         ///< the first destination folder the copy reaches on it
    qint64 bytesNeeded = 0;    ///< bytes the copy needs there, net of replaced files
    qint64 bytesAvailable = 0; ///< statvfs(3) f_bavail × f_frsize; 0 when unknown
    /// statvfs(3) reports a size (f_blocks > 0). smbnetfs reports 0 blocks and 0 free:
    /// there the free space cannot be checked, which the preflight says.
    bool sizeReported = true;
};

/// The findings of the checks made before the first byte is written.
struct PreflightReport
{
    /// Problems that stop the whole job (a folder copied into itself).
    CopyIssueList fatal;
    /// Items refused one by one (copying a file onto itself), in plan order; the rest can go
    /// on. The refused items are marked PlanItem::refused.
    CopyIssueList refused;
    /// Things the person should know and may accept: not enough free space, names or sizes
    /// the destination file system cannot store, pseudo-files whose size is unknown.
    CopyIssueList warnings;
    /// Room on each destination file system, in the order the roots first reach them.
    QList<FileSystemSpace> space;
    /// The sums of space's bytesNeeded and bytesAvailable (one file system: its figures).
    qint64 bytesNeeded = 0;
    qint64 bytesAvailable = 0;
};

/// Runs every preflight check over @p plan (worker thread), probing the destination with
/// fstatat(2) only where a destination folder already exists. The checks (namespace
/// Preflight) only read; this driver applies what they return, in this order:
/// - part-file names: an item whose part-file name a sibling already has writes through the
///   variant name (PlanItem::partNameTaken);
/// - the checksum file (CopyOptions::checksumFile) must be a new name, not a copy's, in a
///   folder that exists and is writable or that the copy creates (fatal);
/// then for each root:
/// - the folder it goes into can be opened and, unless the source merges into an existing
///   folder there, is writable for the effective ids (faccessat(2) with AT_EACCESS); fatal,
///   reported as the source's entry that could not be created, and the root's other checks
///   are left out;
/// - a source on /proc, /sys and similar pseudo file systems, whose st_size is not their
///   content (statfs(2) f_type, pseudoFileSystemName()): a warning;
/// - the destination file system's limits (FileSystemLimits): file size, names it refuses or
///   that exceed its length, names equal but for letter case, symlinks and special files it
///   cannot store — each limit decided once, giving one grouped warning per kind and the
///   refusal of every item (with its subtree) that cannot be stored; two files equal but
///   for letter case are copied serially, and the later one is refused unless the policy is
///   Rename; coarse timestamps are a warning;
/// - a folder copied into itself or a subfolder, also through symlinks and bind mounts:
///   the destination's ancestors compared by st_dev/st_ino (fatal); unless something fatal
///   was found, the destination file system is then probed (probeDestination());
/// - on a file system that follows symbolic links, folders that would merge into an existing
///   one (checkLinkFollowingMerges(): refused with their subtrees), and for a move, a root
///   folder on a source file system that does (checkMoveFromLinkFollowingSource());
/// - a source and its destination being the same file (hard link, bind mount, or the
///   same path): compared by st_dev/st_ino (that item refused, with its subtree);
/// - files a non-asking collision policy will skip (PlanItem::skipExpected);
/// - in a dry run, part files of interrupted runs in the destination folders: recorded in
///   JobContext::issues as warnings (the copy would remove them), not asked about;
/// then what each destination file system cannot do, once per file system
/// (checkFileSystemAbilities()), the hard links and symbolic links it keeps otherwise
/// (checkLinkLosses()), and last, free space per destination file system (the st_dev of
/// the folder each item is written into: a file system mounted on a folder the copy merges into
/// counts apart), from statvfs(3), net of files that would be replaced: allocated blocks (st_blocks
/// × 512) for sparse sources where holes are kept, plus the largest replaced file, which exists
/// twice until its part file is renamed over it; one warning per file system that lacks room.
/// Refused items (and their subtrees) are left out of later checks.
PreflightReport runPreflight(JobContext &job, Plan &plan);

/// The checks runPreflight() is made of, public for white-box tests. Each only reads the
/// plan and the file systems (stat(2), statfs(2), openat(2) of folders) and returns what it
/// found; none changes the plan. Items already refused are skipped with their subtrees.
/// Worker thread (or any thread that owns the plan).
namespace Preflight {

/// An item to refuse: it (and what is below it) is not copied, and counts as failed.
struct Refusal
{
    qint32 item = 0;
    CopyIssue issue;
};

/// What one check found.
struct Findings
{
    CopyIssueList fatal;
    CopyIssueList warnings;
    std::vector<Refusal> refusals;
    std::vector<qint32> serialOnly;    ///< items to mark PlanItem::serialOnly
    std::vector<qint32> partNameTaken; ///< items to mark PlanItem::partNameTaken
    std::vector<qint32> skipExpected;  ///< items to mark PlanItem::skipExpected
    std::vector<qint32> lossNamed;     ///< items to mark PlanItem::lossNamed
    CopyIssueList notes;               ///< dry run: warnings recorded as they are, never asked
    QList<FileSystemSpace> space;
};

/// One root's destination folder (PlanRoot::destinationParent), opened for the checks.
struct Destination
{
    qint32 root = 0;
    qint32 first = 0; ///< the root's items are [first, end)
    qint32 end = 0;
    UniqueFd folder;   ///< invalid when it could not be opened
    int openError = 0; ///< errno of open(2) when it could not
    dev_t device = 0;  ///< its st_dev
    /// PlanRoot::destinationName already exists in it as a folder (stat(2), following
    /// symlinks): the copy merges into it.
    bool mergesIntoFolder = false;
    FileSystemLimits limits;
    /// What its file system kept on a probe file (FileSystemProbes), when probes were given
    /// to openDestinations(); its time granularity replaces the limits' guess.
    FileSystemProbe probe;
};

/// Opens every root's destination folder and detects its limits; one entry per root. With
/// @p probes, each destination file system is also probed (once per job: probeFileSystem()).
std::vector<Destination> openDestinations(const Plan &plan, FileSystemProbes *probes = nullptr);
/// Probes @p destination's file system through @p probes (once per job and file system) and
/// takes the time granularity it learned. runPreflight() calls it only once the destination
/// is known not to lie inside a source (checkFolderIntoItself()): the probe file changes
/// the folder's times.
void probeDestination(Destination &destination, FileSystemProbes &probes);

/// Regular files the effective user and groups cannot open for reading (access(2) with
/// AT_EACCESS, so ACLs count), found from the plan's lstat(2) modes and confirmed with
/// faccessat(2) only where the mode bits deny it. Noted for a dry run: a copy meets each one
/// under the error policy (ask, retry, skip), which the preflight must not pre-empt. Folders
/// that cannot be listed are the planner's (Plan::failedItems). Only reads.
Findings checkUnreadableSources(const Plan &plan);

/// Children of one folder named like a sibling's part file (partFileName()).
Findings checkPartFileNames(const Plan &plan);
/// The manifest @p checksumFile ("": nothing to check) can be written at the end.
Findings checkChecksumFile(const Plan &plan, const QByteArray &checksumFile);
/// The destination folder opens, and the root's entry can be created in it.
Findings checkDestinationFolder(const Plan &plan, const Destination &destination);
/// The root's source is on a pseudo file system (a warning).
Findings checkPseudoFileSystemSource(const Plan &plan, const Destination &destination);
/// Sizes, names, letter case, symlinks and special files against the destination's
/// FileSystemLimits; @p preserveTimestamps as PreserveOptions::timestamps (times are
/// checkFileSystemAbilities()'s).
Findings checkFileSystemLimits(const Plan &plan, const Destination &destination,
                               CollisionPolicy policy, bool preserveTimestamps);
/// What each destination file system (once per st_dev, however many roots go there) did not
/// keep on its probe file, as one warning naming its type: times to a coarse step or not at
/// all, times reset by a rename, symbolic links shown as what they point to, no
/// RENAME_NOREPLACE, no permission bits, no owners and groups
/// (when they are preserved and this process may give files away), no copy_file_range,
/// and where a flush cannot mean "on the server's disk" (network FUSE, sshfs without
/// fsync@openssh.com). Only what matters under @p options (times when they are preserved,
/// durability unless None).
Findings checkFileSystemAbilities(const Plan &plan, const std::vector<Destination> &destinations,
                                  const CopyOptions &options);
/// Items of the roots in @p destinations that their destination file system keeps otherwise
/// than the source, as its probe found (per file system, once, however many roots go there):
/// further names of hard-linked files become separate copies where it has no hard links
/// (PreserveOptions::hardLinks), and symbolic links are copied without their times and owner
/// where setting them would reach the file they point to (FileSystemProbe::linkMetadataFollows,
/// when times or owners are preserved). One warning per file system and kind, naming the first
/// item and counting the rest, as the transfer would have (the items are marked
/// PlanItem::lossNamed, so it does not say it again). Items on another file system mounted
/// inside a merged folder are left to the transfer, which probes that one when it gets there.
Findings checkLinkLosses(const Plan &plan, const std::vector<Destination> &destinations,
                         const CopyOptions &options);
/// The warning's detail for a symbolic link whose times and owner are not set on the file
/// system @p typeName (FileSystemProbe::linkMetadataFollows); the preflight and the transfer
/// say it with the same words. Pure.
QString linkMetadataNote(const QString &typeName);
/// The warning's detail for a further hard-link name copied as a file of its own instead of a
/// link to @p firstCopy (a destination path); the preflight and the transfer say it with the
/// same words. Pure.
QString separateCopyNote(const QByteArray &firstCopy);
/// Why "done" cannot mean "on the server's disk" on the file system @p probe describes under
/// @p durability (sshfs, whose fsync(2) needs the server's fsync@openssh.com; smbnetfs, which
/// never passes one on; other network FUSE file systems), as one translated phrase; empty where
/// a flush is the disk's, and under Durability::None (nothing is flushed). The preflight's
/// warning and the job's summary (CopySummary::durability) say it. Pure.
QString durabilityNote(const FileSystemProbe &probe, Durability durability);
/// A folder of the root is the destination folder or one of its ancestors (fatal).
Findings checkFolderIntoItself(const Plan &plan, const Destination &destination);
/// On a destination that shows symbolic links as what they point to
/// (FileSystemProbe::followsSymlinks), every folder item whose destination already exists as
/// a folder (refused with its subtree, checkLinkFollowingMerges() naming it): it may be a
/// link to a folder elsewhere on the server; and every symbolic link (one made there reads
/// back as its target, and sshfs fails its creation with EIO). New folders and files are not
/// concerned; the destination folder itself is the person's choice and is written into. A
/// resumed job (@p resume) copies into the folders its interrupted run made, while they show
/// the identity it recorded (isOwnFolder()).
Findings checkLinkFollowingMerges(const Plan &plan, const Destination &destination,
                                  const ResumeState *resume = nullptr);
/// Why the existing folder @p folder on the link-following file system @p typeName is not
/// copied into (the preflight's refusal, and the copy's when such a folder appears later).
QString linkFollowingMergeRefusal(const QByteArray &folder, const QString &typeName);
/// A move (@p move) of the root of @p destination, a folder, from a file system that shows a
/// symbolic link as what it points to (probeLinkFollowing() of the folder holding it, once
/// per source file system in @p followingSources, by st_dev; FUSE file systems only): refused
/// with its subtree, as a link to a folder there looks like a folder, and removing the moved
/// files would remove those of the folder it points to. Files are moved as usual (unlink(2)
/// removes a link, not its target), and so is a root renamed onto the same file system.
/// Writes only the probe's link in the source's folder.
Findings checkMoveFromLinkFollowingSource(const Plan &plan, const Destination &destination,
                                          bool move, QHash<quint64, bool> &followingSources);
/// Why a folder is not moved from the link-following file system @p typeName.
QString linkFollowingMoveRefusal(const QString &typeName);
/// An item's destination entry is the item itself (refused).
Findings checkSameFile(const Plan &plan, const Destination &destination);
/// Files (first names of their inode) whose destination name exists and that @p policy,
/// when it does not ask, will skip: Skip always, Newer when the existing entry's
/// modification time is not older than the source's (as resolvePlacement() decides).
Findings checkPolicySkips(const Plan &plan, const Destination &destination, CollisionPolicy policy);
/// Part files of interrupted runs where the root would write (notes; findStalePartFiles()).
Findings checkStalePartFiles(const Plan &plan, const Destination &destination);
/// Room per destination file system for every root of @p destinations (space, and one
/// warning per file system without room).
Findings checkFreeSpace(const Plan &plan, const std::vector<Destination> &destinations,
                        CollisionPolicy policy);

} // namespace Preflight

} // namespace Sluice
