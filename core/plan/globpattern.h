#pragma once

#include <QByteArray>
#include <QList>

#include <optional>
#include <span>

namespace Sluice {

/// A path pattern split into components, matched component by component with fnmatch(3)
/// (no FNM_PERIOD: `*` matches a leading dot, as in git and rsync). A component `**`
/// matches zero or more folders; as the last component it matches one or more entries
/// (everything inside, gitignore(5) "Two consecutive asterisks").
class GlobPattern final
{
public:
    /// Parses @p text: a `/` other than a trailing one anchors the pattern to the base folder
    /// (a leading `/` is dropped), a trailing `/` makes it match folders only. Nothing for a
    /// pattern that is empty once the slashes are taken off.
    static std::optional<GlobPattern> parse(QByteArray text);

    /// Whether @p path (components relative to the base folder, the entry's name last)
    /// matches; @p isDirectory tells whether the entry is a folder.
    bool matches(std::span<const QByteArray> path, bool isDirectory) const;

    bool anchored() const { return m_anchored; }
    bool directoryOnly() const { return m_directoryOnly; }

private:
    QList<QByteArray> m_components;
    bool m_anchored = false;
    bool m_directoryOnly = false;
};

/// One line of a .gitignore file (gitignore(5), "PATTERN FORMAT").
struct GitIgnoreRule
{
    GlobPattern pattern;
    bool negated = false; ///< `!pattern`: matching entries are not ignored
};

/// The rules of a .gitignore file's @p contents, in file order: blank lines and `#` comments
/// skipped, `\#` and `\!` escapes, trailing spaces dropped unless escaped with `\`.
QList<GitIgnoreRule> parseGitIgnore(const QByteArray &contents);

} // namespace Sluice
