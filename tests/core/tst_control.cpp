// Pause, resume, cancel and skip in the middle of a file, reached deterministically through
// the writer seam (IoHooks::beforeWrite), for both engines that move bytes.

#include "jobrunner.h"
#include "testtree.h"
#include "writergate.h"

#include <QSignalSpy>
#include <QTest>

using namespace Sluice;

namespace {

// A started job whose writer is held at `holdAt` bytes into every file whose destination
// ends with `file` (any file when empty), until the test opens the gate.
struct GatedJob
{
    GatedJob(const QList<QByteArray> &sources, const QByteArray &destination,
             const CopyOptions &options, qint64 holdAt, const QByteArray &file = {})
        : gate(holdAt, file)
        , job(CopyRequest{sources, destination}, options)
        , finished(&job, &CopyJob::finished)
    {
        job.setIoHooks(gate.hooks());
        job.start();
    }
    bool waitForGate() const { return gate.waitUntilReached(); }
    bool waitForFinished(int timeoutMs = 60000)
    {
        return QTest::qWaitFor([this] { return !finished.isEmpty(); }, timeoutMs);
    }
    CopyResult result() const { return finished.first().first().value<CopyResult>(); }

    WriterGate gate;
    CopyJob job;
    QSignalSpy finished;
};

CopyOptions optionsFor(Engine engine)
{
    CopyOptions options = JobRunner::quickOptions();
    options.engine = engine;
    options.smallFileWorkers = 1;
    return options;
}

} // namespace

class TestControl final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init();
    void pauseFreezesCountersAndResumeFinishes_data() { engines(); }
    void pauseFreezesCountersAndResumeFinishes();
    void cancelRemovesThePartFileAndKeepsFinishedFiles_data() { engines(); }
    void cancelRemovesThePartFileAndKeepsFinishedFiles();
    void skipMovesOnToTheNextFile_data() { engines(); }
    void skipMovesOnToTheNextFile();
    void cancelWhilePausedEndsTheJob();
    void finishedIsEmittedOnceEvenWhenCancelledTwice();
    void destroyingARunningJobCleansUp();

private:
    static void engines();
    std::unique_ptr<Scratch> m_scratch;
};

void TestControl::engines()
{
    QTest::addColumn<Engine>("engine");
    QTest::newRow("stream") << Engine::Stream;
    QTest::newRow("kernel") << Engine::Kernel;
}

void TestControl::init()
{
    m_scratch = std::make_unique<Scratch>();
    QVERIFY(TestTree::makePath(m_scratch->path("src")));
    QVERIFY(TestTree::makePath(m_scratch->path("out")));
    QVERIFY(TestTree::writePatternFile(m_scratch->path("src/a-small"), 1000, 1));
    QVERIFY(TestTree::writePatternFile(m_scratch->path("src/b-big"), 64 * MiB, 2));
    QVERIFY(TestTree::writePatternFile(m_scratch->path("src/c-after"), 3 * MiB, 3));
}

void TestControl::pauseFreezesCountersAndResumeFinishes()
{
    QFETCH(Engine, engine);
    GatedJob gated({m_scratch->path("src")}, m_scratch->path("out"), optionsFor(engine), 16 * MiB,
                   "b-big");
    QList<CopyProgress> samples;
    connect(&gated.job, &CopyJob::progressChanged, this,
            [&](const CopyProgress &progress) { samples << progress; });
    QVERIFY(gated.waitForGate());
    gated.job.suspend();
    QVERIFY(gated.job.isSuspended());
    gated.gate.open();
    // The held write goes through, then the writer stops at its pause point before the next
    // chunk: wait for a paused sample that counts the held write and shows the counters
    // settled (the reader parks after at most the chunk it was reading).
    const qint64 heldEnd = gated.gate.heldOffset() + gated.gate.heldLength();
    QTRY_VERIFY_WITH_TIMEOUT(JobRunner::settledWhilePaused(samples, heldEnd), 10000);
    // Then watch five more samples (the sampler keeps ticking while paused): nothing moves.
    const CopyProgress frozen = samples.constLast();
    const qsizetype before = samples.size();
    QTRY_VERIFY_WITH_TIMEOUT(samples.size() >= before + 5, 10000);
    QCOMPARE(gated.gate.writesAfterOpen(), 1); // only the held write went through
    for (qsizetype i = before; i < samples.size(); ++i) {
        const CopyProgress &sample = samples.at(i);
        QVERIFY(sample.paused);
        QCOMPARE(sample.bytesRead, frozen.bytesRead);
        QCOMPARE(sample.bytesWritten, frozen.bytesWritten);
        QCOMPARE(sample.bytesDone, frozen.bytesDone);
        QCOMPARE(sample.readRate, qint64(0));
        QCOMPARE(sample.writeRate, qint64(0));
    }
    QVERIFY(frozen.bytesWritten < 64 * MiB);
    gated.job.resume();
    QVERIFY(gated.waitForFinished());
    QCOMPARE(gated.result().status, CopyStatus::Succeeded);
    const QStringList differences =
        TestTree::compareTrees(m_scratch->path("src"), m_scratch->path("out/src"));
    QVERIFY2(differences.isEmpty(), qPrintable(differences.join(u'\n')));
}

void TestControl::cancelRemovesThePartFileAndKeepsFinishedFiles()
{
    QFETCH(Engine, engine);
    GatedJob gated({m_scratch->path("src")}, m_scratch->path("out"), optionsFor(engine), 32 * MiB,
                   "b-big");
    QVERIFY(gated.waitForGate());
    // The part file exists while the big file is being written...
    QCOMPARE(TestTree::findPartFiles(m_scratch->path("out")).size(), 1);
    gated.job.cancel();
    gated.gate.open();
    QVERIFY(gated.waitForFinished());
    QCOMPARE(gated.result().status, CopyStatus::Cancelled);
    // ...and is gone after cancel; the final name never appeared; finished files stay.
    QVERIFY(TestTree::findPartFiles(m_scratch->path("out")).isEmpty());
    QVERIFY(::access(m_scratch->path("out/src/b-big").constData(), F_OK) != 0);
    QVERIFY(::access(m_scratch->path("out/src/c-after").constData(), F_OK) != 0);
    QVERIFY(
        TestTree::compareTrees(m_scratch->path("src/a-small"), m_scratch->path("out/src/a-small"))
            .isEmpty());
    JobRunner::drainEvents();
    QCOMPARE(gated.finished.size(), 1);
}

void TestControl::skipMovesOnToTheNextFile()
{
    QFETCH(Engine, engine);
    GatedJob gated({m_scratch->path("src")}, m_scratch->path("out"), optionsFor(engine), 8 * MiB,
                   "b-big");
    QVERIFY(gated.waitForGate());
    gated.job.skipCurrent();
    gated.gate.open();
    QVERIFY(gated.waitForFinished());
    const CopyResult result = gated.result();
    QCOMPARE(result.status, CopyStatus::Succeeded);
    QCOMPARE(result.itemsSkipped, qint64(1));
    QCOMPARE(result.itemsCopied, qint64(3)); // folder, a-small, c-after
    QCOMPARE(result.bytesCopied, qint64(1000 + 3 * MiB));
    // The job's size stays what was planned: b-big's 64 MiB count as skipped by you, not
    // as a smaller job.
    QCOMPARE(result.bytesTotal, qint64(1000 + 64 * MiB + 3 * MiB));
    QCOMPARE(result.summary.planned, (ItemTally{4, 1000 + 64 * MiB + 3 * MiB}));
    QCOMPARE(result.summary.skippedByYou, (ItemTally{1, 64 * MiB}));
    QCOMPARE(result.summary.copied, (ItemTally{3, 1000 + 3 * MiB}));
    QCOMPARE(result.summary.skippedItems.size(), 1);
    QVERIFY(result.summary.skippedItems.first().path.endsWith("src/b-big"));
    QCOMPARE(result.summary.skippedItems.first().reasonText(), QStringLiteral("skipped by you"));
    QVERIFY(::access(m_scratch->path("out/src/b-big").constData(), F_OK) != 0);
    QVERIFY(TestTree::findPartFiles(m_scratch->path("out")).isEmpty());
    QVERIFY(
        TestTree::compareTrees(m_scratch->path("src/c-after"), m_scratch->path("out/src/c-after"))
            .isEmpty());
}

void TestControl::cancelWhilePausedEndsTheJob()
{
    GatedJob gated({m_scratch->path("src/b-big")}, m_scratch->path("out"),
                   optionsFor(Engine::Stream), 4 * MiB);
    QVERIFY(gated.waitForGate());
    gated.job.suspend();
    gated.gate.open();
    gated.job.cancel();
    QVERIFY(gated.waitForFinished(10000));
    QCOMPARE(gated.result().status, CopyStatus::Cancelled);
    QVERIFY(TestTree::findPartFiles(m_scratch->path("out")).isEmpty());
}

void TestControl::finishedIsEmittedOnceEvenWhenCancelledTwice()
{
    CopyJob job({{m_scratch->path("src")}, m_scratch->path("out")}, optionsFor(Engine::Auto));
    QSignalSpy finished(&job, &CopyJob::finished);
    QSignalSpy started(&job, &CopyJob::started);
    job.start();
    job.start(); // ignored
    job.cancel();
    job.cancel();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 10000);
    JobRunner::drainEvents();
    QCOMPARE(finished.size(), 1);
    QCOMPARE(started.size(), 1);
    QVERIFY(job.isFinished());
}

void TestControl::destroyingARunningJobCleansUp()
{
    {
        GatedJob gated({m_scratch->path("src/b-big")}, m_scratch->path("out"),
                       optionsFor(Engine::Stream), 4 * MiB);
        QVERIFY(gated.waitForGate());
        // Paused first, so the writer stops at its next chunk once past the gate; the
        // destructor then cancels and joins.
        gated.job.suspend();
        gated.gate.open();
    }
    QVERIFY(TestTree::findPartFiles(m_scratch->path("out")).isEmpty());
    QVERIFY(::access(m_scratch->path("out/b-big").constData(), F_OK) != 0);
}

QTEST_GUILESS_MAIN(TestControl)
#include "tst_control.moc"
