#include "partfile.h"

#include "directoryhandle.h"

#include "issuelog.h"
#include "journalwriter.h"
#include "nativepath.h"
#include "posixio.h"
#include "resumepart.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QSet>

#include <climits>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace Sluice {

QByteArray partFileName(const QByteArray &finalName, bool variant)
{
    const QByteArray suffix(PartFileSuffix);
    const QByteArray marker = variant ? QByteArrayLiteral("~2") : QByteArray();
    QByteArray name = '.' + finalName + marker + suffix;
    if (name.size() <= NAME_MAX)
        return name;
    const QByteArray hash =
        QCryptographicHash::hash(finalName + marker, QCryptographicHash::Sha1).toHex().left(12);
    const qsizetype keep = NAME_MAX - 1 - 1 - hash.size() - suffix.size();
    return '.' + finalName.left(keep) + '~' + hash + suffix;
}

bool isPartFileName(const QByteArray &name)
{
    return name.size() > qsizetype(sizeof PartFileSuffix) && name.startsWith('.')
           && name.endsWith(PartFileSuffix);
}

int createPartFile(int directoryFd, const QByteArray &partName, mode_t mode)
{
    constexpr int Flags = O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW | O_NOCTTY;
    for (int attempt = 0; attempt < 2; ++attempt) {
        const int fd =
            retryOnEintr([&] { return ::openat(directoryFd, partName.constData(), Flags, mode); });
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
        if (struct stat st = {}; stale && ::fstat(stale.get(), &st) == 0
                                 && isKeptPartFile(fileSystemId(stale.get()), st.st_ino))
            return -KeptForResume;
        ::unlinkat(directoryFd, partName.constData(), 0);
    }
    return -EEXIST;
}

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
    if (retryWhileBusy(
            [&] { return ::renameat(directoryFd, from.constData(), directoryFd, to.constData()); })
        == 0)
        return 0;
    return errno;
}

int renameIntoPlace(int directoryFd, const QByteArray &partName, const QByteArray &finalName,
                    bool overwrite, const CreatedPart *created)
{
    if (created) {
        struct stat now = {};
        if (::fstatat(directoryFd, partName.constData(), &now, AT_SYMLINK_NOFOLLOW) != 0)
            return errno == ENOENT ? PartReplaced : errno;
        if (!created->sameAs(now))
            return PartReplaced;
    }
    if (!overwrite)
        return renameNoReplace(directoryFd, partName, finalName);
    return retryWhileBusy([&] {
               return ::renameat(directoryFd, partName.constData(), directoryFd,
                                 finalName.constData());
           }) == 0
               ? 0
               : errno;
}

CopyIssue renameIssue(int error, const QByteArray &partPath, const QByteArray &finalPath,
                      FileOperation operation)
{
    if (error != PartReplaced)
        return CopyIssue::fromErrno(operation, finalPath, error);
    return CopyIssue::withDetail(
        FileOperation::Rename, finalPath,
        QCoreApplication::translate(
            "Sluice::PartFile", "“%1” was replaced or removed by someone else while it was being "
                                "written; it was not put in place")
            .arg(NativePath::toDisplay(partPath)));
}

QList<StalePart> findStalePartFiles(int directoryFd, const QList<QByteArray> &plannedNames)
{
    const QSet<QByteArray> planned(plannedNames.cbegin(), plannedNames.cend());
    QList<StalePart> found;
    for (const QByteArray &finalName : plannedNames) {
        for (const bool variant : {false, true}) {
            QByteArray name = partFileName(finalName, variant);
            if (planned.contains(name))
                continue; // a file of that name is being copied here: not a leftover
            struct stat st = {};
            if (::fstatat(directoryFd, name.constData(), &st, AT_SYMLINK_NOFOLLOW) != 0
                || S_ISDIR(st.st_mode))
                continue; // nothing there, or never a part file
            UniqueFd part(::openat(directoryFd, name.constData(),
                                   O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK));
            if (part && ::flock(part.get(), LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK)
                continue; // a running copy is writing it
            if (part && isKeptPartFile(fileSystemId(part.get()), st.st_ino))
                continue; // an interrupted copy keeps it to resume (JobJournal)
            found.append({finalName, std::move(name)});
        }
    }
    return found;
}

void noteStalePartFiles(DirectoryHandle &folder, const QList<QByteArray> &plannedNames)
{
    for (StalePart &stale : findStalePartFiles(folder.fd.get(), plannedNames))
        folder.addStalePart(stale.finalName, std::move(stale.partName));
}

void removeStaleParts(DirectoryHandle &folder, const QByteArray &finalName, IssueLog &issues)
{
    for (const QByteArray &name : folder.takeStaleParts(finalName)) {
        const QByteArray path = NativePath::join(folder.path, name);
        if (::unlinkat(folder.fd.get(), name.constData(), 0) == 0)
            issues.add(CopyIssue::withDetail(
                FileOperation::Cleanup, path,
                QCoreApplication::translate("Sluice::PartFile",
                                            "a part file left by an interrupted "
                                            "copy was removed"),
                IssueSeverity::Warning));
        else if (errno != ENOENT) // gone meanwhile: nothing to report
            issues.add(
                CopyIssue::fromErrno(FileOperation::Remove, path, errno, IssueSeverity::Warning));
    }
}

void PartFileGuard::removeNow()
{
    if (!m_armed)
        return;
    m_armed = false;
    retryWhileBusy([this] { return ::unlinkat(m_directoryFd, m_name.constData(), 0); });
}

} // namespace Sluice
