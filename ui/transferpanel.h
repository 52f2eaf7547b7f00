#pragma once

#include "copyprogress.h"

#include <QWidget>

class QLabel;
class QProgressBar;

namespace Sluice::Ui {

class BufferGauge;
class ElidedLabel;

/// Shows one job's progress as the core samples it (CopyProgress, about every 100 ms): the
/// phase, the engine moving the current file, total and current-file bars on a per-mille
/// scale (so totals past 2 GiB work with QProgressBar's int), bytes and items, elapsed time
/// and ETA; then the pipeline: read rate, the buffer gauge and write rate side by side,
/// with a sentence that says which side is the bottleneck, and the memory figures (the whole
/// process's resident set beside the buffer pool's size, the system's dirty + writeback
/// bytes). Display only: it never
/// talks to the job. GUI thread.
class TransferPanel final : public QWidget
{
    Q_OBJECT
public:
    explicit TransferPanel(QWidget *parent = nullptr);
    Q_DISABLE_COPY_MOVE(TransferPanel)

    /// Shows @p progress.
    void setProgress(const Sluice::CopyProgress &progress);
    /// Back to the empty state (before a job).
    void reset();
    /// The last progress shown.
    const CopyProgress &progress() const { return m_progress; }

    /// The sentence under the pipeline for @p progress: what the buffer fill and the two
    /// rates mean right now. Pure.
    static QString pipelineHint(const CopyProgress &progress);
    /// @p done / @p total in per-mille (0..1000), exact for any qint64; 0 when total <= 0.
    static int perMille(qint64 done, qint64 total);
    /// The memory line: the whole process's resident set size @p resident and its peak,
    /// with the buffer pool's size (chunk size × queue depth) next to them. Pure.
    static QString memoryText(const QString &resident, const QString &peak,
                              const QString &bufferPool);

private:
    QLabel *m_phase;
    QLabel *m_engine;
    ElidedLabel *m_currentFile;
    QProgressBar *m_totalBar;
    QLabel *m_totalBytes;
    QLabel *m_items;
    QLabel *m_time;
    QProgressBar *m_fileBar;
    QLabel *m_fileBytes;
    QLabel *m_readRate;
    QLabel *m_writeRate;
    BufferGauge *m_gauge;
    QLabel *m_buffers;
    QLabel *m_hint;
    QLabel *m_memory;
    QLabel *m_dirty;
    CopyProgress m_progress;
};

} // namespace Sluice::Ui
