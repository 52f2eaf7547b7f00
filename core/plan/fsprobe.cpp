#include "fsprobe.h"

#include "folderlisting.h"
#include "logging.h"
#include "posixio.h"

#include <array>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <dirent.h>
#include <fcntl.h>
#include <limits>
#include <linux/capability.h>
#include <memory>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <vector>

namespace Sluice {

namespace {

// An odd second (FAT keeps even ones) with nanoseconds that every coarser step cuts: the
// distance to what comes back names the step. 2001-09-09, inside FAT's 1980-2107.
constexpr timespec ProbeTime = {1'000'000'001, 123'456'789};
constexpr std::array<qint64, 11> GranularitySteps = {
    1,         10,         100,         1'000,         10'000,       100'000,
    1'000'000, 10'000'000, 100'000'000, 1'000'000'000, 2'000'000'000};

qint64 nanoseconds(const timespec &time)
{
    return qint64(time.tv_sec) * 1'000'000'000 + time.tv_nsec;
}

// The smallest step that explains the distance between what was set and what came back.
qint64 granularityFrom(const timespec &set, const timespec &got)
{
    const qint64 distance = qAbs(nanoseconds(set) - nanoseconds(got));
    for (const qint64 step : GranularitySteps) {
        if (distance < step)
            return step;
    }
    return -1;
}

// The user and group a probe file is given to: the kernel's overflow ids (nobody, nogroup),
// or the one below where the file already has them.
constexpr uid_t ProbeOwner = 65534;

bool sameTime(const timespec &a, const timespec &b)
{
    return a.tv_sec == b.tv_sec && a.tv_nsec == b.tv_nsec;
}

bool isNetworkFuse(const QString &type)
{
    static const QStringList network = {
        QStringLiteral("fuse.sshfs"),     QStringLiteral("fuse.smbnetfs"),
        QStringLiteral("fuse.rclone"),    QStringLiteral("fuse.curlftpfs"),
        QStringLiteral("fuse.davfs"),     QStringLiteral("fuse.s3fs"),
        QStringLiteral("fuse.gvfsd-fuse")};
    return network.contains(type);
}

constexpr char ProbePrefix[] = ".sluice-probe-";
constexpr char ProbeSuffix[] = ".sluice-part";

QByteArray probeName(char which)
{
    static std::atomic<int> serial{0};
    return ProbePrefix + QByteArray::number(::getpid()) + '-'
           + QByteArray::number(serial.fetch_add(1)) + which + ProbeSuffix;
}

// Creates the probe file @p name and holds an flock(2) on it while it lives (a running probe
// keeps its files locked; removeStaleProbes() takes an unlocked one for a leftover).
UniqueFd createProbeFile(int directoryFd, const QByteArray &name)
{
    UniqueFd fd(::openat(directoryFd, name.constData(),
                         O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600));
    if (fd)
        ::flock(fd.get(), LOCK_EX | LOCK_NB); // local locks only (FUSE, NFS): best effort
    return fd;
}

// The pid in a probe file's name (".sluice-probe-<pid>-<n><step>.sluice-part"), or 0 when
// @p name is not one.
pid_t probeOwner(const QByteArray &name)
{
    if (!name.startsWith(ProbePrefix) || !name.endsWith(ProbeSuffix))
        return 0;
    const QByteArray rest = name.mid(int(sizeof(ProbePrefix)) - 1);
    const int dash = rest.indexOf('-');
    bool ok = false;
    const qint64 pid = dash > 0 ? rest.left(dash).toLongLong(&ok) : 0;
    return ok && pid > 0 && pid <= std::numeric_limits<pid_t>::max() ? pid_t(pid) : 0;
}

bool processExists(pid_t pid)
{
    return ::kill(pid, 0) == 0 || errno != ESRCH;
}

// Whether the probe file @p name in @p directoryFd is a leftover: its process is gone and
// nobody holds its lock (a probe locks its files right after creating them; the process check
// covers that moment, the lock a pid used again).
bool isStaleProbe(int directoryFd, const QByteArray &name)
{
    const pid_t owner = probeOwner(name);
    if (owner == 0 || owner == ::getpid() || processExists(owner))
        return false;
    // The link of probeLinkTimes() cannot be locked: its process being gone is enough.
    if (struct stat link = {};
        ::fstatat(directoryFd, name.constData(), &link, AT_SYMLINK_NOFOLLOW) == 0
        && S_ISLNK(link.st_mode))
        return true;
    UniqueFd fd(::openat(directoryFd, name.constData(),
                         O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY));
    struct stat st = {};
    if (!fd || ::fstat(fd.get(), &st) != 0 || !S_ISREG(st.st_mode))
        return false;
    return ::flock(fd.get(), LOCK_EX | LOCK_NB) == 0 || errno != EWOULDBLOCK;
}

// Removes the probe files a run killed during its probe left in the folder @p directoryFd
// (kill -9 gives no time to remove them). Silent: they never held anyone's data.
void removeStaleProbes(int directoryFd)
{
    const std::vector<QByteArray> stale =
        namesIn(directoryFd,
                [directoryFd](const QByteArray &name) { return isStaleProbe(directoryFd, name); });
    for (const QByteArray &name : stale) {
        const bool removed = ::unlinkat(directoryFd, name.constData(), 0) == 0;
        qCDebug(lcPlan) << "stale probe file" << name << (removed ? "removed" : "not removed");
    }
}

// Renames the probe file @p name to a new probe name, with RENAME_NOREPLACE where it works
// (@p probe says whether it did); @p name is then the new one. SMB servers refuse to rename a
// file that is open (smbnetfs: EBUSY): then @p fd is closed for the rename and the renamed
// file opened again. False when no rename worked or the renamed file could not be opened
// again; @p fd may then be closed.
bool renameProbe(int directoryFd, UniqueFd &fd, QByteArray &name, FileSystemProbe &probe)
{
    const QByteArray renamed = probeName('r');
    if (::renameat2(directoryFd, name.constData(), directoryFd, renamed.constData(),
                    RENAME_NOREPLACE)
        == 0) {
        name = renamed;
        return true;
    }
    probe.renameNoReplace = false;
    if (::renameat(directoryFd, name.constData(), directoryFd, renamed.constData()) == 0) {
        name = renamed;
        return true;
    }
    if (errno != EBUSY)
        return false;
    fd.reset();
    if (retryWhileBusy([&] {
            return ::renameat(directoryFd, name.constData(), directoryFd, renamed.constData());
        })
        != 0)
        return false;
    name = renamed; // removed under this name in any case
    fd.reset(::openat(directoryFd, name.constData(), O_RDWR | O_CLOEXEC | O_NOFOLLOW));
    if (fd)
        ::flock(fd.get(), LOCK_EX | LOCK_NB);
    return bool(fd);
}

// Gives the probe file to another user and group and reads them back (smbnetfs answers
// fchown(2) with success and keeps nothing), then back to its owner. Only where this process
// may give files away; a refusal teaches nothing (each copy's own fchown(2) fails and says so).
void probeOwners(int fd, FileSystemProbe &probe)
{
    struct stat before = {};
    if (fd < 0 || !mayChangeOwners() || ::fstat(fd, &before) != 0)
        return;
    const uid_t user = before.st_uid == ProbeOwner ? ProbeOwner - 1 : ProbeOwner;
    const gid_t group = before.st_gid == ProbeOwner ? ProbeOwner - 1 : ProbeOwner;
    if (::fchown(fd, user, group) != 0)
        return;
    struct stat after = {};
    probe.keepsOwners = ::fstat(fd, &after) == 0 && after.st_uid == user && after.st_gid == group;
    if (::fchown(fd, before.st_uid, before.st_gid) != 0) // it is removed next in any case
        qCDebug(lcPlan) << "probe file not given back:" << errno;
}

// Makes a symbolic link to the probe file @p name and sets a time on the link alone
// (utimensat(2) with AT_SYMLINK_NOFOLLOW), then reads the file's time under a new name: sshfs
// keeps a file's attributes by name, so the old name would still show the old time. Where the
// file's time changed, setting a link's times or owner reaches its target (sshfs: SFTP's
// SETSTAT follows links). The link is removed in any case; @p name is the file's name after.
// Makes the symbolic link @p link to @p target in @p directoryFd and reads it back without
// following it: @p follows is set to whether it came back as anything but a link (left unset
// when it cannot be read back). Returns whether symlinkat(2) succeeded; where it did not, a
// name that appeared anyway is removed.
bool makeLinkAndLook(int directoryFd, const QByteArray &link, const QByteArray &target,
                     std::optional<bool> &follows)
{
    const bool made = ::symlinkat(target.constData(), directoryFd, link.constData()) == 0;
    // sshfs -o follow_symlinks answers for the new link with its target's attributes; the
    // kernel then even fails symlinkat(2) with EIO (not a link's type), yet the server has
    // the link. Read back without following: anything but a link means links are followed.
    if (struct stat seen = {};
        ::fstatat(directoryFd, link.constData(), &seen, AT_SYMLINK_NOFOLLOW) == 0) {
        follows = !S_ISLNK(seen.st_mode);
        if (!made) // removing the name removes the server's link, never its target
            ::unlinkat(directoryFd, link.constData(), 0);
    }
    return made;
}

void probeLinkTimes(int directoryFd, QByteArray &name, FileSystemProbe &probe)
{
    struct stat before = {};
    const QByteArray link = probeName('s');
    if (::fstatat(directoryFd, name.constData(), &before, AT_SYMLINK_NOFOLLOW) != 0)
        return;
    std::optional<bool> follows;
    const bool made = makeLinkAndLook(directoryFd, link, name, follows);
    probe.followsSymlinks = follows.value_or(false);
    if (!made)
        return; // no links here: nothing to set on one
    // 400 days earlier, whole seconds: another time at every granularity.
    const timespec earlier = {before.st_mtim.tv_sec - time_t(400) * 86'400, 0};
    const timespec times[2] = {earlier, earlier};
    const bool set = ::utimensat(directoryFd, link.constData(), times, AT_SYMLINK_NOFOLLOW) == 0;
    ::unlinkat(directoryFd, link.constData(), 0);
    const QByteArray fresh = probeName('t');
    if (!set || ::renameat(directoryFd, name.constData(), directoryFd, fresh.constData()) != 0)
        return;
    name = fresh;
    struct stat after = {};
    probe.linkMetadataFollows =
        ::fstatat(directoryFd, name.constData(), &after, AT_SYMLINK_NOFOLLOW) == 0
        && !sameTime(after.st_mtim, before.st_mtim);
}

// An unnamed file (O_TMPFILE) in the probe folder takes a name with linkUnnamedFile(); the
// name is removed again.
bool probeUnnamedFile(int directoryFd)
{
    const UniqueFd fd(createUnnamedFile(directoryFd, 0600));
    if (!fd)
        return false;
    const QByteArray named = probeName('t');
    if (linkUnnamedFile(fd.get(), directoryFd, named) != 0)
        return false;
    retryWhileBusy([&] { return ::unlinkat(directoryFd, named.constData(), 0); });
    return true;
}

// The steps after the probe file exists: times, rename, link, mode, copy_file_range, owner. Each
// is tried whatever the one before did; a step that cannot be tried counts as not working.
void probeWith(int directoryFd, UniqueFd &fd, QByteArray &name, FileSystemProbe &probe)
{
    const timespec times[2] = {ProbeTime, ProbeTime};
    struct stat st = {};
    if (::futimens(fd.get(), times) != 0 || ::fstatat(directoryFd, name.constData(), &st, 0) != 0) {
        probe.timeGranularityNs = -1;
    } else {
        probe.timeGranularityNs = granularityFrom(ProbeTime, st.st_mtim);
        // Within FAT's 2 s step of the time just set: a copy of the modification time.
        probe.realChangeTimes =
            qAbs(nanoseconds(st.st_ctim) - nanoseconds(ProbeTime)) > 2'000'000'000;
    }
    if (renameProbe(directoryFd, fd, name, probe)) {
        struct stat after = {};
        probe.renameKeepsTimes = ::fstatat(directoryFd, name.constData(), &after, 0) == 0
                                 && sameTime(after.st_mtim, st.st_mtim);
    } else {
        probe.renameNoReplace = false;
    }
    const QByteArray linked = probeName('l');
    probe.hardLinks =
        ::linkat(directoryFd, name.constData(), directoryFd, linked.constData(), 0) == 0;
    if (probe.hardLinks) {
        struct stat one = {};
        struct stat other = {};
        probe.inodesIdentifyFiles =
            ::fstatat(directoryFd, name.constData(), &one, AT_SYMLINK_NOFOLLOW) == 0
            && ::fstatat(directoryFd, linked.constData(), &other, AT_SYMLINK_NOFOLLOW) == 0
            && one.st_ino == other.st_ino;
        ::unlinkat(directoryFd, linked.constData(), 0);
    }
    probe.unnamedFiles = probeUnnamedFile(directoryFd);
    struct stat mode = {};
    probe.keepsPermissions = fd && ::fchmod(fd.get(), 0640) == 0 && ::fstat(fd.get(), &mode) == 0
                             && (mode.st_mode & 07777) == 0640;
    const QByteArray copyName = probeName('c');
    UniqueFd copy = fd ? createProbeFile(directoryFd, copyName) : UniqueFd();
    if (copy) {
        loff_t from = 0;
        loff_t to = 0;
        probe.copyFileRange = ::copy_file_range(fd.get(), &from, copy.get(), &to, 1, 0) == 1;
        copy.reset(); // SMB refuses to remove an open file (EBUSY)
        retryWhileBusy([&] { return ::unlinkat(directoryFd, copyName.constData(), 0); });
    } else {
        probe.copyFileRange = false;
    }
    probeOwners(fd ? fd.get() : -1, probe);
    probeLinkTimes(directoryFd, name, probe);
}

} // namespace

FileSystemProbe probeFileSystem(int directoryFd, const FileSystemLimits &limits)
{
    FileSystemProbe probe;
    probe.typeName = limits.typeName;
    probe.networkFuse = isNetworkFuse(limits.typeName);
    probe.fsyncNeedsServerExtension = limits.typeName == QLatin1String("fuse.sshfs");
    probe.fsyncNotPassedOn = limits.typeName == QLatin1String("fuse.smbnetfs");
    probe.descriptorsPinFolders = !probe.networkFuse;
    probe.timeGranularityNs = limits.timestampGranularityNs;
    removeStaleProbes(directoryFd);
    QByteArray name = probeName('p');
    UniqueFd fd = createProbeFile(directoryFd, name);
    if (!fd) {
        probe.probeError = errno;
        qCDebug(lcPlan) << "no probe of" << limits.typeName << "possible:" << probe.probeError;
        return probe;
    }
    if (retryOnEintr([&] { return ::write(fd.get(), "x", 1); }) != 1) {
        probe.probeError = errno;
    } else {
        probeWith(directoryFd, fd, name, probe);
        probe.probed = true;
    }
    fd.reset();
    retryWhileBusy([&] { return ::unlinkat(directoryFd, name.constData(), 0); });
    qCDebug(lcPlan) << "probe of" << probe.typeName << ": granularity" << probe.timeGranularityNs
                    << "ns, rename keeps times" << probe.renameKeepsTimes << ", noreplace"
                    << probe.renameNoReplace << ", links" << probe.hardLinks << ", unnamed files"
                    << probe.unnamedFiles << ", modes" << probe.keepsPermissions << ", owners"
                    << probe.keepsOwners << ", copy_file_range" << probe.copyFileRange
                    << ", link times follow" << probe.linkMetadataFollows << ", follows links"
                    << probe.followsSymlinks << ", change times" << probe.realChangeTimes;
    return probe;
}

std::optional<bool> probeLinkFollowing(int directoryFd)
{
    removeStaleProbes(directoryFd);
    // A link to a file: one that looks like a folder could not be removed (unlink(2) fails
    // with EISDIR, and the server's rmdir refuses a link).
    const QByteArray name = probeName('f');
    if (!createProbeFile(directoryFd, name))
        return std::nullopt;
    const QByteArray link = probeName('l');
    std::optional<bool> follows;
    if (makeLinkAndLook(directoryFd, link, name, follows))
        ::unlinkat(directoryFd, link.constData(), 0);
    retryWhileBusy([&] { return ::unlinkat(directoryFd, name.constData(), 0); });
    return follows;
}

FileSystemProbe FileSystemProbes::probe(int directoryFd, dev_t device)
{
    std::lock_guard lock(m_mutex);
    const auto found = m_probes.constFind(quint64(device));
    if (found != m_probes.cend())
        return *found;
    // Under the lock: every thread asking for this file system waits for the one probe.
    FileSystemProbe probe = probeFileSystem(directoryFd, detectFileSystemLimits(directoryFd));
    m_probes.insert(quint64(device), probe);
    return probe;
}

qint64 FileSystemProbes::granularityOf(dev_t device, qint64 fallbackNs) const
{
    std::lock_guard lock(m_mutex);
    const auto found = m_probes.constFind(quint64(device));
    return found != m_probes.cend() ? found->timeGranularityNs : fallbackNs;
}

QList<FileSystemProbe> FileSystemProbes::probed() const
{
    std::lock_guard lock(m_mutex);
    return m_probes.values();
}

FileSystemLimits FileSystemProbes::sourceLimits(int fd, dev_t device, bool &learned)
{
    std::lock_guard lock(m_mutex);
    const auto found = m_sources.constFind(quint64(device));
    if (found != m_sources.cend())
        return *found;
    FileSystemLimits limits = detectFileSystemLimits(fd);
    m_sources.insert(quint64(device), limits);
    learned = true;
    return limits;
}

bool mayChangeOwners()
{
    static const bool may = [] {
        __user_cap_header_struct header = {_LINUX_CAPABILITY_VERSION_3, 0};
        std::array<__user_cap_data_struct, _LINUX_CAPABILITY_U32S_3> data = {};
        if (::syscall(SYS_capget, &header, data.data()) != 0)
            return ::geteuid() == 0;
        return (data[0].effective & (1U << CAP_CHOWN)) != 0;
    }();
    return may;
}

int compareTimes(const timespec &a, const timespec &b, qint64 granularityNs)
{
    const qint64 step = qMax<qint64>(granularityNs, 1);
    // Floor division, also for times before 1970.
    auto slot = [step](const timespec &time) {
        const qint64 ns = nanoseconds(time);
        return ns >= 0 ? ns / step : -((-ns + step - 1) / step);
    };
    const qint64 left = slot(a);
    const qint64 right = slot(b);
    return left < right ? -1 : (left > right ? 1 : 0);
}

} // namespace Sluice
