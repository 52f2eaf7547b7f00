#pragma once

#include <QStringList>
#include <QWidget>

class QAction;
class QLineEdit;
class QTimer;
class QToolButton;

namespace Sluice::Ui {

/// "Leave out": patterns the copy leaves out (CopyFilter::rules, all of them excludes),
/// separated by spaces and quoted as in a POSIX shell (splitPatterns()), with a menu of ready
/// choices, each checked while all its patterns are in the field (hidden files; version
/// control, dependency and build folders; thumbnails and caches). Each pattern then means
/// what sluice-cli's --exclude means (README, "Leaving things out"). GUI thread; no file I/O.
class LeaveOutField final : public QWidget
{
    Q_OBJECT
public:
    explicit LeaveOutField(QWidget *parent = nullptr);
    Q_DISABLE_COPY_MOVE(LeaveOutField)

    QStringList patterns() const;
    /// Shows @p patterns without emitting patternsChanged().
    void setPatterns(const QStringList &patterns);

    /// The patterns of the ready choices, in menu order: hidden files, project clutter,
    /// thumbnails and caches.
    static QList<QStringList> choicePatterns();

    /// Splits the field's text into patterns the way a POSIX shell splits words
    /// (POSIX.1-2017, Shell Command Language 2.2 "Quoting"), so that a pattern means what it
    /// means after `sluice-cli --exclude`: blanks separate; 'single quotes' keep everything;
    /// "double quotes" keep everything but a backslash before ", \, $ or `; outside quotes a
    /// backslash keeps the next character (with\ space.txt). An unclosed quote runs to the
    /// end of the text.
    static QStringList splitPatterns(const QString &text);
    /// The text that splitPatterns() turns back into @p patterns: plain where nothing needs
    /// quoting, otherwise in single quotes ('with space.txt').
    static QString joinPatterns(const QStringList &patterns);

    /// How long typing must pause before patternsChanged() is emitted, ms.
    static constexpr int SettleMs = 300;

Q_SIGNALS:
    /// The person paused typing for SettleMs, finished editing (Enter, focus left) or
    /// picked a choice, and the patterns differ from the last ones reported or set.
    void patternsChanged(const QStringList &patterns);

private:
    void addPatterns(const QStringList &patterns);
    void removePatterns(const QStringList &patterns);
    void showPatterns(const QStringList &patterns);
    void updateChoiceChecks();
    void reportIfChanged();

    QLineEdit *m_edit;
    QToolButton *m_choices;
    QTimer *m_settle;
    QList<QAction *> m_choiceActions;
    QStringList m_reported;
};

} // namespace Sluice::Ui
