#include "transferpanel.h"

#include "buffergauge.h"
#include "elidedlabel.h"
#include "formatting.h"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QVBoxLayout>

namespace Sluice::Ui {

namespace {

QLabel *makeLabel(const QString &objectName, QWidget *parent, const QString &toolTip = {})
{
    auto *label = new QLabel(parent);
    label->setObjectName(objectName);
    label->setTextFormat(Qt::PlainText);
    label->setToolTip(toolTip);
    // An empty label keeps its line, so that nothing below it moves when it fills.
    label->setMinimumHeight(label->fontMetrics().height());
    return label;
}

QProgressBar *makeBar(const QString &objectName, QWidget *parent)
{
    auto *bar = new QProgressBar(parent);
    bar->setObjectName(objectName);
    bar->setRange(0, 1000); // per-mille: QProgressBar holds an int, byte counts do not fit
    bar->setValue(0);
    bar->setTextVisible(true);
    return bar;
}

// Keeps a label at least as wide as @p sample so that changing figures never shift the
// layout around them.
void reserveWidth(QLabel *label, const QString &sample)
{
    label->setMinimumWidth(label->fontMetrics().horizontalAdvance(sample) + 4);
}

void scaleFont(QLabel *label, qreal factor, bool bold)
{
    QFont font = label->font();
    if (font.pointSizeF() > 0)
        font.setPointSizeF(font.pointSizeF() * factor);
    else
        font.setPixelSize(int(font.pixelSize() * factor));
    font.setBold(bold);
    label->setFont(font);
}

} // namespace

TransferPanel::TransferPanel(QWidget *parent)
    : QWidget(parent)
    , m_phase(makeLabel(QStringLiteral("phaseLabel"), this))
    , m_engine(makeLabel(QStringLiteral("engineLabel"), this,
                         tr("How the current file's bytes move: stream (through Sluice's "
                            "buffers), kernel (copy_file_range, no buffers) or reflink "
                            "(shared blocks, nothing to move).")))
    , m_currentFile(new ElidedLabel(this))
    , m_totalBar(makeBar(QStringLiteral("totalBar"), this))
    , m_totalBytes(makeLabel(QStringLiteral("totalBytesLabel"), this))
    , m_items(makeLabel(QStringLiteral("itemsLabel"), this))
    , m_time(makeLabel(QStringLiteral("timeLabel"), this))
    , m_fileBar(makeBar(QStringLiteral("fileBar"), this))
    , m_fileBytes(makeLabel(QStringLiteral("fileBytesLabel"), this))
    , m_readRate(makeLabel(QStringLiteral("readRateLabel"), this,
                           tr("How fast the source is read into the buffers (bytes per "
                              "second, over the last seconds; paused time excluded).")))
    , m_writeRate(makeLabel(QStringLiteral("writeRateLabel"), this,
                            tr("How fast the destination accepts the data (bytes per "
                               "second, over the last seconds; paused time excluded).")))
    , m_gauge(new BufferGauge(this))
    , m_buffers(makeLabel(QStringLiteral("buffersLabel"), this))
    , m_hint(makeLabel(QStringLiteral("pipelineHintLabel"), this))
    , m_memory(makeLabel(QStringLiteral("memoryLabel"), this,
                         tr("Resident set size of the whole Sluice process (window, engine and "
                            "buffers: all its memory in RAM), and the part of it that is the "
                            "buffer pool (chunk size × queue depth). It stays flat whatever "
                            "the file size: the buffers are allocated once.")))
    , m_dirty(makeLabel(QStringLiteral("dirtyLabel"), this,
                        tr("Dirty + Writeback from /proc/meminfo, for the whole system: "
                           "data the kernel has accepted but not yet stored on a device.")))
{
    m_currentFile->setObjectName(QStringLiteral("currentFileLabel"));
    m_gauge->setObjectName(QStringLiteral("bufferGauge"));
    m_gauge->setToolTip(tr("The buffer pool between reading and writing: chunks filled by "
                           "the reader and not yet written. Full buffers mean the writer "
                           "is the slow side; the reader then waits (backpressure), so "
                           "memory never grows."));
    scaleFont(m_phase, 1.25, true);
    scaleFont(m_readRate, 1.35, true);
    scaleFont(m_writeRate, 1.35, true);
    m_hint->setWordWrap(true);
    m_hint->setMinimumHeight(m_hint->fontMetrics().lineSpacing() * 2);
    m_hint->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_engine->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_time->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_items->setAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    m_readRate->setAlignment(Qt::AlignCenter);
    m_writeRate->setAlignment(Qt::AlignCenter);
    m_buffers->setAlignment(Qt::AlignCenter);
    reserveWidth(m_readRate, QStringLiteral("8888.8 MiB/s"));
    reserveWidth(m_writeRate, QStringLiteral("8888.8 MiB/s"));
    reserveWidth(m_totalBytes,
                 tr("%1 of %2").arg(QStringLiteral("888.88 GiB"), QStringLiteral("888.88 GiB")));
    reserveWidth(m_time, tr("Elapsed %1 · about %2 left")
                             .arg(QStringLiteral("88:88:88"), QStringLiteral("88:88:88")));

    auto *header = new QHBoxLayout;
    header->addWidget(m_phase);
    header->addStretch();
    header->addWidget(m_engine);

    auto *bars = new QGridLayout;
    auto *totalCaption = new QLabel(tr("Total:"), this);
    auto *fileCaption = new QLabel(tr("This file:"), this);
    bars->addWidget(totalCaption, 0, 0);
    bars->addWidget(m_totalBar, 0, 1, 1, 3);
    bars->addWidget(m_totalBytes, 1, 1);
    bars->addWidget(m_items, 1, 2);
    bars->addWidget(m_time, 1, 3);
    bars->addWidget(fileCaption, 2, 0);
    bars->addWidget(m_fileBar, 2, 1, 1, 3);
    bars->addWidget(m_fileBytes, 3, 1, 1, 3);
    bars->setHorizontalSpacing(18);
    bars->setColumnStretch(2, 1);
    bars->setColumnStretch(3, 1);

    auto *pipeline = new QGridLayout;
    auto *readCaption = new QLabel(tr("Reading the source"), this);
    auto *bufferCaption = new QLabel(tr("Buffers in memory"), this);
    auto *writeCaption = new QLabel(tr("Writing the destination"), this);
    for (QLabel *caption : {readCaption, bufferCaption, writeCaption})
        caption->setAlignment(Qt::AlignCenter);
    auto *arrowIn = new QLabel(QStringLiteral("→"), this);
    auto *arrowOut = new QLabel(QStringLiteral("→"), this);
    for (QLabel *arrow : {arrowIn, arrowOut}) {
        scaleFont(arrow, 1.35, true);
        arrow->setAccessibleName(tr("flows into"));
    }
    pipeline->addWidget(readCaption, 0, 0);
    pipeline->addWidget(bufferCaption, 0, 2);
    pipeline->addWidget(writeCaption, 0, 4);
    pipeline->addWidget(m_readRate, 1, 0);
    pipeline->addWidget(arrowIn, 1, 1);
    pipeline->addWidget(m_gauge, 1, 2);
    pipeline->addWidget(arrowOut, 1, 3);
    pipeline->addWidget(m_writeRate, 1, 4);
    pipeline->addWidget(m_buffers, 2, 2);
    // The system's write cache under the write rate (it is the destination's side), not
    // beside the memory line: one line that long would make the window wider than a
    // 960 × 540 screen (1920 × 1080 at scale factor 2).
    m_dirty->setAlignment(Qt::AlignCenter);
    pipeline->addWidget(m_dirty, 2, 4);
    pipeline->setColumnStretch(0, 2);
    pipeline->setColumnStretch(2, 3);
    pipeline->setColumnStretch(4, 2);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(header);
    layout->addWidget(m_currentFile);
    layout->addLayout(bars);
    layout->addSpacing(6);
    layout->addLayout(pipeline);
    layout->addWidget(m_hint);
    layout->addWidget(m_memory);
    reset();
}

int TransferPanel::perMille(qint64 done, qint64 total)
{
    if (total <= 0)
        return 0;
    const qint64 bounded = qBound<qint64>(0, done, total);
    // long double keeps 64 bits of mantissa: exact for any qint64 byte count.
    return int(static_cast<long double>(bounded) * 1000 / total);
}

void TransferPanel::reset()
{
    CopyProgress idle;
    setProgress(idle);
    // Before a job there is nothing to measure: dashes keep every line in place.
    const QString none = tr("—");
    m_phase->setText(tr("Ready"));
    m_currentFile->setText(QString());
    for (QLabel *label : {m_totalBytes, m_items, m_time, m_readRate, m_writeRate})
        label->setText(none);
    m_fileBytes->setText(QString());
    m_memory->setText(memoryText(none, none, none));
    m_dirty->setText(tr("System write cache: %1").arg(none));
}

void TransferPanel::setProgress(const CopyProgress &progress)
{
    m_progress = progress;
    if (progress.paused)
        m_phase->setText(tr("Paused"));
    else if (progress.waiting)
        m_phase->setText(tr("Waiting for your answer"));
    else if (progress.phase == CopyPhase::Flushing)
        m_phase->setText(
            tr("Flushing to disk: %1 still to write").arg(Format::size(progress.bytesToFlush)));
    else if (progress.phase == CopyPhase::WaitingForDevice)
        m_phase->setText(tr("Waiting for %1").arg(progress.waitingForDevice));
    else
        m_phase->setText(phaseDescription(progress.phase));
    m_engine->setText(tr("Engine: %1").arg(Format::engine(progress.currentEngine)));
    m_currentFile->setText(progress.currentItem.isEmpty() ? QString()
                                                          : Format::path(progress.currentItem));

    const int total = progress.perMille();
    m_totalBar->setValue(total);
    m_totalBar->setFormat(Format::percent(total));
    m_totalBytes->setText(
        tr("%1 of %2").arg(Format::size(progress.bytesDone), Format::size(progress.bytesTotal)));
    m_items->setText(
        tr("%1 of %2 items", nullptr, Format::plural(progress.itemsTotal))
            .arg(Format::count(progress.itemsDone), Format::count(progress.itemsTotal)));
    QString left = progress.etaMs < 0 ? tr("time left unknown")
                                      : tr("about %1 left").arg(Format::duration(progress.etaMs));
    if (progress.waiting)
        left = tr("%1, stopped until you answer").arg(left);
    m_time->setText(tr("Elapsed %1 · %2").arg(Format::duration(progress.elapsedMs), left));

    const int file = progress.phase == CopyPhase::Finished && progress.currentItemSize == 0
                         ? total
                         : perMille(progress.currentItemBytesDone, progress.currentItemSize);
    m_fileBar->setValue(file);
    m_fileBar->setFormat(Format::percent(file));
    m_fileBytes->setText(progress.currentItem.isEmpty()
                             ? QString()
                             : tr("%1 of %2")
                                   .arg(Format::size(progress.currentItemBytesDone),
                                        Format::size(progress.currentItemSize)));

    m_readRate->setText(Format::rate(progress.readRate));
    m_writeRate->setText(Format::rate(progress.writeRate));
    m_gauge->setFill(progress.buffersInUse, progress.queueDepth);
    m_buffers->setText(progress.queueDepth > 0 ? tr("%1 of %2 in use, %3 each")
                                                     .arg(progress.buffersInUse)
                                                     .arg(progress.queueDepth)
                                                     .arg(Format::size(progress.chunkSize))
                                               : QString());
    m_hint->setText(pipelineHint(progress));
    m_memory->setText(memoryText(Format::size(progress.residentBytes),
                                 Format::size(progress.peakResidentBytes),
                                 Format::size(qint64(progress.chunkSize) * progress.queueDepth)));
    m_dirty->setText(
        tr("System write cache: %1 not yet on disk").arg(Format::size(progress.systemDirtyBytes)));
}

QString TransferPanel::memoryText(const QString &resident, const QString &peak,
                                  const QString &bufferPool)
{
    return tr("Sluice's memory (whole process): %1, peak %2 · buffer pool %3")
        .arg(resident, peak, bufferPool);
}

QString TransferPanel::pipelineHint(const CopyProgress &progress)
{
    if (progress.paused)
        return tr("Paused: nothing is read or written until you resume. The buffers keep "
                  "their data; rates show zero.");
    switch (progress.phase) {
    case CopyPhase::Idle:
        return tr("Copy (Ctrl+Return) or Move (Ctrl+Shift+Return) starts; reading, the buffers "
                  "and writing then show here.");
    case CopyPhase::Scanning:
        return tr("Listing the files and folders to copy.");
    case CopyPhase::Checking:
        return tr("Checking free space, names and limits before the first byte is written.");
    case CopyPhase::WaitingForDevice:
        return progress.deviceHolder.isEmpty()
                   ? tr("Another copy is writing to %1; this one starts when it has finished, "
                        "so that the two do not slow each other down.")
                         .arg(progress.waitingForDevice)
                   : tr("%1 is writing to %2; this copy starts when it has finished, so that "
                        "the two do not slow each other down.")
                         .arg(progress.deviceHolder, progress.waitingForDevice);
    case CopyPhase::Verifying:
        return tr("Reading the copy back from the disk to compare checksums.");
    case CopyPhase::Flushing:
        return tr("All data is written; the device is still storing the last %1. Sluice "
                  "reports done only when it is really on the disk.")
            .arg(Format::size(progress.bytesToFlush));
    case CopyPhase::Finished:
        return tr("Done.");
    case CopyPhase::Copying:
        break;
    }
    switch (progress.currentEngine) {
    case Engine::Kernel:
        return tr("The kernel copies this file directly (copy_file_range): the data does not "
                  "pass through Sluice's buffers.");
    case Engine::Reflink:
        return tr("The file system shares the blocks (reflink): nothing needs to be moved.");
    case Engine::Auto:
        if (progress.smallFilesInFlight > 0)
            return tr("Copying small files, %1 at a time, each in a single step.")
                .arg(progress.smallFilesInFlight);
        return tr("Creating folders, links and small files.");
    case Engine::Stream:
        break;
    }
    if (progress.queueDepth <= 0)
        return {};
    const int fill = progress.buffersInUse * 100 / progress.queueDepth;
    if (fill >= 75)
        return tr("Buffers full: the destination is the bottleneck (it writes slower than the "
                  "source reads). Reading waits for a free buffer, so memory stays flat.");
    if (fill <= 25)
        return tr("Buffers nearly empty: the destination writes as fast as the source "
                  "delivers, so reading the source is the bottleneck.");
    return tr("Reading and writing keep pace; the buffers absorb short hiccups on either side.");
}

} // namespace Sluice::Ui
