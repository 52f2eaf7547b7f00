#include "pathnames.h"

#include "filesystemlimits.h"
#include "posixio.h"

#include <QList>

#include <climits>
#include <cstdlib>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>
#include <vector>

namespace Sluice {

namespace {

// The kernel's limit of symbolic links followed in one path walk (path_resolution(7), ELOOP).
constexpr int MaxLinksFollowed = 40;

// A name still to walk, and which name of the path given it stands for.
struct PendingName
{
    QByteArray name;
    qsizetype givenEnd = -1; // where that name of the given path ends; -1: the working folder's
    bool fromLink = false;   // a name of a symbolic link's target
};

// A folder the walk has opened, physically: the stack of them is the real path, so ".." is
// the folder below it on the stack, as the kernel's own walk through a followed link goes.
struct OpenFolder
{
    UniqueFd fd;
    QByteArray name;
    dev_t device = 0;
    int depth = 0;        // names between the root of its mount and here
    int limitsIndex = -1; // into the walk's limits, learned once per device
};

class PathWalk
{
public:
    PathWalk(PathNameRule rule, LastName last)
        : m_rule(rule)
        , m_last(last)
    {}

    std::optional<PathNameProblem> run(const QByteArray &path);

private:
    static constexpr int OpenFlags = O_PATH | O_NOFOLLOW | O_CLOEXEC;

    PathNameRule m_rule;
    LastName m_last;
    std::vector<OpenFolder> m_folders;
    std::vector<std::pair<dev_t, FileSystemLimits>> m_limits;
    QList<PendingName> m_pending; // the next name last
    bool m_linked = false;        // a symbolic link was followed on the way
    // Once a name could not be opened (it does not exist yet, or is no folder): the names from
    // it on are judged by the last folder reached, at the depth they would have there.
    bool m_lost = false;
    QList<QByteArray> m_missing; // the names below the last folder reached

    int limitsFor(int fd, dev_t device)
    {
        for (std::size_t i = 0; i < m_limits.size(); ++i) {
            if (m_limits[i].first == device)
                return int(i);
        }
        m_limits.emplace_back(device, detectFileSystemLimits(fd));
        return int(m_limits.size() - 1);
    }
    // Pushes the open folder @p fd named @p name; false when it cannot be examined.
    bool push(UniqueFd fd, const QByteArray &name)
    {
        struct stat st = {};
        if (!fd || ::fstat(fd.get(), &st) != 0)
            return false;
        OpenFolder folder;
        folder.device = st.st_dev;
        folder.limitsIndex = limitsFor(fd.get(), st.st_dev);
        if (!m_folders.empty() && m_folders.back().device == st.st_dev)
            folder.depth = m_folders.back().depth + 1;
        folder.fd = std::move(fd);
        folder.name = name;
        m_folders.push_back(std::move(folder));
        return true;
    }
    QByteArray realPath(const QByteArray &name) const
    {
        QByteArray path;
        for (std::size_t i = 1; i < m_folders.size(); ++i)
            path += '/' + m_folders[i].name;
        for (const QByteArray &missing : m_missing)
            path += '/' + missing;
        return path + '/' + name;
    }
    // Why @p name cannot be in the last folder reached ("" when it can).
    QString problem(const QByteArray &name) const
    {
        const OpenFolder &folder = m_folders.back();
        const FileSystemLimits &limits = m_limits[std::size_t(folder.limitsIndex)].second;
        const int depth = folder.depth + int(m_missing.size());
        const bool judged =
            depth >= limits.serverLevels
            && (m_rule == PathNameRule::Storable || limits.lookupsOfUnstorableNamesBreak);
        return judged ? limits.nameProblem(name) : QString();
    }
    void queue(const QByteArray &names, qsizetype givenEnd, bool fromLink)
    {
        const QList<QByteArray> split = names.split('/');
        for (qsizetype i = split.size() - 1; i >= 0; --i) {
            if (!split.at(i).isEmpty() && split.at(i) != ".")
                m_pending.append({split.at(i), givenEnd, fromLink});
        }
    }
};

std::optional<PathNameProblem> PathWalk::run(const QByteArray &path)
{
    if (!push(UniqueFd(::open("/", O_PATH | O_DIRECTORY | O_CLOEXEC)), {}))
        return std::nullopt;
    // The given names, the next one last, each with where it ends in the path.
    qsizetype end = path.size();
    while (end > 0 && path.at(end - 1) == '/')
        --end;
    const bool trailingSlash = end < path.size();
    for (qsizetype start = end; start > 0;) {
        const qsizetype slash = path.lastIndexOf('/', start - 1);
        const QByteArray name = path.mid(slash + 1, start - slash - 1);
        if (!name.isEmpty() && name != ".")
            m_pending.append({name, start, false});
        start = slash;
    }
    // From "/" even for a relative path, so that the levels of a mount are counted; the names
    // of the working folder itself are walked, not judged (they exist).
    if (!path.startsWith('/')) {
        char *working = ::getcwd(nullptr, 0);
        if (!working)
            return std::nullopt;
        const QByteArray folder(working);
        std::free(working);
        queue(folder, -1, false);
    }
    int linksFollowed = 0;
    while (!m_pending.isEmpty()) {
        const PendingName next = m_pending.takeLast();
        const bool last = m_pending.isEmpty();
        if (next.name == "..") {
            if (!m_missing.isEmpty())
                m_missing.removeLast();
            else if (!m_lost && m_folders.size() > 1)
                m_folders.pop_back();
            continue;
        }
        if (next.givenEnd >= 0 || next.fromLink) {
            if (const QString problem = this->problem(next.name); !problem.isEmpty()) {
                // A link's target names the given name that is the link.
                PathNameProblem found{path.left(next.givenEnd), problem, {}};
                if (m_linked)
                    found.resolved = realPath(next.name);
                return found;
            }
        }
        if (m_lost) {
            m_missing.append(next.name);
            continue;
        }
        if (last && !trailingSlash && m_last == LastName::NotFollowed)
            break;
        // Judged: now it may be looked up, without following it.
        UniqueFd fd(::openat(m_folders.back().fd.get(), next.name.constData(), OpenFlags));
        struct stat st = {};
        if (!fd || ::fstat(fd.get(), &st) != 0) {
            m_lost = true;
            m_missing.append(next.name);
            continue;
        }
        if (S_ISLNK(st.st_mode)) {
            if (++linksFollowed > MaxLinksFollowed)
                return std::nullopt; // the kernel's walk ends in ELOOP, before any lookup
            QByteArray target(PATH_MAX, '\0');
            const ssize_t got =
                ::readlinkat(fd.get(), "", target.data(), std::size_t(target.size()));
            if (got <= 0)
                return std::nullopt;
            target.truncate(got);
            m_linked = true;
            if (target.startsWith('/'))
                m_folders.resize(1);
            queue(target, next.givenEnd, true);
            continue;
        }
        if (last)
            break;
        if (!S_ISDIR(st.st_mode) || !push(std::move(fd), next.name)) {
            m_lost = true;
            m_missing.append(next.name);
        }
    }
    return std::nullopt;
}

} // namespace

std::optional<PathNameProblem> findPathNameProblem(const QByteArray &path, PathNameRule rule,
                                                   LastName last)
{
    if (path.isEmpty())
        return std::nullopt;
    return PathWalk(rule, last).run(path);
}

} // namespace Sluice
