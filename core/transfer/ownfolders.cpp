#include "ownfolders.h"

#include "fsprobe.h"
#include "jobcontext.h"
#include "journalwriter.h"

#include <cerrno>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace Sluice {

void recordOwnFolder(JobContext &job, int fd, dev_t device, const QByteArray &path, bool finished)
{
    if (!job.journal || !job.fileSystems.probe(fd, device).followsSymlinks)
        return;
    struct statx seen = {};
    if (::statx(fd, "", AT_EMPTY_PATH | AT_SYMLINK_NOFOLLOW | AT_STATX_FORCE_SYNC,
                STATX_TYPE | STATX_MODE | STATX_UID | STATX_GID | STATX_MTIME, &seen)
        != 0)
        return; // not recorded: a resume refuses it, as before
    JournalFolder folder;
    folder.destination = path;
    folder.mode = seen.stx_mode;
    folder.uid = seen.stx_uid;
    folder.gid = seen.stx_gid;
    folder.mtimeSeconds = seen.stx_mtime.tv_sec;
    folder.mtimeNanoseconds = qint32(seen.stx_mtime.tv_nsec);
    folder.finished = finished;
    job.journal->noteFolder(folder);
}

bool recordFolderToMake(JobContext &job, const QByteArray &path)
{
    if (!job.journal)
        return false;
    JournalFolder folder;
    folder.destination = path; // mode 0: pending
    job.journal->noteFolder(folder);
    return true;
}

void forgetFolderToMake(JobContext &job, const QByteArray &path)
{
    if (job.journal)
        job.journal->forgetFolder(path);
}

bool remakeOwnFolderAt(const ResumeState *resume, int folderFd, const QByteArray &name,
                       const QByteArray &path)
{
    if (!resume) {
        errno = EEXIST;
        return false;
    }
    const auto found = resume->folders.constFind(path);
    if (found == resume->folders.cend() || !found->pending()) {
        errno = EEXIST;
        return false;
    }
    return ::unlinkat(folderFd, name.constData(), AT_REMOVEDIR) == 0
           && ::mkdirat(folderFd, name.constData(), 0700) == 0;
}

bool isOwnFolder(const ResumeState *resume, const QByteArray &path, const struct stat &existing,
                 qint64 granularityNs)
{
    if (!resume)
        return false;
    const auto found = resume->folders.constFind(path);
    if (found == resume->folders.cend())
        return false;
    const JournalFolder &recorded = *found;
    if (recorded.pending())
        return existing.st_mode == (S_IFDIR | 0700);
    if (existing.st_mode != recorded.mode || existing.st_uid != recorded.uid
        || existing.st_gid != recorded.gid)
        return false;
    const timespec recordedTime = {time_t(recorded.mtimeSeconds), long(recorded.mtimeNanoseconds)};
    const int order = compareTimes(existing.st_mtim, recordedTime, granularityNs);
    return recorded.finished ? order == 0 : order >= 0;
}

bool isOwnFolderAt(const ResumeState *resume, int folderFd, const QByteArray &name,
                   const QByteArray &path, qint64 granularityNs)
{
    struct stat existing = {};
    return resume && ::fstatat(folderFd, name.constData(), &existing, AT_SYMLINK_NOFOLLOW) == 0
           && isOwnFolder(resume, path, existing, granularityNs);
}

} // namespace Sluice
