#include "planner.h"

#include <QCoreApplication>

#include "jobcontext.h"
#include "logging.h"
#include "nativepath.h"
#include "posixio.h"

#include <algorithm>
#include <cerrno>
#include <dirent.h>
#include <fcntl.h>
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

} // namespace

struct Planner::Frame
{
    qint32 index = 0;
    DIR *directory = nullptr;
    QList<QByteArray> names;
    qsizetype next = 0;
    qint64 bytesAtStart = 0;
    bool pushedAncestor = false;
};

Planner::Planner(JobContext &job, ErrorHandler onError)
    : m_job(job)
    , m_onError(std::move(onError))
{}

bool Planner::resolve(const QList<QByteArray> &sources, const QByteArray &destination, Plan &plan,
                      CopyIssue &fatal)
{
    if (sources.isEmpty()) {
        fatal = CopyIssue::withDetail(
            FileOperation::Plan, destination,
            QCoreApplication::translate("Sluice::Planner", "no source given"));
        return false;
    }
    if (destination.isEmpty()) {
        fatal = CopyIssue::withDetail(
            FileOperation::Plan, destination,
            QCoreApplication::translate("Sluice::Planner", "no destination given"));
        return false;
    }
    struct stat st = {};
    const bool exists = ::stat(destination.constData(), &st) == 0;
    const int statError = exists ? 0 : errno;
    const bool intoFolder = exists && S_ISDIR(st.st_mode);
    QByteArray targetParent;
    QByteArray targetName;
    if (!intoFolder) {
        if (exists && sources.size() > 1) {
            fatal = CopyIssue::fromErrno(FileOperation::Plan, destination, ENOTDIR);
            fatal.detail = QCoreApplication::translate("Sluice::Planner",
                                                       "several sources need a destination folder");
            return false;
        }
        if (!exists && statError != ENOENT) {
            fatal = CopyIssue::fromErrno(FileOperation::Plan, destination, statError);
            return false;
        }
        if (!exists && sources.size() > 1) {
            fatal = CopyIssue::fromErrno(FileOperation::Plan, destination, ENOENT);
            fatal.detail = QCoreApplication::translate("Sluice::Planner",
                                                       "the destination folder does not exist");
            return false;
        }
        const QByteArray cleaned = stripTrailingSlashes(destination);
        targetParent = NativePath::parentPath(cleaned);
        targetName = NativePath::baseName(cleaned);
        struct stat parent = {};
        if (::stat(targetParent.constData(), &parent) != 0 || !S_ISDIR(parent.st_mode)) {
            fatal =
                CopyIssue::fromErrno(FileOperation::Plan, targetParent, errno ? errno : ENOTDIR);
            fatal.detail = QCoreApplication::translate("Sluice::Planner",
                                                       "the destination's folder is not usable");
            return false;
        }
    }
    for (const QByteArray &source : sources) {
        PlanRoot root;
        root.followRoot = source.size() > 1 && source.endsWith('/');
        root.sourcePath = stripTrailingSlashes(source);
        root.sourceParent = NativePath::parentPath(root.sourcePath);
        root.sourceName = NativePath::baseName(root.sourcePath);
        if (root.sourcePath == "/") {
            fatal = CopyIssue::withDetail(
                FileOperation::Plan, source,
                QCoreApplication::translate("Sluice::Planner",
                                            "the root folder cannot be copied as a "
                                            "whole; name the folders inside it"));
            return false;
        }
        if (root.sourceName == "." || root.sourceName == "..") {
            // "." and ".." stand for a folder: copy it under its real name.
            root.followRoot = true;
            root.sourceParent = root.sourcePath;
            root.sourceName = QByteArrayLiteral(".");
        }
        if (intoFolder) {
            root.destinationParent = destination;
            root.destinationName = sourceEntryName(root.sourcePath);
        } else {
            root.destinationParent = targetParent;
            root.destinationName = targetName;
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

bool Planner::walkRoot(Plan &plan, qint32 rootIndex)
{
    const PlanRoot &root = plan.roots[rootIndex];
    const bool follow = m_job.options.followSymlinks || root.followRoot;
    struct stat st = {};
    for (int attempt = 1;; ++attempt) {
        if (::fstatat(AT_FDCWD, root.sourcePath.constData(), &st, follow ? 0 : AT_SYMLINK_NOFOLLOW)
            == 0)
            break;
        const int error = errno;
        const ErrorAction action =
            m_onError(CopyIssue::fromErrno(FileOperation::Stat, root.sourcePath, error), attempt);
        if (action == ErrorAction::StopJob)
            return false;
        if (action == ErrorAction::Skip) {
            ++plan.failedItems;
            return true;
        }
    }
    PlanItem item;
    item.name = root.sourceName;
    item.root = rootIndex;
    fillItem(item, st);
    const auto index = qint32(plan.items.size());
    item.subtreeEnd = index + 1;
    plan.items.push_back(item);
    if (item.kind == ItemKind::File) {
        plan.totalBytes += item.size;
        plan.allocatedBytes += item.allocated;
        ++plan.fileCount;
        return true;
    }
    if (item.kind != ItemKind::Directory)
        return true;

    ++plan.folderCount;
    UniqueFd directory;
    for (int attempt = 1;; ++attempt) {
        directory.reset(
            ::open(root.sourcePath.constData(), DirectoryOpenFlags | (follow ? 0 : O_NOFOLLOW)));
        if (directory)
            break;
        const int error = errno;
        const ErrorAction action = m_onError(
            CopyIssue::fromErrno(FileOperation::ReadDirectory, root.sourcePath, error), attempt);
        if (action == ErrorAction::StopJob)
            return false;
        if (action == ErrorAction::Skip) {
            plan.items.pop_back();
            --plan.folderCount;
            ++plan.failedItems;
            return true;
        }
    }
    m_ancestors.clear();
    if (m_job.options.followSymlinks) {
        // The source's own ancestors count: a link to any of them would copy the source
        // into itself.
        UniqueFd up(::openat(directory.get(), "..", DirectoryOpenFlags));
        for (int depth = 0; up && depth < 4096; ++depth) {
            struct stat ancestor = {};
            if (::fstat(up.get(), &ancestor) != 0
                || m_ancestors.contains(qMakePair(ancestor.st_dev, ancestor.st_ino)))
                break;
            m_ancestors.append(qMakePair(ancestor.st_dev, ancestor.st_ino));
            up.reset(::openat(up.get(), "..", DirectoryOpenFlags));
        }
    }
    return walkDirectory(plan, index, directory.release());
}

bool Planner::walkDirectory(Plan &plan, qint32 itemIndex, int directoryFd)
{
    const bool follow = m_job.options.followSymlinks;
    std::vector<Frame> stack;

    // Opens the folder behind `fd` (taking ownership) and reads its sorted entry names.
    auto enter = [&](qint32 index, int fd) -> int {
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
            if (!entry) {
                if (errno != 0) {
                    const int error = errno;
                    ::closedir(frame.directory);
                    return error;
                }
                break;
            }
            const QByteArray name(entry->d_name);
            if (name != "." && name != "..")
                frame.names.append(name);
        }
        std::sort(frame.names.begin(), frame.names.end());
        if (follow) {
            const PlanItem &item = plan.items[std::size_t(index)];
            m_ancestors.append(qMakePair(item.dev, item.ino));
            frame.pushedAncestor = true;
        }
        stack.push_back(std::move(frame));
        return 0;
    };
    auto leave = [&] {
        Frame &frame = stack.back();
        PlanItem &item = plan.items[std::size_t(frame.index)];
        item.subtreeEnd = qint32(plan.items.size());
        item.subtreeBytes = plan.totalBytes - frame.bytesAtStart;
        ::closedir(frame.directory);
        if (frame.pushedAncestor)
            m_ancestors.removeLast();
        stack.pop_back();
    };

    if (const int error = enter(itemIndex, directoryFd)) {
        const ErrorAction action = m_onError(
            CopyIssue::fromErrno(FileOperation::ReadDirectory, plan.sourcePath(itemIndex), error),
            1);
        if (action == ErrorAction::StopJob)
            return false;
        plan.items.pop_back();
        --plan.folderCount;
        ++plan.failedItems;
        return true;
    }

    while (!stack.empty()) {
        if (m_job.stopping()) {
            while (!stack.empty())
                leave();
            return false;
        }
        Frame &frame = stack.back();
        if (frame.next == frame.names.size()) {
            leave();
            continue;
        }
        const QByteArray name = frame.names[frame.next++];
        const int parentFd = ::dirfd(frame.directory);
        const qint32 parentIndex = frame.index;
        // Built only for messages: most entries never need their path.
        auto path = [&plan, parentIndex, &name] {
            return plan.sourcePath(parentIndex) + '/' + name;
        };

        struct stat st = {};
        bool loop = false;
        bool skipEntry = false;
        for (int attempt = 1;; ++attempt) {
            if (statEntry(parentFd, name, follow, st, loop))
                break;
            const ErrorAction action =
                m_onError(CopyIssue::fromErrno(FileOperation::Stat, path(), errno), attempt);
            if (action == ErrorAction::StopJob) {
                while (!stack.empty())
                    leave();
                return false;
            }
            if (action == ErrorAction::Skip) {
                ++plan.failedItems;
                skipEntry = true;
                break;
            }
        }
        if (skipEntry)
            continue;
        if (loop) {
            m_job.issues.add(CopyIssue::withDetail(
                FileOperation::Plan, path(),
                QCoreApplication::translate(
                    "Sluice::Planner",
                    "symbolic link loop: it leads back to a folder that contains it; "
                    "not followed"),
                IssueSeverity::Warning));
            continue;
        }

        PlanItem item;
        item.name = name;
        item.parent = parentIndex;
        item.root = plan.items[std::size_t(parentIndex)].root;
        fillItem(item, st);
        const auto index = qint32(plan.items.size());
        item.subtreeEnd = index + 1;
        if (item.kind == ItemKind::File) {
            if (m_job.options.preserve.hardLinks && item.nlink > 1) {
                const QPair<quint64, quint64> key(item.dev, item.ino);
                const auto first = m_firstLink.constFind(key);
                if (first != m_firstLink.cend())
                    item.hardLinkOf = *first;
                else
                    m_firstLink.insert(key, index);
            }
            if (item.hardLinkOf < 0) {
                plan.totalBytes += item.size;
                plan.allocatedBytes += item.allocated;
            }
            ++plan.fileCount;
            plan.items.push_back(std::move(item));
            continue;
        }
        plan.items.push_back(std::move(item));
        if (plan.items.back().kind != ItemKind::Directory)
            continue;

        ++plan.folderCount;
        for (int attempt = 1;; ++attempt) {
            const int childFd = ::openat(parentFd, name.constData(),
                                         DirectoryOpenFlags | (follow ? 0 : O_NOFOLLOW));
            const int error = childFd < 0 ? errno : enter(index, childFd);
            if (error == 0)
                break;
            const ErrorAction action = m_onError(
                CopyIssue::fromErrno(FileOperation::ReadDirectory, path(), error), attempt);
            if (action == ErrorAction::StopJob) {
                while (!stack.empty())
                    leave();
                return false;
            }
            if (action == ErrorAction::Skip) {
                plan.items.pop_back();
                --plan.folderCount;
                ++plan.failedItems;
                break;
            }
        }
    }
    return true;
}

} // namespace Sluice
