#pragma once

#include "copyfilter.h"
#include "globpattern.h"

#include <QByteArray>
#include <QList>

#include <sys/stat.h>
#include <vector>

namespace Sluice {

/// Judges the entries of a walk against a CopyFilter, during the walk, so that what is left
/// out is never opened and a folder left out is never listed. Used by the Planner (the copy)
/// and by SourceScanner (the window's measurement), on their own threads; one instance per
/// walk, not shared.
///
/// The walk tells it which folder it is in (enterFolder()/leaveFolder(), relative to the
/// source); it then answers for each entry of that folder. Order of the decision
/// (docs/design-notes.md, "Filters"): the rules, first match deciding (rsync(1)); then, when
/// no rule matched and CopyFilter::gitignore, the .gitignore files of the folders on the way
/// (the deepest first, the last matching line of a file deciding, gitignore(5)); then, for
/// regular files, the size and age limits.
class TreeFilter final
{
public:
    explicit TreeFilter(CopyFilter filter);

    bool isActive() const { return m_active; }

    /// Starts a source folder open as @p folderFd: forgets the folders of the one before and
    /// reads the source's own .gitignore. Returns 0, or the errno of reading that .gitignore
    /// (which is then treated as empty, as git does).
    int beginRoot(int folderFd);
    /// Enters the folder @p name of the current folder, open as @p folderFd; reads its
    /// .gitignore when asked to honour them and @p hasGitIgnore. Returns as beginRoot().
    int enterFolder(const QByteArray &name, int folderFd, bool hasGitIgnore = true);
    /// Back to the folder that holds the current one.
    void leaveFolder();

    /// Whether the entry @p name of the current folder, whose status is @p st, is left out.
    bool leavesOut(const QByteArray &name, const struct stat &st);
    /// Whether a source named in the request, with status @p st, is left out (by size and
    /// age only: patterns are relative to it).
    bool leavesOutRoot(const struct stat &st) const;

    /// The verdict of the patterns (rules, then .gitignore) alone for @p name in the current
    /// folder: true when left out.
    bool patternsLeaveOut(const QByteArray &name, bool isDirectory);

private:
    struct IgnoreFile
    {
        std::size_t depth = 0; ///< components of the folder holding it
        QList<GitIgnoreRule> rules;
    };
    bool limitsLeaveOut(const struct stat &st) const;
    int readGitIgnore(int folderFd);

    CopyFilter m_filter;
    std::vector<GlobPattern> m_rules; ///< m_filter.rules, parsed; same order
    bool m_active = false;
    std::vector<QByteArray> m_path; ///< the current folder's components, then the entry
    std::vector<IgnoreFile> m_ignoreFiles;
};

} // namespace Sluice
