#include "preflightdialog.h"

#include "formatting.h"

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QStyle>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace Sluice::Ui {

PreflightDialog::PreflightDialog(const CopyQuestion &question, QWidget *parent)
    : QuestionDialog(question, parent)
{
    setObjectName(QStringLiteral("preflightDialog"));
    setWindowTitle(tr("Check before copying"));

    auto *icon = new QLabel(this);
    const int iconSize = style()->pixelMetric(QStyle::PM_MessageBoxIconSize, nullptr, this);
    icon->setPixmap(style()
                        ->standardIcon(QStyle::SP_MessageBoxWarning, nullptr, this)
                        .pixmap(iconSize, iconSize));
    auto *headline = new QLabel(
        tr("Nothing has been written yet. The checks before copying found these problems:"), this);
    headline->setObjectName(QStringLiteral("preflightHeadline"));
    headline->setWordWrap(true);

    auto *list = new QTreeWidget(this);
    list->setObjectName(QStringLiteral("preflightList"));
    list->setHeaderLabels({tr("Problem"), tr("Path")});
    list->setRootIsDecorated(false);
    list->setAlternatingRowColors(true);
    // Never cut a problem short: the columns are as wide as their text (the list scrolls
    // sideways), and the selected problem is spelled out in full, wrapped, below the list.
    list->setTextElideMode(Qt::ElideNone);
    list->setUniformRowHeights(false);
    list->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    list->header()->setStretchLastSection(true);
    list->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    auto *detail = new QLabel(this);
    detail->setObjectName(QStringLiteral("preflightDetail"));
    detail->setTextFormat(Qt::PlainText);
    detail->setWordWrap(true);
    detail->setTextInteractionFlags(Qt::TextSelectableByMouse);
    const QIcon warning = style()->standardIcon(QStyle::SP_MessageBoxWarning, nullptr, this);
    for (const CopyIssue &issue : question.issues) {
        auto *item = new QTreeWidgetItem(list);
        const QString sentence = Format::issue(issue);
        item->setText(0, issue.cause().isEmpty() ? sentence : issue.cause());
        item->setText(1, Format::path(issue.path));
        item->setToolTip(0, sentence);
        item->setToolTip(1, Format::path(issue.path));
        item->setIcon(0, warning);
    }
    connect(list, &QTreeWidget::currentItemChanged, detail, [detail](QTreeWidgetItem *current) {
        detail->setText(current ? current->toolTip(0) : QString());
    });
    list->setCurrentItem(list->topLevelItem(0));
    list->setMinimumHeight(list->fontMetrics().lineSpacing() * 6);

    auto *note = new QLabel(tr("Copy anyway to go ahead: items that do not fit or cannot be "
                               "stored fail one by one and are listed at the end."),
                            this);
    note->setWordWrap(true);

    auto *buttons = new QDialogButtonBox(this);
    auto *proceed = buttons->addButton(tr("Copy &anyway"), QDialogButtonBox::AcceptRole);
    proceed->setObjectName(QStringLiteral("continueButton"));
    proceed->setToolTip(tr("Start copying despite these problems"));
    auto *cancel = buttons->addButton(tr("&Cancel copy"), QDialogButtonBox::RejectRole);
    cancel->setObjectName(QStringLiteral("cancelCopyButton"));
    cancel->setToolTip(tr("Do not copy anything"));
    cancel->setDefault(true);

    auto *top = new QHBoxLayout;
    top->addWidget(icon, 0, Qt::AlignTop);
    top->addWidget(headline, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(list, 1);
    layout->addWidget(detail);
    layout->addWidget(note);
    layout->addWidget(buttons);
    setMinimumWidth(fontMetrics().averageCharWidth() * 100);

    connect(proceed, &QPushButton::clicked, this, [this] { answer(Decision::Continue); });
    connect(cancel, &QPushButton::clicked, this, [this] { answer(Decision::CancelJob); });
}

QuestionAnswer PreflightDialog::dismissAnswer() const
{
    return QuestionAnswer{Decision::CancelJob, false, {}};
}

} // namespace Sluice::Ui
