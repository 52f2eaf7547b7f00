#include "summarypanel.h"

#include "formatting.h"
#include "issuereport.h"
#include "nativepath.h"

#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFocusEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QScrollBar>
#include <QStyle>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <utility>

namespace Sluice::Ui {

SummaryPanel::SummaryPanel(QWidget *parent)
    : QWidget(parent)
    , m_headline(new QLabel(this))
    , m_figures(new QLabel(this))
    , m_issueCount(new QLabel(this))
    , m_issues(new QTreeWidget(this))
    , m_save(new QPushButton(tr("&Save list…"), this))
    , m_filter(new QComboBox(this))
    , m_copyAgain(new QPushButton(tr("Copy &again…"), this))
    , m_retry(new QPushButton(tr("Retr&y failed and skipped items"), this))
{
    m_headline->setObjectName(QStringLiteral("summaryHeadline"));
    m_headline->setTextFormat(Qt::PlainText);
    m_headline->setWordWrap(true);
    QFont bold = m_headline->font();
    bold.setBold(true);
    if (bold.pointSizeF() > 0)
        bold.setPointSizeF(bold.pointSizeF() * 1.2);
    m_headline->setFont(bold);
    m_figures->setObjectName(QStringLiteral("summaryFigures"));
    m_figures->setTextFormat(Qt::PlainText);
    m_figures->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_figures->setWordWrap(true); // its longest line does not widen the window
    m_issueCount->setObjectName(QStringLiteral("issueCountLabel"));
    m_issueCount->setWordWrap(true); // a long count does not widen the window
    m_issues->setObjectName(QStringLiteral("issueList"));
    m_issues->setHeaderLabels({tr("Problem"), tr("Path")});
    m_issues->setRootIsDecorated(false);
    m_issues->setAlternatingRowColors(true);
    m_issues->setTextElideMode(Qt::ElideMiddle);
    m_issues->setAccessibleName(tr("Problems"));
    m_issues->header()->setStretchLastSection(true);
    // Focus shows: Qt marks the focused list only with a thin rectangle around its current
    // cell, barely visible in a dark theme. While the list has focus and nothing is selected,
    // its current row is highlighted, and the highlight goes with the focus.
    m_issues->installEventFilter(this);
    m_issues->viewport()->installEventFilter(this);
    m_save->setObjectName(QStringLiteral("saveIssuesButton"));
    m_save->setToolTip(tr("Save this summary and the list of problems as a text file"));

    m_filter->setObjectName(QStringLiteral("problemFilter"));
    m_filter->addItem(tr("Problems"), int(Filter::Problems));
    m_filter->addItem(tr("Skipped"), int(Filter::Skipped));
    m_filter->addItem(tr("All"), int(Filter::All));
    m_filter->setToolTip(tr("Which entries the list shows"));
    auto *filterCaption = new QLabel(tr("Sho&w:"), this);
    filterCaption->setBuddy(m_filter);
    m_copyAgain->setObjectName(QStringLiteral("copyAgainButton"));
    m_copyAgain->setToolTip(tr("Copy the same sources again, choosing what to do with names "
                               "that exist"));
    m_retry->setObjectName(QStringLiteral("retrySkippedButton"));
    m_retry->setToolTip(tr("Copy only the items that were skipped, each to its place"));

    // Two rows under the list rather than one: the window stays narrow enough for a 960 × 540
    // screen (1920 × 1080 at scale factor 2) in languages with long button texts.
    auto *listFooter = new QHBoxLayout;
    listFooter->addWidget(m_issueCount, 1);
    listFooter->addWidget(filterCaption);
    listFooter->addWidget(m_filter);
    listFooter->addWidget(m_save);
    auto *actions = new QHBoxLayout;
    actions->addStretch();
    actions->addWidget(m_retry);
    actions->addWidget(m_copyAgain);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_headline);
    layout->addWidget(m_figures);
    layout->addWidget(m_issues, 1);
    layout->addLayout(listFooter);
    layout->addLayout(actions);
    connect(m_save, &QPushButton::clicked, this, &SummaryPanel::saveReport);
    connect(m_filter, &QComboBox::currentIndexChanged, this, &SummaryPanel::applyFilter);
    connect(m_copyAgain, &QPushButton::clicked, this, &SummaryPanel::copyAgainRequested);
    connect(m_retry, &QPushButton::clicked, this,
            [this] { Q_EMIT retryRequested(retryRequest()); });
}

void SummaryPanel::addSkippedRows()
{
    const QIcon skipIcon = style()->standardIcon(QStyle::SP_MessageBoxInformation, nullptr, this);
    for (const SkippedItem &skipped : m_result.summary.skippedItems) {
        auto *item = new QTreeWidgetItem(m_issues);
        QString reason = skipped.reasonText();
        if (skipped.items > 1)
            reason += tr(" (with %Ln item(s) inside)", nullptr, Format::plural(skipped.items - 1));
        item->setText(0, reason);
        item->setText(1, Format::path(skipped.path));
        item->setIcon(0, skipIcon);
        item->setData(0, Qt::UserRole, int(Filter::Skipped));
        item->setToolTip(0, reason);
        item->setToolTip(1, Format::path(skipped.path));
    }
}

void SummaryPanel::setFilter(Filter filter)
{
    m_filter->setCurrentIndex(m_filter->findData(int(filter)));
    applyFilter();
}

void SummaryPanel::applyFilter()
{
    const auto filter = Filter(m_filter->currentData().toInt());
    for (int row = 0; row < m_issues->topLevelItemCount(); ++row) {
        QTreeWidgetItem *item = m_issues->topLevelItem(row);
        const auto kind = Filter(item->data(0, Qt::UserRole).toInt());
        item->setHidden(filter != Filter::All && kind != filter);
    }
}

CopyRequest SummaryPanel::retryRequest() const
{
    // A job that could not start (its checks refused it: a retry into a folder still
    // read-only) failed with every item: its own request again, once the cause is fixed.
    if (!m_result.started)
        return m_request;
    CopyRequest request;
    request.destination = m_request.destination;
    for (const SkippedItem &skipped : m_result.summary.skippedItems) {
        if (skipped.destination.isEmpty())
            continue; // left out of the plan: its place is not known
        request.sources << skipped.path;
        request.destinationFolders << NativePath::parentPath(skipped.destination);
    }
    return request;
}

void SummaryPanel::setResult(const CopyResult &result, const CopyRequest &request, bool move)
{
    m_result = result;
    m_request = request;
    m_move = move;
    m_headline->setText(IssueReport::headline(result, move));
    m_figures->setText(IssueReport::figures(result, move).join(QLatin1Char('\n')));

    m_issues->clear();
    const QIcon errorIcon = style()->standardIcon(QStyle::SP_MessageBoxCritical, nullptr, this);
    const QIcon warningIcon = style()->standardIcon(QStyle::SP_MessageBoxWarning, nullptr, this);
    for (const CopyIssue &issue : result.issues) {
        auto *item = new QTreeWidgetItem(m_issues);
        const QString cause = issue.cause();
        QString problem = cause.isEmpty()
                              ? Format::operation(issue.operation)
                              : tr("%1: %2").arg(Format::operation(issue.operation), cause);
        if (issue.similarCount > 0)
            problem += tr(" (and %1 more like it)", nullptr, Format::plural(issue.similarCount))
                           .arg(Format::count(issue.similarCount));
        item->setText(0, problem);
        item->setText(1, Format::path(issue.path));
        item->setIcon(0, issue.isError() ? errorIcon : warningIcon);
        item->setToolTip(0, Format::issue(issue));
        item->setToolTip(1, Format::path(issue.path));
        item->setData(0, Qt::UserRole, int(Filter::Problems));
    }
    addSkippedRows();
    m_issues->resizeColumnToContents(0);
    fitIssueRows();
    m_issueCount->setText(IssueReport::problemCount(result));
    const bool skips = !result.summary.skippedItems.isEmpty();
    // Problems first; a job with only skips shows what was skipped.
    setFilter(result.issues.isEmpty() && skips ? Filter::Skipped : Filter::Problems);
    m_issues->setVisible(!result.issues.isEmpty() || skips);
    m_filter->setEnabled(!result.issues.isEmpty() && skips);
    m_retry->setEnabled(!retryRequest().sources.isEmpty());
    m_copyAgain->setEnabled(result.started);
}

void SummaryPanel::fitIssueRows()
{
    // Three rows of the list stay readable (issue 13: one row at 960 × 540). The summary's
    // minimum says so, and the window makes room for it (the upper part and the chart yield
    // first, TransferArea); below that the summary scrolls in its area. Rows as the list lays
    // them out (icon and padding included); a long path brings the horizontal scroll bar.
    const int row = m_issues->topLevelItemCount() > 0 ? m_issues->sizeHintForRow(0) : 0;
    m_issues->setMinimumHeight(row <= 0 ? 0
                                        : m_issues->header()->sizeHint().height() + 3 * row
                                              + m_issues->horizontalScrollBar()->sizeHint().height()
                                              + 2 * m_issues->frameWidth());
}

bool SummaryPanel::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_issues->viewport() && event->type() == QEvent::MouseButtonPress)
        m_selectedOnFocus = false; // a row the person picks stays picked
    if (watched != m_issues)
        return QWidget::eventFilter(watched, event);
    if (event->type() == QEvent::FocusIn
        && static_cast<QFocusEvent *>(event)->reason() != Qt::MouseFocusReason
        && m_issues->selectedItems().isEmpty()) {
        QTreeWidgetItem *row = m_issues->currentItem();
        for (int i = 0; (!row || row->isHidden()) && i < m_issues->topLevelItemCount(); ++i)
            row = m_issues->topLevelItem(i);
        if (row && !row->isHidden()) {
            m_issues->setCurrentItem(row); // selects it (single selection)
            m_selectedOnFocus = true;
        }
    } else if (event->type() == QEvent::FocusOut
               && static_cast<QFocusEvent *>(event)->reason() != Qt::PopupFocusReason
               && std::exchange(m_selectedOnFocus, false)) {
        m_issues->clearSelection();
    }
    return QWidget::eventFilter(watched, event);
}

QString SummaryPanel::reportText() const
{
    return IssueReport::text(m_result, m_request, m_move);
}

QList<QWidget *> SummaryPanel::tabChain() const
{
    return {m_issues, m_filter, m_save, m_retry, m_copyAgain};
}

void SummaryPanel::saveReport()
{
    auto *dialog = new QFileDialog(this, tr("Save the copy report"));
    dialog->setObjectName(QStringLiteral("saveReportDialog"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setAcceptMode(QFileDialog::AcceptSave);
    dialog->setNameFilter(tr("Text files (*.txt)"));
    dialog->setDefaultSuffix(QStringLiteral("txt"));
    dialog->selectFile(QDir::home().filePath(QStringLiteral("sluice-report.txt")));
    connect(dialog, &QFileDialog::fileSelected, this, [this](const QString &path) {
        saveTextInBackground(path, reportText(), this, [this, path](const QString &error) {
            if (error.isEmpty())
                Q_EMIT message(tr("Saved the report to “%1”.").arg(path));
            else
                Q_EMIT message(tr("Could not save the report to “%1”: %2").arg(path, error));
        });
    });
    dialog->open();
}

} // namespace Sluice::Ui
