#include "issuereport.h"

#include "formatting.h"

#include <QCoreApplication>
#include <QPointer>
#include <QSaveFile>
#include <QThreadPool>

namespace Sluice::Ui {

namespace {

// A result from a job carries its summary; one built by hand (tests, old callers) may not.
bool hasSummary(const CopyResult &result)
{
    return result.summary.planned.items > 0;
}

} // namespace

QString IssueReport::headline(const CopyResult &result, bool move)
{
    const bool ended = result.status == CopyStatus::Succeeded
                       || result.status == CopyStatus::CompletedWithWarnings;
    if (ended && hasSummary(result) && result.summary.merged.items > 0) {
        // Folders merged into are not copies: "2 copied" when 0 bytes moved was a lie.
        CopyResult plain = result;
        plain.itemsCopied = result.summary.copied.items;
        plain.itemsSkipped = result.summary.skipped().items;
        plain.summary.merged = {};
        return headline(plain, move);
    }
    const qint64 done =
        result.itemsCopied + result.itemsSkipped + result.itemsFailed + result.itemsChanged;
    switch (result.status) {
    case CopyStatus::Succeeded:
    case CopyStatus::CompletedWithWarnings: {
        const bool warnings = result.status == CopyStatus::CompletedWithWarnings;
        if (result.itemsSkipped > 0 && result.itemsCopied == 0)
            return move ? tr("Done: nothing was moved, all %Ln item(s) skipped.", nullptr,
                             Format::plural(result.itemsSkipped))
                        : tr("Done: nothing was copied, all %Ln item(s) skipped.", nullptr,
                             Format::plural(result.itemsSkipped));
        if (result.itemsSkipped > 0) {
            const QString skipped = tr("%Ln skipped", nullptr, Format::plural(result.itemsSkipped));
            return (move ? tr("Done: %Ln moved, %1.", nullptr, Format::plural(result.itemsCopied))
                         : tr("Done: %Ln copied, %1.", nullptr, Format::plural(result.itemsCopied)))
                .arg(skipped);
        }
        if (warnings)
            return move ? tr("Done: everything was moved, with warnings.")
                        : tr("Done: everything was copied, with warnings.");
        return move ? tr("Done: everything was moved.") : tr("Done: everything was copied.");
    }
    case CopyStatus::Failed:
        if (!result.started)
            return tr("Nothing was copied: the copy could not start.");
        // Failed with items never reached: an Abort (answer or policy) ended the job.
        if (done < result.itemsTotal)
            return (move ? tr("The move was aborted: %1 of %Ln item(s) moved.", nullptr,
                              Format::plural(result.itemsTotal))
                         : tr("The copy was aborted: %1 of %Ln item(s) copied.", nullptr,
                              Format::plural(result.itemsTotal)))
                .arg(Format::count(result.itemsCopied));
        return tr("Finished, but some items could not be copied.");
    case CopyStatus::Cancelled:
        return tr("Cancelled. The file being copied was removed; finished files were kept.");
    case CopyStatus::Stopped:
        return tr("Stopped. The copy can be resumed: the file being copied and the finished "
                  "files were kept.");
    }
    return {};
}

qint64 IssueReport::averageRate(const CopyResult &result)
{
    if (hasSummary(result))
        return result.summary.averageRate();
    if (result.elapsedMs <= 0)
        return 0;
    return qint64(static_cast<long double>(result.bytesCopied) * 1000 / result.elapsedMs);
}

QStringList IssueReport::figures(const CopyResult &result, bool move)
{
    QStringList lines;
    if (hasSummary(result)) {
        const CopySummary &s = result.summary;
        const ItemTally skipped = s.skipped();
        QString copied =
            (move ? tr("Moved: %1 of %2 items · %3 of %4", nullptr, Format::plural(s.planned.items))
                  : tr("Copied: %1 of %2 items · %3 of %4", nullptr,
                       Format::plural(s.planned.items)))
                .arg(Format::count(s.copied.items), Format::count(s.planned.items),
                     Format::size(s.copied.bytes), Format::size(s.planned.bytes));
        if (s.merged.items > 0)
            copied += tr(" · merged into existing folders: %1").arg(Format::count(s.merged.items));
        lines << copied;
        lines << tr("Skipped: %1 · %2 (by you %3 · by policy %4 · on error %5) · Failed: %6 · %7")
                     .arg(Format::count(skipped.items), Format::size(skipped.bytes),
                          Format::count(s.skippedByYou.items),
                          Format::count(s.skippedByPolicy.items),
                          Format::count(s.skippedOnError.items), Format::count(s.failed.items),
                          Format::size(s.failed.bytes));
        // A job that moved no data says so, without a transfer time or an average (as
        // sluice-cli's summary does): "0:00 · 0 bytes/s" read as a measurement.
        if (s.bytesMoved <= 0)
            lines << tr("No data moved · Elapsed: %1").arg(Format::seconds(result.elapsedMs));
        else
            lines << tr("Transfer time: %1 · Average: %2 · Elapsed: %3")
                         .arg(Format::seconds(s.movingMs), Format::rate(averageRate(result)),
                              Format::seconds(result.elapsedMs));
        lines << tr("Sluice's peak memory: %1").arg(Format::size(result.peakResidentBytes));
        if (!s.durability.isEmpty())
            lines << tr("Not known to be on the server's disk: %1").arg(s.durability);
        return lines;
    }
    const int total = Format::plural(result.itemsTotal);
    lines << (move ? tr("Moved: %1 of %2 items", nullptr, total)
                   : tr("Copied: %1 of %2 items", nullptr, total))
                 .arg(Format::count(result.itemsCopied), Format::count(result.itemsTotal));
    lines << tr("Skipped: %1 · Failed: %2")
                 .arg(Format::count(result.itemsSkipped), Format::count(result.itemsFailed));
    lines << tr("Data: %1 of %2")
                 .arg(Format::size(result.bytesCopied), Format::size(result.bytesTotal));
    lines << tr("Time: %1 · Average: %2")
                 .arg(Format::duration(result.elapsedMs), Format::rate(averageRate(result)));
    lines << tr("Sluice's peak memory: %1").arg(Format::size(result.peakResidentBytes));
    return lines;
}

QString IssueReport::text(const CopyResult &result, const CopyRequest &request, bool move)
{
    QStringList lines;
    lines << (move ? tr("Sluice: move report") : tr("Sluice: copy report"));
    for (const QByteArray &source : request.sources)
        lines << tr("Source: %1").arg(Format::path(source));
    lines << tr("Destination: %1").arg(Format::path(request.destination));
    lines << QString();
    lines << headline(result, move);
    lines << figures(result, move);
    lines << QString();
    lines << problemCount(result);
    if (!result.issues.isEmpty()) {
        lines << tr("Problems (%1):").arg(result.issues.size());
        for (const CopyIssue &issue : result.issues)
            lines << (issue.isError() ? tr("error: %1") : tr("warning: %1"))
                         .arg(Format::issue(issue));
    }
    if (!result.summary.skippedItems.isEmpty()) {
        lines << tr("Skipped (%1):").arg(result.summary.skippedItems.size());
        for (const QString &line : skippedLines(result))
            lines << tr("skipped: %1").arg(line);
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

QStringList IssueReport::skippedLines(const CopyResult &result)
{
    QStringList lines;
    for (const SkippedItem &item : result.summary.skippedItems) {
        QString line = tr("“%1”: %2").arg(Format::path(item.path), item.reasonText());
        if (item.items > 1)
            line += tr(" (with %Ln item(s) inside)", nullptr, Format::plural(item.items - 1));
        lines << line;
    }
    return lines;
}

QString IssueReport::problemCount(const CopyResult &result)
{
    const qint64 errors = result.errorCount();
    const qint64 warnings = result.warningCount();
    // Items, as in the figures: a folder left out counts with what is inside it.
    const qint64 skipped = hasSummary(result) ? result.summary.skipped().items
                                              : qint64(result.summary.skippedItems.size());
    if (errors == 0 && warnings == 0)
        return skipped == 0 ? tr("No problems.")
                            : tr("No problems · Skipped: %1").arg(Format::count(skipped));
    QString text =
        tr("Errors: %1 · Warnings: %2").arg(Format::count(errors), Format::count(warnings));
    if (skipped > 0)
        text += tr(" · Skipped: %1").arg(Format::count(skipped));
    return text;
}

void saveTextInBackground(const QString &path, const QString &text, QObject *context,
                          std::function<void(const QString &error)> done)
{
    QPointer<QObject> guard(context);
    QThreadPool::globalInstance()->start([path, text, guard, done = std::move(done)] {
        QSaveFile file(path);
        QString error;
        if (!file.open(QIODevice::WriteOnly) || file.write(text.toUtf8()) < 0 || !file.commit())
            error = file.errorString();
        // Back on the application's thread; the guard is checked there, where the context
        // lives and could be deleted.
        QMetaObject::invokeMethod(
            QCoreApplication::instance(),
            [guard, done, error] {
                if (guard)
                    done(error);
            },
            Qt::QueuedConnection);
    });
}

} // namespace Sluice::Ui
