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
    void movingTimeEndsWithTheLastByte();
    void movingTimeCountsTheLastIntervalsBytes();
    void rateStartsAgainAfterAnAnswer();
    void rateStartsAgainAfterResume();
    void noEtaUntilTheRateIsKnown();
    void otherThreadsCopyingWhileAQuestionIsOpenCount();
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

    // The interval in which it resumed is not active; then one more active second. Counting
    // the pause, the read rate would be 5 MB / 7.1 s = 704225 B/s; without it, what moved
    // in that second: 2 MB / 1 s (the window starts again after the pause).
    QCOMPARE(rig.sampleAt(6100, 3'000'000, 2'000'000, 2'000'000).readRate, qint64(0));
    const CopyProgress resumed = rig.sampleAt(7100, 5'000'000, 4'000'000, 4'000'000);
    QVERIFY(!resumed.paused);
    QCOMPARE(resumed.readRate, qint64(2'000'000));
    QCOMPARE(resumed.writeRate, qint64(2'000'000));
    QCOMPARE(resumed.etaMs, qint64(3000)); // 6 MB left at 2 MB/s
    QCOMPARE(resumed.elapsedMs, qint64(7100));
    QCOMPARE(resumed.movingMs, qint64(2000));
}

void TestProgressSampler::windowSlidesOverActiveTime()
{
    // 2 s window: the sample at 0 leaves it once a sample two active seconds later exists.
    Rig rig;
    rig.sampleAt(0, 0, 0, 0);
    rig.sampleAt(1000, 3'000'000, 2'000'000, 2'000'000);
    rig.sampleAt(2000, 5'000'000, 4'000'000, 4'000'000);
    const CopyProgress slid = rig.sampleAt(3000, 6'000'000, 6'000'000, 6'000'000);
    // Window from 1000 to 3000: read 3 MB, wrote 4 MB, 4 MB done, in 2 s.
    QCOMPARE(slid.readRate, qint64(1'500'000));
    QCOMPARE(slid.writeRate, qint64(2'000'000));
    QCOMPARE(slid.etaMs, qint64(2000)); // 4 MB left at 2 MB/s
    QCOMPARE(slid.elapsedMs, qint64(3000));
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

    // A chunk finished while pausing lands in no active time; the next one goes at resume,
    // in the first active interval after it: 1 MiB in 100 ms, shown as the limit.
    rig.job->control.pause();
    rig.sampleAt(3000, 4 * MiB, 3 * MiB, 3 * MiB);
    rig.sampleAt(9000, 4 * MiB, 3 * MiB + MiB / 2, 3 * MiB + MiB / 2);
    rig.job->control.resume();
    const CopyProgress resumed = rig.sampleAt(9100, 4 * MiB, 3 * MiB + MiB / 2, 3 * MiB + MiB / 2);
    QVERIFY(!resumed.paused);
    QCOMPARE(resumed.writeRate, qint64(0));
    const CopyProgress chunk = rig.sampleAt(9200, 5 * MiB, 4 * MiB + MiB / 2, 4 * MiB);
    QCOMPARE(chunk.writeRate, Limit);
    const CopyProgress later = rig.sampleAt(9300, 5 * MiB, 4 * MiB + MiB / 2, 4 * MiB);
    QVERIFY2(later.writeRate <= Limit, qPrintable(QString::number(later.writeRate)));

    // No limit: the same figures are shown as they are.
    rig.job->control.setSpeedLimit(0);
    QVERIFY(rig.sampleAt(9400, 5 * MiB, 6 * MiB, 5 * MiB).writeRate > Limit);
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
    // The interval in which it was answered, then one more active second: 2 s of moving in
    // all, the 8.1 s of waiting left out.
    const CopyProgress answered = rig.sampleAt(9100, 2'000'000, 2'000'000, 2'000'000);
    QVERIFY(!answered.waiting);
    QCOMPARE(answered.etaMs, qint64(-1)); // the rate is not known again yet
    const CopyProgress after = rig.sampleAt(10'100, 4'000'000, 4'000'000, 4'000'000);
    QVERIFY(!after.waiting);
    QCOMPARE(after.writeRate, qint64(2'000'000));
    QCOMPARE(after.etaMs, qint64(3000));
    QCOMPARE(after.movingMs, qint64(2000));
    QCOMPARE(after.elapsedMs, qint64(10'100));
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
    rig.sampleAt(60'000, 2 * MiB, 2 * MiB, 2 * MiB);
    rig.job->counters.setPhase(CopyPhase::Flushing);
    rig.sampleAt(60'500, 2 * MiB, 2 * MiB, 2 * MiB);
    rig.job->counters.setPhase(CopyPhase::Finished);
    const CopyProgress last = rig.sampleAt(60'600, 2 * MiB, 2 * MiB, 2 * MiB);
    QCOMPARE(last.movingMs, qint64(1000)); // the final sync and finishing are not moving
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
    // Its data move ended just after its last byte: the interval after it moved nothing.
    ms += 100;
    QCOMPARE(rig.sampleAt(ms, 2 * MiB, 2 * MiB, 2 * MiB, 20'000).movingMs, qint64(2000));
    // Folder times set afterwards: not moving.
    ms += 400;
    QCOMPARE(rig.sampleAt(ms, 2 * MiB, 2 * MiB, 2 * MiB, 20'000).movingMs, qint64(2000));

    // A small file whose data move began and ended between two samples: that interval counts.
    counters.beginDataMove();
    counters.endDataMove();
    ms += 100;
    QCOMPARE(rig.sampleAt(ms, 2 * MiB + 4096, 2 * MiB + 4096, 2 * MiB + 4096, 20'000).movingMs,
             qint64(2100));

    counters.setPhase(CopyPhase::Finished);
    ms += 50;
    const CopyProgress last =
        rig.sampleAt(ms, 2 * MiB + 4096, 2 * MiB + 4096, 2 * MiB + 4096, 20'000);
    QCOMPARE(last.movingMs, qint64(2100));
    QCOMPARE(last.elapsedMs, qint64(13'000 + 2'000 + 100 + 400 + 100 + 50));
}

// Issue 13 (tester): 3 MiB at --speed-limit 1M, one 1 MiB chunk a second, then 1.2 s of
// final sync. Moving time stops at the last byte (2 s): the average is the limit, not
// 3 MiB over 3.2 s; elapsed counts it all.
void TestProgressSampler::movingTimeEndsWithTheLastByte()
{
    Rig rig;
    ProgressCounters &counters = rig.job->counters;
    rig.sampleAt(0, 0, 0, 0);
    counters.beginDataMove();
    qint64 ms = 0;
    qint64 written = 0;
    for (int tick = 1; tick <= 20; ++tick) { // the chunks land at 0.1 s, 1.0 s and 2.0 s
        if (tick == 1 || tick == 10 || tick == 20)
            written += MiB;
        ms += 100;
        QCOMPARE(rig.sampleAt(ms, written, written, written).movingMs, qint64(tick < 10   ? 100
                                                                              : tick < 20 ? 1000
                                                                                          : 2000));
    }
    // The writer waits for the last chunk's completion, then the move ends.
    for (int tick = 0; tick < 3; ++tick)
        QCOMPARE(rig.sampleAt(ms += 100, written, written, written).movingMs, qint64(2000));
    counters.endDataMove();
    counters.setPhase(CopyPhase::Flushing);
    for (int tick = 0; tick < 12; ++tick)
        QCOMPARE(rig.sampleAt(ms += 100, written, written, written).movingMs, qint64(2000));
    counters.setPhase(CopyPhase::Finished);
    const CopyProgress last = rig.sampleAt(ms += 100, written, written, written);
    QCOMPARE(last.movingMs, qint64(2000));
    QCOMPARE(last.elapsedMs, qint64(3600));
}

// Issue 13 (tester): three files skipped at the collision question, then 3 MiB copied at
// once, summed up as "Transfer time: 0:00": the bytes moved in the interval that ended with
// the final sample, taken when the job was already Finished (or Flushing). An interval in
// which bytes moved counts whatever the phase at its end.
void TestProgressSampler::movingTimeCountsTheLastIntervalsBytes()
{
    Rig rig;
    ProgressCounters &counters = rig.job->counters;
    rig.sampleAt(0, 0, 0, 0);
    rig.sampleAt(100, 0, 0, 0); // collision checks: not moving
    counters.beginDataMove();
    counters.endDataMove();
    counters.setPhase(CopyPhase::Finished);
    const CopyProgress last = rig.sampleAt(140, 3 * MiB, 3 * MiB, 3 * MiB);
    QCOMPARE(last.movingMs, qint64(40));
    QCOMPARE(last.elapsedMs, qint64(140));

    Rig flushed;
    flushed.sampleAt(0, 0, 0, 0);
    flushed.job->counters.setPhase(CopyPhase::Flushing);
    QCOMPARE(flushed.sampleAt(60, MiB, MiB, MiB).movingMs, qint64(60));
    QCOMPARE(flushed.sampleAt(160, MiB, MiB, MiB).movingMs, qint64(60)); // the sync: not moving
}

// Issue 13 (tester): after a 20 s question the bar showed the rate from before it, decaying
// over the window while no byte moved. The rates start again after the answer: 0 until
// bytes move, then only what moved since.
void TestProgressSampler::rateStartsAgainAfterAnAnswer()
{
    Rig rig;
    rig.sampleAt(0, 0, 0, 0);
    QCOMPARE(rig.sampleAt(1000, 2'000'000, 2'000'000, 2'000'000).writeRate, qint64(2'000'000));
    CopyQuestion question;
    question.kind = QuestionKind::Collision;
    std::thread asker([&] { rig.job->broker.ask(question); });
    QTRY_VERIFY(rig.job->broker.isAsking());
    QCOMPARE(rig.sampleAt(21'000, 2'000'000, 2'000'000, 2'000'000).writeRate, qint64(0));
    QVERIFY(rig.job->broker.answer(1, {Decision::Skip, false, {}}));
    asker.join();
    for (const qint64 ms : {21'100, 21'500}) { // no byte moved yet
        const CopyProgress idle = rig.sampleAt(ms, 2'000'000, 2'000'000, 2'000'000);
        QVERIFY(!idle.waiting);
        QCOMPARE(idle.readRate, qint64(0));
        QCOMPARE(idle.writeRate, qint64(0));
        QCOMPARE(idle.etaMs, qint64(-1)); // not the 4 s from before the question
    }
    const CopyProgress moving = rig.sampleAt(22'100, 2'300'000, 2'200'000, 2'200'000);
    QCOMPARE(moving.readRate, qint64(300'000)); // 0.3 MB in the second since the answer
    QCOMPARE(moving.writeRate, qint64(200'000));
    QCOMPARE(moving.etaMs, qint64(39'000)); // 7.8 MB left at 0.2 MB/s
}

// Issue 13 (tester): the first record after SIGCONT repeated the rate and ETA from before
// the pause.
void TestProgressSampler::rateStartsAgainAfterResume()
{
    Rig rig;
    rig.sampleAt(0, 0, 0, 0);
    const CopyProgress before = rig.sampleAt(1000, 4'000'000, 4'000'000, 4'000'000);
    QCOMPARE(before.writeRate, qint64(4'000'000));
    QCOMPARE(before.etaMs, qint64(1500));
    rig.job->control.pause();
    rig.sampleAt(1100, 4'000'000, 4'000'000, 4'000'000);
    rig.job->control.resume(); // SIGCONT between two samples
    const CopyProgress resumed = rig.sampleAt(9000, 4'000'000, 4'000'000, 4'000'000);
    QVERIFY(!resumed.paused);
    QCOMPARE(resumed.writeRate, qint64(0));
    QCOMPARE(resumed.etaMs, qint64(-1));
    const CopyProgress next = rig.sampleAt(9100, 4'100'000, 4'100'000, 4'100'000);
    QCOMPARE(next.writeRate, qint64(1'000'000)); // 0.1 MB in 100 ms, nothing from before
    QCOMPARE(next.etaMs, qint64(-1));            // a 100 ms window: not known yet
    const CopyProgress known = rig.sampleAt(10'000, 5'000'000, 5'000'000, 5'000'000);
    QCOMPARE(known.writeRate, qint64(1'000'000));
    QCOMPARE(known.etaMs, qint64(5000)); // 5 MB left at 1 MB/s
}

// Issue 13 (tester): the first etaMs samples were 900 and 1800 ms with 4.5 s left (the first
// chunk goes at once). The ETA stays unknown until the window spans a second, and divides
// by no more than the speed limit.
void TestProgressSampler::noEtaUntilTheRateIsKnown()
{
    constexpr qint64 Limit = 1'000'000;
    Rig rig;
    rig.job->control.setSpeedLimit(Limit);
    rig.sampleAt(0, 0, 0, 0);
    for (const qint64 ms : {100, 500, 900})
        QCOMPARE(rig.sampleAt(ms, MiB, MiB, MiB).etaMs, qint64(-1));
    const CopyProgress known = rig.sampleAt(1000, 2 * MiB, 2 * MiB, 2 * MiB);
    QCOMPARE(known.writeRate, Limit);
    QCOMPARE(known.etaMs, qint64(7902)); // 7,902,848 bytes left at 1 MB/s
}

// Issue 13 (tester): while a question was open other threads went on copying, but the bytes
// stood still, the rate said 0, and the time was left out of moving time: a big file finished
// during the wait, and the average came out as 3.6 MiB/s at --limit 1M. Here a file moves at
// 1 MiB/s (a 1 MiB chunk each second) from 0 to 3 s, a question is open from 1.05 s to 5 s:
// the intervals in which it moved count, with their bytes and rate; those after its last
// byte do not; the ETA stands still while the question is open.
void TestProgressSampler::otherThreadsCopyingWhileAQuestionIsOpenCount()
{
    Rig rig;
    ProgressCounters &counters = rig.job->counters;
    rig.sampleAt(0, 0, 0, 0);
    counters.beginDataMove();
    qint64 ms = 0;
    qint64 written = 0;
    const auto tick = [&] { // 100 ms; the chunks land at 1 s, 2 s and 3 s
        ms += 100;
        if (ms % 1000 == 0 && written < 3 * MiB)
            written += MiB;
        if (ms == 3000)
            counters.endDataMove(); // the file's last byte
        return rig.sampleAt(ms, written, written, written);
    };
    while (ms < 1000)
        tick();
    const CopyProgress before = rig.sampleAt(ms, written, written, written);
    const qint64 eta = (Total - MiB) * 1000 / MiB;
    QCOMPARE(before.etaMs, eta);

    CopyQuestion question;
    question.kind = QuestionKind::Collision;
    std::thread asker([&] { rig.job->broker.ask(question); });
    QTRY_VERIFY(rig.job->broker.isAsking());
    while (ms < 3000) {
        const CopyProgress waiting = tick();
        QVERIFY(waiting.waiting);
        QCOMPARE(waiting.bytesWritten, written);
        QCOMPARE(waiting.movingMs, ms - ms % 1000); // the time between chunks once one lands
        QCOMPARE(waiting.elapsedMs, ms);
        QCOMPARE(waiting.etaMs, eta); // stopped while the question is open
        if (ms >= 2000)               // a window of 2 s: the file's rate, not 0
            QCOMPARE(waiting.writeRate, MiB);
    }
    while (ms < 5000) { // nothing moves: left out, rate 0
        const CopyProgress waiting = tick();
        QVERIFY(waiting.waiting);
        QCOMPARE(waiting.movingMs, qint64(3000));
        QCOMPARE(waiting.writeRate, qint64(0));
        QCOMPARE(waiting.bytesWritten, 3 * MiB);
    }
    QVERIFY(rig.job->broker.answer(1, {Decision::Skip, false, {}}));
    asker.join();
    counters.setPhase(CopyPhase::Finished);
    const CopyProgress last = tick();
    QCOMPARE(last.movingMs, qint64(3000));
    QCOMPARE(last.elapsedMs, qint64(5100));
    QCOMPARE(last.bytesWritten * 1000 / last.movingMs, MiB); // the average: the file's rate
}

QTEST_GUILESS_MAIN(TestProgressSampler)
#include "tst_progresssampler.moc"
