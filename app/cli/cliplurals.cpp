#include "cliplurals.h"

#include <QCoreApplication>

#include <climits>
#include <cstring>

namespace Sluice::Cli {

namespace {

constexpr char Context[] = "Sluice::Cli";

struct Singular
{
    const char *source; // a CountText
    const char *one;
};

constexpr Singular Singulars[] = {
    {CountText::LeftOut, "filters left out %n item, %1%2"},
    {CountText::LeftOutFolders,
     "; %n of them is a folder, counted as one item without its contents"},
    {CountText::WouldCopy, "dry run: would copy %n item, %1; nothing was written"},
    {CountText::DryRunErrors, "dry run: %1 (%n error); nothing was written"},
    {CountText::Changed, "%n file changed while copying (kept as read, listed above)"},
    {CountText::Resumed,
     "resumed: %n file finished before was not copied again; %1 not written again"},
    {CountText::Bytes, "%n byte"},
    {CountText::InterruptedProgress, "%1 of %n item, %2 of %3 bytes"},
};

} // namespace

QString countText(const char *text, qint64 n)
{
    if (n <= INT_MAX)
        return QCoreApplication::translate(Context, text, nullptr, int(n));
    // Plural rules look at the last digits (CLDR: n % 10, n % 100, none beyond a million).
    constexpr qint64 Period = 1'000'000;
    const int same = int(Period + n % Period);
    return QCoreApplication::translate(Context, text, nullptr, same)
        .replace(QString::number(same), QString::number(n));
}

QString EnglishPlurals::translate(const char *context, const char *sourceText,
                                  const char * /*disambiguation*/, int n) const
{
    if (n != 1 || !context || !sourceText || std::strcmp(context, Context) != 0)
        return {};
    for (const Singular &singular : Singulars) {
        if (std::strcmp(singular.source, sourceText) == 0)
            return QString::fromUtf8(singular.one);
    }
    return {};
}

} // namespace Sluice::Cli
