#pragma once

#include <QTreeView>

namespace Sluice::Ui {

/// The list of sources: a flat tree view that says how to fill it while it is empty
/// ("Drop files and folders here…"). Emits removeRequested() for the Delete key.
/// GUI thread.
class SourceListView final : public QTreeView
{
    Q_OBJECT
public:
    explicit SourceListView(QWidget *parent = nullptr);
    Q_DISABLE_COPY_MOVE(SourceListView)

    /// Rows of the current selection, in any order.
    QList<int> selectedRows() const;
    /// Outlines the list while files are dragged over the window, so that the person sees
    /// where a drop goes.
    void setDropHighlight(bool on);
    bool dropHighlight() const { return m_dropHighlight; }

Q_SIGNALS:
    /// The Delete key was pressed with rows selected.
    void removeRequested();

protected:
    void keyPressEvent(QKeyEvent *event) override;
    void paintEvent(QPaintEvent *event) override;

private:
    bool m_dropHighlight = false;
};

} // namespace Sluice::Ui
