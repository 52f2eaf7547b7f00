#include "partfile.h"

#include "issuelog.h"
#include "nativepath.h"
#include "posixio.h"

#include <QCryptographicHash>

#include <climits>
#include <dirent.h>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

namespace Sluice {

QByteArray partFileName(const QByteArray &finalName)
{
    const QByteArray suffix(PartFileSuffix);
    QByteArray name = '.' + finalName + suffix;
    if (name.size() <= NAME_MAX)
        return name;
    const QByteArray hash =
        QCryptographicHash::hash(finalName, QCryptographicHash::Sha1).toHex().left(12);
    const qsizetype keep = NAME_MAX - 1 - 1 - hash.size() - suffix.size();
    return '.' + finalName.left(keep) + '~' + hash + suffix;
}

bool isPartFileName(const QByteArray &name)
{
    return name.size() > qsizetype(sizeof PartFileSuffix) && name.startsWith('.')
           && name.endsWith(PartFileSuffix);
}

int removeStalePartFiles(int directoryFd, const QByteArray &directoryPath, bool dryRun,
                         IssueLog &issues)
{
    const int listFd = ::openat(directoryFd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (listFd < 0)
        return 0;
    DIR *directory = ::fdopendir(listFd);
    if (!directory) {
        ::close(listFd);
        return 0;
    }
    QList<QByteArray> stale;
    while (const dirent *entry = ::readdir(directory)) {
        const QByteArray name(entry->d_name);
        if (isPartFileName(name))
            stale << name;
    }
    ::closedir(directory);
    int found = 0;
    for (const QByteArray &name : stale) {
        UniqueFd part(::openat(directoryFd, name.constData(),
                               O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK));
        if (part && ::flock(part.get(), LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK)
            continue; // a running copy is writing it
        ++found;
        const QByteArray path = NativePath::join(directoryPath, name);
        if (dryRun) {
            issues.add(CopyIssue::withDetail(
                FileOperation::Preflight, path,
                QStringLiteral("a part file left by an interrupted copy; copying removes it"),
                IssueSeverity::Warning));
            continue;
        }
        if (::unlinkat(directoryFd, name.constData(), 0) == 0)
            issues.add(CopyIssue::withDetail(FileOperation::Cleanup, path,
                                             QStringLiteral("a part file left by an interrupted "
                                                            "copy was removed"),
                                             IssueSeverity::Warning));
        else
            issues.add(
                CopyIssue::fromErrno(FileOperation::Remove, path, errno, IssueSeverity::Warning));
    }
    return found;
}

void PartFileGuard::removeNow()
{
    if (!m_armed)
        return;
    m_armed = false;
    ::unlinkat(m_directoryFd, m_name.constData(), 0);
}

} // namespace Sluice
