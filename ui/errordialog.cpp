#include "errordialog.h"

#include "formatting.h"

#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QStyle>
#include <QVBoxLayout>

namespace Sluice::Ui {

namespace {

QLabel *wrapped(const QString &text, const QString &objectName, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setObjectName(objectName);
    label->setTextFormat(Qt::PlainText);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

} // namespace

ErrorDialog::ErrorDialog(const CopyQuestion &question, QWidget *parent)
    : QuestionDialog(question, parent)
{
    setObjectName(QStringLiteral("errorDialog"));
    setWindowTitle(tr("An item could not be copied"));
    const CopyIssue &issue = question.issue;

    auto *icon = new QLabel(this);
    const int iconSize = style()->pixelMetric(QStyle::PM_MessageBoxIconSize, nullptr, this);
    icon->setPixmap(style()
                        ->standardIcon(QStyle::SP_MessageBoxWarning, nullptr, this)
                        .pixmap(iconSize, iconSize));
    auto *headline =
        wrapped(Format::operation(issue.operation), QStringLiteral("errorOperation"), this);
    QFont bold = headline->font();
    bold.setBold(true);
    headline->setFont(bold);

    auto *details = new QFormLayout;
    details->addRow(tr("Path:"),
                    wrapped(Format::path(issue.path), QStringLiteral("errorPath"), this));
    details->addRow(tr("Cause:"), wrapped(issue.cause(), QStringLiteral("errorCause"), this));
    if (!question.source.isEmpty() && question.source != issue.path)
        details->addRow(tr("Copying:"), wrapped(Format::path(question.source),
                                                QStringLiteral("errorSource"), this));
    if (!question.destination.isEmpty() && question.destination != issue.path)
        details->addRow(tr("To:"), wrapped(Format::path(question.destination),
                                           QStringLiteral("errorDestination"), this));

    auto makeButton = [this](const QString &text, const QString &objectName,
                             const QString &toolTip) {
        auto *button = new QPushButton(text, this);
        button->setObjectName(objectName);
        button->setToolTip(toolTip);
        button->setAutoDefault(false);
        return button;
    };
    auto *retry = makeButton(tr("&Retry"), QStringLiteral("retryButton"),
                             tr("Try the same operation again (after freeing space, "
                                "reconnecting the drive…)"));
    auto *skip = makeButton(tr("&Skip"), QStringLiteral("skipButton"),
                            tr("Leave this item out and go on; it is listed at the end"));
    auto *skipAll = makeButton(tr("Skip &all"), QStringLiteral("skipAllButton"),
                               tr("Leave out this and every later failing item without asking"));
    auto *abort = makeButton(tr("A&bort"), QStringLiteral("abortButton"),
                             tr("Stop the copy here; files already copied stay"));
    // Enter skips: on an error that does not go away (permission denied) a default Retry would
    // ask again and again.
    skip->setDefault(true);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(retry);
    buttons->addWidget(skip);
    buttons->addWidget(skipAll);
    buttons->addStretch();
    buttons->addWidget(abort);

    auto *text = new QVBoxLayout;
    text->addWidget(headline);
    text->addLayout(details);
    auto *top = new QHBoxLayout;
    top->addWidget(icon, 0, Qt::AlignTop);
    top->addLayout(text, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addSpacing(6);
    layout->addLayout(buttons);
    setMinimumWidth(fontMetrics().averageCharWidth() * 60);

    connect(retry, &QPushButton::clicked, this, [this] { answer(Decision::Retry); });
    connect(skip, &QPushButton::clicked, this, [this] { answer(Decision::Skip); });
    connect(skipAll, &QPushButton::clicked, this, [this] { answer(Decision::Skip, true); });
    connect(abort, &QPushButton::clicked, this, [this] { answer(Decision::AbortJob); });
    skip->setFocus();
}

QuestionAnswer ErrorDialog::dismissAnswer() const
{
    return QuestionAnswer{Decision::Skip, false, {}};
}

} // namespace Sluice::Ui
