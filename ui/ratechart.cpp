#include "ratechart.h"

#include "copyoptions.h"

#include <QAreaSeries>
#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QGraphicsLayout>
#include <QLegend>
#include <QLineSeries>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace Sluice::Ui {

namespace {

// Sets @p axis to 0 .. a whole number of equal steps that lies above @p value (in the axis's
// unit), never below @p minimumTop. The step is a power of two of the binary unit (1, 2, 4 …
// 512, 1,024 KiB/s or MiB), so that 1,024 KiB/s (a 1 MiB/s limit) and 128 MiB sit on ticks;
// at most five steps, two on a short chart (three labels: with more, Qt Charts cuts every
// label down to "…"). The top lies strictly above the value: the highest sample is drawn
// below the top edge, never cut or flattened along it.
void setBinaryRange(QValueAxis *axis, double value, double minimumTop, bool compact)
{
    const double maxSteps = compact ? 2 : 5;
    double step = 1;
    while (std::floor(value / step) + 1 > maxSteps)
        step *= 2;
    double steps = std::floor(value / step) + 1;
    if (steps * step < minimumTop) {
        steps = compact ? 2 : 4;
        step = minimumTop / steps;
    }
    axis->setRange(0, steps * step);
    axis->setTickCount(int(steps) + 1);
}

// Read is drawn wider and underneath write, so that both stay visible when backpressure
// makes them equal; memory is a shaded area and the write cache dotted, so colour is not the
// only cue.
const QColor ReadColor(0x3d, 0x8e, 0xd6);
const QColor WriteColor(0xe6, 0x8a, 0x2e);
const QColor MemoryColor(0x9b, 0x6a, 0xc9);

} // namespace

RateChart::RateChart(QWidget *parent)
    : QWidget(parent)
    , m_chart(new QChart)
    , m_view(new QChartView(m_chart, this))
    , m_read(new QLineSeries(m_chart))
    , m_write(new QLineSeries(m_chart))
    , m_memory(new QLineSeries(m_chart))
    , m_memoryArea(new QAreaSeries(m_memory))
    , m_dirty(new QLineSeries(m_chart))
    , m_timeAxis(new QValueAxis(m_chart))
    , m_rateAxis(new QValueAxis(m_chart))
    , m_memoryAxis(new QValueAxis(m_chart))
{
    m_view->setObjectName(QStringLiteral("rateChartView"));
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setFocusPolicy(Qt::NoFocus);
    setAccessibleName(tr("Read and write rates over the last minute"));

    m_read->setName(tr("Read"));
    m_write->setName(tr("Write"));
    m_memoryArea->setName(tr("Sluice's memory"));
    m_dirty->setName(tr("System write cache"));
    // Memory is a shaded area, the rates are lines: two kinds of quantity, two kinds of mark.
    m_chart->addSeries(m_read);
    m_chart->addSeries(m_write);
    m_chart->addSeries(m_memoryArea);
    m_chart->addSeries(m_dirty);

    // Numbers in the window's locale; this also keeps the unit's letters as they are, where
    // Qt Charts' printf path turns anything beyond Latin-1 ("с") into "?". Localized formats
    // must name a precision ("%.0f", not "%d"), or the labels stay empty.
    m_chart->setLocalizeNumbers(true);
    //: Labels of the chart's time axis: %.0f is a number of seconds (keep it as it is).
    m_timeAxis->setLabelFormat(tr("%.0f s"));
    m_timeAxis->setTickCount(7);
    m_rateAxis->setLabelFormat(QStringLiteral("%.0f"));
    m_rateAxis->setTickCount(5);
    m_memoryAxis->setLabelFormat(QStringLiteral("%.0f"));
    m_memoryAxis->setTickCount(5);
    m_chart->addAxis(m_timeAxis, Qt::AlignBottom);
    m_chart->addAxis(m_rateAxis, Qt::AlignLeft);
    m_chart->addAxis(m_memoryAxis, Qt::AlignRight);
    for (QLineSeries *series : {m_read, m_write}) {
        series->attachAxis(m_timeAxis);
        series->attachAxis(m_rateAxis);
    }
    for (QAbstractSeries *series :
         std::initializer_list<QAbstractSeries *>{m_memoryArea, m_dirty}) {
        series->attachAxis(m_timeAxis);
        series->attachAxis(m_memoryAxis);
    }
    m_chart->setMargins(QMargins(4, 4, 4, 4));
    m_chart->setBackgroundRoundness(0);
    m_chart->layout()->setContentsMargins(0, 0, 0, 0);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    applyPalette();
    replot();
}

void RateChart::fitLegend()
{
    // Qt Charts elides the legend's entries, or leaves some out, when the chart is smaller
    // than its legend. The entries stand one under the other on the right while the chart is
    // tall enough for them (every pixel of height counts on a small screen); lower, they move
    // into one row above the plot. The chart is never smaller than that row needs, with a
    // plot of three axis labels below it: low enough for a 1280 × 720 screen and for
    // 960 × 540 (1920 × 1080 at scale factor 2), in any language. QChartView takes the
    // chart's minimum as its own, so both are set.
    QLegend *legend = m_chart->legend();
    const QMargins margins = m_chart->margins();
    const int line = fontMetrics().lineSpacing();
    legend->setAlignment(Qt::AlignRight);
    m_stackedLegend = legend->effectiveSizeHint(Qt::PreferredSize).toSize();
    legend->setAlignment(Qt::AlignTop);
    const QSize row = legend->effectiveSizeHint(Qt::PreferredSize).toSize();
    const QSize minimum(row.width() + margins.left() + margins.right() + line,
                        row.height() + margins.top() + margins.bottom() + 4 * line);
    m_chart->setMinimumSize(minimum);
    m_view->setMinimumSize(minimum);
    placeLegend();
}

void RateChart::placeLegend()
{
    const int room = m_view->height() - m_chart->margins().top() - m_chart->margins().bottom();
    const bool beside = room >= m_stackedLegend.height() + fontMetrics().lineSpacing();
    const Qt::Alignment alignment = beside ? Qt::AlignRight : Qt::AlignTop;
    if (m_chart->legend()->alignment() != alignment)
        m_chart->legend()->setAlignment(alignment);
}

void RateChart::addSample(const CopyProgress &progress)
{
    if (!m_samples.isEmpty() && progress.elapsedMs < m_samples.constLast().ms)
        m_samples.clear(); // a new job
    m_samples.append(Sample{progress.elapsedMs, progress.readRate, progress.writeRate,
                            progress.residentBytes, progress.systemDirtyBytes});
    const qint64 oldest = progress.elapsedMs - WindowMs;
    // Keep one sample before the window so that the lines reach its left edge.
    qsizetype drop = 0;
    while (drop + 1 < m_samples.size() && m_samples.at(drop + 1).ms <= oldest)
        ++drop;
    m_samples.remove(0, drop);
    replot();
}

void RateChart::clear()
{
    m_samples.clear();
    replot();
}

void RateChart::replot()
{
    const qint64 now = m_samples.isEmpty() ? 0 : m_samples.constLast().ms;
    const double right = std::max<double>(WindowMs, double(now)) / 1000.0;
    m_timeAxis->setRange(right - WindowMs / 1000.0, right);

    // Every visible sample stays inside the plot: the highest rate of the last minute sets
    // the rate axis (a burst of small files at MiB/s is drawn whole, and a 1 MiB/s limit is
    // below the top), Sluice's own peak memory the memory axis. The system's write cache holds
    // other programs' data too (gigabytes), which would flatten Sluice's band into the floor:
    // a write cache above the top is drawn along the top edge; its figure is in the panel.
    qint64 maxRate = 0;
    qint64 maxMemory = 0;
    for (const Sample &sample : std::as_const(m_samples)) {
        maxRate = std::max({maxRate, sample.readRate, sample.writeRate});
        maxMemory = std::max(maxMemory, sample.resident);
    }
    // KiB/s below 2 MiB/s (at most four digits a label), MiB/s above.
    const bool slow = maxRate < 2 * MiB;
    const double rateUnit = slow ? double(KiB) : double(MiB);
    m_rateAxis->setTitleText(slow ? tr("KiB/s") : tr("MiB/s"));
    setBinaryRange(m_rateAxis, double(maxRate) / rateUnit, slow ? 16.0 : 0.0, isCompact());
    //: The title of the chart's memory axis (Sluice's memory, in the memory's colour). Keep
    //: it as short: it stands along the plot's height, which is small on a 1280 × 720 screen.
    m_memoryAxis->setTitleText(tr("MiB"));
    setBinaryRange(m_memoryAxis, double(maxMemory) / MiB, 16.0, isCompact());

    QList<QPointF> read;
    QList<QPointF> write;
    QList<QPointF> memory;
    QList<QPointF> dirty;
    for (const Sample &sample : std::as_const(m_samples)) {
        const double x = sample.ms / 1000.0;
        read.append({x, sample.readRate / rateUnit});
        write.append({x, sample.writeRate / rateUnit});
        memory.append({x, double(sample.resident) / MiB});
        dirty.append({x, double(sample.dirty) / MiB});
    }
    m_read->replace(read);
    m_write->replace(write);
    m_memory->replace(memory);
    m_dirty->replace(dirty);
}

double RateChart::memoryAxisMaximum() const
{
    return m_memoryAxis->max();
}

double RateChart::rateAxisMaximum() const
{
    return m_rateAxis->max();
}

QString RateChart::rateAxisUnit() const
{
    return m_rateAxis->titleText();
}

bool RateChart::isCompact() const
{
    return height() < 12 * fontMetrics().lineSpacing();
}

void RateChart::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    placeLegend();
    const bool compact = isCompact();
    if (compact != m_compact) {
        m_compact = compact;
        replot();
    }
}

void RateChart::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange)
        applyPalette();
}

void RateChart::applyPalette()
{
    const QPalette colors = palette();
    const QColor text = colors.color(QPalette::WindowText);
    QColor grid = text;
    grid.setAlphaF(0.15f);
    m_chart->setBackgroundBrush(colors.color(QPalette::Base));
    m_chart->setBackgroundPen(QPen(colors.color(QPalette::Mid)));
    m_chart->setPlotAreaBackgroundVisible(false);
    m_chart->legend()->setLabelColor(colors.color(QPalette::Text));
    m_chart->legend()->setFont(font());
    for (QValueAxis *axis : {m_timeAxis, m_rateAxis, m_memoryAxis}) {
        axis->setLabelsColor(colors.color(QPalette::Text));
        axis->setTitleBrush(colors.color(QPalette::Text));
        axis->setGridLineColor(grid);
        axis->setLinePenColor(grid);
        QFont small = font();
        small.setPointSizeF(std::max(7.0, small.pointSizeF() * 0.85));
        axis->setLabelsFont(small);
        axis->setTitleFont(small);
    }
    m_memoryAxis->setGridLineVisible(false);
    // The right-hand axis wears the memory line's colour: it belongs to memory, not rates.
    m_memoryAxis->setLabelsColor(MemoryColor);
    m_memoryAxis->setTitleBrush(MemoryColor);
    m_read->setPen(QPen(ReadColor, 4.0));
    m_write->setPen(QPen(WriteColor, 2.0));
    QColor fill = MemoryColor;
    fill.setAlphaF(0.3f);
    m_memoryArea->setPen(Qt::NoPen); // an outline would draw vertical edges at both ends
    m_memoryArea->setBrush(fill);
    QColor dirtyColor = text;
    dirtyColor.setAlphaF(0.55f);
    m_dirty->setPen(QPen(dirtyColor, 1.5, Qt::DotLine));
    fitLegend();
}

} // namespace Sluice::Ui
