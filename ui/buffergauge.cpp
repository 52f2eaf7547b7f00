#include "buffergauge.h"

#include <QPainter>
#include <QPainterPath>

namespace Sluice::Ui {

namespace {
constexpr int MaxCells = 32;
constexpr int CellWidth = 14;
constexpr int CellGap = 3;
} // namespace

BufferGauge::BufferGauge(QWidget *parent)
    : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
}

void BufferGauge::setFill(int inUse, int depth)
{
    depth = qMax(0, depth);
    inUse = qBound(0, inUse, depth);
    if (inUse == m_inUse && depth == m_depth)
        return;
    m_inUse = inUse;
    m_depth = depth;
    setAccessibleDescription(tr("%1 of %2 buffers in use", nullptr, depth).arg(inUse).arg(depth));
    update();
}

QSize BufferGauge::sizeHint() const
{
    const int cells = m_depth > 0 && m_depth <= MaxCells ? m_depth : 8;
    return {cells * (CellWidth + CellGap), fontMetrics().height() + 4};
}

QSize BufferGauge::minimumSizeHint() const
{
    return {8 * (CellWidth + CellGap) / 2, fontMetrics().height() + 4};
}

void BufferGauge::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QColor filled = palette().color(QPalette::Highlight);
    QColor empty = palette().color(QPalette::WindowText);
    empty.setAlphaF(0.15f);
    QColor outline = palette().color(QPalette::WindowText);
    outline.setAlphaF(0.35f);
    const QRectF area = QRectF(rect()).adjusted(1, 2, -1, -2);
    painter.setPen(QPen(outline, 1));

    if (m_depth <= 0) {
        painter.setBrush(empty);
        painter.drawRoundedRect(area, 3, 3);
        return;
    }
    if (m_depth > MaxCells) {
        painter.setBrush(empty);
        painter.drawRoundedRect(area, 3, 3);
        QRectF used = area;
        used.setWidth(area.width() * m_inUse / m_depth);
        painter.setPen(Qt::NoPen);
        painter.setBrush(filled);
        painter.drawRoundedRect(used, 3, 3);
        return;
    }
    const qreal gap = CellGap;
    const qreal cell = (area.width() - gap * (m_depth - 1)) / m_depth;
    for (int i = 0; i < m_depth; ++i) {
        const QRectF box(area.left() + i * (cell + gap), area.top(), cell, area.height());
        painter.setBrush(i < m_inUse ? filled : empty);
        painter.drawRoundedRect(box, 2, 2);
    }
}

} // namespace Sluice::Ui
