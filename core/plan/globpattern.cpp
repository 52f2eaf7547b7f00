#include "globpattern.h"

#include <fnmatch.h>

namespace Sluice {

namespace {

const QByteArray AnyFolders = QByteArrayLiteral("**");

// Matches pattern components [p, end) against path components [s, end) (recursive only at
// `**`, so at most depth × number of `**` steps).
bool matchFrom(const QList<QByteArray> &pattern, qsizetype p, std::span<const QByteArray> path,
               std::size_t s)
{
    for (; p < pattern.size(); ++p, ++s) {
        const QByteArray &component = pattern.at(p);
        if (component == AnyFolders) {
            if (p + 1 == pattern.size())
                return s < path.size(); // trailing "/**": something inside
            for (std::size_t skip = s; skip <= path.size(); ++skip) {
                if (matchFrom(pattern, p + 1, path, skip))
                    return true;
            }
            return false;
        }
        if (s >= path.size() || ::fnmatch(component.constData(), path[s].constData(), 0) != 0)
            return false;
    }
    return s == path.size();
}

// Drops unescaped trailing spaces (gitignore(5): "Trailing spaces are ignored unless they are
// quoted with backslash").
void trimTrailingSpaces(QByteArray &line)
{
    while (line.endsWith(' ')) {
        qsizetype backslashes = 0;
        for (qsizetype i = line.size() - 2; i >= 0 && line.at(i) == '\\'; --i)
            ++backslashes;
        if (backslashes % 2 == 1)
            return;
        line.chop(1);
    }
}

} // namespace

std::optional<GlobPattern> GlobPattern::parse(QByteArray text)
{
    GlobPattern pattern;
    if (text.endsWith('/')) {
        pattern.m_directoryOnly = true;
        while (text.endsWith('/'))
            text.chop(1);
    }
    pattern.m_anchored = text.contains('/');
    for (const QByteArray &component : text.split('/')) {
        if (!component.isEmpty()) // "a//b" and a leading "/"
            pattern.m_components.append(component);
    }
    if (pattern.m_components.isEmpty())
        return std::nullopt;
    return pattern;
}

bool GlobPattern::matches(std::span<const QByteArray> path, bool isDirectory) const
{
    if (path.empty() || (m_directoryOnly && !isDirectory))
        return false;
    if (!m_anchored) // a name at any depth
        return ::fnmatch(m_components.first().constData(), path.back().constData(), 0) == 0;
    return matchFrom(m_components, 0, path, 0);
}

QList<GitIgnoreRule> parseGitIgnore(const QByteArray &contents)
{
    QList<GitIgnoreRule> rules;
    for (QByteArray line : contents.split('\n')) {
        if (line.isEmpty() || line.startsWith('#'))
            continue;
        trimTrailingSpaces(line);
        GitIgnoreRule rule;
        if (line.startsWith('!')) {
            rule.negated = true;
            line.remove(0, 1);
        } else if (line.startsWith("\\!") || line.startsWith("\\#")) {
            line.remove(0, 1);
        }
        if (auto pattern = GlobPattern::parse(line)) {
            rule.pattern = *pattern;
            rules.append(rule);
        }
    }
    return rules;
}

} // namespace Sluice
