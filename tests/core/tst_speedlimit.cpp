// The write-side speed limit: what the token bucket is charged, with an injected clock.

#include "engine.h"
#include "itemprogress.h"
#include "jobcontext.h"
#include "jobrunner.h"
#include "kernelengine.h"
#include "posixio.h"
#include "speedlimiter.h"
#include "testtree.h"

#include <QTest>

#include <atomic>
#include <fcntl.h>
#include <sys/stat.h>
#include <thread>

using namespace Sluice;

class TestSpeedLimit final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void chargeAfterTheWriteMakesTheNextOneWait();
    void chargeWithoutALimitIsFree();
    void kernelEngineChargesWhatMoved_data();
    void kernelEngineChargesWhatMoved();
};

void TestSpeedLimit::chargeAfterTheWriteMakesTheNextOneWait()
{
    JobControl control;
    std::atomic<qint64> now{0};
    std::atomic<int> clockReads{0}; // the limiter reads the clock once per check
    SpeedLimiter limiter(control, [&] {
        ++clockReads;
        return now.load();
    });
    control.setSpeedLimit(MiB); // 1 MiB/s: a burst of 256 KiB
    limiter.charge(0);          // the bucket starts empty at 0 s
    now = 500'000'000;
    QVERIFY(limiter.throttle(0));
    limiter.charge(768 * KiB); // balance: 256 KiB - 768 KiB = -512 KiB, half a second of debt
    QCOMPARE(limiter.bytesCharged(), 768 * KiB);

    // While the simulated clock stands still, the next writer waits (until cancelled): it
    // checked the clock twice (it re-checks at least every 100 ms) and is still waiting.
    std::atomic<int> result{-1};
    int reads = clockReads.load();
    std::thread writer([&] { result = limiter.throttle(0) ? 1 : 0; });
    QTRY_VERIFY(clockReads.load() >= reads + 2);
    QCOMPARE(result.load(), -1);
    // 1 ms of debt left: a check that read the new time (the second one after the change,
    // at the latest) decided to wait again.
    now = 500'000'000 + 499'000'000;
    reads = clockReads.load();
    QTRY_VERIFY(clockReads.load() >= reads + 2);
    QCOMPARE(result.load(), -1);
    now = 500'000'000 + 501'000'000; // debt paid
    writer.join();
    QCOMPARE(result.load(), 1);
    QCOMPARE(limiter.bytesCharged(), 768 * KiB);
}

void TestSpeedLimit::chargeWithoutALimitIsFree()
{
    JobControl control;
    SpeedLimiter limiter(control, [] { return qint64(0); });
    QVERIFY(limiter.throttle(GiB));
    limiter.charge(GiB);
    QCOMPARE(limiter.bytesCharged(), qint64(0));
}

void TestSpeedLimit::kernelEngineChargesWhatMoved_data()
{
    QTest::addColumn<qint64>("size");
    QTest::newRow("150 KiB, smaller than a chunk") << 150 * KiB;
    QTest::newRow("one byte") << qint64(1);
    QTest::newRow("chunk + 1") << MiB + 1;
    QTest::newRow("three chunks") << 3 * MiB;
}

// A small file must be charged its size, not a whole chunk per copy_file_range(2) call
// (a limit of 2 MiB/s once moved 150 KiB files at 156 KiB/s).
void TestSpeedLimit::kernelEngineChargesWhatMoved()
{
    QFETCH(qint64, size);
    Scratch scratch;
    QVERIFY(scratch.isValid());
    QVERIFY(TestTree::writePatternFile(scratch.path("source"), size, 7));

    CopyOptions options;
    options.chunkSize = MiB;
    options.speedLimit = 1024 * GiB; // a limit, but one that never makes this test wait
    JobContext job(options, IoHooks{}, [](const CopyQuestion &) {});
    UniqueFd source(::open(scratch.path("source").constData(), O_RDONLY | O_CLOEXEC));
    UniqueFd destination(::open(scratch.path("destination").constData(),
                                O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600));
    QVERIFY(source && destination);
    struct stat st = {};
    QCOMPARE(::fstat(source.get(), &st), 0);

    ItemProgress progress(job.counters, size, false);
    DataTransfer transfer;
    transfer.sourceFd = source.get();
    transfer.destinationFd = destination.get();
    transfer.sourcePath = scratch.path("source");
    transfer.destinationPath = scratch.path("destination");
    transfer.plannedSize = size;
    transfer.progress = &progress;
    const DataOutcome outcome = KernelEngine::copy(job.engine, transfer, st.st_dev, st.st_dev);

    QCOMPARE(int(outcome.status), int(DataOutcome::Status::Done));
    QCOMPARE(outcome.offset, size);
    QCOMPARE(job.limiter.bytesCharged(), size);
    QCOMPARE(TestTree::readFile(scratch.path("destination")),
             TestTree::readFile(scratch.path("source")));
}

QTEST_GUILESS_MAIN(TestSpeedLimit)
#include "tst_speedlimit.moc"
