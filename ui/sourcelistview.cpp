#include "sourcelistview.h"

#include <QHeaderView>
#include <QKeyEvent>
#include <QPainter>

namespace Sluice::Ui {

SourceListView::SourceListView(QWidget *parent)
    : QTreeView(parent)
{
    setRootIsDecorated(false);
    setUniformRowHeights(true);
    setAlternatingRowColors(true);
    setSelectionMode(QAbstractItemView::ExtendedSelection);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setTextElideMode(Qt::ElideMiddle);
    setAllColumnsShowFocus(true);
    // Drops are handled by the window as a whole (MainWindow::dropEvent).
    setAcceptDrops(false);
    viewport()->setAcceptDrops(false);
    header()->setStretchLastSection(false);
}

QList<int> SourceListView::selectedRows() const
{
    QList<int> rows;
    if (!selectionModel())
        return rows;
    const QModelIndexList selected = selectionModel()->selectedRows();
    for (const QModelIndex &index : selected)
        rows.append(index.row());
    return rows;
}

void SourceListView::setDropHighlight(bool on)
{
    if (on == m_dropHighlight)
        return;
    m_dropHighlight = on;
    viewport()->update();
}

void SourceListView::keyPressEvent(QKeyEvent *event)
{
    if (event->matches(QKeySequence::Delete) || event->key() == Qt::Key_Backspace) {
        if (!selectedRows().isEmpty()) {
            Q_EMIT removeRequested();
            event->accept();
            return;
        }
    }
    QTreeView::keyPressEvent(event);
}

void SourceListView::paintEvent(QPaintEvent *event)
{
    QTreeView::paintEvent(event);
    QPainter painter(viewport());
    if (m_dropHighlight) {
        painter.setPen(QPen(palette().color(QPalette::Highlight), 3, Qt::DashLine));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(viewport()->rect().adjusted(1, 1, -2, -2));
    }
    if (model() && model()->rowCount() > 0)
        return;
    QColor color = palette().color(QPalette::Text);
    color.setAlphaF(0.6f);
    painter.setPen(color);
    const QRect area = viewport()->rect().adjusted(12, 12, -12, -12);
    painter.drawText(area, Qt::AlignCenter | Qt::TextWordWrap,
                     m_dropHighlight ? tr("Drop to add to the list")
                                     : tr("Drop files and folders anywhere on this window,\n"
                                          "or use “Add files…” and “Add folder…”."));
}

} // namespace Sluice::Ui
