#include "metadata.h"

#include "copyissue.h"
#include "fsprobe.h"
#include "issuelog.h"
#include "posixio.h"

#include <QCoreApplication>

#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>
#include <vector>

namespace Sluice {

namespace {

// Errors meaning "this destination does not keep that kind of metadata": a warning.
bool isRefusal(int error)
{
    return error == EPERM || error == EOPNOTSUPP || error == ENOTSUP || error == EINVAL
           || error == EACCES || error == ENOSYS || error == EROFS;
}

int report(IssueLog &issues, FileOperation operation, const QByteArray &path, int error)
{
    if (isRefusal(error)) {
        issues.addGrouped(CopyIssue::fromErrno(operation, path, error, IssueSeverity::Warning));
        return 0;
    }
    return error;
}

mode_t effectiveMode(const PlanItem &item, const PreserveOptions &preserve, mode_t umask,
                     bool ownerKept, bool groupKept)
{
    mode_t mode = preserve.mode ? item.mode & 07777 : item.mode & 0777 & ~umask;
    if (!ownerKept)
        mode &= ~mode_t(S_ISUID);
    if (!groupKept)
        mode &= ~mode_t(S_ISGID | S_ISUID);
    return mode;
}

// New files belong to the process's effective user and group; asked once, not per file.
uid_t effectiveUser()
{
    static const uid_t user = ::geteuid();
    return user;
}

gid_t effectiveGroup()
{
    static const gid_t group = ::getegid();
    return group;
}

// What an fchown(2) or fchownat(2) that returned 0 kept, read back in @p copy (@p statError:
// the errno of that fstat(2), or 0): smbnetfs answers success and keeps nothing. A loss is a
// grouped warning, and set-user-ID and set-group-ID are then dropped as for a refusal.
int noteOwnerKept(const struct stat &copy, int statError, const PlanItem &item,
                  const QByteArray &destinationPath, IssueLog &issues, bool &ownerKept,
                  bool &groupKept)
{
    if (statError != 0)
        return report(issues, FileOperation::SetOwner, destinationPath, statError);
    ownerKept = copy.st_uid == item.uid;
    groupKept = copy.st_gid == item.gid;
    if (!ownerKept || !groupKept)
        issues.addGrouped(CopyIssue::withDetail(
            FileOperation::SetOwner, destinationPath,
            QCoreApplication::translate("Sluice::Metadata",
                                        "the file system reported success but kept another "
                                        "owner or group"),
            IssueSeverity::Warning));
    return 0;
}

// fchown(2) of the copy @p fd to @p item's owner and group, read back (noteOwnerKept()).
// Where giving the file away is not permitted, at least the group is kept where it can be.
int setOwner(int fd, const PlanItem &item, const QByteArray &destinationPath, IssueLog &issues,
             bool &ownerKept, bool &groupKept)
{
    if (::fchown(fd, item.uid, item.gid) != 0) {
        const int error = errno;
        if (error == EPERM && ::fchown(fd, uid_t(-1), item.gid) == 0)
            groupKept = true;
        return report(issues, FileOperation::SetOwner, destinationPath, error);
    }
    struct stat copy = {};
    const int statError = ::fstat(fd, &copy) == 0 ? 0 : errno;
    return noteOwnerKept(copy, statError, item, destinationPath, issues, ownerKept, groupKept);
}

bool timeHolds(int directoryFd, const QByteArray &name, const timespec &wanted,
               qint64 granularityNs, int &error)
{
    struct stat st = {};
    if (::fstatat(directoryFd, name.constData(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
        error = errno;
        return false;
    }
    return compareTimes(st.st_mtim, wanted, granularityNs) == 0;
}

} // namespace

int restoreTimes(int directoryFd, const QByteArray &name, const timespec times[2],
                 qint64 granularityNs)
{
    int error = 0;
    if (timeHolds(directoryFd, name, times[1], granularityNs, error))
        return 0;
    if (error != 0)
        return error;
    if (::utimensat(directoryFd, name.constData(), times, AT_SYMLINK_NOFOLLOW) != 0)
        return errno;
    if (timeHolds(directoryFd, name, times[1], granularityNs, error))
        return 0;
    return error != 0 ? error : -1;
}

int copyExtendedAttributes(int sourceFd, int destinationFd, bool xattrs, bool acls,
                           const QByteArray &destinationPath, IssueLog &issues)
{
    if (acls) {
        // A copy created in a folder with a default ACL inherits it (acl(5)); the source's
        // ACLs, not the destination's, are what is kept, so an ACL the source does not have
        // is removed (its mode bits stay as applyMetadata() set them).
        for (const char *name : {"system.posix_acl_access", "system.posix_acl_default"}) {
            if (::fgetxattr(sourceFd, name, nullptr, 0) < 0 && errno == ENODATA
                && ::fgetxattr(destinationFd, name, nullptr, 0) >= 0
                && ::fremovexattr(destinationFd, name) != 0)
                report(issues, FileOperation::SetAcl, destinationPath, errno);
        }
    }
    ssize_t listSize = ::flistxattr(sourceFd, nullptr, 0);
    if (listSize < 0)
        return errno == ENOTSUP || errno == EOPNOTSUPP ? 0 : -errno;
    if (listSize == 0)
        return 0;
    std::vector<char> names(std::size_t(listSize) + 1);
    listSize = ::flistxattr(sourceFd, names.data(), names.size());
    if (listSize < 0)
        return -errno;
    int copied = 0;
    std::vector<char> value(4096);
    for (ssize_t at = 0; at < listSize;) {
        const char *name = names.data() + at;
        const QByteArray key(name);
        at += key.size() + 1;
        const bool isAcl = key.startsWith("system.posix_acl_");
        if ((isAcl && !acls) || (!isAcl && !xattrs))
            continue;
        ssize_t size = ::fgetxattr(sourceFd, name, value.data(), value.size());
        if (size < 0 && errno == ERANGE) {
            size = ::fgetxattr(sourceFd, name, nullptr, 0);
            if (size >= 0) {
                value.resize(std::size_t(size));
                size = ::fgetxattr(sourceFd, name, value.data(), value.size());
            }
        }
        if (size < 0)
            continue; // vanished meanwhile, or not readable by us: nothing to copy
        if (::fsetxattr(destinationFd, name, value.data(), std::size_t(size), 0) != 0) {
            const int error = errno;
            report(issues, isAcl ? FileOperation::SetAcl : FileOperation::SetAttributes,
                   destinationPath, error);
            continue;
        }
        ++copied;
    }
    return copied;
}

PreserveOptions preserveFromSource(const PreserveOptions &preserve, int sourceFd, dev_t device,
                                   FileSystemProbes &fileSystems, const QByteArray &destinationPath,
                                   IssueLog &issues)
{
    if ((!preserve.xattrs && !preserve.acls) || sourceFd < 0)
        return preserve;
    bool learned = false;
    const FileSystemLimits source = fileSystems.sourceLimits(sourceFd, device, learned);
    if (source.listsExtendedAttributes)
        return preserve;
    if (learned)
        issues.add(CopyIssue::withDetail(
            FileOperation::SetAttributes, destinationPath,
            QCoreApplication::translate("Sluice::Metadata",
                                        "the source is on %1, where listing extended attributes "
                                        "breaks the connection to the server: extended "
                                        "attributes and ACLs are not copied from there")
                .arg(source.typeName),
            IssueSeverity::Warning));
    PreserveOptions without = preserve;
    without.xattrs = false;
    without.acls = false;
    return without;
}

mode_t creationMode(const PlanItem &item, const PreserveOptions &preserve, mode_t umask)
{
    const bool ownerKept = item.uid == effectiveUser();
    const bool groupKept = item.gid == effectiveGroup();
    if (preserve.ownership && (!ownerKept || !groupKept))
        return 0600; // fchown(2) comes first and may change what the mode must be
    const mode_t mode = effectiveMode(item, preserve, umask, ownerKept, groupKept);
    if ((mode & ~mode_t(0777)) != 0 || (mode & umask) != 0 || (mode & S_IRUSR) == 0
        || (mode & S_IWUSR) == 0)
        return 0600; // special bits, bits the umask would drop, or a copy we could not write
    return mode;
}

int applyMetadata(int fd, int sourceFd, const PlanItem &item, const PreserveOptions &preserve,
                  mode_t umask, const QByteArray &destinationPath, IssueLog &issues,
                  mode_t createdMode)
{
    bool ownerKept = item.uid == effectiveUser();
    bool groupKept = item.gid == effectiveGroup();
    const bool ownerChanges = preserve.ownership && (!ownerKept || !groupKept);
    if (ownerChanges) {
        if (const int fatal = setOwner(fd, item, destinationPath, issues, ownerKept, groupKept))
            return fatal;
    }
    const mode_t mode = effectiveMode(item, preserve, umask, ownerKept, groupKept);
    if ((ownerChanges || mode != createdMode) && ::fchmod(fd, mode) != 0) {
        if (const int fatal = report(issues, FileOperation::SetPermissions, destinationPath, errno))
            return fatal;
    }
    if ((preserve.xattrs || preserve.acls) && sourceFd >= 0)
        copyExtendedAttributes(sourceFd, fd, preserve.xattrs, preserve.acls, destinationPath,
                               issues);
    if (preserve.timestamps) {
        const timespec times[2] = {item.atime, item.mtime};
        if (::futimens(fd, times) != 0) {
            if (const int fatal = report(issues, FileOperation::SetTimes, destinationPath, errno))
                return fatal;
        }
    }
    return 0;
}

int applyMetadataAt(int directoryFd, const QByteArray &name, const PlanItem &item,
                    const PreserveOptions &preserve, mode_t umask,
                    const QByteArray &destinationPath, IssueLog &issues)
{
    const bool isLink = item.kind == ItemKind::Symlink;
    bool ownerKept = item.uid == effectiveUser();
    bool groupKept = item.gid == effectiveGroup();
    if (preserve.ownership && (!ownerKept || !groupKept)) {
        int fatal = 0;
        if (::fchownat(directoryFd, name.constData(), item.uid, item.gid, AT_SYMLINK_NOFOLLOW)
            == 0) {
            struct stat copy = {};
            const int statError =
                ::fstatat(directoryFd, name.constData(), &copy, AT_SYMLINK_NOFOLLOW) == 0 ? 0
                                                                                          : errno;
            fatal =
                noteOwnerKept(copy, statError, item, destinationPath, issues, ownerKept, groupKept);
        } else {
            fatal = report(issues, FileOperation::SetOwner, destinationPath, errno);
        }
        if (fatal != 0)
            return fatal;
    }
    if (!isLink) {
        const mode_t mode = effectiveMode(item, preserve, umask, ownerKept, groupKept);
        // AT_SYMLINK_NOFOLLOW: should the name have been swapped for a link since it was
        // created, the link's target must not get this mode (glibc refuses with EOPNOTSUPP).
        if (::fchmodat(directoryFd, name.constData(), mode, AT_SYMLINK_NOFOLLOW) != 0) {
            if (const int fatal =
                    report(issues, FileOperation::SetPermissions, destinationPath, errno))
                return fatal;
        }
    }
    if (preserve.timestamps) {
        const timespec times[2] = {item.atime, item.mtime};
        if (::utimensat(directoryFd, name.constData(), times, AT_SYMLINK_NOFOLLOW) != 0) {
            if (const int fatal = report(issues, FileOperation::SetTimes, destinationPath, errno))
                return fatal;
        }
    }
    return 0;
}

} // namespace Sluice
