#pragma once

#include <QStringList>
#include <QWidget>

class QLineEdit;
class QToolButton;

namespace Sluice::Ui {

/// "Leave out": patterns the copy leaves out (CopyFilter::rules, all of them excludes),
/// separated by spaces, with a menu of ready choices that add theirs (hidden files;
/// version control, dependency and build folders; thumbnails and caches). The syntax is
/// sluice-cli's --exclude (README, "Leaving things out"). GUI thread; no file I/O.
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

Q_SIGNALS:
    /// The person finished editing (Enter, focus left) or picked a choice, and the patterns
    /// differ from the last ones reported or set.
    void patternsChanged(const QStringList &patterns);

private:
    void addPatterns(const QStringList &patterns);
    void reportIfChanged();

    QLineEdit *m_edit;
    QToolButton *m_choices;
    QStringList m_reported;
};

} // namespace Sluice::Ui
