#pragma once

#include "copyissue.h"

#include <QByteArray>

#include <cerrno>

#include <sys/stat.h>

namespace Sluice {

class DirectoryHandle;
class IssueLog;

/// The suffix that marks Sluice's temporary files (DESIGN.md: ".<name>.sluice-part").
inline constexpr char PartFileSuffix[] = ".sluice-part";

/// The hidden sibling a file is written to before it is renamed onto @p finalName:
/// ".<finalName>.sluice-part". Names that would exceed NAME_MAX (255 bytes) are shortened
/// and made unique again with a hash of the full name.
/// @p variant gives ".<finalName>~2.sluice-part", for a name whose usual part name is taken
/// by a file being copied into the same folder.
QByteArray partFileName(const QByteArray &finalName, bool variant = false);

/// True for names made by partFileName().
bool isPartFileName(const QByteArray &name);

/// What createPartFile() returns (negated) when the name's part file is kept by an
/// interrupted job of the journal for its resume (JobJournal): not removed, not written.
inline constexpr int KeptForResume = EALREADY;

/// Creates the part file @p partName in @p directoryFd with O_CREAT | O_EXCL | O_NOFOLLOW and
/// @p mode (open(2); 0600 unless the folder is private to this copy, see creationMode()): it
/// never follows a symlink planted there and never opens someone else's file. Takes an
/// exclusive flock(2) so that a later run's stale-part cleanup leaves it alone; a leftover of
/// an interrupted run (not locked) is replaced. Returns the descriptor (read-write), or
/// -errno; -EBUSY when a running copy holds that name; -KeptForResume (see there).
int createPartFile(int directoryFd, const QByteArray &partName, mode_t mode = 0600);

/// What a copy created under a part name (a part file, link, FIFO or node), checked again
/// right before the name is renamed into place.
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

/// Returned by renameIntoPlace() when the part name no longer holds what the copy created.
inline constexpr int PartReplaced = -1;

/// renameat2(2) with RENAME_NOREPLACE where the file system has it; where it does not
/// (EINVAL: some FUSE file systems), linkat(2) gives the same no-replace guarantee, and as a
/// last resort a check right before a plain rename. Returns 0 or an errno value.
int renameNoReplace(int directoryFd, const QByteArray &from, const QByteArray &to);

/// Renames the part name onto the final name, replacing an existing entry only when
/// @p overwrite. First checks that the part name still holds @p created: anyone who may
/// write in the destination folder could have replaced it meanwhile (with a link to a file
/// elsewhere, say), and renaming would then put their entry, not the copy, under the final
/// name. Null @p created skips that check, for a folder this copy created with mode 0700 and
/// has not finished (nobody else can enter it; the part file's flock(2) keeps other Sluice
/// runs out). Returns 0, PartReplaced, or an errno value.
int renameIntoPlace(int directoryFd, const QByteArray &partName, const QByteArray &finalName,
                    bool overwrite, const CreatedPart *created);

/// The issue for a failed renameIntoPlace(): @p error's cause, or for PartReplaced a message
/// naming the part file that someone else replaced.
CopyIssue renameIssue(int error, const QByteArray &partPath, const QByteArray &finalPath,
                      FileOperation operation = FileOperation::Rename);

/// A part file an interrupted run (a crash, a kill -9, a power cut) left behind.
struct StalePart
{
    QByteArray finalName; ///< the planned entry it was written for
    QByteArray partName;  ///< partFileName(finalName) or its variant
};

/// The part files an interrupted run left in the folder @p directoryFd for the names this
/// job will write there (@p plannedNames). Only those: a ".x.sluice-part" for a name the
/// job does not write, one that is itself a planned name (a file being copied), or a folder,
/// is not Sluice's; nor is a part file that a running copy still holds (it keeps an
/// exclusive flock(2) on it), nor one an interrupted job of the journal keeps for its resume
/// (isKeptPartFile()). Only reads. Any thread.
QList<StalePart> findStalePartFiles(int directoryFd, const QList<QByteArray> &plannedNames);

/// Records in @p folder what findStalePartFiles() finds there for @p plannedNames, for
/// removeStaleParts() to delete when each of those names is written.
void noteStalePartFiles(DirectoryHandle &folder, const QList<QByteArray> &plannedNames);

/// Deletes the stale part files recorded in @p folder for @p finalName, just before the job
/// writes that name, reporting each as a warning in @p issues ("it says so"). Any thread.
void removeStaleParts(DirectoryHandle &folder, const QByteArray &finalName, IssueLog &issues);

/// Removes a part file on every early exit: unlinkat(2) of @p name in @p directoryFd when
/// destroyed, unless commit() was called after the rename onto the final name succeeded.
/// Not thread-safe; lives on the stack of the thread copying the file.
class PartFileGuard final
{
public:
    PartFileGuard(int directoryFd, QByteArray name)
        : m_directoryFd(directoryFd)
        , m_name(std::move(name))
    {}
    ~PartFileGuard() { removeNow(); }
    PartFileGuard(const PartFileGuard &) = delete;
    PartFileGuard &operator=(const PartFileGuard &) = delete;

    /// The part file now has its final name: nothing to remove.
    void commit() { m_armed = false; }
    /// The name turned out to be someone else's (EEXIST, EBUSY when creating): leave it.
    void disown() { m_armed = false; }
    /// Whether the part file is still this copy's to remove (neither committed nor disowned).
    bool armed() const { return m_armed; }
    /// Removes the part file at once (idempotent).
    void removeNow();
    const QByteArray &name() const { return m_name; }

private:
    int m_directoryFd;
    QByteArray m_name;
    bool m_armed = true;
};

} // namespace Sluice
