#include "sourcelistview.h"

#include <QHeaderView>
#include <QKeyEvent>
#include <QPainter>
#include <QStyleOption>

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

void SourceListView::setFittedColumn(int column)
{
    m_fitted = column;
    m_widest = model() ? widestIn(0, model()->rowCount() - 1) : 0;
    fitColumn();
}

void SourceListView::setModel(QAbstractItemModel *model)
{
    QTreeView::setModel(model);
    if (!model)
        return;
    // Rows are measured once, as they come (a drop of thousands of files stays linear); only
    // a removal measures what is left.
    connect(model, &QAbstractItemModel::rowsInserted, this,
            [this](const QModelIndex &parent, int first, int last) {
                if (parent.isValid())
                    return;
                m_widest = qMax(m_widest, widestIn(first, last));
                fitColumn();
            });
    connect(model, &QAbstractItemModel::rowsRemoved, this, [this] { setFittedColumn(m_fitted); });
    connect(model, &QAbstractItemModel::modelReset, this, [this] { setFittedColumn(m_fitted); });
}

int SourceListView::widestIn(int first, int last) const
{
    if (m_fitted < 0 || !model())
        return 0;
    QStyleOptionViewItem option;
    initViewItemOption(&option);
    int widest = 0;
    for (int row = first; row <= last; ++row)
        widest = qMax(widest, itemDelegateForIndex(model()->index(row, m_fitted))
                                  ->sizeHint(option, model()->index(row, m_fitted))
                                  .width());
    return widest;
}

void SourceListView::fitColumn()
{
    if (m_fitted < 0 || !model() || m_fitting)
        return;
    QHeaderView *columns = header();
    int room = viewport()->width();
    for (int column = 0; column < columns->count(); ++column) {
        if (column == m_fitted || columns->isSectionHidden(column))
            continue;
        room -= columns->sectionResizeMode(column) == QHeaderView::Stretch
                    ? fontMetrics().averageCharWidth() * MinimumStretchChars
                    : columns->sectionSize(column);
    }
    const int width = qMax(columns->minimumSectionSize(), qMin(m_widest, room));
    if (width == columns->sectionSize(m_fitted))
        return;
    m_fitting = true; // resizing a section lays the view out again
    columns->resizeSection(m_fitted, width);
    m_fitting = false;
}

void SourceListView::updateGeometries()
{
    QTreeView::updateGeometries();
    fitColumn(); // the viewport's width changed (a resize, a scroll bar shown or hidden)
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
