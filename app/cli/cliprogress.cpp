#include "cliprogress.h"

#include "cliplurals.h"
#include "nativepath.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>

#include <utility>

namespace Sluice::Cli {

QString formatBytes(qint64 bytes)
{
    return QLocale::c().formattedDataSize(bytes, 1, QLocale::DataSizeIecFormat);
}

QString formatByteCount(qint64 bytes)
{
    if (bytes < KiB)
        return countText(CountText::Bytes, bytes);
    return QStringLiteral("%1 (%2 bytes)").arg(formatBytes(bytes)).arg(bytes);
}

QString formatDuration(qint64 milliseconds)
{
    if (milliseconds < 0)
        return QStringLiteral("--:--");
    const qint64 seconds = (milliseconds + 999) / 1000;
    const qint64 hours = seconds / 3600;
    const qint64 minutes = seconds / 60 % 60;
    if (hours > 0)
        return QStringLiteral("%1:%2:%3")
            .arg(hours)
            .arg(minutes, 2, 10, QLatin1Char('0'))
            .arg(seconds % 60, 2, 10, QLatin1Char('0'));
    return QStringLiteral("%1:%2").arg(minutes).arg(seconds % 60, 2, 10, QLatin1Char('0'));
}

QString formatElapsed(qint64 milliseconds)
{
    if (milliseconds < 60'000)
        return QStringLiteral("%1 s").arg(double(milliseconds) / 1000.0, 0, 'f', 2);
    return formatDuration(milliseconds);
}

QString ProgressPrinter::statusLine(const CopyProgress &p, const QString &ending)
{
    const int perMille = p.perMille();
    QString line =
        QStringLiteral("%1.%2% %3/%4  read %5/s  write %6/s  mem %7  ETA %8")
            .arg(perMille / 10, 3)
            .arg(perMille % 10)
            .arg(formatBytes(p.bytesDone), formatBytes(p.bytesTotal), formatBytes(p.readRate),
                 formatBytes(p.writeRate), formatBytes(p.residentBytes), formatDuration(p.etaMs));
    if (!ending.isEmpty())
        line += QStringLiteral("  [%1]").arg(ending);
    else if (p.paused)
        line += QStringLiteral("  [paused]");
    else if (p.waiting)
        line += QStringLiteral("  [waiting for your answer]");
    else if (p.phase == CopyPhase::WaitingForDevice)
        line += QStringLiteral("  [waiting for %1]").arg(p.waitingForDevice);
    else if (p.phase != CopyPhase::Copying)
        line += QStringLiteral("  [%1]").arg(phaseName(p.phase));
    return line;
}

void ProgressPrinter::noteDeviceWait(const CopyProgress &progress)
{
    if (progress.phase != CopyPhase::WaitingForDevice || m_quiet)
        return;
    const QString holder =
        progress.deviceHolder.isEmpty() ? QStringLiteral("another copy") : progress.deviceHolder;
    const QString note = QStringLiteral("sluice-cli: waiting for %1 to finish on %2")
                             .arg(holder, progress.waitingForDevice);
    if (note == m_deviceWaitNote)
        return;
    m_deviceWaitNote = note;
    interrupt();
    std::fprintf(stderr, "%s\n", note.toLocal8Bit().constData());
    std::fflush(stderr);
}

void ProgressPrinter::showPaused(const CopyProgress &latest)
{
    CopyProgress paused = newest(latest);
    paused.paused = true;
    paused.waiting = m_asking;
    paused.readRate = 0;
    paused.writeRate = 0;
    paused.etaMs = -1;
    if (!m_asking) {
        show(paused);
        return;
    }
    std::fputc('\n', stderr); // ends the prompt's line (and the terminal's "^Z")
    draw(paused);
    interrupt();
}

bool ProgressPrinter::queue(const CopyProgress &progress)
{
    m_queued = progress;
    return !std::exchange(m_drawPending, true);
}

void ProgressPrinter::drawQueued()
{
    if (m_drawPending && !m_finished)
        show(m_queued);
    m_drawPending = false;
}

CopyProgress ProgressPrinter::newest(const CopyProgress &latest) const
{
    return latest.elapsedMs >= m_last.elapsedMs ? latest : m_last;
}

CopyProgress ProgressPrinter::waitingSample(const CopyProgress &latest) const
{
    // While the question is open the event loop waits for the person, so samples do not
    // arrive: the sampler's newest one says what the other threads copy meanwhile (issue 13:
    // the bytes stood still and the rate said 0 while a big file was copied to its end).
    CopyProgress waiting = newest(latest);
    if (!waiting.waiting) {
        // Taken before the sampler saw the question: its rates and ETA are from before it.
        waiting.waiting = true;
        waiting.readRate = 0;
        waiting.writeRate = 0;
    }
    return waiting;
}

void ProgressPrinter::beginQuestion(const CopyProgress &latest)
{
    draw(waitingSample(latest));
    interrupt();
    m_asking = true;
}

void ProgressPrinter::tickQuestion(const CopyProgress &latest)
{
    if (m_asking && m_style == ProgressStyle::Json)
        draw(waitingSample(latest));
}

void ProgressPrinter::endQuestion(bool answered)
{
    if (!answered && m_asking) {
        std::fputc('\n', stderr); // the prompt's line (and the terminal's "^C")
        std::fflush(stderr);
    }
    m_asking = false;
    m_afterQuestion = true;
}

void ProgressPrinter::show(const CopyProgress &progress)
{
    noteDeviceWait(progress);
    m_last = progress;
    if (m_asking)
        return;
    // Samples taken while the question was open come in a burst after the answer, stale.
    if (m_afterQuestion && progress.waiting)
        return;
    m_afterQuestion = false;
    draw(progress);
}

void ProgressPrinter::draw(const CopyProgress &progress)
{
    if (m_style == ProgressStyle::Json) {
        if (m_outputClosed)
            return;
        QJsonObject object = progress.toJson();
        object.insert(QStringLiteral("type"), QStringLiteral("progress"));
        std::fputs(QJsonDocument(object).toJson(QJsonDocument::Compact).constData(), stdout);
        std::fputc('\n', stdout);
        std::fflush(stdout);
        return;
    }
    if (m_style != ProgressStyle::Bar)
        return;
    const QByteArray line =
        statusLine(progress, progress.phase == CopyPhase::Finished ? m_ending : QString())
            .toLocal8Bit();
    const int width = int(line.size());
    std::fprintf(stderr, "\r%s%*s", line.constData(), m_lastWidth > width ? m_lastWidth - width : 0,
                 "");
    std::fflush(stderr);
    m_lastWidth = width;
    m_lineOpen = true;
}

void ProgressPrinter::showIssueNow(const CopyIssue &issue)
{
    const QString message = issue.message();
    m_shownIssues.insert(message);
    if (m_quiet && !issue.isError())
        return;
    interrupt();
    std::fprintf(stderr, "sluice-cli: %s\n", message.toLocal8Bit().constData());
    std::fflush(stderr);
}

void ProgressPrinter::interrupt()
{
    if (m_lineOpen) {
        std::fputc('\n', stderr);
        m_lineOpen = false;
        m_lastWidth = 0;
    }
}

QByteArray ProgressPrinter::resultJson(const CopyResult &result)
{
    QJsonArray issues;
    for (const CopyIssue &issue : result.issues) {
        issues.append(QJsonObject{
            {QStringLiteral("severity"),
             issue.isError() ? QStringLiteral("error") : QStringLiteral("warning")},
            {QStringLiteral("path"), NativePath::toDisplay(issue.path)},
            {QStringLiteral("operation"), operationName(issue.operation)},
            {QStringLiteral("errno"), issue.errorCode},
            {QStringLiteral("message"), issue.message()},
        });
    }
    QJsonArray restarted;
    for (const RestartedFile &file : result.restartedFiles)
        restarted.append(QJsonObject{{QStringLiteral("path"), NativePath::toDisplay(file.path)},
                                     {QStringLiteral("reason"), file.reason}});
    const QJsonObject object{
        {QStringLiteral("type"), QStringLiteral("result")},
        {QStringLiteral("status"), statusName(result.status)},
        {QStringLiteral("started"), result.started},
        {QStringLiteral("itemsTotal"), result.itemsTotal},
        {QStringLiteral("itemsCopied"), result.itemsCopied},
        {QStringLiteral("itemsSkipped"), result.itemsSkipped},
        {QStringLiteral("itemsFailed"), result.itemsFailed},
        {QStringLiteral("itemsChanged"), result.itemsChanged},
        {QStringLiteral("bytesTotal"), result.bytesTotal},
        {QStringLiteral("bytesCopied"), result.bytesCopied},
        {QStringLiteral("bytesWritten"), result.bytesWritten},
        {QStringLiteral("elapsedMs"), result.elapsedMs},
        {QStringLiteral("peakResidentBytes"), result.peakResidentBytes},
        {QStringLiteral("issues"), issues},
        {QStringLiteral("itemsLeftOut"), result.itemsLeftOut},
        {QStringLiteral("bytesLeftOut"), result.bytesLeftOut},
        {QStringLiteral("summary"), result.summary.toJson()},
        {QStringLiteral("journalId"), result.journalId},
        {QStringLiteral("itemsResumed"), result.itemsResumed},
        {QStringLiteral("bytesResumed"), result.bytesResumed},
        {QStringLiteral("restartedFiles"), restarted},
    };
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

// A folder left out is one item whose contents were never read: the line says so, so that
// it does not pass for the window's "Left out" figure, which measures them (README).
QString ProgressPrinter::leftOutLine(const CopyResult &result)
{
    const QString unmeasured = result.foldersLeftOut > 0
                                   ? countText(CountText::LeftOutFolders, result.foldersLeftOut)
                                   : QString();
    return countText(CountText::LeftOut, result.itemsLeftOut)
        .arg(formatByteCount(result.bytesLeftOut), unmeasured);
}

QString ProgressPrinter::dryRunLine(const CopyResult &result)
{
    if (result.status == CopyStatus::Succeeded
        || result.status == CopyStatus::CompletedWithWarnings)
        return countText(CountText::WouldCopy, result.itemsTotal - result.itemsFailed)
            .arg(formatByteCount(result.bytesTotal));
    // The errors printed before it say what stops it; a copy summary ("0 failed") would
    // contradict them.
    return countText(CountText::DryRunErrors, result.errorCount()).arg(statusName(result.status));
}

QString ProgressPrinter::changedLine(const CopyResult &result)
{
    return result.itemsChanged > 0 ? countText(CountText::Changed, result.itemsChanged) : QString();
}

QString ProgressPrinter::resumedLine(const CopyResult &result)
{
    if (result.itemsResumed == 0 && result.bytesResumed == 0)
        return {};
    return countText(CountText::Resumed, result.itemsResumed).arg(formatBytes(result.bytesResumed));
}

// What the filter left out: one line with the counts, with --verbose preceded by the paths.
void ProgressPrinter::printLeftOut(const CopyResult &result) const
{
    if (result.itemsLeftOut == 0)
        return;
    if (m_verbose) {
        for (const QByteArray &path : result.leftOutPaths)
            std::fprintf(stderr, "left out: %s\n",
                         NativePath::toDisplay(path).toLocal8Bit().constData());
    }
    std::fprintf(stderr, "%s\n", leftOutLine(result).toLocal8Bit().constData());
}

void ProgressPrinter::finish(const CopyResult &result)
{
    // The last line of a job that did not complete says how it ended, not "finished".
    if (result.status == CopyStatus::Cancelled || result.status == CopyStatus::Stopped
        || result.status == CopyStatus::Failed)
        m_ending = statusName(result.status);
    if (m_drawPending)
        drawQueued(); // the last sample, which came before the result
    else if (m_lineOpen && !m_ending.isEmpty())
        draw(m_last);
    m_finished = true;
    interrupt();
    for (const CopyIssue &issue : result.issues) {
        if (m_quiet && !issue.isError())
            continue; // --quiet: "print only errors"
        if (m_shownIssues.contains(issue.message()))
            continue; // printed when it happened
        std::fprintf(stderr, "sluice-cli: %s\n", issue.message().toLocal8Bit().constData());
    }
    if (m_style == ProgressStyle::Json && !m_outputClosed) {
        std::fputs(resultJson(result).constData(), stdout);
        std::fputc('\n', stdout);
        std::fflush(stdout);
    }
    if (m_quiet || m_style == ProgressStyle::Json)
        return;
    printLeftOut(result);
    if (m_dryRun) {
        std::fprintf(stderr, "%s\n", dryRunLine(result).toLocal8Bit().constData());
        return;
    }
    for (const QString &line : {changedLine(result), resumedLine(result)}) {
        if (!line.isEmpty())
            std::fprintf(stderr, "%s\n", line.toLocal8Bit().constData());
    }
    for (const SkippedItem &item : result.summary.skippedItems)
        std::fprintf(stderr, "sluice-cli: skipped %s: %s\n",
                     NativePath::toDisplay(item.path).toLocal8Bit().constData(),
                     item.reasonText().toLocal8Bit().constData());
    // Said again at the end, where one looks: the preflight's warning scrolled away long ago.
    if (!result.summary.durability.isEmpty())
        std::fprintf(stderr, "not known to be on the server's disk: %s\n",
                     result.summary.durability.toLocal8Bit().constData());
    std::fprintf(stderr, "%s\n", summaryLine(result).toLocal8Bit().constData());
}

QString ProgressPrinter::summaryLine(const CopyResult &result)
{
    const CopySummary &s = result.summary;
    const ItemTally skipped = s.skipped();
    const QString figures =
        QStringLiteral("%1 copied (%2), %3 merged, %4 skipped (%5; %6 by you, %7 by policy, %8 on "
                       "error), %9 failed (%10), of %11 planned (%12)")
            .arg(QString::number(s.copied.items), formatBytes(s.copied.bytes),
                 QString::number(s.merged.items), QString::number(skipped.items),
                 formatBytes(skipped.bytes), QString::number(s.skippedByYou.items),
                 QString::number(s.skippedByPolicy.items), QString::number(s.skippedOnError.items),
                 QString::number(s.failed.items))
            .arg(formatBytes(s.failed.bytes), QString::number(s.planned.items),
                 formatBytes(s.planned.bytes));
    // Files that kept changing are counted apart from the failed ones: a job failed by them
    // alone must not end with "0 failed" and nothing else.
    const QString changed =
        result.itemsChanged > 0
            ? QStringLiteral(", %1 changed while copying").arg(QString::number(result.itemsChanged))
            : QString();
    // A job that moved nothing says so, without a moving time (skips, merges, the final
    // sync and finishing are not moving; CopySummary::movingMs).
    const QString moved = s.bytesMoved > 0
                              ? QStringLiteral("%1 moved in %2 (%3/s average)")
                                    .arg(formatBytes(s.bytesMoved), formatElapsed(s.movingMs),
                                         formatBytes(s.averageRate()))
                              : QStringLiteral("no data moved");
    return QStringLiteral("%1: %2; %3, elapsed %4, peak memory %5")
        .arg(statusName(result.status), figures + changed, moved, formatElapsed(result.elapsedMs),
             formatBytes(result.peakResidentBytes));
}

QString interruptedProgress(const InterruptedJob &job)
{
    if (job.neverStarted)
        return QStringLiteral("not started");
    return countText(CountText::InterruptedProgress, job.totalItems)
        .arg(QString::number(job.doneItems), QString::number(job.doneBytes),
             QString::number(job.totalBytes));
}

} // namespace Sluice::Cli
