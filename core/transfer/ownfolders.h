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

/// Whether the existing destination folder @p path, as @p existing shows it (fstatat(2): on a
/// link-following file system, whatever a link there points to), is a folder the interrupted
/// run @p resume made itself and may be copied into: the journal recorded it (JournalFolder)
/// with the same st_mode, owner and group, and with a modification time equal to the recorded
/// one (a finished folder) or not older (an unfinished one: entries made in it since moved its
/// time forward), compared at @p granularityNs (compareTimes()). False without a resume or a
/// record of @p path. A link to another folder with the same mode, owner and a time as new
/// passes; README.md ("Network and FUSE file systems") says so. Reads only @p resume.
bool isOwnFolder(const ResumeState *resume, const QByteArray &path, const struct stat &existing,
                 qint64 granularityNs);
/// isOwnFolder() of the entry @p name of the open folder @p folderFd (fstatat(2)), whose path
/// is @p path; false when it cannot be read.
bool isOwnFolderAt(const ResumeState *resume, int folderFd, const QByteArray &name,
                   const QByteArray &path, qint64 granularityNs);

} // namespace Sluice
