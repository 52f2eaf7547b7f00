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

#include <fcntl.h>
#include <functional>
#include <sys/stat.h>

using namespace Sluice;

namespace {

constexpr qint64 Second = 1'000'000'000;
constexpr qint64 Tenth = Second / 10;

// A limiter on a simulated clock: every sleep it asks for is recorded and moves the clock on
// by as much, so its waits are exact and the test needs no thread. @p duringSleep runs in
// the sleep numbered by its argument (from 1): a pause, a limit change, the person's skip.
struct LimiterRig
{
    explicit LimiterRig(qint64 limit)
        : limiter(
            control, [this] { return now; },
            [this](qint64 ns) {
                sleeps << ns;
                now += ns;
                if (duringSleep)
                    duringSleep(int(sleeps.size()));
                return !control.isCancelled();
            })
    {
        control.setSpeedLimit(limit);
    }
    // Throttles @p bytes; returns the nanoseconds it waited on the simulated clock.
    qint64 wait(qint64 bytes, const std::function<bool()> &stop = {})
    {
        const qint64 before = now;
        ok = limiter.throttle(bytes, stop);
        return now - before;
    }

    JobControl control;
    qint64 now = 0;
    QList<qint64> sleeps;
    std::function<void(int)> duringSleep;
    bool ok = false;
    SpeedLimiter limiter;
};

} // namespace

class TestSpeedLimit final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void everyChunkPaysBeforeItGoesTheFirstToo();
    void idleTimeEarnsOneBurstAtMost();
    void writeTimeIsNotLost();
    void aPausedWaitPaysAgainAfterTheResume();
    void aPauseBetweenChunksEarnsNothing();
    void aStoppedWaitGivesTheBytesBack();
    void aNewLimitTakesEffectInTheWait();
    void chargeAfterTheWriteMakesTheNextOneWait();
    void chargeWithoutALimitIsFree();
    void kernelEngineChargesWhatMoved_data();
    void kernelEngineChargesWhatMoved();
};

// Issue 13 (tester): 3 MiB at --limit 1M took 2 s, since the bucket was charged after each
// chunk and the first one went free. Paid before: 1 s each, 3 s for 3 MiB.
void TestSpeedLimit::everyChunkPaysBeforeItGoesTheFirstToo()
{
    LimiterRig rig(MiB);
    for (int chunk = 1; chunk <= 3; ++chunk) {
        QCOMPARE(rig.wait(MiB), Second);
        QVERIFY(rig.ok);
    }
    QCOMPARE(rig.now, 3 * Second);
    QCOMPARE(rig.sleeps, QList<qint64>(30, Tenth)); // re-checked every 100 ms
    QCOMPARE(rig.limiter.bytesCharged(), 3 * MiB);
}

// The burst allowance: an idle bucket holds a tenth of a second of credit, however long the
// idle time, so a chunk after 5 s of nothing waits 0.9 s of its 1 s, and small writes then
// go at once only while that credit lasts.
void TestSpeedLimit::idleTimeEarnsOneBurstAtMost()
{
    LimiterRig rig(MiB);
    QCOMPARE(rig.wait(MiB), Second);
    rig.now += 5 * Second; // the next file is opened, a question is answered
    QCOMPARE(rig.wait(MiB), 9 * Tenth);
    rig.now += 5 * Second;
    QCOMPARE(TokenBucket::BurstNs, Tenth);
    QCOMPARE(rig.wait(64 * KiB), qint64(0));    // 62.5 ms of the 100 ms credit
    QCOMPARE(rig.wait(64 * KiB), 25'000'000LL); // the other 37.5 ms, then 25 ms of waiting
    QCOMPARE(rig.limiter.bytesCharged(), 2 * MiB + 128 * KiB);
}

// A writer that spends 30 ms in write(2) after each wait loses nothing: the credit of that
// time (below the burst) pays the next chunk's start, so 1 MiB goes out each second.
void TestSpeedLimit::writeTimeIsNotLost()
{
    LimiterRig rig(MiB);
    for (int chunk = 1; chunk <= 3; ++chunk) {
        QCOMPARE(rig.wait(MiB), chunk == 1 ? Second : 970'000'000LL);
        QCOMPARE(rig.now, chunk * Second);
        rig.now += 30'000'000; // writing
    }
}

// Issue 13 (tester): after a resume one chunk went through free (the bucket had filled while
// paused). Paused in the middle of a chunk's wait, for 10 s: that chunk waits its whole
// second again after the resume, so the second of copying before the pause is not paid
// with paused time.
void TestSpeedLimit::aPausedWaitPaysAgainAfterTheResume()
{
    LimiterRig rig(MiB);
    rig.duringSleep = [&rig](int sleep) {
        if (sleep != 4)
            return;
        rig.control.pause();
        rig.now += 10 * Second;
        rig.control.resume();
    };
    QCOMPARE(rig.wait(MiB), 4 * Tenth + 10 * Second + Second);
    QCOMPARE(rig.sleeps.size(), 4 + 10);
    QCOMPARE(rig.limiter.bytesCharged(), MiB); // taken again, counted once
    QCOMPARE(rig.wait(MiB), Second);
}

// Paused between two chunks: the paused time earns no credit, not even the burst.
void TestSpeedLimit::aPauseBetweenChunksEarnsNothing()
{
    LimiterRig rig(MiB);
    QCOMPARE(rig.wait(MiB), Second);
    rig.control.pause();
    rig.now += 10 * Second;
    rig.control.resume();
    QCOMPARE(rig.wait(MiB), Second);
    QCOMPARE(rig.wait(MiB), Second);
}

// A wait that ends in a skip (or a cancel) writes nothing: the bytes are given back, and the
// next file pays only its own.
void TestSpeedLimit::aStoppedWaitGivesTheBytesBack()
{
    LimiterRig rig(MiB);
    bool skip = false;
    rig.duringSleep = [&skip](int sleep) { skip = sleep == 3; };
    QCOMPARE(rig.wait(MiB, [&skip] { return skip; }), 3 * Tenth);
    QVERIFY(rig.ok); // the caller notices its own stop
    QCOMPARE(rig.limiter.bytesCharged(), qint64(0));
    rig.duringSleep = {};
    // 0.3 s in which nothing was written: the burst's 0.1 s of credit, no debt.
    QCOMPARE(rig.wait(MiB), 9 * Tenth);

    rig.duringSleep = [&rig](int) { rig.control.cancel(); };
    QCOMPARE(rig.wait(MiB), Tenth);
    QVERIFY(!rig.ok);
    QCOMPARE(rig.limiter.bytesCharged(), MiB);
}

// The limit changed while a chunk waits: it is paid again at the new rate from that moment.
void TestSpeedLimit::aNewLimitTakesEffectInTheWait()
{
    LimiterRig rig(MiB);
    rig.duringSleep = [&rig](int sleep) {
        if (sleep == 2)
            rig.control.setSpeedLimit(4 * MiB);
    };
    QCOMPARE(rig.wait(MiB), 2 * Tenth + Second / 4);
    rig.duringSleep = {};
    rig.control.setSpeedLimit(0);
    QCOMPARE(rig.wait(GiB), qint64(0));
}

// The kernel engine's way: throttle() what a copy_file_range(2) call should move, charge()
// the difference after it. A file that grew moved 768 KiB more than expected: the next call
// waits for them.
void TestSpeedLimit::chargeAfterTheWriteMakesTheNextOneWait()
{
    LimiterRig rig(MiB);
    rig.now = 5 * Tenth; // the bucket started empty at 0.5 s: no credit, no debt
    QCOMPARE(rig.wait(0), qint64(0));
    rig.limiter.charge(768 * KiB); // 0.75 s of debt
    QCOMPARE(rig.limiter.bytesCharged(), 768 * KiB);
    QCOMPARE(rig.wait(0), 750'000'000LL);
    QCOMPARE(rig.sleeps,
             (QList<qint64>{Tenth, Tenth, Tenth, Tenth, Tenth, Tenth, Tenth, 50'000'000}));
    // A call that moved half of what it paid for gives the rest back: no debt then, and the
    // burst's tenth of a second of credit, as after idle time.
    QCOMPARE(rig.wait(MiB), Second);
    rig.limiter.charge(-MiB / 2);
    QCOMPARE(rig.wait(MiB / 2), 4 * Tenth);
    QCOMPARE(rig.limiter.bytesCharged(), 768 * KiB + MiB);
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
