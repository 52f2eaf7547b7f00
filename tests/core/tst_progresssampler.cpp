// The progress sampler on its injected clock (white-box): exact rates over the sliding
// window of active time, the ETA from the rate of logical progress, and paused time left
// out of both, while elapsed time keeps counting; the write rate capped by the speed limit,
// passed-over bytes out of the ETA, and a question holding the ETA.

#include "jobcontext.h"
#include "progresssampler.h"
#include "testprinters.h"

#include <QTest>

#include <memory>
#include <thread>

using namespace Sluice;

namespace {

constexpr qint64 Total = 10'000'000;

// A job's shared state and a sampler reading it on a clock the test sets.
struct Rig
{
    Rig()
        : job(std::make_shared<JobContext>(CopyOptions{}, IoHooks{}, [](const CopyQuestion &) {}))
        , sampler(job, [this] { return nowMs; })
    {
        job->counters.setPhase(CopyPhase::Copying);
        job->counters.bytesTotal = Total;
    }
    // Sets the clock and the counters, then takes one sample. @p done counts as reached by
    // copying, plus @p passedOver bytes of skipped items.
    CopyProgress sampleAt(qint64 ms, qint64 read, qint64 written, qint64 done,
                          qint64 passedOver = 0)
    {
        nowMs = ms;
        job->counters.bytesRead = read;
        job->counters.bytesWritten = written;
        job->counters.bytesWorked = done;
        job->counters.bytesDone = done + passedOver;
        return sampler.sample();
    }

    qint64 nowMs = 0;
    std::shared_ptr<JobContext> job;
    ProgressSampler sampler;
};

} // namespace

class TestProgressSampler final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void firstSampleHasNoRateNorEta();
    void ratesAndEtaAreExact();
    void pausedTimeIsExcludedFromRatesAndEta();
    void windowSlidesOverActiveTime();
    void ratesOnlyWhileCopyingAndEtaZeroWhenFinished();
    void writeRateNeverExceedsTheLimitFirstAndAfterResume();
    void passedOverBytesLeaveTheEtaAtOnce();
    void questionHoldsTheEtaWhileElapsedCounts();
    void movingTimeLeavesOutPausesAndScanning();
    void movingTimeLeavesOutSkipsAndCountsOnlyDataMoves();
};

void TestProgressSampler::firstSampleHasNoRateNorEta()
{
    Rig rig;
    const CopyProgress first = rig.sampleAt(5000, 1000, 1000, 1000);
    QCOMPARE(first.phase, CopyPhase::Copying);
    QCOMPARE(first.bytesRead, qint64(1000));
    QCOMPARE(first.bytesTotal, Total);
    QCOMPARE(first.readRate, qint64(0));
    QCOMPARE(first.writeRate, qint64(0));
    QCOMPARE(first.etaMs, qint64(-1));
    QCOMPARE(first.elapsedMs, qint64(0)); // the clock starts at the first sample
    QVERIFY(!first.paused);
}

void TestProgressSampler::ratesAndEtaAreExact()
{
    Rig rig;
    rig.sampleAt(1000, 0, 0, 0);
    const CopyProgress one = rig.sampleAt(2000, 3'000'000, 2'000'000, 2'000'000);
    QCOMPARE(one.readRate, qint64(3'000'000));
    QCOMPARE(one.writeRate, qint64(2'000'000));
    QCOMPARE(one.etaMs, qint64(4000)); // 8 MB left at 2 MB/s
    QCOMPARE(one.elapsedMs, qint64(1000));

    // Read ahead of the logical progress: the ETA follows bytesDone, not bytesRead.
    const CopyProgress two = rig.sampleAt(2500, 4'000'000, 2'500'000, 2'500'000);
    QCOMPARE(two.readRate, qint64(2'666'666)); // 4 MB in 1.5 s
    QCOMPARE(two.writeRate, qint64(1'666'666));
    QCOMPARE(two.etaMs, qint64(4500)); // 7.5 MB left at 1.666666 MB/s
    QCOMPARE(two.elapsedMs, qint64(1500));
}

void TestProgressSampler::pausedTimeIsExcludedFromRatesAndEta()
{
    Rig rig;
    rig.sampleAt(0, 0, 0, 0);
    QCOMPARE(rig.sampleAt(1000, 3'000'000, 2'000'000, 2'000'000).readRate, qint64(3'000'000));

    // Five seconds of pause: samples keep coming, with rates 0 and no ETA, and counters
    // where they stood; only the elapsed time moves.
    rig.job->control.pause();
    for (const qint64 ms : {2000, 4000, 6000}) {
        const CopyProgress paused = rig.sampleAt(ms, 3'000'000, 2'000'000, 2'000'000);
        QVERIFY(paused.paused);
        QCOMPARE(paused.readRate, qint64(0));
        QCOMPARE(paused.writeRate, qint64(0));
        QCOMPARE(paused.etaMs, qint64(-1));
        QCOMPARE(paused.bytesDone, qint64(2'000'000));
        QCOMPARE(paused.elapsedMs, ms);
    }
    rig.job->control.resume();

    // One more active second: 2 s of active time in all. Counting the pause, the read
    // rate would be 5 MB / 7 s = 714285 B/s; without it, 5 MB / 2 s.
    const CopyProgress resumed = rig.sampleAt(7000, 5'000'000, 4'000'000, 4'000'000);
    QVERIFY(!resumed.paused);
    QCOMPARE(resumed.readRate, qint64(2'500'000));
    QCOMPARE(resumed.writeRate, qint64(2'000'000));
    QCOMPARE(resumed.etaMs, qint64(3000)); // 6 MB left at 2 MB/s
    QCOMPARE(resumed.elapsedMs, qint64(7000));
}

void TestProgressSampler::windowSlidesOverActiveTime()
{
    // 2 s window: the sample at 0 leaves it once a sample two active seconds later exists.
    Rig rig;
    rig.sampleAt(0, 0, 0, 0);
    rig.sampleAt(1000, 3'000'000, 2'000'000, 2'000'000);
    rig.job->control.pause();
    rig.sampleAt(30'000, 3'000'000, 2'000'000, 2'000'000); // paused: no active time
    rig.job->control.resume();
    rig.sampleAt(31'000, 5'000'000, 4'000'000, 4'000'000); // active 2000
    const CopyProgress slid = rig.sampleAt(32'000, 6'000'000, 6'000'000, 6'000'000);
    // Window from active 1000 to 3000: read 3 MB, wrote 4 MB, 4 MB done, in 2 s.
    QCOMPARE(slid.readRate, qint64(1'500'000));
    QCOMPARE(slid.writeRate, qint64(2'000'000));
    QCOMPARE(slid.etaMs, qint64(2000)); // 4 MB left at 2 MB/s
    QCOMPARE(slid.elapsedMs, qint64(32'000));
}

void TestProgressSampler::ratesOnlyWhileCopyingAndEtaZeroWhenFinished()
{
    Rig rig;
    rig.job->counters.setPhase(CopyPhase::Scanning);
    rig.sampleAt(0, 0, 0, 0);
    const CopyProgress scanning = rig.sampleAt(1000, 1'000'000, 1'000'000, 1'000'000);
    QCOMPARE(scanning.phase, CopyPhase::Scanning);
    QCOMPARE(scanning.readRate, qint64(0));
    QCOMPARE(scanning.etaMs, qint64(-1));

    rig.job->counters.setPhase(CopyPhase::Copying);
    const CopyProgress copying = rig.sampleAt(2000, 2'000'000, 2'000'000, 2'000'000);
    QCOMPARE(copying.readRate, qint64(1'000'000)); // the meters kept their earlier samples
    QCOMPARE(copying.etaMs, qint64(8000));

    rig.job->counters.setPhase(CopyPhase::Finished);
    const CopyProgress finished = rig.sampleAt(3000, Total, Total, Total);
    QCOMPARE(finished.phase, CopyPhase::Finished);
    QCOMPARE(finished.readRate, qint64(0));
    QCOMPARE(finished.etaMs, qint64(0));
    QCOMPARE(finished.bytesDone, Total);
    QCOMPARE(finished.perMille(), 1000);
}

void TestProgressSampler::writeRateNeverExceedsTheLimitFirstAndAfterResume()
{
    constexpr qint64 Limit = 1'000'000;
    Rig rig;
    rig.job->control.setSpeedLimit(Limit);
    rig.sampleAt(0, 0, 0, 0);
    // The first chunk goes at once: 1 MiB in the first 100 ms would read as 10 MiB/s.
    const CopyProgress first = rig.sampleAt(100, 2 * MiB, MiB, MiB);
    QCOMPARE(first.writeRate, Limit);
    QCOMPARE(first.readRate, qint64(2 * MiB * 10)); // the reader is not limited

    const CopyProgress steady = rig.sampleAt(2100, 3 * MiB, 2 * MiB, 2 * MiB);
    QVERIFY2(steady.writeRate <= Limit, qPrintable(QString::number(steady.writeRate)));

    // A chunk finished while pausing lands in no active time; the next one goes at resume.
    rig.job->control.pause();
    rig.sampleAt(3000, 4 * MiB, 3 * MiB, 3 * MiB);
    rig.sampleAt(9000, 4 * MiB, 3 * MiB + MiB / 2, 3 * MiB + MiB / 2);
    rig.job->control.resume();
    const CopyProgress resumed = rig.sampleAt(9100, 5 * MiB, 4 * MiB + MiB / 2, 4 * MiB);
    QVERIFY(!resumed.paused);
    QCOMPARE(resumed.writeRate, Limit);
    const CopyProgress later = rig.sampleAt(9200, 5 * MiB, 4 * MiB + MiB / 2, 4 * MiB);
    QVERIFY2(later.writeRate <= Limit, qPrintable(QString::number(later.writeRate)));

    // No limit: the same figures are shown as they are.
    rig.job->control.setSpeedLimit(0);
    QVERIFY(rig.sampleAt(9300, 5 * MiB, 6 * MiB, 5 * MiB).writeRate > Limit);
}

void TestProgressSampler::passedOverBytesLeaveTheEtaAtOnce()
{
    Rig rig;
    rig.sampleAt(0, 0, 0, 0, 5'000'000); // the collision policy skips 5 MB at plan time
    const CopyProgress one = rig.sampleAt(1000, 1'000'000, 1'000'000, 1'000'000, 5'000'000);
    QCOMPARE(one.bytesDone, qint64(6'000'000));
    QCOMPARE(one.etaMs, qint64(4000)); // 4 MB left at 1 MB/s, not 9 MB
    // A skip met while copying: its 3 MB are done at once, and do not speed up the rate.
    const CopyProgress two = rig.sampleAt(2000, 2'000'000, 2'000'000, 2'000'000, 8'000'000);
    QCOMPARE(two.bytesDone, Total);
    QCOMPARE(two.etaMs, qint64(0));
}

void TestProgressSampler::questionHoldsTheEtaWhileElapsedCounts()
{
    Rig rig;
    rig.sampleAt(0, 0, 0, 0);
    const CopyProgress before = rig.sampleAt(1000, 2'000'000, 2'000'000, 2'000'000);
    QCOMPARE(before.etaMs, qint64(4000));

    CopyQuestion question;
    question.kind = QuestionKind::Collision;
    QuestionAnswer answer;
    std::thread asker([&] { answer = rig.job->broker.ask(question); });
    QTRY_VERIFY(rig.job->broker.isAsking());
    for (const qint64 ms : {2000, 5000, 9000}) {
        const CopyProgress waiting = rig.sampleAt(ms, 2'000'000, 2'000'000, 2'000'000);
        QVERIFY(waiting.waiting);
        QCOMPARE(waiting.etaMs, qint64(4000)); // held, not counting down, not unknown
        QCOMPARE(waiting.writeRate, qint64(0));
        QCOMPARE(waiting.elapsedMs, ms);
    }
    QVERIFY(rig.job->broker.answer(1, {Decision::Skip, false, {}}));
    asker.join();
    QCOMPARE(answer.decision, Decision::Skip);
    // One more active second: 2 s of moving in all, the 8 s of waiting left out.
    const CopyProgress after = rig.sampleAt(10'000, 4'000'000, 4'000'000, 4'000'000);
    QVERIFY(!after.waiting);
    QCOMPARE(after.writeRate, qint64(2'000'000));
    QCOMPARE(after.etaMs, qint64(3000));
    QCOMPARE(after.movingMs, qint64(2000));
    QCOMPARE(after.elapsedMs, qint64(10'000));
}

void TestProgressSampler::movingTimeLeavesOutPausesAndScanning()
{
    Rig rig;
    rig.job->counters.setPhase(CopyPhase::Scanning);
    rig.sampleAt(0, 0, 0, 0);
    rig.sampleAt(3000, 0, 0, 0); // 3 s of scanning: not moving
    rig.job->counters.setPhase(CopyPhase::Copying);
    rig.sampleAt(4000, MiB, MiB, MiB);
    // Paused and resumed between two samples (Ctrl+Z, then fg): that interval is left out.
    rig.job->control.pause();
    rig.job->control.resume();
    rig.sampleAt(60'000, MiB, MiB, MiB);
    rig.job->counters.setPhase(CopyPhase::Flushing);
    rig.sampleAt(60'500, 2 * MiB, 2 * MiB, 2 * MiB);
    rig.job->counters.setPhase(CopyPhase::Finished);
    const CopyProgress last = rig.sampleAt(60'600, 2 * MiB, 2 * MiB, 2 * MiB);
    QCOMPARE(last.movingMs, qint64(1000 + 500 + 100));
    QCOMPARE(last.elapsedMs, qint64(60'600));
}

// Issue 13: 20,000 files skipped by the collision policy, then one 2 MiB file written at the
// speed limit (1 MiB/s, one 1 MiB chunk a second: intervals without a byte written in the
// middle of the file). Moving time is the file's two seconds and the last interval, not the
// 13 s of skipping; elapsed counts it all.
void TestProgressSampler::movingTimeLeavesOutSkipsAndCountsOnlyDataMoves()
{
    Rig rig;
    ProgressCounters &counters = rig.job->counters;
    rig.sampleAt(0, 0, 0, 0);
    qint64 ms = 0;
    for (int skipped = 1'000; skipped <= 20'000; skipped += 1'000) { // 13 s of collision checks
        counters.itemsSkipped = skipped;
        ms += 650;
        QCOMPARE(rig.sampleAt(ms, 0, 0, 0, skipped).movingMs, qint64(0));
    }
    QCOMPARE(ms, qint64(13'000));

    // The file: its data move begins, a chunk each second at the limit.
    counters.beginDataMove();
    qint64 written = 0;
    for (int tick = 1; tick <= 20; ++tick) { // 100 ms each
        if (tick == 10 || tick == 20)
            written += MiB;
        ms += 100;
        rig.sampleAt(ms, 2 * MiB, written, written, 20'000);
    }
    counters.endDataMove();
    // Its data move ended just after that sample: the next interval still counts once.
    ms += 100;
    QCOMPARE(rig.sampleAt(ms, 2 * MiB, 2 * MiB, 2 * MiB, 20'000).movingMs, qint64(2100));
    // Folder times set afterwards: not moving.
    ms += 400;
    QCOMPARE(rig.sampleAt(ms, 2 * MiB, 2 * MiB, 2 * MiB, 20'000).movingMs, qint64(2100));

    // A small file whose data move began and ended between two samples: that interval counts.
    counters.beginDataMove();
    counters.endDataMove();
    ms += 100;
    QCOMPARE(rig.sampleAt(ms, 2 * MiB, 2 * MiB, 2 * MiB, 20'000).movingMs, qint64(2200));

    counters.setPhase(CopyPhase::Finished);
    ms += 50;
    const CopyProgress last = rig.sampleAt(ms, 2 * MiB, 2 * MiB, 2 * MiB, 20'000);
    QCOMPARE(last.movingMs, qint64(2250));
    QCOMPARE(last.elapsedMs, qint64(13'000 + 2'000 + 100 + 400 + 100 + 50));
}

QTEST_GUILESS_MAIN(TestProgressSampler)
#include "tst_progresssampler.moc"
