#pragma once

#include "copyoptions.h"
#include "copyresult.h"

#include <QWidget>

class QLabel;
class QPushButton;
class QTreeWidget;

namespace Sluice::Ui {

/// What a finished job did: a headline, the figures (copied, skipped, failed, bytes, time,
/// average rate, peak memory) and the list of issues, which "Save list…" writes as text
/// (off the GUI thread). GUI thread.
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

public Q_SLOTS:
    /// Asks where to save the report (non-blocking dialog), then writes it in the background.
    void saveReport();

Q_SIGNALS:
    /// Something to tell the person (saved, or could not save).
    void message(const QString &text);

private:
    QLabel *m_headline;
    QLabel *m_figures;
    QLabel *m_issueCount;
    QTreeWidget *m_issues;
    QPushButton *m_save;
    CopyResult m_result;
    CopyRequest m_request;
    bool m_move = false;
};

} // namespace Sluice::Ui
