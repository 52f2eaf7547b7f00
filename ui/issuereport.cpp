#include "issuereport.h"

#include "formatting.h"

#include <QCoreApplication>
#include <QPointer>
#include <QSaveFile>
#include <QThreadPool>

namespace Sluice::Ui {

QString IssueReport::headline(const CopyResult &result, bool move)
{
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
    }
    return {};
}

qint64 IssueReport::averageRate(const CopyResult &result)
{
    if (result.elapsedMs <= 0)
        return 0;
    return qint64(static_cast<long double>(result.bytesCopied) * 1000 / result.elapsedMs);
}

QStringList IssueReport::figures(const CopyResult &result, bool move)
{
    QStringList lines;
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
    if (result.issues.isEmpty()) {
        lines << tr("No problems.");
    } else {
        lines << tr("Problems (%1):").arg(result.issues.size());
        for (const CopyIssue &issue : result.issues)
            lines << (issue.isError() ? tr("error: %1") : tr("warning: %1"))
                         .arg(Format::issue(issue));
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
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
