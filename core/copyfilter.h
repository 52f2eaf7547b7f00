#pragma once

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QMetaType>
#include <QStringList>

#include <optional>

namespace Sluice {

/// One `--include` or `--exclude` rule. Rules are tried in order and the first one whose
/// pattern matches an entry decides (rsync(1), "FILTER RULES").
///
/// Pattern syntax (docs/design-notes.md, "Filters"): a pattern with a `/` other than a
/// trailing one is matched against the path relative to the source folder (a leading `/` is
/// optional); one without matches the entry's name at any depth; a trailing `/` matches
/// folders only; `*`, `?` and `[...]` are fnmatch(3) globs within one path component and
/// `**` as a whole component matches any number of folders (gitignore(5)).
struct FilterRule
{
    enum class Action : quint8 { Exclude, Include };
    Action action = Action::Exclude;
    QByteArray pattern; ///< native bytes, as given

    bool operator==(const FilterRule &) const = default;
};

/// What a copy leaves out. A plain value carried by CopyOptions::filter and
/// ScanOptions::filter, so the job and the window's source list judge entries alike.
/// Entries left out are never opened, counted or created; a folder left out is not listed.
/// The roots named in a request are judged by the size and age limits only, never by
/// patterns (a pattern is relative to them).
struct CopyFilter
{
    QList<FilterRule> rules; ///< first match decides
    /// Honour `.gitignore` files found in the sources, with git's rules (gitignore(5)):
    /// asked only for entries no rule matched.
    bool gitignore = false;
    qint64 minSize = -1; ///< regular files smaller than this many bytes are left out; -1 = none
    qint64 maxSize = -1; ///< regular files larger than this many bytes are left out; -1 = none
    /// Regular files whose modification time is not later than this are left out
    /// (nanoseconds since the epoch).
    std::optional<qint64> newerThanNs;
    /// Regular files whose modification time is not earlier than this are left out.
    std::optional<qint64> olderThanNs;
    /// Create folders that end up empty only because everything in them was left out
    /// (by default they are left out too, like `rsync --prune-empty-dirs`).
    bool keepEmptyFolders = false;

    /// True when the filter can leave anything out.
    bool isActive() const;
    /// Empty when usable, else one message per problem (empty pattern, min above max).
    QStringList validate() const;
    bool operator==(const CopyFilter &) const = default;
};

/// Appends the rules of an rsync-style list in @p text (`--exclude-from`): one pattern per
/// line, lines starting with `#` or `;` and blank lines ignored, `+ ` and `- ` prefixes make
/// a line an include or exclude rule, any other line is a rule with @p action.
void appendFilterRules(const QByteArray &text, FilterRule::Action action, QList<FilterRule> &rules);

/// Parses a point in time for `--newer-than` / `--older-than`: an ISO 8601 date
/// ("2026-11-01", local midnight), date and time ("2026-11-01T08:30", local unless an offset
/// is given), or a duration before @p now: a whole number with s, min, h, d or w ("7d").
/// Returns nanoseconds since the epoch, nothing for malformed text.
std::optional<qint64> parseFilterTime(QStringView text, const QDateTime &now);

} // namespace Sluice

Q_DECLARE_METATYPE(Sluice::CopyFilter)
