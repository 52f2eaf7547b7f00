#include "itemcopier.h"

#include <QCoreApplication>

#include "checksum.h"
#include "chunkreader.h"
#include "decisions.h"
#include "engine.h"
#include "flushbehind.h"
#include "folderfinisher.h"
#include "itemprogress.h"
#include "jobcontext.h"
#include "kernelengine.h"
#include "logging.h"
#include "metadata.h"
#include "nativepath.h"
#include "partfile.h"
#include "posixio.h"
#include "streamengine.h"
#include "verifier.h"

#include <cerrno>
#include <fcntl.h>
#include <linux/magic.h>
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
    if (::fstatfs(fd, &fs) != 0)
        return false;
    switch (long(fs.f_type)) {
    case PROC_SUPER_MAGIC:
    case SYSFS_MAGIC:
    case DEBUGFS_MAGIC:
    case TRACEFS_MAGIC:
    case SECURITYFS_MAGIC:
    case CGROUP_SUPER_MAGIC:
    case CGROUP2_SUPER_MAGIC:
        return true;
    default:
        return false;
    }
}

bool sameTime(const timespec &a, const timespec &b)
{
    return a.tv_sec == b.tv_sec && a.tv_nsec == b.tv_nsec;
}

// FUSE file systems report a full disk as EPERM or EIO (fusefat does): when a write fails
// that way and the destination has less room than the file needs, say so.
CopyIssue withSpaceHint(CopyIssue issue, int fd, qint64 fileSize)
{
    if ((issue.operation != FileOperation::Write && issue.operation != FileOperation::Flush)
        || issue.errorCode == ENOSPC || issue.errorCode == 0)
        return issue;
    struct statvfs space = {};
    if (::fstatvfs(fd, &space) != 0)
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

} // namespace

struct ItemCopier::Attempt
{
    ItemOutcome outcome = ItemOutcome::Copied;
    std::optional<CopyIssue> failure; // set: goes through the error policy
};

ItemCopier::ItemCopier(JobContext &job, const Plan &plan)
    : m_job(job)
    , m_plan(plan)
    , m_links(job, plan)
{}

QByteArray ItemCopier::sourcePath(const ItemTask &task) const
{
    return m_plan.sourcePath(task.index);
}

QByteArray ItemCopier::destinationPath(const ItemTask &task, const QByteArray &name) const
{
    return destinationPathOf(task, name);
}

ItemOutcome ItemCopier::copyFile(const ItemTask &task, ChunkReader *reader)
{
    const PlanItem &item = m_plan.items[std::size_t(task.index)];
    if (item.hardLinkOf >= 0) {
        if (const auto linked = m_links.linkToFirst(task))
            return *linked;
        // The first name was not copied, or the destination cannot link: this name becomes
        // a copy of its own, and its bytes join the total (counted once, for the first name).
        m_job.counters.addTotal(item.size);
    }
    ItemProgress progress(m_job.counters, item.size, task.serial);
    if (task.serial)
        m_job.counters.setCurrentItem(sourcePath(task), item.size, Engine::Auto);
    for (int attempt = 1;; ++attempt) {
        const Attempt result = attemptFile(task, reader, progress);
        if (!result.failure) {
            if (result.outcome != ItemOutcome::Copied)
                progress.withdraw();
            return result.outcome;
        }
        const ErrorAction action = resolveError(m_job, *result.failure, attempt, sourcePath(task),
                                                destinationPath(task, task.destinationName));
        if (action == ErrorAction::Retry) {
            progress.restart();
            continue;
        }
        progress.withdraw();
        if (action == ErrorAction::StopJob && !m_job.aborted.load())
            return ItemOutcome::Cancelled;
        return ItemOutcome::Failed;
    }
}

ItemCopier::Attempt ItemCopier::attemptFile(const ItemTask &task, ChunkReader *reader,
                                            ItemProgress &progress)
{
    const PlanItem &item = m_plan.items[std::size_t(task.index)];
    const QByteArray source = sourcePath(task);
    auto fail = [](CopyIssue issue) { return Attempt{ItemOutcome::Failed, std::move(issue)}; };

    if (m_job.hooks.beforeOpen) {
        if (const int injected = m_job.hooks.beforeOpen(source))
            return fail(CopyIssue::fromErrno(FileOperation::Open, source, injected));
    }
    const int openFlags =
        O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK | (task.followSource ? 0 : O_NOFOLLOW);
    UniqueFd sourceFd(retryOnEintr([&] {
        return ::openat(task.sourceDirectory->fd.get(), task.sourceName.constData(), openFlags);
    }));
    if (!sourceFd && errno == ENOENT) {
        // Deleted since the scan: nothing to copy, nothing lost (issue 3, case 14).
        CopyIssue issue =
            CopyIssue::fromErrno(FileOperation::Open, source, ENOENT, IssueSeverity::Warning);
        issue.detail = QCoreApplication::translate("Sluice::ItemCopier",
                                                   "it was deleted after the scan; not copied");
        m_job.issues.add(issue);
        return {ItemOutcome::Skipped, std::nullopt};
    }
    if (!sourceFd) {
        CopyIssue issue = CopyIssue::fromErrno(FileOperation::Open, source, errno);
        if (issue.errorCode == ELOOP && !task.followSource)
            issue.detail = QCoreApplication::translate("Sluice::ItemCopier",
                                                       "it became a symbolic link since the scan");
        return fail(issue);
    }
    struct stat before = {};
    if (::fstat(sourceFd.get(), &before) != 0)
        return fail(CopyIssue::fromErrno(FileOperation::Stat, source, errno));
    if (!S_ISREG(before.st_mode))
        return fail(CopyIssue::withDetail(
            FileOperation::Open, source,
            QCoreApplication::translate("Sluice::ItemCopier", "it is no longer a regular file")));

    const int directoryFd = task.destinationDirectory->fd.get();
    Placement placement = resolvePlacement(m_job, directoryFd, task.destinationName,
                                           !task.destinationDirectory->createdByCopy, item, before,
                                           source, destinationPath(task, task.destinationName));
    switch (placement.action) {
    case Placement::Action::Skip:
        return {ItemOutcome::Skipped, std::nullopt};
    case Placement::Action::Cancel:
        return {ItemOutcome::Cancelled, std::nullopt};
    case Placement::Action::Fail:
        return fail(placement.issue);
    default:
        break;
    }

    QByteArray partName = partFileName(placement.name, item.partNameTaken);
    QByteArray destination = destinationPath(task, placement.name);
    // In a folder this copy created (mode 0700 until it is finished) nobody else can reach
    // the part file: it may start with its final mode (unless an inherited default ACL
    // decides the mode there), and its identity need not be checked again before the
    // rename. Three system calls fewer per file (issue 5: small files).
    const bool privateFolder = task.destinationDirectory->createdByCopy;
    const mode_t createdMode = task.destinationDirectory->modeFollowsUmask
                                   ? creationMode(item, m_job.options.preserve, m_job.umask)
                                   : mode_t(0600);
    const int partFd = createPartFile(directoryFd, partName, createdMode);
    if (partFd < 0 && -partFd != EBUSY && -partFd != EEXIST) {
        // A create that failed half-way (some FUSE file systems) must not leave an empty
        // entry behind; EBUSY and EEXIST name an entry that is not this copy's.
        ::unlinkat(directoryFd, partName.constData(), 0);
    }
    if (partFd < 0) {
        CopyIssue issue = CopyIssue::fromErrno(FileOperation::Create, destination, -partFd);
        if (-partFd == EBUSY)
            issue.detail = QCoreApplication::translate("Sluice::ItemCopier",
                                                       "another copy is writing this file");
        return fail(issue);
    }
    UniqueFd part(partFd);
    PartFileGuard guard(directoryFd, partName);
    CreatedPart created;
    if (!privateFolder) {
        if (struct stat st = {}; ::fstat(part.get(), &st) == 0)
            created = CreatedPart::fromStat(st);
    }
    if (m_job.hooks.afterPartCreated)
        m_job.hooks.afterPartCreated(destinationPath(task, partName));

    DataTransfer transfer;
    transfer.sourceFd = sourceFd.get();
    transfer.destinationFd = part.get();
    transfer.sourcePath = source;
    transfer.destinationPath = destination;
    transfer.plannedSize = before.st_size;
    // Holes are skipped only where the destination keeps them; elsewhere every byte is
    // written in order (zeros read from the holes), never a write past the end.
    transfer.sparse = before.st_size > 0 && qint64(before.st_blocks) * 512 < before.st_size
                      && fileSystemKeepsHoles(part.get());
    transfer.progress = &progress;
    const quint64 skipsAtStart = m_job.control.skipRequests();
    if (task.serial)
        transfer.skipRequested = [this, skipsAtStart] {
            return m_job.control.skipRequests() != skipsAtStart;
        };
    std::optional<FlushBehind> flush;
    const bool durable = m_job.options.durability != Durability::None || m_job.options.move;
    // Writing back behind big files keeps the dirty page cache bounded. Small files are left
    // to the final syncfs(2), also on the serial path (--workers 1): starting write-back of
    // each one on its own made 20,000 files of 4 KiB 2.5 times slower.
    if (durable && task.serial && before.st_size >= m_job.options.smallFileThreshold) {
        flush.emplace(part.get(), sourceFd.get(), m_job.options.flushWindow,
                      m_job.options.flushLag);
        transfer.flush = &*flush;
    }
    std::optional<ChecksumHasher> hasher;
    if (m_job.options.verify != VerifyAlgorithm::None) {
        hasher.emplace(m_job.options.verify);
        transfer.hasher = &*hasher;
    }

    const DataOutcome data = moveData(task, transfer, reader, before.st_dev);
    switch (data.status) {
    case DataOutcome::Status::Failed:
        return fail(withSpaceHint(data.issue, part.get(), before.st_size));
    case DataOutcome::Status::Cancelled:
        return {ItemOutcome::Cancelled, std::nullopt};
    case DataOutcome::Status::Skipped:
        return {ItemOutcome::Skipped, std::nullopt};
    default:
        break;
    }
    const qint64 finalSize = data.offset;

    // A source that changed while it was read: the copy holds what was read, up to the
    // real end of the file (never padded); the change is reported.
    struct stat after = {};
    if (::fstat(sourceFd.get(), &after) == 0) {
        if (after.st_nlink == 0 && before.st_nlink > 0) {
            m_job.issues.add(CopyIssue::withDetail(
                FileOperation::Read, source,
                QCoreApplication::translate(
                    "Sluice::ItemCopier",
                    "the file was deleted while it was copied; the copy holds the "
                    "%1 bytes read")
                    .arg(finalSize),
                IssueSeverity::Warning));
        } else if ((!sameTime(after.st_mtim, before.st_mtim) || after.st_size != before.st_size
                    || finalSize != before.st_size)
                   && !isPseudoFileSystem(sourceFd.get())) {
            m_job.issues.add(CopyIssue::withDetail(
                FileOperation::Read, source,
                QCoreApplication::translate(
                    "Sluice::ItemCopier",
                    "the file changed while it was copied (%1 bytes when opened, "
                    "%2 bytes copied)")
                    .arg(before.st_size)
                    .arg(finalSize),
                IssueSeverity::Warning));
        }
    }

    if (m_job.options.durability == Durability::File || m_job.options.move
        || m_job.options.verify != VerifyAlgorithm::None) {
        if (retryOnEintr([&] { return ::fdatasync(part.get()); }) != 0)
            return fail(CopyIssue::fromErrno(FileOperation::Flush, destination, errno));
        ::posix_fadvise(part.get(), 0, 0, POSIX_FADV_DONTNEED);
    } else if (flush) {
        if (const int error = flush->finish(finalSize, false))
            return fail(CopyIssue::fromErrno(FileOperation::Flush, destination, error));
    }

    QByteArray digest;
    if (hasher) {
        if (task.serial)
            m_job.counters.setPhase(CopyPhase::Verifying);
        const QByteArray expected = hasher->hexDigest();
        if (m_job.hooks.beforeVerify)
            m_job.hooks.beforeVerify(part.get(), destination);
        const VerifyResult verified =
            verifyCopy(m_job, part.get(), m_job.options.verify, expected, destination);
        if (task.serial)
            m_job.counters.setPhase(CopyPhase::Copying);
        if (verified.error != 0)
            return fail(CopyIssue::fromErrno(FileOperation::Verify, destination, verified.error));
        if (!verified.matches)
            return fail(CopyIssue::withDetail(
                FileOperation::Verify, destination,
                QCoreApplication::translate(
                    "Sluice::ItemCopier", "the copy reads back differently from the source (%1 %2, "
                                          "expected %3); the copy was removed")
                    .arg(verifyAlgorithmName(m_job.options.verify),
                         QString::fromLatin1(verified.digest), QString::fromLatin1(expected))));
        digest = expected;
    }

    if (const int error = applyMetadata(part.get(), sourceFd.get(), item, m_job.options.preserve,
                                        m_job.umask, destination, m_job.issues, createdMode))
        return fail(CopyIssue::fromErrno(FileOperation::SetPermissions, destination, error));

    for (int tries = 0;; ++tries) {
        const int error = renameIntoPlace(directoryFd, partName, placement.name,
                                          placement.action == Placement::Action::Overwrite,
                                          privateFolder ? nullptr : &created);
        if (error == 0)
            break;
        if (error != EEXIST || tries >= 3)
            return fail(renameIssue(error, destinationPath(task, partName), destination));
        // Someone created the name while we copied: decide again, like any collision.
        placement = resolvePlacement(m_job, directoryFd, placement.name, true, item, before, source,
                                     destination);
        if (placement.action == Placement::Action::Skip)
            return {ItemOutcome::Skipped, std::nullopt};
        if (placement.action == Placement::Action::Cancel)
            return {ItemOutcome::Cancelled, std::nullopt};
        if (placement.action == Placement::Action::Fail)
            return fail(placement.issue);
        destination = destinationPath(task, placement.name);
    }
    guard.commit();
    m_job.counters.bytesCopied.fetch_add(finalSize, std::memory_order_relaxed);
    if (!digest.isEmpty())
        recordChecksum(m_job, digest, destination);
    if (m_job.options.preserve.hardLinks && item.nlink > 1)
        m_links.remember(task, placement.name);
    queueSourceRemoval(m_job, m_plan, task);
    return {ItemOutcome::Copied, std::nullopt};
}

DataOutcome ItemCopier::moveData(const ItemTask &task, DataTransfer &transfer, ChunkReader *reader,
                                 dev_t sourceDevice)
{
    const dev_t destinationDevice = task.destinationDirectory->device;
    Engine engine = m_job.options.engine;
    if (transfer.hasher)
        engine = Engine::Stream; // checksums need the bytes in user space
    auto show = [&](Engine current) {
        if (task.serial)
            m_job.counters.currentEngine.store(int(current), std::memory_order_relaxed);
    };
    if ((engine == Engine::Auto || engine == Engine::Reflink)
        && !m_job.engines.hasFailed(Engine::Reflink, sourceDevice, destinationDevice)) {
        show(Engine::Reflink);
        DataOutcome outcome = ReflinkEngine::copy(m_job, transfer, sourceDevice, destinationDevice);
        if (outcome.status != DataOutcome::Status::Fallback)
            return outcome;
    }
    if ((engine == Engine::Auto || engine == Engine::Kernel)
        && !m_job.engines.hasFailed(Engine::Kernel, sourceDevice, destinationDevice)) {
        show(Engine::Kernel);
        DataOutcome outcome = KernelEngine::copy(m_job, transfer, sourceDevice, destinationDevice);
        if (outcome.status != DataOutcome::Status::Fallback)
            return outcome;
        transfer.startOffset = outcome.offset;
        qCDebug(lcEngine) << "falling back to stream at" << outcome.offset << "for"
                          << transfer.sourcePath;
    }
    show(Engine::Stream);
    if (reader)
        return StreamEngine::copyPipelined(m_job, *reader, transfer);
    return StreamEngine::copyInline(m_job, transfer);
}

std::optional<ItemOutcome> ItemCopier::moveByRename(const ItemTask &task)
{
    const PlanItem &item = m_plan.items[std::size_t(task.index)];
    if (!m_job.options.move || task.followSource || item.dev != task.destinationDirectory->device)
        return std::nullopt;
    const int directoryFd = task.destinationDirectory->fd.get();
    const QByteArray destination = destinationPath(task, task.destinationName);
    const struct stat source = statFromItem(item);
    const Placement placement = resolvePlacement(m_job, directoryFd, task.destinationName,
                                                 !task.destinationDirectory->createdByCopy, item,
                                                 source, sourcePath(task), destination);
    switch (placement.action) {
    case Placement::Action::Skip:
        return ItemOutcome::Skipped;
    case Placement::Action::Cancel:
        return ItemOutcome::Cancelled;
    case Placement::Action::Merge:
    case Placement::Action::Fail:
        return std::nullopt; // merge item by item; failures are reported by the copy path
    default:
        break;
    }
    const unsigned flags = placement.action == Placement::Action::Overwrite ? 0 : RENAME_NOREPLACE;
    if (::renameat2(task.sourceDirectory->fd.get(), task.sourceName.constData(), directoryFd,
                    placement.name.constData(), flags)
        != 0)
        return std::nullopt; // EXDEV (another mount), EEXIST (raced): copy, then delete
    return ItemOutcome::Copied;
}

} // namespace Sluice
