// The transfer panel fed with CopyProgress values: per-mille bars exact for totals past
// 2 GiB and 4 GiB, human-readable sizes, zero-byte jobs ending at 100 %, the phases
// (paused, flushing), the engine, the pipeline sentence and the memory figures; the chart's
// 60-second window; the words of Format.

#include "buffergauge.h"
#include "copyoptions.h"
#include "formatting.h"
#include "ratechart.h"
#include "testprinters.h"
#include "transferpanel.h"
#include "translations.h"
#include "uitest.h"

#include <QLabel>
#include <QProgressBar>
#include <QTest>
#include <QTranslator>

using namespace Sluice;
using namespace Sluice::Ui;
using namespace Qt::StringLiterals;

class TestTransferPanel final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void fiveGiBTotalsShowExactPerMille_data();
    void fiveGiBTotalsShowExactPerMille();
    void zeroByteJobEndsAtHundredPercent();
    void zeroByteJobProgressesByItems();
    void pausedShowsPausedAndZeroRates();
    void flushingShowsTheBytesStillToWrite();
    void showsEngineBuffersAndMemory();
    void hintNamesTheBottleneck_data();
    void hintNamesTheBottleneck();
    void chartKeepsSixtySeconds();
    void chartMemoryAxisFollowsSluiceNotTheWriteCache();
    void formatsDurationsAndSizes();

private:
    static CopyProgress copying();
};

void TestTransferPanel::initTestCase()
{
    UiTest::isolateSettings(QStringLiteral("tst_transferpanel"));
    // English plural forms ("1 byte") come from sluice_en.qm, as in the window.
    static QTranslator english;
    QVERIFY(english.load(QStringLiteral("sluice_en"), Translations::catalogueFolder()));
    QVERIFY(QCoreApplication::installTranslator(&english));
}

CopyProgress TestTransferPanel::copying()
{
    CopyProgress progress;
    progress.phase = CopyPhase::Copying;
    progress.currentEngine = Engine::Stream;
    progress.queueDepth = 8;
    progress.chunkSize = MiB;
    return progress;
}

void TestTransferPanel::fiveGiBTotalsShowExactPerMille_data()
{
    QTest::addColumn<qint64>("done");
    QTest::addColumn<int>("perMille");
    QTest::addColumn<QString>("percent");
    QTest::addColumn<QString>("bytes");
    const qint64 total = 5 * GiB;
    QTest::newRow("nothing") << qint64(0) << 0 << u"0.0 %"_s << u"0 bytes of 5.00 GiB"_s;
    QTest::newRow("one byte") << qint64(1) << 0 << u"0.0 %"_s << u"1 byte of 5.00 GiB"_s;
    QTest::newRow("past 2 GiB (int overflow)")
        << 2 * GiB + 1 << 400 << u"40.0 %"_s << u"2.00 GiB of 5.00 GiB"_s;
    QTest::newRow("half") << total / 2 << 500 << u"50.0 %"_s << u"2.50 GiB of 5.00 GiB"_s;
    QTest::newRow("past 4 GiB (32-bit wrap)")
        << 4 * GiB << 800 << u"80.0 %"_s << u"4.00 GiB of 5.00 GiB"_s;
    QTest::newRow("one byte short") << total - 1 << 999 << u"99.9 %"_s << u"5.00 GiB of 5.00 GiB"_s;
    QTest::newRow("all") << total << 1000 << u"100.0 %"_s << u"5.00 GiB of 5.00 GiB"_s;
}

void TestTransferPanel::fiveGiBTotalsShowExactPerMille()
{
    QFETCH(qint64, done);
    QFETCH(int, perMille);
    QFETCH(QString, percent);
    QFETCH(QString, bytes);
    TransferPanel panel;
    CopyProgress progress = copying();
    progress.bytesTotal = 5 * GiB;
    progress.bytesDone = done;
    progress.itemsTotal = 12;
    progress.itemsDone = 3;
    progress.currentItem = QByteArrayLiteral("/data/disk image.raw");
    progress.currentItemSize = 5 * GiB;
    progress.currentItemBytesDone = done;
    panel.setProgress(progress);

    for (const char *name : {"totalBar", "fileBar"}) {
        auto *bar = UiTest::find<QProgressBar>(&panel, name);
        QVERIFY(bar);
        QCOMPARE(bar->minimum(), 0);
        QCOMPARE(bar->maximum(), 1000);
        QCOMPARE(bar->value(), perMille);
        QCOMPARE(bar->text(), percent);
    }
    QCOMPARE(UiTest::find<QLabel>(&panel, "totalBytesLabel")->text(), bytes);
    QCOMPARE(UiTest::find<QLabel>(&panel, "fileBytesLabel")->text(), bytes);
    QCOMPARE(UiTest::find<QLabel>(&panel, "itemsLabel")->text(), u"3 of 12 items"_s);
    QCOMPARE(TransferPanel::perMille(done, 5 * GiB), perMille);
}

void TestTransferPanel::zeroByteJobEndsAtHundredPercent()
{
    TransferPanel panel;
    CopyProgress progress = copying();
    progress.phase = CopyPhase::Finished;
    progress.itemsTotal = 4;
    progress.itemsDone = 4;
    panel.setProgress(progress);
    QCOMPARE(UiTest::find<QProgressBar>(&panel, "totalBar")->value(), 1000);
    QCOMPARE(UiTest::find<QProgressBar>(&panel, "totalBar")->text(), u"100.0 %"_s);
    QCOMPARE(UiTest::find<QProgressBar>(&panel, "fileBar")->value(), 1000);
    QCOMPARE(UiTest::find<QLabel>(&panel, "totalBytesLabel")->text(), u"0 bytes of 0 bytes"_s);
    QCOMPARE(UiTest::find<QLabel>(&panel, "phaseLabel")->text(), u"Finished"_s);
}

void TestTransferPanel::zeroByteJobProgressesByItems()
{
    TransferPanel panel;
    CopyProgress progress = copying();
    progress.itemsTotal = 4;
    progress.itemsDone = 1;
    panel.setProgress(progress);
    QCOMPARE(UiTest::find<QProgressBar>(&panel, "totalBar")->value(), 250);
}

void TestTransferPanel::pausedShowsPausedAndZeroRates()
{
    TransferPanel panel;
    CopyProgress progress = copying();
    progress.paused = true;
    progress.bytesTotal = 100 * MiB;
    progress.bytesDone = 40 * MiB;
    panel.setProgress(progress);
    QCOMPARE(UiTest::find<QLabel>(&panel, "phaseLabel")->text(), u"Paused"_s);
    QCOMPARE(UiTest::find<QLabel>(&panel, "readRateLabel")->text(), u"0 bytes/s"_s);
    QCOMPARE(UiTest::find<QLabel>(&panel, "writeRateLabel")->text(), u"0 bytes/s"_s);
    QVERIFY(UiTest::find<QLabel>(&panel, "pipelineHintLabel")->text().startsWith(u"Paused"_s));
}

void TestTransferPanel::flushingShowsTheBytesStillToWrite()
{
    TransferPanel panel;
    CopyProgress progress = copying();
    progress.phase = CopyPhase::Flushing;
    progress.bytesToFlush = 300 * MiB;
    progress.bytesTotal = 4 * GiB;
    progress.bytesDone = 4 * GiB;
    panel.setProgress(progress);
    QCOMPARE(UiTest::find<QLabel>(&panel, "phaseLabel")->text(),
             u"Flushing to disk: 300.00 MiB still to write"_s);
    QVERIFY(UiTest::find<QLabel>(&panel, "pipelineHintLabel")
                ->text()
                .contains(u"only when it is really on the disk"_s));
}

void TestTransferPanel::showsEngineBuffersAndMemory()
{
    TransferPanel panel;
    CopyProgress progress = copying();
    progress.buffersInUse = 6;
    progress.readRate = 420 * MiB;
    progress.writeRate = 80 * MiB + 300 * KiB;
    progress.residentBytes = 42 * MiB;
    progress.peakResidentBytes = 45 * MiB;
    progress.systemDirtyBytes = 30 * MiB;
    progress.elapsedMs = 65'000;
    progress.etaMs = 3'723'000;
    panel.setProgress(progress);
    QCOMPARE(UiTest::find<QLabel>(&panel, "engineLabel")->text(),
             u"Engine: stream (through Sluice's buffers)"_s);
    QCOMPARE(UiTest::find<QLabel>(&panel, "readRateLabel")->text(), u"420.0 MiB/s"_s);
    QCOMPARE(UiTest::find<QLabel>(&panel, "writeRateLabel")->text(), u"80.3 MiB/s"_s);
    QCOMPARE(UiTest::find<QLabel>(&panel, "buffersLabel")->text(),
             u"6 of 8 in use, 1.00 MiB each"_s);
    auto *gauge = UiTest::find<BufferGauge>(&panel, "bufferGauge");
    QCOMPARE(gauge->inUse(), 6);
    QCOMPARE(gauge->depth(), 8);
    QCOMPARE(
        UiTest::find<QLabel>(&panel, "memoryLabel")->text(),
        u"Sluice's memory (whole process): 42.00 MiB, peak 45.00 MiB · buffer pool 8.00 MiB"_s);
    QCOMPARE(UiTest::find<QLabel>(&panel, "dirtyLabel")->text(),
             u"System write cache: 30.00 MiB not yet on disk"_s);
    QCOMPARE(UiTest::find<QLabel>(&panel, "timeLabel")->text(),
             u"Elapsed 1:05 · about 1:02:03 left"_s);

    progress.currentEngine = Engine::Kernel;
    progress.etaMs = -1;
    panel.setProgress(progress);
    QCOMPARE(UiTest::find<QLabel>(&panel, "engineLabel")->text(),
             u"Engine: kernel (copy_file_range, no buffers)"_s);
    QCOMPARE(UiTest::find<QLabel>(&panel, "timeLabel")->text(),
             u"Elapsed 1:05 · time left unknown"_s);
}

void TestTransferPanel::hintNamesTheBottleneck_data()
{
    QTest::addColumn<Engine>("engine");
    QTest::addColumn<int>("buffersInUse");
    QTest::addColumn<QString>("expected");
    QTest::newRow("full buffers") << Engine::Stream << 8 << u"destination is the bottleneck"_s;
    QTest::newRow("almost full") << Engine::Stream << 6 << u"destination is the bottleneck"_s;
    QTest::newRow("empty buffers")
        << Engine::Stream << 1 << u"reading the source is the bottleneck"_s;
    QTest::newRow("half") << Engine::Stream << 4 << u"keep pace"_s;
    QTest::newRow("kernel") << Engine::Kernel << 0 << u"copy_file_range"_s;
    QTest::newRow("reflink") << Engine::Reflink << 0 << u"shares the blocks"_s;
}

void TestTransferPanel::hintNamesTheBottleneck()
{
    QFETCH(Engine, engine);
    QFETCH(int, buffersInUse);
    QFETCH(QString, expected);
    CopyProgress progress = copying();
    progress.currentEngine = engine;
    progress.buffersInUse = buffersInUse;
    const QString hint = TransferPanel::pipelineHint(progress);
    QVERIFY2(hint.contains(expected), qPrintable(hint));
}

void TestTransferPanel::chartKeepsSixtySeconds()
{
    RateChart chart;
    CopyProgress progress = copying();
    for (qint64 ms = 0; ms <= 90'000; ms += 100) {
        progress.elapsedMs = ms;
        progress.readRate = 100 * MiB;
        progress.writeRate = 50 * MiB;
        progress.residentBytes = 40 * MiB;
        chart.addSample(progress);
    }
    // 60 s at 10 samples per second, from the left edge (30 s) to now (90 s) inclusive.
    QCOMPARE(chart.sampleCount(), 601);
    progress.elapsedMs = 0; // a new job starts over
    chart.addSample(progress);
    QCOMPARE(chart.sampleCount(), 1);
    chart.clear();
    QCOMPARE(chart.sampleCount(), 0);
}

void TestTransferPanel::chartMemoryAxisFollowsSluiceNotTheWriteCache()
{
    RateChart chart;
    CopyProgress progress = copying();
    progress.readRate = 60 * MiB;
    progress.writeRate = 60 * MiB;
    progress.residentBytes = 42 * MiB;
    progress.systemDirtyBytes = 5000 * MiB; // other programs' data waiting for their disks
    for (qint64 ms = 0; ms <= 2'000; ms += 100) {
        progress.elapsedMs = ms;
        chart.addSample(progress);
    }
    // 42 MiB: the first tick above it in steps of 16 MiB, not 5,000 MiB.
    QCOMPARE(chart.memoryAxisMaximum(), 48.0);
    // The tester's peak of 119 MiB fills most of the axis: 128 MiB in steps of 32.
    progress.residentBytes = 119 * MiB;
    progress.elapsedMs = 2'100;
    chart.addSample(progress);
    QCOMPARE(chart.memoryAxisMaximum(), 128.0);
    // Exactly on a tick: the next one, so that the band never runs along the top edge.
    progress.residentBytes = 128 * MiB;
    progress.elapsedMs = 2'200;
    chart.addSample(progress);
    QCOMPARE(chart.memoryAxisMaximum(), 160.0);
}

void TestTransferPanel::formatsDurationsAndSizes()
{
    QCOMPARE(Format::duration(0), u"0:00"_s);
    QCOMPARE(Format::duration(59'999), u"0:59"_s);
    QCOMPARE(Format::duration(65'000), u"1:05"_s);
    QCOMPARE(Format::duration(3'723'000), u"1:02:03"_s);
    QCOMPARE(Format::size(5 * GiB), u"5.00 GiB"_s);
    QCOMPARE(Format::size(1023), u"1,023 bytes"_s);
    QCOMPARE(Format::percent(1000), u"100.0 %"_s);
    QCOMPARE(Format::percent(-5), u"0.0 %"_s);
    QCOMPARE(Format::path(QByteArrayLiteral("a\nb\tc\xFF")), u"a\u240Ab\u2409c\\xFF"_s);
    QCOMPARE(Format::count(1234567), u"1,234,567"_s);
}

QTEST_MAIN(TestTransferPanel)
#include "tst_transferpanel.moc"
