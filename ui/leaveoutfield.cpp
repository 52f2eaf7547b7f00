#include "leaveoutfield.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QTimer>
#include <QToolButton>

#include <algorithm>
#include <utility>

namespace Sluice::Ui {

namespace {

// Characters that make a pattern need quoting in the field's text.
bool needsQuoting(const QString &pattern)
{
    return pattern.isEmpty() || std::any_of(pattern.cbegin(), pattern.cend(), [](QChar c) {
               return c.isSpace() || c == u'\'' || c == u'"' || c == u'\\';
           });
}

} // namespace

QStringList LeaveOutField::splitPatterns(const QString &text)
{
    QStringList patterns;
    QString word;
    QChar quote; // the open quote, or null
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        const bool hasNext = i + 1 < text.size();
        if (quote == u'\'') {
            if (c == u'\'')
                quote = QChar();
            else
                word += c;
        } else if (quote == u'"') {
            if (c == u'"')
                quote = QChar();
            else if (c == u'\\' && hasNext && QStringView(u"\"\\$`").contains(text.at(i + 1)))
                word += text.at(++i);
            else
                word += c;
        } else if (c.isSpace()) {
            if (!word.isEmpty()) // an empty word ('') is no pattern
                patterns.append(std::exchange(word, QString()));
        } else if (c == u'\'' || c == u'"') {
            quote = c;
        } else if (c == u'\\' && hasNext) {
            word += text.at(++i);
        } else {
            word += c;
        }
    }
    if (!word.isEmpty())
        patterns.append(word);
    return patterns;
}

QString LeaveOutField::joinPatterns(const QStringList &patterns)
{
    QStringList words;
    words.reserve(patterns.size());
    for (const QString &pattern : patterns) {
        if (!needsQuoting(pattern)) {
            words.append(pattern);
            continue;
        }
        QString quoted = pattern;
        quoted.replace(u'\'', QStringLiteral("'\\''")); // close, an escaped quote, reopen
        words.append(u'\'' + quoted + u'\'');
    }
    return words.join(u' ');
}

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
    , m_settle(new QTimer(this))
{
    auto *caption = new QLabel(tr("Lea&ve out:"), this);
    caption->setBuddy(m_edit);
    m_edit->setObjectName(QStringLiteral("leaveOutEdit"));
    m_edit->setClearButtonEnabled(true);
    m_edit->setPlaceholderText(
        tr("Nothing: everything is copied (patterns such as *.tmp \"with space.txt\")"));
    m_edit->setToolTip(
        tr("Names or paths to leave out, separated by spaces: *.tmp, node_modules/ (a trailing / "
           "means folders only), docs/drafts (a / means a path inside the source), **/cache/. "
           "A name with a space goes in quotes or has a backslash before the space: "
           "\"with space.txt\", 'x y', with\\ space.txt. As in a shell, a backslash outside "
           "quotes keeps the next character as it is."));
    m_choices->setObjectName(QStringLiteral("leaveOutChoices"));
    m_choices->setText(tr("Choic&es"));
    m_choices->setToolTip(tr("Add or take out ready-made patterns"));
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
        // Checked while all its patterns are in the field; unchecking takes them out.
        action->setCheckable(true);
        connect(action, &QAction::triggered, this, [this, patterns](bool checked) {
            if (checked)
                addPatterns(patterns);
            else
                removePatterns(patterns);
        });
        m_choiceActions.append(action);
    }
    m_choices->setMenu(menu);

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(caption);
    layout->addWidget(m_edit, 1);
    layout->addWidget(m_choices);
    // Typing is reported once it pauses (the source list measures again in the background
    // for each report); Enter or leaving the field reports at once.
    m_settle->setObjectName(QStringLiteral("leaveOutSettleTimer"));
    m_settle->setSingleShot(true);
    m_settle->setInterval(SettleMs);
    connect(m_settle, &QTimer::timeout, this, &LeaveOutField::reportIfChanged);
    connect(m_edit, &QLineEdit::textEdited, m_settle, qOverload<>(&QTimer::start));
    connect(m_edit, &QLineEdit::editingFinished, this, &LeaveOutField::reportIfChanged);
    connect(m_edit, &QLineEdit::textChanged, this, &LeaveOutField::updateChoiceChecks);
}

QStringList LeaveOutField::patterns() const
{
    return splitPatterns(m_edit->text());
}

void LeaveOutField::setPatterns(const QStringList &patterns)
{
    m_reported = patterns;
    showPatterns(patterns);
}

// Shows @p patterns, leaving the text as typed (its quoting, a trailing space, the cursor)
// when it already says the same.
void LeaveOutField::showPatterns(const QStringList &patterns)
{
    if (this->patterns() != patterns)
        m_edit->setText(joinPatterns(patterns));
}

void LeaveOutField::addPatterns(const QStringList &patterns)
{
    QStringList current = this->patterns();
    for (const QString &pattern : patterns) {
        if (!current.contains(pattern))
            current.append(pattern);
    }
    showPatterns(current);
    reportIfChanged();
}

void LeaveOutField::removePatterns(const QStringList &patterns)
{
    QStringList current = this->patterns();
    current.removeIf([&patterns](const QString &pattern) { return patterns.contains(pattern); });
    showPatterns(current);
    reportIfChanged();
}

void LeaveOutField::updateChoiceChecks()
{
    const QStringList current = patterns();
    const QList<QStringList> choices = choicePatterns();
    for (qsizetype i = 0; i < m_choiceActions.size(); ++i) {
        const QStringList &wanted = choices.at(i);
        m_choiceActions.at(i)->setChecked(
            std::all_of(wanted.cbegin(), wanted.cend(),
                        [&current](const QString &pattern) { return current.contains(pattern); }));
    }
}

void LeaveOutField::reportIfChanged()
{
    m_settle->stop();
    const QStringList now = patterns();
    if (now == m_reported)
        return;
    m_reported = now;
    Q_EMIT patternsChanged(now);
}

} // namespace Sluice::Ui
