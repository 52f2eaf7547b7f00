#include "leaveoutfield.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QToolButton>

namespace Sluice::Ui {

namespace {

QStringList splitPatterns(const QString &text)
{
    return text.split(QLatin1Char(' '), Qt::SkipEmptyParts);
}

} // namespace

QList<QStringList> LeaveOutField::choicePatterns()
{
    return {
        {QStringLiteral(".*")},
        {QStringLiteral(".git/"), QStringLiteral("node_modules/"), QStringLiteral("__pycache__/"),
         QStringLiteral("build/")},
        {QStringLiteral(".thumbnails/"), QStringLiteral("Thumbs.db"), QStringLiteral(".cache/"),
         QStringLiteral("Cache/")},
    };
}

LeaveOutField::LeaveOutField(QWidget *parent)
    : QWidget(parent)
    , m_edit(new QLineEdit(this))
    , m_choices(new QToolButton(this))
{
    auto *caption = new QLabel(tr("Lea&ve out:"), this);
    caption->setBuddy(m_edit);
    m_edit->setObjectName(QStringLiteral("leaveOutEdit"));
    m_edit->setClearButtonEnabled(true);
    m_edit->setPlaceholderText(tr("Nothing: everything is copied"));
    m_edit->setToolTip(
        tr("Names or paths to leave out, separated by spaces: *.tmp, node_modules/ (a trailing / "
           "means folders only), docs/drafts (a / means a path inside the source), **/cache/"));
    m_choices->setObjectName(QStringLiteral("leaveOutChoices"));
    m_choices->setText(tr("Choic&es"));
    m_choices->setToolTip(tr("Add ready-made patterns"));
    m_choices->setPopupMode(QToolButton::InstantPopup);
    auto *menu = new QMenu(m_choices);
    menu->setObjectName(QStringLiteral("leaveOutChoicesMenu"));
    const QStringList labels{tr("Hidden files"),
                             tr("Version control, dependency and build folders"),
                             tr("Thumbnails and caches")};
    const QList<QStringList> choices = choicePatterns();
    for (qsizetype i = 0; i < choices.size(); ++i) {
        const QStringList &patterns = choices.at(i);
        QAction *action =
            menu->addAction(tr("%1 (%2)").arg(labels.at(i), patterns.join(QLatin1Char(' '))));
        action->setObjectName(QStringLiteral("leaveOutChoice%1").arg(i));
        connect(action, &QAction::triggered, this, [this, patterns] { addPatterns(patterns); });
    }
    m_choices->setMenu(menu);

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(caption);
    layout->addWidget(m_edit, 1);
    layout->addWidget(m_choices);
    connect(m_edit, &QLineEdit::editingFinished, this, &LeaveOutField::reportIfChanged);
}

QStringList LeaveOutField::patterns() const
{
    return splitPatterns(m_edit->text());
}

void LeaveOutField::setPatterns(const QStringList &patterns)
{
    m_reported = patterns;
    m_edit->setText(patterns.join(QLatin1Char(' ')));
}

void LeaveOutField::addPatterns(const QStringList &patterns)
{
    QStringList current = this->patterns();
    for (const QString &pattern : patterns) {
        if (!current.contains(pattern))
            current.append(pattern);
    }
    m_edit->setText(current.join(QLatin1Char(' ')));
    reportIfChanged();
}

void LeaveOutField::reportIfChanged()
{
    const QStringList now = patterns();
    if (now == m_reported)
        return;
    m_reported = now;
    Q_EMIT patternsChanged(now);
}

} // namespace Sluice::Ui
