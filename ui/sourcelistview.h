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

    /// Column @p column (the names) is as wide as its widest row, icon included, so that
    /// every name shows whole, as far as the other columns leave room: a stretching column
    /// keeps at least MinimumStretchChars characters. Past that the names are elided too, in
    /// the middle (textElideMode()); their tooltip is the full path (the model's).
    void setFittedColumn(int column);
    /// Characters a stretching column (the folder) keeps when the names take the room.
    static constexpr int MinimumStretchChars = 10;
    void setModel(QAbstractItemModel *model) override;

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
    void updateGeometries() override;

private:
    /// The width rows @p first to @p last need in the fitted column (0 for none).
    int widestIn(int first, int last) const;
    /// Gives the fitted column its width from m_widest and the room there is.
    void fitColumn();

    bool m_dropHighlight = false;
    int m_fitted = -1;
    int m_widest = 0; ///< px the widest row of m_fitted needs
    bool m_fitting = false;
};

} // namespace Sluice::Ui
