#include "planner.h"

#include <QCoreApplication>

#include "filesystemlimits.h"
#include "jobcontext.h"
#include "logging.h"
#include "nativepath.h"
#include "pathnames.h"
#include "posixio.h"

#include <algorithm>
#include <cerrno>
#include <dirent.h>
#include <fcntl.h>
#include <optional>
#include <sys/stat.h>
#include <unistd.h>

namespace Sluice {

namespace {

QByteArray stripTrailingSlashes(QByteArray path)
{
    while (path.size() > 1 && path.endsWith('/'))
        path.chop(1);
    return path;
}

// The name a source gets at the destination: its last component, or for "." / ".." the
// name of the folder they stand for.
QByteArray sourceEntryName(const QByteArray &path)
{
    QByteArray name = NativePath::baseName(path);
    if (name != "." && name != ".." && !name.isEmpty())
        return name;
    char *resolved = ::realpath(path.constData(), nullptr);
    if (!resolved)
        return name;
    const QByteArray real(resolved);
    ::free(resolved);
    return NativePath::baseName(real);
}

// Where the copies go: into a folder under their own names, or as one new name.
struct Target
{
    bool intoFolder = false;
    QByteArray parent; // the folder that receives the copies
    QByteArray name;   // the copy's name in it when !intoFolder
};

// @p detail is marked with QT_TRANSLATE_NOOP("Sluice::Planner", ...) where it is written,
// so that lupdate finds it.
CopyIssue planIssue(const QByteArray &path, int error, const char *detail)
{
    CopyIssue issue = CopyIssue::fromErrno(FileOperation::Plan, path, error);
    issue.detail = QCoreApplication::translate("Sluice::Planner", detail);
    return issue;
}

// Why @p path cannot be used, from what findPathNameProblem() @p found: the name's problem,
// with the folder named when it is one on the way.
QString pathProblemText(const QByteArray &path, const PathNameProblem &found)
{
    const bool whole = found.path == stripTrailingSlashes(path);
    if (!found.resolved.isEmpty() && whole)
        return QCoreApplication::translate("Sluice::Planner",
                                           "it leads to “%1” through a symbolic link: %2")
            .arg(NativePath::toDisplay(found.resolved), found.problem);
    if (!found.resolved.isEmpty())
        return QCoreApplication::translate("Sluice::Planner",
                                           "“%1” in that path leads to “%2” through a symbolic "
                                           "link: %3")
            .arg(NativePath::toDisplay(found.path), NativePath::toDisplay(found.resolved),
                 found.problem);
    if (whole)
        return found.problem;
    return QCoreApplication::translate("Sluice::Planner", "the folder “%1” in that path: %2")
        .arg(NativePath::toDisplay(found.path), found.problem);
}

// Why @p destination cannot be used: a name in it that the file system it would be on cannot
// store, learned from the folders above that name, so that the name itself is never looked
// up (findPathNameProblem()): smbnetfs answers a lookup of a name that is not UTF-8 with EIO
// and then fails every request to that server for seconds.
std::optional<CopyIssue> destinationNameIssue(const QByteArray &destination)
{
    const std::optional<PathNameProblem> found = findPathNameProblem(destination);
    if (!found)
        return std::nullopt;
    return CopyIssue::withDetail(FileOperation::Plan, destination,
                                 pathProblemText(destination, *found));
}

// The error for source @p path, never looked up: a name in it (@p found: its own, or a
// folder's on the way) is one its file system cannot carry, where a lookup of such a name
// breaks the mount.
CopyIssue unreadableNameIssue(const QByteArray &path, const PathNameProblem &found)
{
    return CopyIssue::withDetail(
        FileOperation::Stat, path,
        QCoreApplication::translate("Sluice::Planner", "%1: it is never looked up there, as "
                                                       "that breaks the connection to the server")
            .arg(pathProblemText(path, found)));
}

// Like cp(1): an existing folder receives the sources; otherwise @p destination names the
// one copy, and its folder must exist. A name its file system cannot store, the copy's or a
// folder's on the way, is refused before anything looks it up.
std::optional<CopyIssue> resolveTarget(const QByteArray &destination, qsizetype sourceCount,
                                       Target &target)
{
    if (auto issue = destinationNameIssue(destination))
        return issue;
    struct stat st = {};
    const bool exists = ::stat(destination.constData(), &st) == 0;
    const int statError = exists ? 0 : errno;
    target.intoFolder = exists && S_ISDIR(st.st_mode);
    if (target.intoFolder) {
        target.parent = destination;
        return std::nullopt;
    }
    if (exists && sourceCount > 1)
        return planIssue(
            destination, ENOTDIR,
            QT_TRANSLATE_NOOP("Sluice::Planner", "several sources need a destination folder"));
    if (!exists && statError != ENOENT)
        return CopyIssue::fromErrno(FileOperation::Plan, destination, statError);
    if (!exists && sourceCount > 1)
        return planIssue(
            destination, ENOENT,
            QT_TRANSLATE_NOOP("Sluice::Planner", "the destination folder does not exist"));
    const QByteArray cleaned = stripTrailingSlashes(destination);
    target.parent = NativePath::parentPath(cleaned);
    target.name = NativePath::baseName(cleaned);
    struct stat parent = {};
    const int parentError = ::stat(target.parent.constData(), &parent) != 0 ? errno
                            : S_ISDIR(parent.st_mode)                       ? 0
                                                                            : ENOTDIR;
    if (parentError != 0)
        return planIssue(
            target.parent, parentError,
            QT_TRANSLATE_NOOP("Sluice::Planner", "the destination's folder is not usable"));
    return std::nullopt;
}

// The root for @p source, going where @p target says; nullopt when it can be copied.
std::optional<CopyIssue> makeRoot(const QByteArray &source, const Target &target, PlanRoot &root)
{
    root.followRoot = source.size() > 1 && source.endsWith('/');
    root.sourcePath = stripTrailingSlashes(source);
    root.sourceParent = NativePath::parentPath(root.sourcePath);
    root.sourceName = NativePath::baseName(root.sourcePath);
    if (root.sourcePath == "/")
        return CopyIssue::withDetail(
            FileOperation::Plan, source,
            QCoreApplication::translate("Sluice::Planner", "the root folder cannot be copied as a "
                                                           "whole; name the folders inside it"));
    if (root.sourceName == "." || root.sourceName == "..") {
        // "." and ".." stand for a folder: copy it under its real name.
        root.followRoot = true;
        root.sourceParent = root.sourcePath;
        root.sourceName = QByteArrayLiteral(".");
    }
    root.destinationParent = target.parent;
    root.destinationName = target.intoFolder ? sourceEntryName(root.sourcePath) : target.name;
    return std::nullopt;
}

} // namespace

struct Planner::Frame
{
    qint32 index = 0;
    DIR *directory = nullptr;
    QList<QByteArray> names;
    qsizetype next = 0;
    qint64 bytesAtStart = 0;
    bool pushedAncestor = false;
    bool leftOut = false; // the filter left out something below this folder
};

Planner::Planner(JobContext &job, ErrorHandler onError)
    : m_job(job)
    , m_onError(std::move(onError))
    , m_filter(job.options.filter)
{}

Planner::~Planner()
{
    for (const Frame &frame : m_stack)
        ::closedir(frame.directory);
}

bool Planner::resolve(const QList<QByteArray> &sources, const QByteArray &destination, Plan &plan,
                      CopyIssue &fatal, const QList<QByteArray> &destinationFolders,
                      const QList<QByteArray> &destinationNames)
{
    if (!destinationFolders.isEmpty() && destinationFolders.size() == sources.size()) {
        for (qsizetype i = 0; i < sources.size(); ++i) {
            Target target;
            PlanRoot root;
            // As for several sources: each folder must exist, and receives its source.
            if (auto issue = resolveTarget(destinationFolders[i], 2, target);
                issue || (issue = makeRoot(sources[i], target, root))) {
                fatal = *issue;
                return false;
            }
            if (i < destinationNames.size() && !destinationNames[i].isEmpty())
                root.destinationName = destinationNames[i];
            plan.roots.append(root);
        }
        return true;
    }
    if (sources.isEmpty() || destination.isEmpty()) {
        fatal = CopyIssue::withDetail(
            FileOperation::Plan, destination,
            sources.isEmpty()
                ? QCoreApplication::translate("Sluice::Planner", "no source given")
                : QCoreApplication::translate("Sluice::Planner", "no destination given"));
        return false;
    }
    Target target;
    if (const auto issue = resolveTarget(destination, sources.size(), target)) {
        fatal = *issue;
        return false;
    }
    for (const QByteArray &source : sources) {
        PlanRoot root;
        if (const auto issue = makeRoot(source, target, root)) {
            fatal = *issue;
            return false;
        }
        plan.roots.append(root);
    }
    return true;
}

bool Planner::walk(Plan &plan)
{
    for (qint32 root = 0; root < plan.roots.size(); ++root) {
        if (!walkRoot(plan, root))
            return false;
    }
    return !m_job.stopping();
}

void Planner::fillItem(PlanItem &item, const struct stat &st) const
{
    item.kind = itemKindFromMode(st.st_mode);
    item.mode = st.st_mode;
    item.uid = st.st_uid;
    item.gid = st.st_gid;
    item.nlink = st.st_nlink;
    item.dev = st.st_dev;
    item.ino = st.st_ino;
    item.rdev = st.st_rdev;
    item.size = item.kind == ItemKind::File ? qint64(st.st_size) : 0;
    item.allocated = qint64(st.st_blocks) * 512;
    item.atime = st.st_atim;
    item.mtime = st.st_mtim;
}

bool Planner::statEntry(int directoryFd, const QByteArray &name, bool follow, struct stat &st,
                        bool &loop)
{
    loop = false;
    if (::fstatat(directoryFd, name.constData(), &st, AT_SYMLINK_NOFOLLOW) != 0)
        return false;
    if (!follow || !S_ISLNK(st.st_mode))
        return true;
    struct stat target = {};
    if (::fstatat(directoryFd, name.constData(), &target, 0) != 0) {
        // Dangling, or a chain of links that never ends: keep the link itself, verbatim.
        qCDebug(lcPlan) << "not following" << name << errnoName(errno);
        return true;
    }
    if (S_ISDIR(target.st_mode) && m_ancestors.contains(qMakePair(target.st_dev, target.st_ino))) {
        loop = true;
        return true;
    }
    st = target;
    return true;
}

// Appends @p item (index = its position) and counts it; a file whose inode an earlier item
// already has becomes a hard link of it when @p groupHardLinks and hard links are kept.
qint32 Planner::addItem(Plan &plan, PlanItem &&item, bool groupHardLinks)
{
    const auto index = qint32(plan.items.size());
    item.subtreeEnd = index + 1;
    if (item.kind == ItemKind::File) {
        if (groupHardLinks && m_job.options.preserve.hardLinks && item.nlink > 1) {
            const QPair<quint64, quint64> key(item.dev, item.ino);
            const auto first = m_firstLink.constFind(key);
            if (first != m_firstLink.cend())
                item.hardLinkOf = *first;
            else
                m_firstLink.insert(key, index);
        }
        plan.totalBytes += item.countedBytes();
        ++plan.fileCount;
    }
    plan.items.push_back(std::move(item));
    return index;
}

bool Planner::walkRoot(Plan &plan, qint32 rootIndex)
{
    const PlanRoot &root = plan.roots[rootIndex];
    const bool follow = m_job.options.followSymlinks || root.followRoot;
    if (const auto unsafe =
            findPathNameProblem(root.sourcePath, PathNameRule::SafeToLookUp,
                                follow ? LastName::Followed : LastName::NotFollowed)) {
        m_job.issues.add(unreadableNameIssue(root.sourcePath, *unsafe));
        ++plan.unreadNames;
        return true;
    }
    struct stat st = {};
    const Tried examined = retryUnderPolicy(
        [&]() -> std::optional<CopyIssue> {
            if (::fstatat(AT_FDCWD, root.sourcePath.constData(), &st,
                          follow ? 0 : AT_SYMLINK_NOFOLLOW)
                == 0)
                return std::nullopt;
            return CopyIssue::fromErrno(FileOperation::Stat, root.sourcePath, errno);
        },
        m_onError);
    if (examined == Tried::Stopped)
        return stopped(plan);
    if (examined == Tried::Skipped) {
        ++plan.failedItems;
        return true;
    }
    if (m_filter.leavesOutRoot(st)) {
        noteLeftOut(plan, root.sourcePath, qint64(st.st_size));
        return true;
    }
    PlanItem item;
    item.name = root.sourceName;
    item.root = rootIndex;
    fillItem(item, st);
    const qint32 index = addItem(plan, std::move(item), false);
    if (plan.items.back().kind != ItemKind::Directory)
        return true;
    const QByteArray path = root.sourcePath;
    auto open = [this, path, follow] {
        m_ancestors.clear();
        if (m_job.hooks.beforeListFolder)
            m_job.hooks.beforeListFolder(path);
        const int fd = ::open(path.constData(), DirectoryOpenFlags | (follow ? 0 : O_NOFOLLOW));
        if (fd >= 0 && m_job.options.followSymlinks)
            collectSourceAncestors(fd);
        return fd;
    };
    return enterUnderPolicy(plan, index, open, [&root] { return root.sourcePath; })
           && walkTree(plan);
}

// The source's own ancestors count when following links: a link to any of them would copy
// the source into itself.
void Planner::collectSourceAncestors(int directoryFd)
{
    UniqueFd up(::openat(directoryFd, "..", DirectoryOpenFlags));
    for (int depth = 0; up && depth < 4096; ++depth) {
        struct stat ancestor = {};
        if (::fstat(up.get(), &ancestor) != 0
            || m_ancestors.contains(qMakePair(ancestor.st_dev, ancestor.st_ino)))
            break;
        m_ancestors.append(qMakePair(ancestor.st_dev, ancestor.st_ino));
        up.reset(::openat(up.get(), "..", DirectoryOpenFlags));
    }
}

// Opens folder item @p index (the last item) with @p open, which returns a descriptor or -1
// with errno, and lists it, under the error policy. A folder left out is removed from the
// plan and counted as failed. Returns false when the job stops.
bool Planner::enterUnderPolicy(Plan &plan, qint32 index, const std::function<int()> &open,
                               const std::function<QByteArray()> &path)
{
    const Tried entered = retryUnderPolicy(
        [&]() -> std::optional<CopyIssue> {
            const int fd = open();
            const int error = fd < 0 ? errno : enterFolder(plan, index, fd);
            if (error == 0)
                return std::nullopt;
            return CopyIssue::fromErrno(FileOperation::ReadDirectory, path(), error);
        },
        m_onError);
    if (entered == Tried::Skipped) {
        plan.items.pop_back();
        ++plan.failedItems;
    }
    if (entered != Tried::Stopped)
        return true;
    if (m_job.aborted.load())
        plan.items.pop_back(); // not listed: failed, not planned
    return stopped(plan);
}

bool Planner::stopped(Plan &plan) const
{
    if (m_job.aborted.load())
        ++plan.abortedItems;
    return false;
}

// Lists the folder behind @p fd (taking ownership) into a new frame, names sorted; returns 0
// or the errno of fdopendir(3) / readdir(3).
int Planner::enterFolder(Plan &plan, qint32 index, int fd)
{
    Frame frame;
    frame.index = index;
    frame.bytesAtStart = plan.totalBytes;
    frame.directory = ::fdopendir(fd);
    if (!frame.directory) {
        const int error = errno;
        ::close(fd);
        return error;
    }
    for (;;) {
        errno = 0;
        const dirent *entry = ::readdir(frame.directory);
        if (!entry)
            break;
        const QByteArray name(entry->d_name);
        if (name != "." && name != "..")
            frame.names.append(name);
    }
    if (const int error = errno) {
        ::closedir(frame.directory);
        return error;
    }
    std::sort(frame.names.begin(), frame.names.end());
    const PlanItem &item = plan.items[std::size_t(index)];
    const int ignoreError =
        item.parent < 0
            ? m_filter.beginRoot(fd)
            : m_filter.enterFolder(item.name, fd,
                                   std::binary_search(frame.names.cbegin(), frame.names.cend(),
                                                      QByteArray(".gitignore")));
    if (ignoreError != 0) {
        CopyIssue issue = CopyIssue::fromErrno(FileOperation::Read,
                                               plan.sourcePath(index) + "/.gitignore", ignoreError);
        issue.severity = IssueSeverity::Warning;
        m_job.issues.add(issue);
    }
    if (m_job.options.followSymlinks) {
        m_ancestors.append(qMakePair(item.dev, item.ino));
        frame.pushedAncestor = true;
    }
    m_stack.push_back(std::move(frame));
    return 0;
}

void Planner::leaveFolder(Plan &plan)
{
    Frame &frame = m_stack.back();
    const qint32 index = frame.index;
    PlanItem &item = plan.items[std::size_t(index)];
    item.subtreeEnd = qint32(plan.items.size());
    item.subtreeBytes = plan.totalBytes - frame.bytesAtStart;
    ::closedir(frame.directory);
    if (frame.pushedAncestor)
        m_ancestors.removeLast();
    const bool leftOut = frame.leftOut;
    const bool root = item.parent < 0;
    if (!root)
        m_filter.leaveFolder();
    m_stack.pop_back();
    if (!leftOut)
        return;
    // A folder left empty only by the filter goes too (rsync --prune-empty-dirs); a root
    // is what the person named, and stays.
    if (!root && !m_job.options.filter.keepEmptyFolders && item.subtreeEnd == index + 1) {
        noteLeftOut(plan, plan.sourcePath(index), 0);
        plan.items.pop_back();
    } else {
        item.leftOutBelow = true;
    }
    if (!m_stack.empty())
        m_stack.back().leftOut = true;
}

void Planner::noteLeftOut(Plan &plan, const QByteArray &path, qint64 bytes)
{
    ++plan.leftOutItems;
    plan.leftOutBytes += bytes;
    if (m_job.options.dryRun || m_job.options.listLeftOut)
        plan.leftOutPaths.append(path);
}

bool Planner::abandonWalk(Plan &plan)
{
    while (!m_stack.empty())
        leaveFolder(plan);
    return false;
}

// Lists the folders on the stack depth first. Returns false when the job stops.
bool Planner::walkTree(Plan &plan)
{
    while (!m_stack.empty()) {
        if (m_job.stopping())
            return abandonWalk(plan);
        Frame &frame = m_stack.back();
        if (frame.next == frame.names.size()) {
            leaveFolder(plan);
            continue;
        }
        const QByteArray name = frame.names[frame.next++];
        if (!planEntry(plan, frame.index, ::dirfd(frame.directory), name))
            return abandonWalk(plan);
    }
    return true;
}

// Plans the entry @p name of folder item @p parentIndex (open as @p parentFd), entering it
// when it is a folder. Returns false when the job stops.
bool Planner::planEntry(Plan &plan, qint32 parentIndex, int parentFd, const QByteArray &name)
{
    const bool follow = m_job.options.followSymlinks;
    // Built only for messages: most entries never need their path.
    auto path = [&plan, parentIndex, name] { return plan.sourcePath(parentIndex) + '/' + name; };
    if (refuseUnreadableName(plan, parentIndex, parentFd, name))
        return true;
    struct stat st = {};
    bool loop = false;
    const Tried examined = retryUnderPolicy(
        [&]() -> std::optional<CopyIssue> {
            if (statEntry(parentFd, name, follow, st, loop))
                return std::nullopt;
            const int error = errno;
            return CopyIssue::fromErrno(FileOperation::Stat, path(), error);
        },
        m_onError);
    if (examined == Tried::Stopped)
        return stopped(plan);
    if (examined == Tried::Skipped) {
        ++plan.failedItems;
        return true;
    }
    if (loop) {
        m_job.issues.add(CopyIssue::withDetail(
            FileOperation::Plan, path(),
            QCoreApplication::translate(
                "Sluice::Planner",
                "symbolic link loop: it leads back to a folder that contains it; not followed"),
            IssueSeverity::Warning));
        return true;
    }
    if (m_filter.leavesOut(name, st)) {
        noteLeftOut(plan, path(), S_ISREG(st.st_mode) ? qint64(st.st_size) : 0);
        plan.leftOutFolders += S_ISDIR(st.st_mode) ? 1 : 0;
        m_stack.back().leftOut = true;
        return true;
    }
    PlanItem item;
    item.name = name;
    item.parent = parentIndex;
    item.root = plan.items[std::size_t(parentIndex)].root;
    fillItem(item, st);
    const qint32 index = addItem(plan, std::move(item), true);
    if (plan.items.back().kind != ItemKind::Directory)
        return true;
    auto open = [this, parentFd, name, follow, &path] {
        if (m_job.hooks.beforeListFolder)
            m_job.hooks.beforeListFolder(path());
        return ::openat(parentFd, name.constData(), DirectoryOpenFlags | (follow ? 0 : O_NOFOLLOW));
    };
    return enterUnderPolicy(plan, index, open, path);
}

// Whether @p name, listed in folder item @p parentIndex (open as @p parentFd), is one its file
// system cannot carry where a lookup of such a name breaks the mount (smbnetfs answers EIO
// and then fails every request to that server for seconds): then it is reported, counted as
// failed and never looked up. The rule is learned once per source device.
bool Planner::refuseUnreadableName(Plan &plan, qint32 parentIndex, int parentFd,
                                   const QByteArray &name)
{
    const quint64 device = quint64(plan.items[std::size_t(parentIndex)].dev);
    auto limits = m_sourceLimits.constFind(device);
    if (limits == m_sourceLimits.cend())
        limits = m_sourceLimits.insert(device, detectFileSystemLimits(parentFd));
    if (!limits->lookupsOfUnstorableNamesBreak)
        return false;
    const QString problem = limits->nameProblem(name);
    if (problem.isEmpty())
        return false;
    const QByteArray path = plan.sourcePath(parentIndex) + '/' + name;
    m_job.issues.add(unreadableNameIssue(path, {path, problem, {}}));
    ++plan.unreadNames;
    return true;
}

} // namespace Sluice
