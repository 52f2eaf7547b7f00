// CopyJob::finished is emitted exactly once (KJob's testEmitAtMostOnce): for a job that
// succeeded, failed, was cancelled (mid-copy or at once, twice over) or could not start,
// with the event loop given every chance to deliver a second one — the job's threads have
// ended, everything queued has been delivered, late control calls were made, and the job
// was deleted through deleteLater(). A job that is never started never finishes.

#include "jobrunner.h"
#include "testtree.h"
#include "writergate.h"

#include <QPointer>
#include <QSignalSpy>
#include <QTest>
#include <QThread>

using namespace Sluice;

namespace {

enum class Ending : quint8 {
    Succeeded,
    Failed,
    CancelledMidCopy,
    CancelledAtOnce,
    CouldNotStart,
    CancelledBeforeStart,
};

} // namespace

Q_DECLARE_METATYPE(Ending)

class TestJobFinished final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init();
    void cleanup();
    void finishedIsEmittedExactlyOnce_data();
    void finishedIsEmittedExactlyOnce();
    void jobNeverStartedNeverFinishes();

private:
    std::unique_ptr<Scratch> m_scratch;
};

void TestJobFinished::init()
{
    m_scratch = std::make_unique<Scratch>();
    QVERIFY(TestTree::makePath(m_scratch->path("src")));
    QVERIFY(TestTree::makePath(m_scratch->path("out")));
    QVERIFY(TestTree::writePatternFile(m_scratch->path("src/a-small"), 1000, 1));
    QVERIFY(TestTree::writePatternFile(m_scratch->path("src/b-big"), 8 * MiB, 2));
}

void TestJobFinished::cleanup()
{
    m_scratch.reset();
}

void TestJobFinished::finishedIsEmittedExactlyOnce_data()
{
    QTest::addColumn<Ending>("ending");
    QTest::addColumn<CopyStatus>("status");
    QTest::addColumn<bool>("started");
    QTest::newRow("succeeded") << Ending::Succeeded << CopyStatus::Succeeded << true;
    QTest::newRow("failed") << Ending::Failed << CopyStatus::Failed << true;
    QTest::newRow("cancelled mid-copy")
        << Ending::CancelledMidCopy << CopyStatus::Cancelled << true;
    QTest::newRow("cancelled at once") << Ending::CancelledAtOnce << CopyStatus::Cancelled << true;
    QTest::newRow("could not start") << Ending::CouldNotStart << CopyStatus::Failed << false;
    QTest::newRow("cancelled before start")
        << Ending::CancelledBeforeStart << CopyStatus::Cancelled << false;
}

void TestJobFinished::finishedIsEmittedExactlyOnce()
{
    QFETCH(Ending, ending);
    QFETCH(CopyStatus, status);
    QFETCH(bool, started);

    CopyOptions options = JobRunner::quickOptions();
    options.smallFileWorkers = 1;
    if (ending == Ending::CouldNotStart)
        options.queueDepth = 0; // invalid: start() ends the job with a Failed result
    // Declared before the job, so that it outlives it (and opens when the test fails).
    WriterGate gate(ending == Ending::CancelledMidCopy ? 1 * MiB : 64 * MiB, "b-big");
    IoHooks hooks = gate.hooks();
    if (ending == Ending::Failed)
        hooks.beforeOpen = [](const QByteArray &source) {
            return source.endsWith("/a-small") ? EIO : 0;
        };

    auto *job = new CopyJob({{m_scratch->path("src")}, m_scratch->path("out")}, options);
    job->setIoHooks(hooks);
    QSignalSpy startedSpy(job, &CopyJob::started);
    QSignalSpy finished(job, &CopyJob::finished);
    QSignalSpy progress(job, &CopyJob::progressChanged);
    int finishedCount = 0;
    qsizetype progressAtFinish = -1;
    connect(job, &CopyJob::finished, this, [&] {
        ++finishedCount;
        progressAtFinish = progress.size();
        QVERIFY(job->isFinished());
        QVERIFY(!job->isRunning());
    });

    if (ending == Ending::CancelledBeforeStart)
        job->cancel();
    job->start();
    QCOMPARE(finished.size(), 0); // never from inside start()
    QCOMPARE(startedSpy.size(), 1);
    job->start(); // ignored
    if (ending == Ending::CancelledAtOnce) {
        job->cancel();
        job->cancel();
    } else if (ending == Ending::CancelledMidCopy) {
        QVERIFY(gate.waitUntilReached(30000));
        QVERIFY(job->isRunning());
        job->cancel();
        gate.open();
        job->cancel();
    }
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 60000);
    const auto result = finished.first().first().value<CopyResult>();
    QCOMPARE(result.status, status);
    QCOMPARE(result.started, started);
    if (ending == Ending::Failed) {
        QCOMPARE(result.itemsFailed, qint64(1));
        QCOMPARE(result.issues.first().errorCode, EIO);
    }
    if (ending == Ending::Succeeded)
        QCOMPARE(TestTree::readFile(m_scratch->path("out/src/b-big")),
                 TestTree::readFile(m_scratch->path("src/b-big")));
    if (ending == Ending::CancelledBeforeStart) // nothing was copied, not even the folder
        QCOMPARE(TestTree::countEntries(m_scratch->path("out")), qint64(0));

    // Every chance for a second one: the job's threads have ended, and everything they or
    // the job queued has been delivered.
    for (const QThread *thread : job->findChildren<QThread *>())
        QTRY_VERIFY_WITH_TIMEOUT(thread->isFinished(), 30000);
    JobRunner::drainEvents();
    QCOMPARE(finished.size(), 1);
    // Control calls after the end change nothing and finish nothing.
    job->start();
    job->suspend();
    job->resume();
    job->skipCurrent();
    job->cancel();
    QVERIFY(!job->answer(1, Decision::Skip));
    JobRunner::drainEvents();
    QCOMPARE(finished.size(), 1);
    QCOMPARE(startedSpy.size(), 1);
    // A last progressChanged() came before finished(), and none after it.
    QVERIFY(progressAtFinish >= 1);
    QCOMPARE(progress.size(), progressAtFinish);
    QCOMPARE(progress.constLast().first().value<CopyProgress>().phase, CopyPhase::Finished);
    // Deleting the finished job (the way a window lets go of it) emits nothing either.
    const QPointer<CopyJob> guard(job);
    job->deleteLater();
    JobRunner::drainEvents();
    QVERIFY(guard.isNull());
    QCOMPARE(finishedCount, 1);
    QCOMPARE(finished.size(), 1);
}

void TestJobFinished::jobNeverStartedNeverFinishes()
{
    // Nothing began, so nothing ends: no started(), no finished(), not even from the
    // destructor; cancel() before start() is a no-op, and no byte is written.
    auto *job =
        new CopyJob({{m_scratch->path("src")}, m_scratch->path("out")}, JobRunner::quickOptions());
    QSignalSpy startedSpy(job, &CopyJob::started);
    QSignalSpy finished(job, &CopyJob::finished);
    QSignalSpy progress(job, &CopyJob::progressChanged);
    job->cancel();
    job->suspend();
    QVERIFY(!job->isSuspended());
    QVERIFY(!job->isRunning());
    QVERIFY(!job->isFinished());
    QVERIFY(!job->answer(1, Decision::Skip));
    JobRunner::drainEvents();
    const QPointer<CopyJob> guard(job);
    job->deleteLater();
    JobRunner::drainEvents();
    QVERIFY(guard.isNull());
    QCOMPARE(startedSpy.size(), 0);
    QCOMPARE(finished.size(), 0);
    QCOMPARE(progress.size(), 0);
    QCOMPARE(TestTree::countEntries(m_scratch->path("out")), qint64(0));
}

QTEST_GUILESS_MAIN(TestJobFinished)
#include "tst_jobfinished.moc"
