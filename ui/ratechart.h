#pragma once

#include "copyprogress.h"

#include <QList>
#include <QWidget>

class QAreaSeries;
class QChart;
class QChartView;
class QLineSeries;
class QValueAxis;

namespace Sluice::Ui {

/// A live chart (Qt Charts) of the read and write rates over the last 60 seconds of a job,
/// with this process's memory (a shaded area) and the system's dirty + writeback bytes on a
/// second axis on the right, scaled by this process's memory. Fed with each CopyProgress; colours
/// follow the palette (light and dark). GUI thread.
class RateChart final : public QWidget
{
    Q_OBJECT
public:
    /// How much history is shown, ms.
    static constexpr qint64 WindowMs = 60000;

    explicit RateChart(QWidget *parent = nullptr);
    Q_DISABLE_COPY_MOVE(RateChart)

    /// Appends one sample at @p progress.elapsedMs and drops those older than WindowMs.
    void addSample(const Sluice::CopyProgress &progress);
    /// Forgets every sample (a new job starts).
    void clear();
    /// Samples currently plotted.
    qsizetype sampleCount() const { return m_samples.size(); }
    /// The top of the memory axis, MiB: the first tick above Sluice's largest resident set
    /// size in the window (ticks every 2^n MiB, at most five steps; at least 16 MiB); the
    /// system's write cache does not move it.
    double memoryAxisMaximum() const;
    /// The top of the rate axis, in its unit (rateAxisUnit()): the first tick above the
    /// highest read or write rate in the window (ticks every 2^n, at most five steps; at
    /// least 16 KiB/s).
    double rateAxisMaximum() const;
    /// "KiB/s" below 2 MiB/s, else "MiB/s" (translated).
    QString rateAxisUnit() const;

protected:
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    /// Too short for more than three labels on an axis.
    bool isCompact() const;
    struct Sample
    {
        qint64 ms = 0;
        qint64 readRate = 0;
        qint64 writeRate = 0;
        qint64 resident = 0;
        qint64 dirty = 0;
    };
    void replot();
    void applyPalette();
    /// Sets the chart's minimum size so that its legend always fits whole.
    void fitLegend();
    /// The legend on the right when the chart is tall enough for it, else above the plot.
    void placeLegend();

    QChart *m_chart;
    QChartView *m_view;
    QLineSeries *m_read;
    QLineSeries *m_write;
    QLineSeries *m_memory; ///< the upper edge of m_memoryArea
    QAreaSeries *m_memoryArea;
    QLineSeries *m_dirty;
    QValueAxis *m_timeAxis;
    QValueAxis *m_rateAxis;
    QValueAxis *m_memoryAxis;
    QList<Sample> m_samples;
    QSize m_stackedLegend;  ///< the legend's preferred size on the right
    bool m_compact = false; ///< short: fewer axis labels (see isCompact())
};

} // namespace Sluice::Ui
