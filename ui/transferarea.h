#pragma once

#include "copyoptions.h"
#include "copyprogress.h"
#include "copyresult.h"

#include <QGroupBox>

class QPushButton;
class QScrollArea;
class QStackedWidget;
class QVBoxLayout;

namespace Sluice::Ui {

class RateChart;
class SummaryPanel;
class TransferPanel;

/// The lower half of the window: the transfer panel while a job runs (the summary once it
/// has ended), the Pause/Resume, Skip file and Cancel buttons with their shortcuts
/// (Ctrl+P, Ctrl+K; Escape asks for a confirmation first, see cancelAsked()), and the rate
/// chart. On a short window the panel or summary scrolls in its own area; the buttons (beside
/// the figures and the chart) and the chart's legend stay in view. After a job, on a window
/// too short for both, the chart yields its room to the summary, whose list of problems keeps
/// three rows (issue 13). Shows; the window decides. GUI thread.
class TransferArea final : public QGroupBox
{
    Q_OBJECT
public:
    explicit TransferArea(QWidget *parent = nullptr);
    Q_DISABLE_COPY_MOVE(TransferArea)

    /// A job starts: empty panel and chart, the panel in front.
    void beginJob();
    /// Shows @p progress; the chart takes it too while it is visible.
    void setProgress(const Sluice::CopyProgress &progress);
    /// A job ended: the summary in front.
    void showResult(const CopyResult &result, const CopyRequest &request, bool move);
    /// Enables the job buttons while a job runs; Pause reads "Resume" while paused.
    void setJobState(bool running, bool paused);
    /// The person's choice (Settings); the chart is also hidden while the summary needs its
    /// room (see summaryHeight()).
    void setChartVisible(bool visible);
    /// The height the area needs to show the summary whole (its list of problems with three
    /// rows), without the chart, or with it (@p withChart). Pixels, as height().
    int summaryHeight(bool withChart) const;
    /// The focusable widgets in tab order.
    QList<QWidget *> tabChain() const;
    /// Pause, Skip file and Cancel (enabled only while a job runs), in this order.
    QList<QWidget *> jobButtons() const;

Q_SIGNALS:
    /// The summary is shown: the window may make room for summaryHeight().
    void summaryShown();
    void pauseToggled();
    void skipRequested();
    void cancelRequested();
    /// Escape was pressed while a job runs: the window asks before it cancels (a key that
    /// closes dialogs must not end a copy by accident).
    void cancelAsked();
    /// The job ended while Pause, Skip or Cancel had the keyboard focus: emitted just before
    /// they are disabled, for the window to put the focus back where it was.
    void focusReleased();
    /// Something to tell the person (from the summary: saved, could not save).
    void message(const QString &text);
    /// From the summary: "Copy again…" and "Retry failed and skipped items".
    void copyAgainRequested();
    void retryRequested(const Sluice::CopyRequest &request);

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    /// Shows the panel or the summary, with the stretch that fits it.
    void showPage(QWidget *page);
    /// Shows the chart when the person wants it and, with the summary in front, the area is
    /// tall enough for both.
    void fitChart();

    QStackedWidget *m_stack;
    TransferPanel *m_panel;
    SummaryPanel *m_summary;
    QPushButton *m_pause;
    QPushButton *m_skip;
    QPushButton *m_cancel;
    RateChart *m_chart;
    QScrollArea *m_details;          ///< the panel or the summary; scrolls on a short window
    QVBoxLayout *m_column = nullptr; ///< m_details above the chart; the job's buttons beside
    bool m_chartWanted = true;       ///< the person's choice (Settings)
};

/// A push button named @p objectName with shortcut @p keys, whose tool tip ends with the
/// shortcut ("Pause or resume (Ctrl+P)"). For the window's buttons.
QPushButton *makeShortcutButton(const QString &text, const QString &objectName,
                                const QKeySequence &keys, const QString &toolTip, QWidget *parent);

} // namespace Sluice::Ui
