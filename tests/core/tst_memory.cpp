// Bounded memory: a reader ahead of a stalled writer may never hold more than queueDepth
// chunks, and the process may not grow with the data.

#include "jobrunner.h"
#include "processmemory.h"
#include "testtree.h"
#include "writergate.h"

#include <QTest>

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
    // The destination stalls at its first chunk until the reader has filled every buffer
    // and must wait (backpressure, seen in a sample); then the copy runs freely.
    constexpr qint64 GiveUpMs = 60000; // the pool never filled: let the copy end, and fail
    WriterGate gate(0, "out/big");

    // Warm up what any job allocates once (threads, Qt's meta types), then take the baseline.
    JobRunner::run({scratch.path("missing")}, scratch.path("out"), options);
    const qint64 baseline = residentSetBytes();

    int peakBuffers = 0;
    qint64 peakResident = 0;
    const JobRunner::Run run = JobRunner::run(
        {scratch.path("big")}, scratch.path("out"), options, {}, gate.hooks(),
        [&](CopyJob &, const CopyProgress &progress) {
            peakBuffers = std::max(peakBuffers, progress.buffersInUse);
            peakResident = std::max(peakResident, progress.residentBytes);
            if (progress.buffersInUse == progress.queueDepth || progress.elapsedMs > GiveUpMs)
                gate.open();
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
    // AddressSanitizer keeps freed blocks in quarantine instead of reusing them, so every
    // short-lived allocation of the run (samples, strings) adds to the resident set: measured
    // 13.4–17.3 MiB of growth in the asan build against 8.4 MiB without it. The bound
    // stays far below what one copy of the 512 MiB file would need.
#if defined(__SANITIZE_ADDRESS__)
    constexpr qint64 Slack = 16 * MiB;
#else
    constexpr qint64 Slack = 8 * MiB;
#endif
    const qint64 allowed = options.chunkSize * options.queueDepth + Slack;
    qInfo("baseline %lld KiB, peak %lld KiB, growth %lld KiB, allowed %lld KiB",
          static_cast<long long>(baseline / KiB), static_cast<long long>(peakResident / KiB),
          static_cast<long long>(growth / KiB), static_cast<long long>(allowed / KiB));
    QVERIFY2(growth < allowed, qPrintable(QStringLiteral("grew %1 bytes").arg(growth)));
}

QTEST_GUILESS_MAIN(TestMemory)
#include "tst_memory.moc"
