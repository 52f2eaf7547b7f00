#include "itemcopier.h"

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

constexpr int FlushBehindLag = 2; // windows in flight before the oldest is waited for

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

// A stat for collision decisions about an entry that is not opened (links, FIFOs).
struct stat statFromItem(const PlanItem &item)
{
    struct stat st = {};
    st.st_dev = item.dev;
    st.st_ino = item.ino;
    st.st_mode = item.mode;
    st.st_size = item.size;
    st.st_mtim = item.mtime;
    return st;
}

// Creates the part file; a leftover from an interrupted run (not locked by a live copy) is
// replaced. Returns the descriptor or -errno.
int createPartFile(int directoryFd, const QByteArray &partName)
{
    constexpr int Flags = O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW | O_NOCTTY;
    for (int attempt = 0; attempt < 2; ++attempt) {
        const int fd =
            retryOnEintr([&] { return ::openat(directoryFd, partName.constData(), Flags, 0600); });
        if (fd >= 0) {
            // The lock tells a later run's stale-part cleanup that this file is alive.
            ::flock(fd, LOCK_EX | LOCK_NB);
            return fd;
        }
        if (errno != EEXIST || attempt > 0)
            return -errno;
        UniqueFd stale(::openat(directoryFd, partName.constData(),
                                O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK));
        if (stale && ::flock(stale.get(), LOCK_EX | LOCK_NB) != 0)
            return -EBUSY; // another copy is writing it right now
        ::unlinkat(directoryFd, partName.constData(), 0);
    }
    return -EEXIST;
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
        issue.detail = QStringLiteral("the destination is probably full (%1 bytes free, the file "
                                      "needs %2 more)")
                           .arg(available)
                           .arg(fileSize - have);
    return issue;
}

// renameat2(2) with RENAME_NOREPLACE where the file system has it; where it does not
// (EINVAL: some FUSE file systems), linkat(2) gives the same no-replace guarantee, and as a
// last resort a check right before a plain rename.
int renameNoReplace(int directoryFd, const QByteArray &from, const QByteArray &to)
{
    if (::renameat2(directoryFd, from.constData(), directoryFd, to.constData(), RENAME_NOREPLACE)
        == 0)
        return 0;
    if (errno != EINVAL && errno != ENOSYS)
        return errno;
    if (::linkat(directoryFd, from.constData(), directoryFd, to.constData(), 0) == 0) {
        ::unlinkat(directoryFd, from.constData(), 0);
        return 0;
    }
    if (errno == EEXIST)
        return EEXIST;
    struct stat st = {};
    if (::fstatat(directoryFd, to.constData(), &st, AT_SYMLINK_NOFOLLOW) == 0)
        return EEXIST;
    if (::renameat(directoryFd, from.constData(), directoryFd, to.constData()) == 0)
        return 0;
    return errno;
}

// What this copy created under a part name (a part file, link, FIFO or node), checked
// again right before the name is renamed into place.
struct CreatedPart
{
    dev_t dev = 0;
    ino_t ino = 0;
    mode_t type = 0;
    bool valid = false;

    static CreatedPart fromStat(const struct stat &st)
    {
        return {st.st_dev, st.st_ino, mode_t(st.st_mode & S_IFMT), true};
    }
    bool sameAs(const struct stat &st) const
    {
        return valid && st.st_dev == dev && st.st_ino == ino && mode_t(st.st_mode & S_IFMT) == type;
    }
};

// Returned by renameIntoPlace() when the part name no longer holds what this copy created.
constexpr int PartReplaced = -1;

// Renames the part name onto the final name (replacing it only when overwriting). First
// checks that the part name still holds what this copy created: anyone who may write in the
// destination folder could have replaced it meanwhile (with a link to a file elsewhere, say),
// and renaming would then put their entry, not the copy, under the final name. Returns 0,
// PartReplaced, or an errno value.
int renameIntoPlace(int directoryFd, const QByteArray &partName, const QByteArray &finalName,
                    bool overwrite, const CreatedPart &created)
{
    struct stat now {};
    if (::fstatat(directoryFd, partName.constData(), &now, AT_SYMLINK_NOFOLLOW) != 0)
        return errno == ENOENT ? PartReplaced : errno;
    if (!created.sameAs(now))
        return PartReplaced;
    if (!overwrite)
        return renameNoReplace(directoryFd, partName, finalName);
    return ::renameat(directoryFd, partName.constData(), directoryFd, finalName.constData()) == 0
               ? 0
               : errno;
}

CopyIssue renameIssue(int error, const QByteArray &partPath, const QByteArray &finalPath,
                      FileOperation operation = FileOperation::Rename)
{
    if (error != PartReplaced)
        return CopyIssue::fromErrno(operation, finalPath, error);
    return CopyIssue::withDetail(
        FileOperation::Rename, finalPath,
        QStringLiteral("“%1” was replaced or removed by someone else while it was being "
                       "written; it was not put in place")
            .arg(NativePath::toDisplay(partPath)));
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
{}

QByteArray ItemCopier::sourcePath(const ItemTask &task) const
{
    return m_plan.sourcePath(task.index);
}

QByteArray ItemCopier::destinationPath(const ItemTask &task, const QByteArray &name) const
{
    return NativePath::join(task.destinationDirectory->path, name);
}

ItemOutcome ItemCopier::copyFile(const ItemTask &task, ChunkReader *reader)
{
    const PlanItem &item = m_plan.items[std::size_t(task.index)];
    if (item.hardLinkOf >= 0) {
        if (const auto linked = linkToFirst(task))
            return *linked;
        // The first name was not copied: this name becomes the copy.
    }
    ItemProgress progress(m_job.counters, item.size, task.serial);
    if (task.serial)
        m_job.counters.setCurrentItem(sourcePath(task), item.size, Engine::Auto);
    for (int attempt = 1;; ++attempt) {
        const Attempt result = attemptFile(task, reader, progress);
        if (!result.failure)
            return result.outcome;
        const ErrorAction action = resolveError(m_job, *result.failure, attempt, sourcePath(task),
                                                destinationPath(task, task.destinationName));
        if (action == ErrorAction::Retry) {
            progress.restart();
            continue;
        }
        if (action == ErrorAction::Abort && !m_job.aborted.load())
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
    if (!sourceFd) {
        CopyIssue issue = CopyIssue::fromErrno(FileOperation::Open, source, errno);
        if (issue.errorCode == ELOOP && !task.followSource)
            issue.detail = QStringLiteral("it became a symbolic link since the scan");
        return fail(issue);
    }
    struct stat before = {};
    if (::fstat(sourceFd.get(), &before) != 0)
        return fail(CopyIssue::fromErrno(FileOperation::Stat, source, errno));
    if (!S_ISREG(before.st_mode))
        return fail(CopyIssue::withDetail(FileOperation::Open, source,
                                          QStringLiteral("it is no longer a regular file")));

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

    QByteArray partName = partFileName(placement.name);
    QByteArray destination = destinationPath(task, placement.name);
    const int partFd = createPartFile(directoryFd, partName);
    if (partFd < 0 && -partFd != EBUSY && -partFd != EEXIST) {
        // A create that failed half-way (some FUSE file systems) must not leave an empty
        // entry behind; EBUSY and EEXIST name an entry that is not this copy's.
        ::unlinkat(directoryFd, partName.constData(), 0);
    }
    if (partFd < 0) {
        CopyIssue issue = CopyIssue::fromErrno(FileOperation::Create, destination, -partFd);
        if (-partFd == EBUSY)
            issue.detail = QStringLiteral("another copy is writing this file");
        return fail(issue);
    }
    UniqueFd part(partFd);
    PartFileGuard guard(directoryFd, partName);
    CreatedPart created;
    if (struct stat st {}; ::fstat(part.get(), &st) == 0)
        created = CreatedPart::fromStat(st);
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
    // Big files go through the serial path; writing back behind them keeps the dirty page
    // cache bounded. Small files in the pool are left to the final syncfs(2).
    if (durable && task.serial) {
        flush.emplace(part.get(), sourceFd.get(), m_job.options.flushWindow, FlushBehindLag);
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
                QStringLiteral("the file was deleted while it was copied; the copy holds the "
                               "%1 bytes read")
                    .arg(finalSize),
                IssueSeverity::Warning));
        } else if ((!sameTime(after.st_mtim, before.st_mtim) || after.st_size != before.st_size
                    || finalSize != before.st_size)
                   && !isPseudoFileSystem(sourceFd.get())) {
            m_job.issues.add(CopyIssue::withDetail(
                FileOperation::Read, source,
                QStringLiteral("the file changed while it was copied (%1 bytes when opened, "
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
                QStringLiteral("the copy reads back differently from the source (%1 %2, "
                               "expected %3); the copy was removed")
                    .arg(verifyAlgorithmName(m_job.options.verify),
                         QString::fromLatin1(verified.digest), QString::fromLatin1(expected))));
        digest = expected;
    }

    if (const int error = applyMetadata(part.get(), sourceFd.get(), item, m_job.options.preserve,
                                        m_job.umask, destination, m_job.issues))
        return fail(CopyIssue::fromErrno(FileOperation::SetPermissions, destination, error));

    for (int tries = 0;; ++tries) {
        const int error =
            renameIntoPlace(directoryFd, partName, placement.name,
                            placement.action == Placement::Action::Overwrite, created);
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
        rememberLink(task, placement.name);
    queueSourceRemoval(task);
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

void ItemCopier::queueSourceRemoval(const ItemTask &task)
{
    if (m_job.options.move)
        task.destinationDirectory->addRemoval(
            PendingRemoval{task.sourceDirectory, task.sourceName, sourcePath(task), false});
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

void ItemCopier::rememberLink(const ItemTask &task, const QByteArray &finalName)
{
    std::lock_guard lock(m_linkMutex);
    m_firstLinks.insert(task.index, {task.destinationDirectory, finalName});
}

std::optional<ItemOutcome> ItemCopier::linkToFirst(const ItemTask &task)
{
    const PlanItem &item = m_plan.items[std::size_t(task.index)];
    std::pair<DirectoryRef, QByteArray> first;
    {
        std::lock_guard lock(m_linkMutex);
        const auto found = m_firstLinks.constFind(item.hardLinkOf);
        if (found == m_firstLinks.cend())
            return std::nullopt;
        first = *found;
    }
    const int directoryFd = task.destinationDirectory->fd.get();
    const QByteArray destination = destinationPath(task, task.destinationName);
    for (int attempt = 1;; ++attempt) {
        const struct stat source = statFromItem(item);
        const Placement placement = resolvePlacement(m_job, directoryFd, task.destinationName,
                                                     !task.destinationDirectory->createdByCopy,
                                                     item, source, sourcePath(task), destination);
        if (placement.action == Placement::Action::Skip)
            return ItemOutcome::Skipped;
        if (placement.action == Placement::Action::Cancel)
            return ItemOutcome::Cancelled;
        int error = 0;
        CopyIssue issue;
        if (placement.action == Placement::Action::Fail) {
            issue = placement.issue;
        } else {
            // Link under the part name, then rename: the final name appears atomically.
            const QByteArray partName = partFileName(placement.name);
            ::unlinkat(directoryFd, partName.constData(), 0);
            if (::linkat(first.first->fd.get(), first.second.constData(), directoryFd,
                         partName.constData(), 0)
                != 0) {
                error = errno;
            } else {
                PartFileGuard guard(directoryFd, partName);
                CreatedPart created;
                if (struct stat st {}; ::fstatat(first.first->fd.get(), first.second.constData(),
                                                 &st, AT_SYMLINK_NOFOLLOW)
                                       == 0)
                    created = CreatedPart::fromStat(st);
                if (m_job.hooks.afterPartCreated)
                    m_job.hooks.afterPartCreated(destinationPath(task, partName));
                error = renameIntoPlace(directoryFd, partName, placement.name,
                                        placement.action == Placement::Action::Overwrite, created);
                if (error == 0) {
                    guard.commit();
                    queueSourceRemoval(task);
                    return ItemOutcome::Copied;
                }
            }
            issue = renameIssue(error, destinationPath(task, partName), destination,
                                FileOperation::Link);
        }
        const ErrorAction action =
            resolveError(m_job, issue, attempt, sourcePath(task), destination);
        if (action == ErrorAction::Retry)
            continue;
        if (action == ErrorAction::Abort && !m_job.aborted.load())
            return ItemOutcome::Cancelled;
        return ItemOutcome::Failed;
    }
}

ItemOutcome ItemCopier::copySpecial(const ItemTask &task)
{
    const PlanItem &item = m_plan.items[std::size_t(task.index)];
    const QByteArray source = sourcePath(task);
    const int sourceDirFd = task.sourceDirectory->fd.get();
    const int directoryFd = task.destinationDirectory->fd.get();
    const QByteArray destination = destinationPath(task, task.destinationName);

    for (int attempt = 1;; ++attempt) {
        CopyIssue issue;
        QByteArray linkTarget;
        if (item.kind == ItemKind::Symlink) {
            QByteArray buffer(qMax<qint64>(256, item.size + 1), Qt::Uninitialized);
            for (;;) {
                const ssize_t length = ::readlinkat(sourceDirFd, task.sourceName.constData(),
                                                    buffer.data(), buffer.size());
                if (length < 0) {
                    issue = CopyIssue::fromErrno(FileOperation::Read, source, errno);
                    break;
                }
                if (length < buffer.size()) {
                    linkTarget = buffer.left(length);
                    break;
                }
                buffer.resize(buffer.size() * 2);
            }
        }
        if (issue.errorCode == 0) {
            const struct stat sourceStat = statFromItem(item);
            const Placement placement = resolvePlacement(m_job, directoryFd, task.destinationName,
                                                         !task.destinationDirectory->createdByCopy,
                                                         item, sourceStat, source, destination);
            if (placement.action == Placement::Action::Skip)
                return ItemOutcome::Skipped;
            if (placement.action == Placement::Action::Cancel)
                return ItemOutcome::Cancelled;
            if (placement.action == Placement::Action::Fail) {
                issue = placement.issue;
            } else {
                const QByteArray partName = partFileName(placement.name);
                const QByteArray finalPath = destinationPath(task, placement.name);
                // Armed before creating: some file systems fail a create yet leave an entry
                // behind (exfat-fuse answers mkfifo with EIO and keeps an empty file).
                PartFileGuard guard(directoryFd, partName);
                int error = 0;
                for (int tries = 0; tries < 2; ++tries) {
                    int result = 0;
                    switch (item.kind) {
                    case ItemKind::Symlink:
                        result =
                            ::symlinkat(linkTarget.constData(), directoryFd, partName.constData());
                        break;
                    case ItemKind::Fifo:
                        result = ::mkfifoat(directoryFd, partName.constData(), 0600);
                        break;
                    default:
                        result = ::mknodat(directoryFd, partName.constData(),
                                           (item.mode & S_IFMT) | 0600, item.rdev);
                        break;
                    }
                    error = result == 0 ? 0 : errno;
                    if (error != 0 && error != EEXIST) {
                        // Some FUSE file systems leave a regular file behind when they
                        // refuse a special file (fusefat's mkfifo: EIO): remove our name.
                        ::unlinkat(directoryFd, partName.constData(), 0);
                    }
                    if (error != EEXIST)
                        break;
                    ::unlinkat(directoryFd, partName.constData(), 0); // stale leftover
                }
                if (error == EPERM
                    && (item.kind == ItemKind::CharDevice || item.kind == ItemKind::BlockDevice
                        || item.kind == ItemKind::Socket)) {
                    m_job.issues.add(CopyIssue::fromErrno(FileOperation::Create, finalPath, EPERM,
                                                          IssueSeverity::Warning));
                    return ItemOutcome::Skipped;
                }
                if (error == 0) {
                    CreatedPart created;
                    if (struct stat st {}; ::fstatat(directoryFd, partName.constData(), &st,
                                                     AT_SYMLINK_NOFOLLOW)
                                               == 0
                                           && (st.st_mode & S_IFMT) == (item.mode & S_IFMT))
                        created = CreatedPart::fromStat(st);
                    if (m_job.hooks.afterPartCreated)
                        m_job.hooks.afterPartCreated(destinationPath(task, partName));
                    // Metadata by name never follows a link (metadata.cpp), and the rename
                    // checks that the part name still holds what was created here.
                    error = applyMetadataAt(directoryFd, partName, item, m_job.options.preserve,
                                            m_job.umask, finalPath, m_job.issues);
                    if (error == 0)
                        error = renameIntoPlace(directoryFd, partName, placement.name,
                                                placement.action == Placement::Action::Overwrite,
                                                created);
                    if (error == 0) {
                        guard.commit();
                        queueSourceRemoval(task);
                        return ItemOutcome::Copied;
                    }
                    issue = renameIssue(error, destinationPath(task, partName), finalPath);
                } else {
                    issue = CopyIssue::fromErrno(FileOperation::Create, finalPath, error);
                }
            }
        }
        const ErrorAction action = resolveError(m_job, issue, attempt, source, destination);
        if (action == ErrorAction::Retry)
            continue;
        if (action == ErrorAction::Abort && !m_job.aborted.load())
            return ItemOutcome::Cancelled;
        return ItemOutcome::Failed;
    }
}

std::pair<DirectoryRef, DirectoryRef> ItemCopier::openFolder(const ItemTask &task,
                                                             ItemOutcome &outcome)
{
    const PlanItem &item = m_plan.items[std::size_t(task.index)];
    const QByteArray source = sourcePath(task);
    const int directoryFd = task.destinationDirectory->fd.get();
    const QByteArray destination = destinationPath(task, task.destinationName);
    constexpr int DirectoryFlags = O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOCTTY;

    for (int attempt = 1;; ++attempt) {
        CopyIssue issue;
        UniqueFd sourceFd(::openat(task.sourceDirectory->fd.get(), task.sourceName.constData(),
                                   DirectoryFlags | (task.followSource ? 0 : O_NOFOLLOW)));
        struct stat sourceStat = {};
        if (!sourceFd || ::fstat(sourceFd.get(), &sourceStat) != 0) {
            issue = CopyIssue::fromErrno(FileOperation::ReadDirectory, source, errno);
        } else {
            const Placement placement = resolvePlacement(m_job, directoryFd, task.destinationName,
                                                         !task.destinationDirectory->createdByCopy,
                                                         item, sourceStat, source, destination);
            if (placement.action == Placement::Action::Skip) {
                outcome = ItemOutcome::Skipped;
                return {};
            }
            if (placement.action == Placement::Action::Cancel) {
                outcome = ItemOutcome::Cancelled;
                return {};
            }
            const QByteArray finalPath = destinationPath(task, placement.name);
            bool created = false;
            int error = 0;
            if (placement.action == Placement::Action::Fail) {
                issue = placement.issue;
            } else {
                if (placement.action != Placement::Action::Merge) {
                    if (::mkdirat(directoryFd, placement.name.constData(), 0700) == 0)
                        created = true;
                    else if (errno != EEXIST)
                        error = errno;
                }
                UniqueFd destinationFd;
                struct stat destinationStat = {};
                if (error == 0) {
                    destinationFd.reset(::openat(directoryFd, placement.name.constData(),
                                                 DirectoryFlags | O_NOFOLLOW));
                    if (!destinationFd || ::fstat(destinationFd.get(), &destinationStat) != 0)
                        error = errno;
                }
                if (error == 0) {
                    auto sourceHandle = std::make_shared<DirectoryHandle>(
                        std::move(sourceFd), source, sourceStat.st_dev, false);
                    auto destinationHandle = std::make_shared<DirectoryHandle>(
                        std::move(destinationFd), finalPath, destinationStat.st_dev, created);
                    destinationHandle->parent = task.destinationDirectory;
                    if (m_job.options.move)
                        destinationHandle->source =
                            PendingRemoval{task.sourceDirectory, task.sourceName, source, true};
                    if (created || m_job.options.move) {
                        JobContext &job = m_job;
                        destinationHandle->finalizer = [&job, item,
                                                        sourceHandle](DirectoryHandle &folder) {
                            finishFolder(job, folder, &item, sourceHandle->fd.get());
                        };
                    }
                    outcome = ItemOutcome::Copied;
                    return {sourceHandle, destinationHandle};
                }
                issue = CopyIssue::fromErrno(FileOperation::Create, finalPath, error);
            }
        }
        const ErrorAction action = resolveError(m_job, issue, attempt, source, destination);
        if (action == ErrorAction::Retry)
            continue;
        outcome = action == ErrorAction::Abort && !m_job.aborted.load() ? ItemOutcome::Cancelled
                                                                        : ItemOutcome::Failed;
        return {};
    }
}

} // namespace Sluice
