#include "treefilter.h"

#include "copyoptions.h"
#include "posixio.h"

#include <cerrno>
#include <fcntl.h>
#include <span>
#include <unistd.h>

namespace Sluice {

namespace {

// A .gitignore larger than this is not read (git itself refuses files over 100 MiB).
constexpr qint64 MaxGitIgnoreBytes = 4 * MiB;
constexpr qint64 NsPerSecond = 1'000'000'000;

const QByteArray GitIgnoreName = QByteArrayLiteral(".gitignore");

} // namespace

TreeFilter::TreeFilter(CopyFilter filter)
    : m_filter(std::move(filter))
    , m_active(m_filter.isActive())
{
    for (const FilterRule &rule : m_filter.rules) {
        // validate() refuses empty patterns; one that slips through matches nothing.
        m_rules.push_back(GlobPattern::parse(rule.pattern).value_or(GlobPattern()));
    }
}

int TreeFilter::beginRoot(int folderFd)
{
    m_path.clear();
    m_ignoreFiles.clear();
    return m_filter.gitignore ? readGitIgnore(folderFd) : 0;
}

int TreeFilter::enterFolder(const QByteArray &name, int folderFd, bool hasGitIgnore)
{
    m_path.push_back(name);
    return m_filter.gitignore && hasGitIgnore ? readGitIgnore(folderFd) : 0;
}

void TreeFilter::leaveFolder()
{
    if (!m_ignoreFiles.empty() && m_ignoreFiles.back().depth == m_path.size())
        m_ignoreFiles.pop_back();
    if (!m_path.empty())
        m_path.pop_back();
}

// Reads the .gitignore of the folder just entered. A symbolic link is not followed: git
// reads in-tree .gitignore files with O_NOFOLLOW since 2.32.
int TreeFilter::readGitIgnore(int folderFd)
{
    const UniqueFd fd(retryOnEintr([folderFd] {
        return ::openat(folderFd, GitIgnoreName.constData(),
                        O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY);
    }));
    if (!fd)
        return errno == ENOENT ? 0 : errno;
    struct stat st = {};
    if (::fstat(fd.get(), &st) != 0)
        return errno;
    if (!S_ISREG(st.st_mode))
        return 0;
    if (st.st_size > MaxGitIgnoreBytes)
        return EFBIG;
    QByteArray contents(qsizetype(st.st_size), Qt::Uninitialized);
    qsizetype filled = 0;
    while (filled < contents.size()) {
        const ssize_t got = retryOnEintr([&] {
            return ::read(fd.get(), contents.data() + filled,
                          std::size_t(contents.size() - filled));
        });
        if (got < 0)
            return errno;
        if (got == 0)
            break;
        filled += got;
    }
    contents.truncate(filled);
    QList<GitIgnoreRule> rules = parseGitIgnore(contents);
    if (!rules.isEmpty())
        m_ignoreFiles.push_back({m_path.size(), std::move(rules)});
    return 0;
}

bool TreeFilter::patternsLeaveOut(const QByteArray &name, bool isDirectory)
{
    m_path.push_back(name);
    const std::span<const QByteArray> path(m_path);
    std::optional<bool> verdict;
    for (std::size_t i = 0; i < m_rules.size() && !verdict; ++i) {
        if (m_rules[i].matches(path, isDirectory))
            verdict = m_filter.rules.at(qsizetype(i)).action == FilterRule::Action::Exclude;
    }
    // gitignore(5): a deeper file overrides a shallower one; within a file the last
    // matching pattern decides.
    for (auto file = m_ignoreFiles.rbegin(); file != m_ignoreFiles.rend() && !verdict; ++file) {
        const auto relative = path.subspan(file->depth);
        for (auto rule = file->rules.crbegin(); rule != file->rules.crend(); ++rule) {
            if (rule->pattern.matches(relative, isDirectory)) {
                verdict = !rule->negated;
                break;
            }
        }
    }
    m_path.pop_back();
    return verdict.value_or(false);
}

bool TreeFilter::limitsLeaveOut(const struct stat &st) const
{
    if (!S_ISREG(st.st_mode))
        return false;
    if (m_filter.minSize >= 0 && st.st_size < m_filter.minSize)
        return true;
    if (m_filter.maxSize >= 0 && st.st_size > m_filter.maxSize)
        return true;
    const qint64 mtime = qint64(st.st_mtim.tv_sec) * NsPerSecond + st.st_mtim.tv_nsec;
    if (m_filter.newerThanNs && mtime <= *m_filter.newerThanNs)
        return true;
    return m_filter.olderThanNs && mtime >= *m_filter.olderThanNs;
}

bool TreeFilter::leavesOut(const QByteArray &name, const struct stat &st)
{
    if (!m_active)
        return false;
    return patternsLeaveOut(name, S_ISDIR(st.st_mode)) || limitsLeaveOut(st);
}

bool TreeFilter::leavesOutRoot(const struct stat &st) const
{
    return m_active && limitsLeaveOut(st);
}

} // namespace Sluice
