// Bounded memory: a fast reader and a slow writer may never hold more than queueDepth
// chunks, and the process may not grow with the data.

#include "jobrunner.h"
#include "processmemory.h"
#include "testtree.h"

#include <QTest>

#include <thread>

using namespace Sluice;

class TestMemory final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void slowWriterKeepsMemoryBounded();
};

void TestMemory::slowWriterKeepsMemoryBounded()
{
    Scratch scratch;
    constexpr qint64 FileSize = 512 * MiB;
    QVERIFY(TestTree::writePatternFile(scratch.path("big"), FileSize, 7));
    QVERIFY(TestTree::makePath(scratch.path("out")));

    CopyOptions options = JobRunner::quickOptions();
    options.engine = Engine::Stream;
    options.chunkSize = 1 * MiB;
    options.queueDepth = 8;
    options.smallFileWorkers = 1;
    IoHooks hooks;
    // The destination is slow: 1 ms per chunk, so the reader always runs ahead.
    hooks.beforeWrite = [](const QByteArray &, qint64, qint64) {
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
        return 0;
    };

    // Warm up what any job allocates once (threads, Qt's meta types), then take the baseline.
    JobRunner::run({scratch.path("missing")}, scratch.path("out"), options);
    const qint64 baseline = residentSetBytes();

    int peakBuffers = 0;
    qint64 peakResident = 0;
    const JobRunner::Run run =
        JobRunner::run({scratch.path("big")}, scratch.path("out"), options, {}, hooks,
                       [&](CopyJob &, const CopyProgress &progress) {
                           peakBuffers = std::max(peakBuffers, progress.buffersInUse);
                           peakResident = std::max(peakResident, progress.residentBytes);
                       });
    QCOMPARE(run.result.status, CopyStatus::Succeeded);
    QVERIFY(TestTree::compareTrees(scratch.path("big"), scratch.path("out/big")).isEmpty());

    for (const CopyProgress &sample : run.samples) {
        QCOMPARE(sample.queueDepth, 8);
        QVERIFY(sample.buffersInUse <= sample.queueDepth);
    }
    // Backpressure was really exercised: the reader filled the pool and had to wait.
    QCOMPARE(peakBuffers, 8);
    const qint64 growth = peakResident - baseline;
    const qint64 allowed = options.chunkSize * options.queueDepth + 8 * MiB;
    qInfo("baseline %lld KiB, peak %lld KiB, growth %lld KiB, allowed %lld KiB",
          static_cast<long long>(baseline / KiB), static_cast<long long>(peakResident / KiB),
          static_cast<long long>(growth / KiB), static_cast<long long>(allowed / KiB));
    QVERIFY2(growth < allowed, qPrintable(QStringLiteral("grew %1 bytes").arg(growth)));
}

QTEST_GUILESS_MAIN(TestMemory)
#include "tst_memory.moc"
