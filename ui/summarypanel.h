#pragma once

#include "copyoptions.h"
#include "copyresult.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;
class QTreeWidget;

namespace Sluice::Ui {

/// What a finished job did: a headline, the figures (copied, merged, skipped by whom,
/// failed, bytes, moving time, average rate, elapsed time, peak memory) and the list of
/// problems and skipped items with their reasons, filtered by "Show:" (problems, skipped,
/// all), which "Save list…" writes as text (off the GUI thread). "Copy again…" and "Retry
/// failed and skipped items" ask the window for another run. GUI thread.
class SummaryPanel final : public QWidget
{
    Q_OBJECT
public:
    explicit SummaryPanel(QWidget *parent = nullptr);
    Q_DISABLE_COPY_MOVE(SummaryPanel)

    /// Shows the outcome of the job that copied (or moved) @p request.
    void setResult(const CopyResult &result, const CopyRequest &request, bool move);
    /// The text "Save list…" writes.
    QString reportText() const;
    /// What the list shows (the "Show:" box).
    enum class Filter : quint8 { Problems, Skipped, All };
    void setFilter(Filter filter);
    /// The request that copies only the skipped items again, each into the folder it was
    /// to go into (CopyRequest::destinationFolders); no sources when there is none. A job
    /// that could not start failed with every item: its own request again.
    CopyRequest retryRequest() const;
    /// Its Tab stops in the order they are laid out: the list, "Show:", "Save list…", "Retry
    /// failed and skipped items", "Copy again…" (MainWindow chains them after the others).
    QList<QWidget *> tabChain() const;

public Q_SLOTS:
    /// Asks where to save the report (non-blocking dialog), then writes it in the background.
    void saveReport();

protected:
    /// The list's focus is its highlighted row (see the constructor).
    bool eventFilter(QObject *watched, QEvent *event) override;

Q_SIGNALS:
    /// Something to tell the person (saved, or could not save).
    void message(const QString &text);
    /// "Copy again…": the same sources and destination, with a collision policy to choose.
    void copyAgainRequested();
    /// "Retry failed and skipped items": copy @p request (retryRequest()).
    void retryRequested(const Sluice::CopyRequest &request);

private:
    void addSkippedRows();
    /// The list's minimum height: its header, three rows and a horizontal scroll bar.
    void fitIssueRows();
    void applyFilter();

    QLabel *m_headline;
    QLabel *m_figures;
    QLabel *m_issueCount;
    QTreeWidget *m_issues;
    QPushButton *m_save;
    QComboBox *m_filter;
    QPushButton *m_copyAgain;
    QPushButton *m_retry;
    CopyResult m_result;
    CopyRequest m_request;
    bool m_move = false;
    bool m_selectedOnFocus = false; ///< the row highlighted only while the list has focus
};

} // namespace Sluice::Ui
