#include "summarypanel.h"

#include "formatting.h"
#include "issuereport.h"

#include <QDir>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QStyle>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace Sluice::Ui {

SummaryPanel::SummaryPanel(QWidget *parent)
    : QWidget(parent)
    , m_headline(new QLabel(this))
    , m_figures(new QLabel(this))
    , m_issueCount(new QLabel(this))
    , m_issues(new QTreeWidget(this))
    , m_save(new QPushButton(tr("&Save list…"), this))
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
    m_issueCount->setObjectName(QStringLiteral("issueCountLabel"));
    m_issues->setObjectName(QStringLiteral("issueList"));
    m_issues->setHeaderLabels({tr("Problem"), tr("Path")});
    m_issues->setRootIsDecorated(false);
    m_issues->setAlternatingRowColors(true);
    m_issues->setTextElideMode(Qt::ElideMiddle);
    m_issues->setAccessibleName(tr("Problems"));
    m_issues->header()->setStretchLastSection(true);
    m_save->setObjectName(QStringLiteral("saveIssuesButton"));
    m_save->setToolTip(tr("Save this summary and the list of problems as a text file"));

    auto *footer = new QHBoxLayout;
    footer->addWidget(m_issueCount, 1);
    footer->addWidget(m_save);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_headline);
    layout->addWidget(m_figures);
    layout->addWidget(m_issues, 1);
    layout->addLayout(footer);
    connect(m_save, &QPushButton::clicked, this, &SummaryPanel::saveReport);
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
    }
    m_issues->resizeColumnToContents(0);
    const qint64 errors = result.errorCount();
    const qint64 warnings = result.warningCount();
    if (errors == 0 && warnings == 0)
        m_issueCount->setText(tr("No problems."));
    else
        m_issueCount->setText(
            tr("Errors: %1 · Warnings: %2").arg(Format::count(errors), Format::count(warnings)));
    m_issues->setVisible(!result.issues.isEmpty());
}

QString SummaryPanel::reportText() const
{
    return IssueReport::text(m_result, m_request, m_move);
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
