#pragma once

#include "copyissue.h"
#include "copyoptions.h"
#include "copyprogress.h"

#include <QCoreApplication>
#include <QString>

namespace Sluice::Ui {

/// The words and numbers the window shows, in one place so that every panel says the same
/// thing the same way. Sizes use QLocale's IEC units ("2.50 GiB"); all text goes through
/// tr(). Stateless; any thread.
class Format final
{
    Q_DECLARE_TR_FUNCTIONS(Sluice::Ui::Format)
public:
    /// A native path for people to read (NativePath::toDisplay()), with control characters
    /// such as a newline shown as visible symbols so that one name stays on one line. Never
    /// turn the result back into a path.
    static QString path(const QByteArray &path);
    /// @p bytes as "2.50 GiB" (two decimals, IEC units, the current locale).
    static QString size(qint64 bytes);
    /// @p bytesPerSecond as "420.3 MiB/s".
    static QString rate(qint64 bytesPerSecond);
    /// A count with the locale's group separators ("3,001").
    static QString count(qint64 value);
    /// @p value as tr()'s n, which picks a translation's plural form ("1 из 21 элемента", "из
    /// 22 элементов"): the value while it fits an int, beyond that a number with the same last
    /// six digits (plural rules look at the last two at most).
    static int plural(qint64 value);
    /// @p ms as "0:32", "12:05" or "1:02:03".
    static QString duration(qint64 ms);
    /// A measured time @p ms: below a minute in seconds with two decimals ("0.10 s",
    /// "12.40 s", as sluice-cli's summary says it: a transfer of 100 ms is not "0:00"); from
    /// a minute on as duration().
    static QString seconds(qint64 ms);
    /// @p perMille (0..1000) as "45.2 %".
    static QString percent(int perMille);
    /// The engine moving the current file, with what it means ("kernel: copy_file_range…").
    static QString engine(Engine engine);
    /// "Cannot write", "Cannot rename into place"... for @p operation (Sluice::operationName).
    static QString operation(FileOperation operation);
    /// A full sentence for @p issue: what was attempted, on which path, and why.
    static QString issue(const CopyIssue &issue);
};

} // namespace Sluice::Ui
