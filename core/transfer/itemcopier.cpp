#include "itemcopier.h"

#include <QCoreApplication>

#include "checksum.h"
#include "chunkreader.h"
#include "decisions.h"
#include "engine.h"
#include "filesystemlimits.h"
#include "flushbehind.h"
#include "folderfinisher.h"
#include "folderguard.h"
#include "fsprobe.h"
#include "itemlife.h"
#include "itemprogress.h"
#include "jobcontext.h"
#include "kernelengine.h"
#include "logging.h"
#include "metadata.h"
#include "nativepath.h"
#include "partfile.h"
#include "posixio.h"
#include "resumepart.h"
#include "streamengine.h"
#include "verifier.h"

#include <cerrno>
#include <fcntl.h>
#include <optional>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <sys/sysmacros.h>
#include <unistd.h>

namespace Sluice {

namespace {

bool isPseudoFileSystem(int fd)
{
    struct statfs fs = {};
    return ::fstatfs(fd, &fs) == 0 && pseudoFileSystemName(long(fs.f_type)) != nullptr;
}

bool sameTime(const timespec &a, const timespec &b)
{
    return a.tv_sec == b.tv_sec && a.tv_nsec == b.tv_nsec;
}

// Waits for a change of the file @p fd that is still in flight. ext4 makes a shrinking
// truncate(2)'s new size visible first, then drops the page cache, frees the blocks and only
// then stamps mtime and ctime, all under the inode lock: a read that ends at the new size
// sees the change before its times do, and a read again from the start would find them
// changed at its end, a second change that never happened. lseek(2) SEEK_DATA takes that lock
// (ext4, btrfs, tmpfs), so it returns once the truncate is whole; elsewhere it is a cheap
// no-op. The offset goes back to 0 for the engines that read in order.
void waitForChangeInFlight(int fd)
{
    ::lseek(fd, 0, SEEK_DATA);
    ::lseek(fd, 0, SEEK_SET);
}

// FUSE file systems report a full disk as EPERM or EIO (fusefat does): when a write fails
// that way and the destination has less room than the file needs, say so.
CopyIssue withSpaceHint(CopyIssue issue, int fd, qint64 fileSize)
{
    if ((issue.operation != FileOperation::Write && issue.operation != FileOperation::Flush)
        || issue.errorCode == ENOSPC || issue.errorCode == 0)
        return issue;
    struct statvfs space = {};
    // No size reported (smbnetfs: 0 blocks, 0 free): nothing to judge "full" by; an EIO
    // there is as likely a server that went away.
    if (::fstatvfs(fd, &space) != 0 || space.f_blocks == 0)
        return issue;
    const qint64 available = qint64(space.f_bavail) * qint64(space.f_frsize);
    struct stat written = {};
    const qint64 have = ::fstat(fd, &written) == 0 ? qint64(written.st_blocks) * 512 : 0;
    if (available < fileSize - have)
        issue.detail =
            QCoreApplication::translate("Sluice::ItemCopier",
                                        "the destination is probably full (%1 bytes free, the file "
                                        "needs %2 more)")
                .arg(available)
                .arg(fileSize - have);
    return issue;
}

/// A regular file's life (ItemCopier::copyFile()): opened with O_NOFOLLOW (a file swapped for
/// a symlink since the scan is refused), written through its part file by the chosen engine,
/// flushed per durability, verified, given its metadata.
class FileLife final : public PartFileLife
{
public:
    FileLife(JobContext &job, const Plan &plan, const ItemTask &task, ChunkReader *reader,
             HardLinkCopier &links)
        : PartFileLife(job, plan, task)
        , m_reader(reader)
        , m_links(links)
        , m_serial(reader != nullptr)
        // A skip the preflight foresaw was counted then (CopyWorker::runChecks()).
        , m_progress(job.counters, m_item.skipExpected ? 0 : m_item.size, m_serial)
    {}

private:
    std::optional<Attempt> openSource() override;
    Attempt createPart(const Placement &placement, PartFileGuard &part,
                       std::optional<CreatedPart> &identity) override;
    void published(const QByteArray &finalName) override;
    void retrying() override
    {
        m_progress.restart();
        forgetCheckpoints();
        m_unnamed.reset();
    }
    void ended(ItemOutcome outcome) override
    {
        if (outcome != ItemOutcome::Copied && outcome != ItemOutcome::ChangedWhileCopying)
            m_progress.withdraw();
        if (!m_keepPart)
            forgetCheckpoints();
        m_unnamed.reset(); // not linked: the file system frees it
    }
    int placeContent(const QByteArray &partName, const QByteArray &finalName, bool overwrite,
                     const CreatedPart *created) override;
    int placedFd() const override { return m_unnamed.get(); }
    /// Whether this try writes an unnamed file (O_TMPFILE) instead of a part file.
    bool writesUnnamed(const Placement &placement) const;
    void resumedAsCopied(const QByteArray &finalName) override;
    bool provesUnrecordedCopy(const QByteArray &finalName) override;
    QByteArray finishedDigest() const override { return m_digest; }
    /// A resumed file in the job's checksum file (CopyOptions::checksumFile).
    void listResumed(const QByteArray &finalName);
    const timespec *timesSet() const override
    {
        return m_job.options.preserve.timestamps ? m_times : nullptr;
    }

    Attempt fill(int partFd, const QByteArray &destination);
    /// A resume: the interrupted run's part file of this item, continued after its checkpoint
    /// when the resume rule allows (adoptCheckpointedPart()); else the reason is reported.
    std::optional<AdoptedPart> adoptPart(const PartFileGuard &part);
    /// Checkpoints for this file when the job has a journal and the file is big.
    void startCheckpoints(int partFd, DataTransfer &transfer);
    /// The file is no longer in flight for the journal.
    void forgetCheckpoints();
    DataTransfer transferInto(int partFd, const QByteArray &destination);
    DataOutcome moveData(DataTransfer &transfer);
    std::optional<Attempt> sourceChange(qint64 finalSize, const QByteArray &destination);
    void reportDeleted(qint64 finalSize);
    std::optional<CopyIssue> flush(int partFd, const QByteArray &destination, qint64 finalSize);
    std::optional<CopyIssue> verify(int partFd, const QByteArray &destination);

    ChunkReader *m_reader;
    HardLinkCopier &m_links;
    /// The big-file path: the reader thread, the "current file" display, skip requests.
    const bool m_serial;
    ItemProgress m_progress;
    UniqueFd m_sourceFd;
    mode_t m_createdMode = 0600;
    std::optional<FlushBehind> m_flush;
    std::optional<ChecksumHasher> m_hasher;
    qint64 m_finalSize = 0;
    QByteArray m_digest;
    /// Reads of the source that found it changed (a second one keeps what was read).
    int m_changedReads = 0;
    /// atime and mtime given to the copy: the source's when it was opened for this read.
    timespec m_times[2] = {};
    std::optional<FileCheckpoints> m_checkpoints;
    QByteArray m_partPath; ///< the part file of this try, for the journal
    /// A resumed part continues at this offset (its checkpoint); 0 otherwise.
    qint64 m_resumeOffset = 0;
    /// The interrupted run's part file was looked at already (only the first try adopts it).
    bool m_adoptionTried = false;
    /// A resumable stop kept the part file for the journal (not removed).
    bool m_keepPart = false;
    /// This try's content as an unnamed file (writesUnnamed()), linked into place by
    /// placeContent(); invalid on the part-file path.
    UniqueFd m_unnamed;
};

std::optional<Attempt> FileLife::openSource()
{
    if (m_job.hooks.beforeOpen) {
        if (const int injected = m_job.hooks.beforeOpen(m_sourcePath))
            return Attempt::failed(
                CopyIssue::fromErrno(FileOperation::Open, m_sourcePath, injected));
    }
    const int openFlags =
        O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK | (m_task.followSource ? 0 : O_NOFOLLOW);
    m_sourceFd.reset(retryOnEintr([&] {
        return ::openat(m_task.sourceDirectory->fd.get(), m_task.sourceName.constData(), openFlags);
    }));
    if (!m_sourceFd && errno == ENOENT) {
        // Deleted since the scan: nothing to copy, nothing lost (issue 3, case 14).
        CopyIssue issue =
            CopyIssue::fromErrno(FileOperation::Open, m_sourcePath, ENOENT, IssueSeverity::Warning);
        issue.detail = QCoreApplication::translate("Sluice::ItemCopier",
                                                   "it was deleted after the scan; not copied");
        m_job.issues.add(issue);
        return Attempt::skippedFor(issue);
    }
    if (!m_sourceFd) {
        CopyIssue issue = CopyIssue::fromErrno(FileOperation::Open, m_sourcePath, errno);
        if (issue.errorCode == ELOOP && !m_task.followSource)
            issue.detail = QCoreApplication::translate("Sluice::ItemCopier",
                                                       "it became a symbolic link since the scan");
        return Attempt::failed(issue);
    }
    // Read again after a change (sourceChange()): its times must be final before they are
    // taken as this read's starting point.
    if (m_changedReads > 0)
        waitForChangeInFlight(m_sourceFd.get());
    if (::fstat(m_sourceFd.get(), &m_source) != 0)
        return Attempt::failed(CopyIssue::fromErrno(FileOperation::Stat, m_sourcePath, errno));
    if (!S_ISREG(m_source.st_mode))
        return Attempt::failed(CopyIssue::withDetail(
            FileOperation::Open, m_sourcePath,
            QCoreApplication::translate("Sluice::ItemCopier", "it is no longer a regular file")));
    return std::nullopt;
}

Attempt FileLife::createPart(const Placement &placement, PartFileGuard &part,
                             std::optional<CreatedPart> &identity)
{
    // In a folder this copy created (mode 0700 until it is finished) nobody else can reach
    // the part file: it may start with its final mode (unless an inherited default ACL
    // decides the mode there), and its identity need not be checked again before the
    // rename. Three system calls fewer per file (issue 5: small files).
    const DirectoryHandle &folder = *m_task.destinationDirectory;
    m_createdMode = folder.modeFollowsUmask
                        ? creationMode(m_item, m_job.options.preserve, m_job.umask)
                        : mode_t(0600);
    m_resumeOffset = 0;
    m_partPath = destinationPath(part.name());
    if (std::optional<AdoptedPart> adopted = adoptPart(part)) {
        m_resumeOffset = adopted->offset;
        m_createdMode = mode_t(adopted->st.st_mode & 07777);
        identity = CreatedPart::fromStat(adopted->st);
        Attempt filled = fill(adopted->fd.get(), destinationPath(placement.name));
        if (m_keepPart)
            part.disown();
        return filled;
    }
    m_unnamed.reset();
    if (writesUnnamed(placement)) {
        if (const int fd = createUnnamedFile(destinationFd(), m_createdMode); fd >= 0) {
            part.disown(); // no part name was made: nothing to remove
            m_unnamed = UniqueFd(fd);
            // The hook comes at the same moment, with the part name the file would have had
            // (which names nothing here).
            if (m_job.hooks.afterPartCreated)
                m_job.hooks.afterPartCreated(destinationPath(part.name()));
            return fill(fd, destinationPath(placement.name));
        }
        // Refused after all (the probe said yes): the part file below, as elsewhere.
    }
    const int partFd = createPartFile(destinationFd(), part.name(), m_createdMode);
    if (partFd < 0) {
        // EBUSY and EEXIST name an entry that is not this copy's; any other failure may have
        // left an empty entry behind (some FUSE file systems), which the guard removes.
        if (-partFd == EBUSY || -partFd == EEXIST)
            part.disown();
        CopyIssue issue =
            CopyIssue::fromErrno(FileOperation::Create, destinationPath(placement.name), -partFd);
        if (-partFd == EBUSY)
            issue.detail = QCoreApplication::translate("Sluice::ItemCopier",
                                                       "another copy is writing this file");
        if (-partFd == KeptForResume) {
            part.disown();
            issue.detail = QCoreApplication::translate(
                "Sluice::ItemCopier",
                "an interrupted copy keeps its part file here to resume it; resume it or "
                "discard it first (sluice-cli --list-interrupted)");
        }
        return Attempt::failed(issue);
    }
    UniqueFd partFile(partFd);
    if (auto stray =
            verifyAfterCreate(*m_task.destinationDirectory, destinationPath(placement.name),
                              part.name(), FileOperation::Create)) {
        part.disown(); // where it went is not this copy's folder
        return Attempt::failed(*stray);
    }
    if (!folder.createdByCopy) {
        if (struct stat st = {}; ::fstat(partFile.get(), &st) == 0)
            identity = CreatedPart::fromStat(st);
        else
            identity = CreatedPart{}; // cannot be checked: the rename is refused
    }
    if (m_job.hooks.afterPartCreated)
        m_job.hooks.afterPartCreated(destinationPath(part.name()));
    Attempt filled = fill(partFile.get(), destinationPath(placement.name));
    if (m_keepPart)
        part.disown();
    return filled;
}

// A small file in a folder this copy created (mode 0700, nothing in it but what the copy
// puts there) is written as an unnamed file (open(2) O_TMPFILE) and linked under its final
// name once complete: no part name to create, lock, rename, or leave behind after a kill -9
// (the file system frees an unlinked file). Big files keep their part file: the journal's
// checkpoints name it for a resume. Where the probe found no unnamed files (FUSE, vfat,
// exFAT), or a collision was decided as Overwrite, the part file as everywhere else.
bool FileLife::writesUnnamed(const Placement &placement) const
{
    const DirectoryHandle &folder = *m_task.destinationDirectory;
    return folder.createdByCopy && placement.action == Placement::Action::Create
           && m_source.st_size < m_job.options.smallFileThreshold
           && m_job.fileSystems.probe(folder.fd.get(), folder.device).unnamedFiles;
}

// The unnamed file gets its final name with linkat(2), which never replaces an entry
// (EEXIST: decided again by the life). To replace one (a collision decided as Overwrite) it
// is linked under its part name first and renamed over the final name like a part file.
int FileLife::placeContent(const QByteArray &partName, const QByteArray &finalName, bool overwrite,
                           const CreatedPart *created)
{
    if (!m_unnamed)
        return PartFileLife::placeContent(partName, finalName, overwrite, created);
    if (!overwrite)
        return linkUnnamedFile(m_unnamed.get(), destinationFd(), finalName);
    if (const int error = linkUnnamedFile(m_unnamed.get(), destinationFd(), partName))
        return error;
    const int error = renameIntoPlace(destinationFd(), partName, finalName, true, nullptr);
    if (error != 0)
        ::unlinkat(destinationFd(), partName.constData(), 0);
    return error;
}

std::optional<AdoptedPart> FileLife::adoptPart(const PartFileGuard &part)
{
    if (!m_job.resume || !m_job.resume->inFlight || m_adoptionTried)
        return std::nullopt;
    const JournalCheckpoint &checkpoint = *m_job.resume->inFlight;
    if (checkpoint.part != destinationPath(part.name()) || checkpoint.source != m_sourcePath)
        return std::nullopt;
    m_adoptionTried = true;
    QString reason;
    std::optional<AdoptedPart> adopted = adoptCheckpointedPart(
        checkpoint, destinationFd(), part.name(), m_source, fileSystemId(m_sourceFd.get()), reason);
    if (adopted) {
        m_job.resume->bytesResumed.fetch_add(adopted->offset);
        qCDebug(lcJob) << "continuing" << m_sourcePath << "at" << adopted->offset;
        return adopted;
    }
    m_job.resume->addRestarted(m_sourcePath, reason);
    if (m_job.journal)
        m_job.journal->clearInFlight(); // that part file is gone
    m_job.issues.add(CopyIssue::withDetail(
        FileOperation::Resume, m_sourcePath,
        QCoreApplication::translate("Sluice::ItemCopier",
                                    "copied again from the start instead of after the %1 "
                                    "bytes of its checkpoint: %2")
            .arg(checkpoint.durable)
            .arg(reason),
        IssueSeverity::Warning));
    return std::nullopt;
}

void FileLife::startCheckpoints(int partFd, DataTransfer &transfer)
{
    m_checkpoints.reset();
    if (!m_job.journal || !m_serial || m_source.st_size < m_job.options.smallFileThreshold)
        return;
    struct stat partStat = {};
    if (::fstat(partFd, &partStat) != 0)
        return;
    m_checkpoints.emplace(*m_job.journal, partFd,
                          checkpointIdentity(m_sourcePath, transfer.destinationPath, m_partPath,
                                             m_source, fileSystemId(m_sourceFd.get()), partStat,
                                             fileSystemId(partFd)),
                          m_resumeOffset);
    transfer.checkpoint = &*m_checkpoints;
}

void FileLife::forgetCheckpoints()
{
    if (m_checkpoints)
        m_checkpoints->finish(); // its last record comes before the one that clears it
    if (m_checkpoints && m_job.journal)
        m_job.journal->clearInFlight();
    m_checkpoints.reset();
}

void FileLife::resumedAsCopied(const QByteArray &finalName)
{
    m_progress.finish();
    m_job.counters.bytesCopied.fetch_add(m_item.size, std::memory_order_relaxed);
    if (m_job.options.preserve.hardLinks && m_item.nlink > 1)
        m_links.remember(m_task, finalName);
    if (m_job.options.verify != VerifyAlgorithm::None)
        listResumed(finalName);
}

// The checksum file names every file of the job once, also those a resume does not copy
// again: with the digest the journal kept from the verified copy, or the one the proof of an
// unrecorded copy computed from the source while comparing (m_digest). A record without one
// (version 1) is the only case that reads the copy back.
void FileLife::listResumed(const QByteArray &finalName)
{
    const QByteArray path = destinationPath(finalName);
    QByteArray digest = m_digest;
    if (digest.isEmpty())
        digest = m_job.resume->finished.value(path).digest;
    if (digest.isEmpty()) {
        const UniqueFd copy(::openat(destinationFd(), finalName.constData(),
                                     O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY));
        const VerifyResult read =
            copy ? verifyCopy(m_job.engine, copy.get(), m_job.options.verify, {}, path)
                 : VerifyResult{false, errno, {}};
        if (read.error != 0) {
            m_job.issues.add(CopyIssue::fromErrno(FileOperation::Verify, path, read.error,
                                                  IssueSeverity::Warning));
            return;
        }
        digest = read.digest;
    }
    m_job.manifest.add(digest, path);
}

// What a move may delete the source for, and a copy count as copied: the final name holds
// a regular file of the source's size, changed since the job first started where the
// destination shows change times (a file that was there before is someone else's, left to
// the collision policy), with the source's modification time at the destination's
// granularity where times are kept (sshfs: whole seconds), and the same bytes as the source,
// read back from both; the source did not change meanwhile. Then fdatasync(2), as the copy
// would have been (the folder's fsync(2) comes before a move removes anything,
// folderfinisher.cpp).
bool FileLife::provesUnrecordedCopy(const QByteArray &finalName)
{
    struct stat copy = {};
    if (::fstatat(destinationFd(), finalName.constData(), &copy, AT_SYMLINK_NOFOLLOW) != 0
        || !S_ISREG(copy.st_mode) || copy.st_size != m_source.st_size
        || !writtenSinceJobStarted(copy))
        return false;
    const DirectoryHandle &folder = *m_task.destinationDirectory;
    if (m_job.options.preserve.timestamps) {
        const qint64 granularity =
            m_job.fileSystems.probe(folder.fd.get(), folder.device).timeGranularityNs;
        if (granularity >= 0 && compareTimes(copy.st_mtim, m_source.st_mtim, granularity) != 0)
            return false;
    }
    const UniqueFd fd(::openat(destinationFd(), finalName.constData(),
                               O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY));
    struct stat opened = {};
    if (!fd || ::fstat(fd.get(), &opened) != 0 || opened.st_ino != copy.st_ino
        || opened.st_dev != copy.st_dev)
        return false;
    int error = 0;
    struct stat after = {};
    std::optional<ChecksumHasher> hasher;
    if (m_job.options.verify != VerifyAlgorithm::None)
        hasher.emplace(m_job.options.verify);
    if (!sameContent(m_job.engine, m_sourceFd.get(), fd.get(), copy.st_size, error,
                     hasher ? &*hasher : nullptr)
        || ::fstat(m_sourceFd.get(), &after) != 0 || after.st_size != m_source.st_size
        || !sameTime(after.st_mtim, m_source.st_mtim) || !sameTime(after.st_ctim, m_source.st_ctim))
        return false;
    const bool durable = m_job.options.durability != Durability::None || m_job.options.move;
    if (durable && retryOnEintr([&] { return ::fdatasync(fd.get()); }) != 0)
        return false;
    if (hasher)
        m_digest = hasher->hexDigest(); // the source's bytes, equal to the copy's
    qCDebug(lcJob) << "found the copy of" << m_sourcePath
                   << "finished before the interruption and not yet recorded";
    // The journal: it is finished, and no longer the file in flight when it was that one.
    const std::optional<JournalCheckpoint> &inFlight = m_job.resume->inFlight;
    if (m_job.journal && inFlight && inFlight->destination == destinationPath(finalName))
        m_job.journal->clearInFlight();
    recordFinished(finalName);
    return true;
}

DataTransfer FileLife::transferInto(int partFd, const QByteArray &destination)
{
    DataTransfer transfer;
    transfer.sourceFd = m_sourceFd.get();
    transfer.destinationFd = partFd;
    transfer.sourcePath = m_sourcePath;
    transfer.destinationPath = destination;
    transfer.plannedSize = m_source.st_size;
    // Holes are skipped only where the destination keeps them; elsewhere every byte is
    // written in order (zeros read from the holes), never a write past the end.
    transfer.sparse = m_source.st_size > 0 && qint64(m_source.st_blocks) * 512 < m_source.st_size
                      && fileSystemKeepsHoles(partFd);
    transfer.progress = &m_progress;
    // sourceChange() compares size and times after the copy. Not for files that occupy no
    // blocks (procfs, sysfs: their st_size says nothing about what a read returns).
    transfer.endCheckedByStat = m_source.st_blocks > 0;
    if (m_serial) {
        const quint64 skipsAtStart = m_job.control.skipRequests();
        transfer.skipRequested = [this, skipsAtStart] {
            return m_job.control.skipRequests() != skipsAtStart;
        };
    }
    const bool durable = m_job.options.durability != Durability::None || m_job.options.move;
    // Writing back behind big files keeps the dirty page cache bounded. Small files are left
    // to the final syncfs(2), also on the serial path (--workers 1): starting write-back of
    // each one on its own made 20,000 files of 4 KiB 2.5 times slower.
    m_flush.reset();
    if (durable && m_serial && m_source.st_size >= m_job.options.smallFileThreshold) {
        m_flush.emplace(partFd, m_sourceFd.get(), m_job.options.flushWindow,
                        m_job.options.flushLag);
        m_flush->startAt(m_resumeOffset);
        transfer.flush = &*m_flush;
    }
    m_hasher.reset();
    if (m_job.options.verify != VerifyAlgorithm::None) {
        m_hasher.emplace(m_job.options.verify);
        transfer.hasher = &*m_hasher;
    }
    transfer.startOffset = m_resumeOffset;
    startCheckpoints(partFd, transfer);
    return transfer;
}

Attempt FileLife::fill(int partFd, const QByteArray &destination)
{
    DataTransfer transfer = transferInto(partFd, destination);
    if (m_resumeOffset > 0) {
        m_progress.advanceTo(m_resumeOffset);
        if (m_hasher) {
            if (const int error =
                    rehashPrefix(m_job.engine, *m_hasher, m_sourceFd.get(), m_resumeOffset)) {
                if (error == ECANCELED)
                    return Attempt::ended(ItemOutcome::Cancelled);
                return Attempt::failed(
                    CopyIssue::fromErrno(FileOperation::Read, m_sourcePath, error));
            }
        }
    }
    DataOutcome data = moveData(transfer);
    // No checkpoint sync may run once the data stopped: the part file is renamed, removed or
    // kept next (a resumable stop takes its last checkpoint itself, takeFinal()).
    if (m_checkpoints) {
        if (const int error = m_checkpoints->finish();
            error != 0 && data.status == DataOutcome::Status::Done)
            data =
                DataOutcome::failed(CopyIssue::fromErrno(FileOperation::Flush, destination, error));
    }
    switch (data.status) {
    case DataOutcome::Status::Failed:
        return Attempt::failed(withSpaceHint(data.issue, partFd, m_source.st_size));
    case DataOutcome::Status::Cancelled:
        // A resumable stop: a last checkpoint, and the part file stays for the resume.
        m_keepPart = m_checkpoints && m_job.keepsForResume() && m_checkpoints->takeFinal();
        return Attempt::ended(ItemOutcome::Cancelled);
    case DataOutcome::Status::Skipped:
        return Attempt::ended(ItemOutcome::SkippedByYou);
    default:
        break;
    }
    m_finalSize = data.offset;
    const std::optional<Attempt> changed = sourceChange(m_finalSize, destination);
    if (changed && changed->readAgain)
        return *changed;
    if (auto issue = flush(partFd, destination, m_finalSize))
        return Attempt::failed(*issue);
    if (auto issue = verify(partFd, destination))
        return Attempt::failed(*issue);
    // The times of the version that was read (the plan's, unless it changed since the scan).
    PlanItem current = m_item;
    current.atime = m_source.st_atim;
    current.mtime = m_source.st_mtim;
    m_times[0] = current.atime;
    m_times[1] = current.mtime;
    const PreserveOptions preserve =
        preserveFromSource(m_job.options.preserve, m_sourceFd.get(), m_source.st_dev,
                           m_job.fileSystems, destination, m_job.issues);
    if (const int error = applyMetadata(partFd, m_sourceFd.get(), current, preserve, m_job.umask,
                                        destination, m_job.issues, m_createdMode))
        return Attempt::failed(
            CopyIssue::fromErrno(FileOperation::SetPermissions, destination, error));
    return changed ? *changed : Attempt::ended(ItemOutcome::Copied);
}

void FileLife::reportDeleted(qint64 finalSize)
{
    m_job.issues.add(CopyIssue::withDetail(
        FileOperation::Read, m_sourcePath,
        QCoreApplication::translate("Sluice::ItemCopier",
                                    "the file was deleted while it was copied; the copy holds "
                                    "the %1 bytes read")
            .arg(finalSize),
        IssueSeverity::Warning));
}

// Whether the source changed between the fstat(2) before its first read and the one after
// its last (size, mtime or ctime, or a read that ended elsewhere than st_size), as GNU tar
// checks. The first time: read it again from the start (a warning says so). The second time:
// keep what was read, an error naming it, the item counted as changed while copying. A file
// deleted meanwhile is complete as read (a warning); pseudo-files have no meaningful size.
std::optional<Attempt> FileLife::sourceChange(qint64 finalSize, const QByteArray &destination)
{
    struct stat after = {};
    if (::fstat(m_sourceFd.get(), &after) != 0)
        return std::nullopt;
    if (after.st_nlink == 0 && m_source.st_nlink > 0) {
        reportDeleted(finalSize);
        return std::nullopt;
    }
    const bool changed = !sameTime(after.st_mtim, m_source.st_mtim)
                         || !sameTime(after.st_ctim, m_source.st_ctim)
                         || after.st_size != m_source.st_size || finalSize != m_source.st_size;
    if (!changed || isPseudoFileSystem(m_sourceFd.get()))
        return std::nullopt;
    qCDebug(lcEngine) << "source changed while read:" << m_sourcePath << "read" << finalSize << "of"
                      << m_source.st_size << "; read" << m_changedReads + 1;
    if (++m_changedReads == 1) {
        m_job.issues.add(CopyIssue::withDetail(
            FileOperation::ReadAgain, m_sourcePath,
            QCoreApplication::translate("Sluice::ItemCopier",
                                        "copied again from the start (%1 bytes when opened, %2 "
                                        "bytes read the first time)")
                .arg(m_source.st_size)
                .arg(finalSize),
            IssueSeverity::Warning));
        return Attempt::readSourceAgain();
    }
    m_job.issues.add(CopyIssue::withDetail(
        FileOperation::Read, m_sourcePath,
        QCoreApplication::translate("Sluice::ItemCopier",
                                    "the file changed as it was read, twice: “%1” holds the "
                                    "%2 bytes of the second read, which may match no version "
                                    "of the file")
            .arg(NativePath::toDisplay(destination))
            .arg(finalSize)));
    return Attempt::ended(ItemOutcome::ChangedWhileCopying);
}

std::optional<CopyIssue> FileLife::flush(int partFd, const QByteArray &destination,
                                         qint64 finalSize)
{
    // A network FUSE file system (sshfs) does nothing on syncfs(2): the job's one flush at the
    // end would not reach the server, so each file is flushed on its own there.
    const DirectoryHandle &folder = *m_task.destinationDirectory;
    const bool syncfsIsEmpty =
        m_job.options.durability == Durability::Job
        && m_job.fileSystems.probe(folder.fd.get(), folder.device).networkFuse;
    if (m_job.options.durability == Durability::File || m_job.options.move
        || m_job.options.verify != VerifyAlgorithm::None || syncfsIsEmpty) {
        if (retryOnEintr([&] { return ::fdatasync(partFd); }) != 0)
            return CopyIssue::fromErrno(FileOperation::Flush, destination, errno);
        ::posix_fadvise(partFd, 0, 0, POSIX_FADV_DONTNEED);
    } else if (m_flush) {
        if (const int error = m_flush->finish(finalSize, false))
            return CopyIssue::fromErrno(FileOperation::Flush, destination, error);
    }
    return std::nullopt;
}

std::optional<CopyIssue> FileLife::verify(int partFd, const QByteArray &destination)
{
    if (!m_hasher)
        return std::nullopt;
    if (m_serial)
        m_job.counters.setPhase(CopyPhase::Verifying);
    const QByteArray expected = m_hasher->hexDigest();
    if (m_job.hooks.beforeVerify)
        m_job.hooks.beforeVerify(partFd, destination);
    const VerifyResult verified =
        verifyCopy(m_job.engine, partFd, m_job.options.verify, expected, destination);
    if (m_serial)
        m_job.counters.setPhase(CopyPhase::Copying);
    if (verified.error != 0)
        return CopyIssue::fromErrno(FileOperation::Verify, destination, verified.error);
    if (!verified.matches)
        return CopyIssue::withDetail(
            FileOperation::Verify, destination,
            QCoreApplication::translate("Sluice::ItemCopier",
                                        "the copy reads back differently from the source (%1 %2, "
                                        "expected %3); the copy was removed")
                .arg(verifyAlgorithmName(m_job.options.verify),
                     QString::fromLatin1(verified.digest), QString::fromLatin1(expected)));
    m_digest = expected;
    return std::nullopt;
}

void FileLife::published(const QByteArray &finalName)
{
    forgetCheckpoints(); // before the journal hears it is finished
    m_job.counters.bytesCopied.fetch_add(m_finalSize, std::memory_order_relaxed);
    if (!m_digest.isEmpty())
        m_job.manifest.add(m_digest, destinationPath(finalName));
    if (m_job.options.preserve.hardLinks && m_item.nlink > 1)
        m_links.remember(m_task, finalName);
}

DataOutcome FileLife::moveData(DataTransfer &transfer)
{
    const dev_t sourceDevice = m_source.st_dev;
    const dev_t destinationDevice = m_task.destinationDirectory->device;
    Engine engine = m_job.options.engine;
    const DataMoveScope moving(m_job.counters); // moving time (ProgressSampler)
    if (transfer.hasher)
        engine = Engine::Stream; // checksums need the bytes in user space
    auto show = [&](Engine current) {
        if (m_serial)
            m_job.counters.currentEngine.store(int(current), std::memory_order_relaxed);
    };
    if ((engine == Engine::Auto || engine == Engine::Reflink)
        && !m_job.unsupportedEngines.hasFailed(Engine::Reflink, sourceDevice, destinationDevice)) {
        show(Engine::Reflink);
        DataOutcome outcome =
            ReflinkEngine::copy(m_job.engine, transfer, sourceDevice, destinationDevice);
        if (outcome.status != DataOutcome::Status::Fallback)
            return outcome;
    }
    if ((engine == Engine::Auto || engine == Engine::Kernel)
        && !m_job.unsupportedEngines.hasFailed(Engine::Kernel, sourceDevice, destinationDevice)) {
        show(Engine::Kernel);
        DataOutcome outcome =
            KernelEngine::copy(m_job.engine, transfer, sourceDevice, destinationDevice);
        if (outcome.status != DataOutcome::Status::Fallback)
            return outcome;
        transfer.startOffset = outcome.offset;
        qCDebug(lcEngine) << "falling back to stream at" << outcome.offset << "for"
                          << transfer.sourcePath;
    }
    show(Engine::Stream);
    if (m_reader)
        return StreamEngine::copyPipelined(m_job.engine, *m_reader, transfer);
    return StreamEngine::copyInline(m_job.engine, transfer);
}

/// A move on one file system (ItemCopier::moveByRename()): renameat2(2) moves the item, a
/// folder with its whole subtree, at once. Falls back to copy and delete where a rename
/// cannot serve: a folder to merge into, a collision the copy path reports, another mount.
class RenameLife final : public ItemLife
{
public:
    using ItemLife::ItemLife;

private:
    std::optional<Attempt> openSource() override
    {
        m_source = statFromItem(m_item);
        return std::nullopt;
    }
    Attempt refused(const Placement &) override { return Attempt::fallBackToCopy(); }
    Attempt write(const Placement &placement) override
    {
        if (placement.action == Placement::Action::Merge)
            return Attempt::fallBackToCopy(); // merge item by item
        const unsigned flags =
            placement.action == Placement::Action::Overwrite ? 0 : RENAME_NOREPLACE;
        if (::renameat2(m_task.sourceDirectory->fd.get(), m_task.sourceName.constData(),
                        destinationFd(), placement.name.constData(), flags)
            != 0)
            return Attempt::fallBackToCopy(); // EXDEV (another mount), EEXIST (raced)
        return Attempt::ended(ItemOutcome::Copied);
    }
};

} // namespace

ItemCopier::ItemCopier(JobContext &job, const Plan &plan)
    : m_job(job)
    , m_plan(plan)
    , m_links(job, plan)
{}

ItemOutcome ItemCopier::copyFile(const ItemTask &task, ChunkReader *reader)
{
    const PlanItem &item = m_plan.items[std::size_t(task.index)];
    if (item.hardLinkOf >= 0) {
        if (const auto linked = m_links.linkToFirst(task))
            return *linked;
        // The first name was not copied, or the destination cannot link: this name becomes
        // a copy of its own, and its bytes join the job's size, unless the plan counted them
        // already (the preflight knew there are no hard links there: PlanItem::lossNamed).
        if (!item.lossNamed) {
            m_job.counters.addSeparateCopy(item.size);
            if (m_job.journal)
                m_job.journal->addPlannedBytes(item.size);
        }
    }
    if (reader)
        m_job.counters.setCurrentItem(m_plan.sourcePath(task.index), item.size, Engine::Auto);
    FileLife life(m_job, m_plan, task, reader, m_links);
    return life.run().value_or(ItemOutcome::Failed); // a file never falls back
}

std::optional<ItemOutcome> ItemCopier::moveByRename(const ItemTask &task)
{
    const PlanItem &item = m_plan.items[std::size_t(task.index)];
    if (!m_job.options.move || task.followSource || item.dev != task.destinationDirectory->device)
        return std::nullopt;
    RenameLife life(m_job, m_plan, task);
    return life.run();
}

} // namespace Sluice
