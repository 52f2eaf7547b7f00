#pragma once

#include "journalentry.h"

#include <QByteArray>

#include <sys/stat.h>
#include <sys/types.h>

namespace Sluice {

struct JobContext;
struct ResumeState;

/// Records in the job's journal at once (JournalWriter::noteFolder(): a record is written
/// before this returns, so before the first byte goes into a folder it made) the destination
/// folder @p fd
/// (at @p path, on the file system @p device) that this job made, or finished (@p finished:
/// its own mode and times were set), with what identifies it there: st_mode, owner, group and
/// modification time, from statx(2) with AT_STATX_FORCE_SYNC (FUSE asks the server again).
/// Only on file systems that show a symbolic link as what it points to
/// (FileSystemProbe::followsSymlinks), the only place a resume asks for it (isOwnFolder());
/// nothing without a journal. Any copying thread.
void recordOwnFolder(JobContext &job, int fd, dev_t device, const QByteArray &path, bool finished);

/// Records in the job's journal at once, right before this job makes the destination folder
/// @p path on a link-following file system, that it is about to (JournalFolder::pending()):
/// a kill -9 between its mkdirat(2) and recordOwnFolder() leaves a folder a resume knows it
/// may have made (remakeOwnFolderAt()). Nothing without a journal. Returns whether it
/// recorded; forgetFolderToMake() when the mkdirat(2) fails. Any copying thread.
bool recordFolderToMake(JobContext &job, const QByteArray &path);
/// The folder recordFolderToMake() announced at @p path was not made (EEXIST: not this job's).
void forgetFolderToMake(JobContext &job, const QByteArray &path);

/// Where the interrupted run @p resume recorded @p name (at @p path) in the open folder
/// @p folderFd as a folder about to be made, never with its identity (a kill -9 right after
/// its mkdirat(2)): removes it, which the server does only for an empty folder and never for
/// a symbolic link (rmdir(2): ENOTEMPTY, ENOTDIR), and makes it afresh, mode 0700, as this
/// run's own. An empty folder there is what that run left: nothing was written into it before
/// its identity was recorded. Returns whether it made it; errno is set where it did not.
bool remakeOwnFolderAt(const ResumeState *resume, int folderFd, const QByteArray &name,
                       const QByteArray &path);

/// Whether the existing destination folder @p path, as @p existing shows it (fstatat(2): on a
/// link-following file system, whatever a link there points to), is a folder the interrupted
/// run @p resume made itself and may be copied into: the journal recorded it (JournalFolder)
/// with the same st_mode, owner and group, and with a modification time equal to the recorded
/// one (a finished folder) or not older (an unfinished one: entries made in it since moved its
/// time forward), compared at @p granularityNs (compareTimes()). False without a resume or a
/// record of @p path. A link to another folder with the same mode, owner and a time as new
/// passes; README.md ("Network and FUSE file systems") says so. A folder recorded as pending
/// (JournalFolder::pending()) passes where it is a folder of mode 0700, as mkdirat(2) made it:
/// the copy then remakes it (remakeOwnFolderAt()) or refuses it. Reads only @p resume.
bool isOwnFolder(const ResumeState *resume, const QByteArray &path, const struct stat &existing,
                 qint64 granularityNs);
/// isOwnFolder() of the entry @p name of the open folder @p folderFd (fstatat(2)), whose path
/// is @p path; false when it cannot be read.
bool isOwnFolderAt(const ResumeState *resume, int folderFd, const QByteArray &name,
                   const QByteArray &path, qint64 granularityNs);

} // namespace Sluice
