#pragma once

#include "cliarguments.h"
#include "copyprogress.h"
#include "copyresult.h"
#include "jobjournal.h"

#include <QSet>

#include <cstdio>

namespace Sluice::Cli {

/// Prints progress samples and the final summary for sluice-cli. Bar style rewrites one
/// status line on stderr ("\r"), JSON style writes one compact object per line on stdout.
/// Main thread only.
class ProgressPrinter final
{
public:
    ProgressPrinter(ProgressStyle style, bool quiet, bool dryRun = false)
        : m_style(style)
        , m_quiet(quiet)
        , m_dryRun(dryRun)
    {}

    /// Prints @p progress at once (not while a question is open: the prompt owns the
    /// terminal then; the sample is kept for showPaused()).
    void show(const CopyProgress &progress);
    /// Keeps @p progress as the latest sample to draw; returns true when no draw is pending
    /// yet, so that the caller schedules one drawQueued() in the event loop. Samples that
    /// queued up while the event loop was blocked (a question) are drawn once, the latest.
    bool queue(const CopyProgress &progress);
    /// Shows the sample queue() kept, if any and if finish() has not run yet.
    void drawQueued();
    /// A question is being asked on stderr from now on: the newest sample (@p latest,
    /// CopyJob::latestProgress(), or the last one shown if that is newer) is shown as waiting
    /// (the bar says "waiting for your answer" and its line is ended; JSON writes a record
    /// with "waiting": true, the ETA held), and the bar is not redrawn until endQuestion().
    /// Its rates are those the sampler measured while the question was open, 0 in a sample
    /// taken before it.
    void beginQuestion(const CopyProgress &latest);
    /// While the question is open, every WaitingTickMs: JSON writes the waiting record again
    /// from @p latest, the newest sample (stdout is not the prompt's terminal line): the
    /// elapsed time moves on, and the bytes and rates of what the other threads copy
    /// meanwhile with it. The bar stays as it is: the prompt owns the terminal.
    void tickQuestion(const CopyProgress &latest);
    /// How often the prompt calls tickQuestion().
    static constexpr int WaitingTickMs = 1000;
    /// The question was answered (@p answered) or given up by a signal: samples still
    /// marked waiting (taken while it was open, queued while the event loop waited for the
    /// person) are not drawn; the next fresh one is. A question given up leaves the prompt
    /// without the newline of an answer: its line is ended here.
    void endQuestion(bool answered = true);
    /// Ends the status line and prints the issues and a summary (only errors when quiet).
    /// After a dry run the summary says how many items and bytes the copy would write.
    void finish(const CopyResult &result);
    /// Prints @p issue on stderr at once (not a warning with --quiet), and not again among
    /// the result's issues: CopyJob::notResumable(), which must be known before the copy ends.
    void showIssueNow(const CopyIssue &issue);
    /// Stops all further output on stdout (it is a closed pipe: `| head -1`).
    void stopOutput() { m_outputClosed = true; }
    /// Clears the status line before something else is printed on stderr (a prompt).
    void interrupt();
    /// --verbose: a dry run lists each entry the filter left out.
    void setVerbose(bool verbose) { m_verbose = verbose; }
    /// Shows the newest sample (@p latest, or the last one shown if that is newer) again as
    /// paused (rates 0), at once: the job was just suspended and the process is about to
    /// stop (Ctrl+Z), before the sampler's next tick. During a question the line is printed
    /// below the prompt and ended, so that the shell's "Stopped" and the question printed
    /// again after `fg` start on lines of their own.
    void showPaused(const CopyProgress &latest);

    /// "42% 1.2 GiB/4.0 GiB  read 512 MiB/s  write 498 MiB/s  mem 14 MiB  ETA 0:05";
    /// @p ending replaces the phase's mark ("cancelled" for the last line of a cancelled job).
    static QString statusLine(const CopyProgress &progress, const QString &ending = {});
    /// The final result as one JSON object ({"type":"result",...}), with the summary's
    /// figures and the list of skipped items under "summary" (CopySummary::toJson()).
    static QByteArray resultJson(const CopyResult &result);
    /// "succeeded: 2 copied (5.9 KiB), 2 merged, 3 skipped (6.9 KiB; 1 by you, 2 by policy,
    /// 0 on error), 0 failed (0 B), of 8 planned (…); 1.0 MiB moved in 0.50 s (2.0 MiB/s
    /// average), elapsed 0.62 s, peak memory 14.0 MiB": the average leaves out paused time
    /// and time waiting for an answer (CopySummary::movingMs); "no data moved" instead when
    /// no byte was written.
    static QString summaryLine(const CopyResult &result);
    /// "filters left out 2 items, 3 bytes; 1 of them is a folder, counted as one item without
    /// its contents" (CopyResult::itemsLeftOut, bytesLeftOut, foldersLeftOut).
    static QString leftOutLine(const CopyResult &result);
    /// A dry run's last line: "dry run: would copy 1 item, 5 bytes; nothing was written", or
    /// when it found errors "dry run: failed (2 errors); nothing was written".
    static QString dryRunLine(const CopyResult &result);
    /// "2 files changed while copying (kept as read, listed above)"; empty when none did.
    static QString changedLine(const CopyResult &result);
    /// A resume's "resumed: 1 file finished before was not copied again; 48.0 MiB not written
    /// again" (CopyResult::itemsResumed, bytesResumed); empty for a job that resumed nothing.
    static QString resumedLine(const CopyResult &result);

private:
    /// In WaitingForDevice, once per holder: "sluice-cli: waiting for HOLDER to finish on
    /// DEVICE" on stderr (not with --quiet).
    void noteDeviceWait(const CopyProgress &progress);
    void printLeftOut(const CopyResult &result) const;
    void draw(const CopyProgress &progress);
    /// @p latest, or the last sample shown when it is newer.
    CopyProgress newest(const CopyProgress &latest) const;
    /// The newest sample as it stands while a question is open.
    CopyProgress waitingSample(const CopyProgress &latest) const;

    ProgressStyle m_style;
    bool m_quiet;
    bool m_dryRun;
    bool m_verbose = false;
    bool m_outputClosed = false;
    bool m_lineOpen = false;
    bool m_asking = false;
    bool m_afterQuestion = false;
    bool m_drawPending = false;
    bool m_finished = false;
    QString m_ending; ///< the last line's mark when the job did not complete
    int m_lastWidth = 0;
    QString m_deviceWaitNote;
    QSet<QString> m_shownIssues; ///< messages showIssueNow() printed
    CopyProgress m_last;

    CopyProgress m_queued;
};

/// "1.5 GiB", in the C locale so that output is stable for scripts.
QString formatBytes(qint64 bytes);
/// "1 byte", "900 bytes", "1.5 GiB (1610612736 bytes)": a size with its exact count in bytes,
/// given once when it is below 1 KiB. C locale.
QString formatByteCount(qint64 bytes);
/// What --list-interrupted says of @p job's progress: "1841 of 20007 items, 2147483648 of
/// 6442450944 bytes" (done of planned), or "not started".
QString interruptedProgress(const InterruptedJob &job);
/// "1:02:03" or "2:05"; "--:--" for unknown (negative) values.
QString formatDuration(qint64 milliseconds);
/// "0.42 s" below a minute, else as formatDuration().
QString formatElapsed(qint64 milliseconds);

} // namespace Sluice::Cli
