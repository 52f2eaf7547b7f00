#include "pathnames.h"

#include "filesystemlimits.h"
#include "posixio.h"

#include <QList>

#include <algorithm>
#include <cstdlib>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace Sluice {

namespace {

// The folder a walk down a path has reached, and what its file system stores.
struct WalkedFolder
{
    static constexpr int LookupFlags = O_PATH | O_DIRECTORY | O_CLOEXEC;

    UniqueFd fd{::open("/", LookupFlags)};
    FileSystemLimits limits;
    bool known = false; // limits hold for the folder last reached
    dev_t device = 0;
    int depth = 0; // names between the root of its mount and here

    // Learns the limits where the walk entered another file system.
    void learn()
    {
        struct stat st = {};
        if (!fd || ::fstat(fd.get(), &st) != 0 || (known && st.st_dev == device))
            return;
        limits = detectFileSystemLimits(fd.get());
        device = st.st_dev;
        known = true;
        depth = 0;
    }
    // Why @p name cannot be in this folder under @p rule ("" when it can).
    QString problem(const QByteArray &name, PathNameRule rule) const
    {
        const bool judged =
            known && name != ".." && depth >= limits.serverLevels
            && (rule == PathNameRule::Storable || limits.lookupsOfUnstorableNamesBreak);
        return judged ? limits.nameProblem(name) : QString();
    }
    void enter(const QByteArray &name)
    {
        if (fd)
            fd.reset(::openat(fd.get(), name.constData(), LookupFlags));
        depth = name == ".." ? std::max(depth - 1, 0) : depth + 1;
    }
};

} // namespace

std::optional<PathNameProblem> findPathNameProblem(const QByteArray &path, PathNameRule rule)
{
    if (path.isEmpty())
        return std::nullopt;
    // From "/" even for a relative path, so that the levels of a mount are counted; the names
    // of the working folder itself are walked, not judged (they exist).
    QByteArray absolute = path;
    qsizetype judgeFrom = 0; // in names of absolute
    if (!path.startsWith('/')) {
        char *working = ::getcwd(nullptr, 0);
        if (!working)
            return std::nullopt;
        const QByteArray folder(working);
        std::free(working);
        judgeFrom = folder.split('/').size();
        absolute = folder + '/' + path;
    }
    const qsizetype prefix = absolute.size() - path.size(); // the working folder and its '/'
    const QList<QByteArray> names = absolute.split('/');
    WalkedFolder folder;
    qsizetype end = -1; // where the current name ends in absolute
    for (qsizetype i = 0; i < names.size(); ++i) {
        const QByteArray &name = names.at(i);
        end += name.size() + 1;
        if (name.isEmpty() || name == ".")
            continue;
        folder.learn();
        if (i >= judgeFrom) {
            if (const QString problem = folder.problem(name, rule); !problem.isEmpty())
                return PathNameProblem{path.left(end - prefix), problem};
        }
        if (i + 1 < names.size())
            folder.enter(name);
    }
    return std::nullopt;
}

} // namespace Sluice
