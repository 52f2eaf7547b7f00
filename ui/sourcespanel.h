#pragma once

#include <QWidget>

class QLabel;
class QPushButton;

namespace Sluice::Ui {

class SourceListModel;
class SourceListView;

/// "What to copy": the source list with Add files…, Add folder…, Remove (Delete key) and
/// Clear, and a line with the totals the scanner measured. Paths picked in the file dialogs
/// are encoded with QFile::encodeName (dialog names are text already). GUI thread; the
/// model is not owned.
class SourcesPanel final : public QWidget
{
    Q_OBJECT
public:
    explicit SourcesPanel(SourceListModel *model, QWidget *parent = nullptr);
    Q_DISABLE_COPY_MOVE(SourcesPanel)

    SourceListView *view() const { return m_view; }
    /// Disables every control that changes the list (while a copy runs). Add files… and Add
    /// folder… stay usable: what they pick then goes to pathsPicked() instead of the list.
    void setLocked(bool locked);

Q_SIGNALS:
    /// Paths chosen in the add dialogs while the list is locked (for a queued job).
    void pathsPicked(const QList<QByteArray> &paths);

public Q_SLOTS:
    /// Opens the "Add files" dialog (non-blocking).
    void addFiles();
    /// Opens the "Add folder" dialog (non-blocking).
    void addFolder();
    void removeSelected();

private:
    void updateTotals();
    void updateButtons();
    void take(const QList<QByteArray> &paths);

    SourceListModel *m_model;
    SourceListView *m_view;
    QPushButton *m_addFiles;
    QPushButton *m_addFolder;
    QPushButton *m_remove;
    QPushButton *m_clear;
    QLabel *m_totals;
    bool m_locked = false;
};

} // namespace Sluice::Ui
