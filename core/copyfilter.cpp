#include "copyfilter.h"

#include <QRegularExpression>

namespace Sluice {

bool CopyFilter::isActive() const
{
    return !rules.isEmpty() || gitignore || minSize >= 0 || maxSize >= 0 || newerThanNs
           || olderThanNs;
}

QStringList CopyFilter::validate() const
{
    QStringList problems;
    for (const FilterRule &rule : rules) {
        if (rule.pattern.isEmpty() || rule.pattern == "/") {
            problems << QStringLiteral("a filter pattern must not be empty");
            break;
        }
    }
    if (minSize >= 0 && maxSize >= 0 && minSize > maxSize)
        problems << QStringLiteral("the minimum size is larger than the maximum size");
    if (newerThanNs && olderThanNs && *newerThanNs >= *olderThanNs)
        problems << QStringLiteral("no file can be both newer and older than those times");
    return problems;
}

void appendFilterRules(const QByteArray &text, FilterRule::Action action, QList<FilterRule> &rules)
{
    for (QByteArray line : text.split('\n')) {
        if (line.endsWith('\r'))
            line.chop(1);
        if (line.trimmed().isEmpty() || line.startsWith('#') || line.startsWith(';'))
            continue;
        FilterRule rule;
        rule.action = action;
        if (line.startsWith("+ ") || line.startsWith("- ")) {
            rule.action =
                line.startsWith('+') ? FilterRule::Action::Include : FilterRule::Action::Exclude;
            line.remove(0, 2);
        }
        rule.pattern = line;
        rules.append(rule);
    }
}

std::optional<qint64> parseFilterTime(QStringView text, const QDateTime &now)
{
    constexpr qint64 NsPerMs = 1'000'000;
    static const QRegularExpression duration(QStringLiteral(R"(^(\d{1,9})(s|min|h|d|w)$)"));
    const QString trimmed = text.trimmed().toString();
    if (const auto match = duration.match(trimmed); match.hasMatch()) {
        const qint64 count = match.capturedView(1).toLongLong();
        const QStringView unit = match.capturedView(2);
        const qint64 seconds = unit == u"s"     ? 1
                               : unit == u"min" ? 60
                               : unit == u"h"   ? 3600
                               : unit == u"d"   ? 86'400
                                                : 7 * 86'400;
        return (now.toMSecsSinceEpoch() - count * seconds * 1000) * NsPerMs;
    }
    // QDate's ISO parser also takes the date part of a longer text: only "YYYY-MM-DD" here.
    constexpr qsizetype IsoDateLength = 10;
    if (const QDate date = QDate::fromString(trimmed, Qt::ISODate);
        date.isValid() && trimmed.size() == IsoDateLength)
        return date.startOfDay().toMSecsSinceEpoch() * NsPerMs;
    if (const QDateTime time = QDateTime::fromString(trimmed, Qt::ISODateWithMs); time.isValid())
        return time.toMSecsSinceEpoch() * NsPerMs;
    return std::nullopt;
}

} // namespace Sluice
