#include "ownfolders.h"

#include "fsprobe.h"
#include "jobcontext.h"
#include "journalwriter.h"

#include <fcntl.h>
#include <sys/stat.h>

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

bool isOwnFolder(const ResumeState *resume, const QByteArray &path, const struct stat &existing,
                 qint64 granularityNs)
{
    if (!resume)
        return false;
    const auto found = resume->folders.constFind(path);
    if (found == resume->folders.cend())
        return false;
    const JournalFolder &recorded = *found;
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
