// The end of a copy in figures (issue 13): one job with a file skipped by the person, files
// skipped by the collision policy, a file skipped after an error and folders merged into,
// each fate counted apart in items and bytes, every skipped item listed with its reason, the
// job's size staying what was planned, and the policy's skips leaving the remaining bytes
// before the copy reaches them.

#include "jobrunner.h"
#include "testtree.h"
#include "writergate.h"

#include <QTest>

#include <cerrno>

using namespace Sluice;

namespace {

constexpr qint64 BigSize = 32 * MiB;
constexpr qint64 HoldAt = 8 * MiB;
constexpr qint64 PlannedBytes = 1000 + BigSize + 2000 + 3000 + 4000 + 5000;

const SkippedItem *findSkipped(const CopySummary &summary, const QByteArray &suffix)
{
    for (const SkippedItem &item : summary.skippedItems) {
        if (item.path.endsWith(suffix))
            return &item;
    }
    return nullptr;
}

} // namespace

class TestSummary final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void everyFateIsCountedApartInItemsAndBytes();
    void aJobOfOnlyPolicySkipsListsThemAll();
};

void TestSummary::everyFateIsCountedApartInItemsAndBytes()
{
    Scratch scratch;
    // src/ and src/sub/ exist at the destination: merged. d-exists and sub/e-exists exist
    // there: skipped by the policy. b-big is skipped by the person in the middle, c-locked
    // cannot be opened (EACCES through the seam: root reads everything) and is skipped by
    // the error policy; a-new and sub/f-new are copied.
    QVERIFY(TestTree::makePath(scratch.path("src/sub")));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/a-new"), 1000, 1));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/b-big"), BigSize, 2));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/c-locked"), 2000, 3));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/d-exists"), 3000, 4));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/sub/e-exists"), 4000, 5));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/sub/f-new"), 5000, 6));
    QVERIFY(TestTree::makePath(scratch.path("out/src/sub")));
    QVERIFY(TestTree::writeFile(scratch.path("out/src/d-exists"), "old d"));
    QVERIFY(TestTree::writeFile(scratch.path("out/src/sub/e-exists"), "old e"));

    WriterGate gate(HoldAt, "b-big");
    IoHooks hooks = gate.hooks();
    hooks.beforeOpen = [](const QByteArray &source) {
        return source.endsWith("/c-locked") ? EACCES : 0;
    };
    CopyOptions options = JobRunner::quickOptions();
    options.onCollision = CollisionPolicy::Skip;
    options.onError = ErrorPolicy::Skip;
    options.smallFileWorkers = 1; // plan order: a-new is done before b-big is held
    options.engine = Engine::Stream;

    int heldSamples = 0;
    qint64 doneWhileHeld = -1;
    const JobRunner::Run run =
        JobRunner::run({scratch.path("src")}, scratch.path("out"), options, {}, hooks,
                       [&](CopyJob &job, const CopyProgress &progress) {
                           QCOMPARE(progress.bytesTotal, progress.phase == CopyPhase::Scanning
                                                             ? progress.bytesTotal
                                                             : PlannedBytes); // never shrinks
                           if (!gate.reached() || doneWhileHeld >= 0)
                               return;
                           // Two samples while held: the second one shows the counters at rest.
                           if (++heldSamples < 2)
                               return;
                           doneWhileHeld = progress.bytesDone;
                           job.skipCurrent();
                           gate.open();
                       });
    QVERIFY(!run.timedOut);
    // While b-big was held, the 7000 bytes the policy skips later were already done.
    QCOMPARE(doneWhileHeld, 1000 + gate.heldOffset() + 3000 + 4000);

    const CopyResult &result = run.result;
    const CopySummary &summary = result.summary;
    QCOMPARE(result.status, CopyStatus::Failed); // the error is reported
    QCOMPARE(result.bytesTotal, PlannedBytes);
    QCOMPARE(summary.planned, (ItemTally{8, PlannedBytes}));
    QCOMPARE(summary.copied, (ItemTally{2, 1000 + 5000}));
    QCOMPARE(summary.merged, (ItemTally{2, 0}));
    QCOMPARE(summary.skippedByYou, (ItemTally{1, BigSize}));
    QCOMPARE(summary.skippedByPolicy, (ItemTally{2, 3000 + 4000}));
    QCOMPARE(summary.skippedOnError, (ItemTally{1, 2000}));
    QCOMPARE(summary.failed, (ItemTally{0, 0}));
    QCOMPARE(summary.skipped(), (ItemTally{4, BigSize + 2000 + 3000 + 4000}));
    // The aggregates keep their meaning: merged folders count as copied items.
    QCOMPARE(result.itemsCopied, qint64(4));
    QCOMPARE(result.itemsSkipped, qint64(3));
    QCOMPARE(result.itemsFailed, qint64(1));

    QCOMPARE(summary.skippedItems.size(), 4);
    const SkippedItem *big = findSkipped(summary, "/src/b-big");
    const SkippedItem *locked = findSkipped(summary, "/src/c-locked");
    const SkippedItem *d = findSkipped(summary, "/src/d-exists");
    const SkippedItem *e = findSkipped(summary, "/src/sub/e-exists");
    QVERIFY(big && locked && d && e);
    QCOMPARE(big->reason, SkipReason::ByYou);
    QCOMPARE(big->reasonText(), QStringLiteral("skipped by you"));
    QCOMPARE(big->bytes, BigSize);
    QCOMPARE(locked->reason, SkipReason::OnError);
    QVERIFY2(locked->reasonText().startsWith(QStringLiteral("Permission denied")),
             qPrintable(locked->reasonText()));
    QCOMPARE(d->reasonText(), QStringLiteral("exists, skipped by policy"));
    QCOMPARE(e->reason, SkipReason::ByCollisionPolicy);
    QCOMPARE(e->bytes, qint64(4000));

    // Moved: a-new, f-new and the part of b-big written before the skip; the average is
    // over the time spent moving, which the elapsed time includes.
    QCOMPARE(summary.bytesMoved, result.bytesWritten);
    QVERIFY(summary.bytesMoved >= 6000 + HoldAt);
    QVERIFY2(summary.movingMs > 0 && summary.movingMs <= result.elapsedMs,
             qPrintable(QStringLiteral("%1 of %2 ms").arg(summary.movingMs).arg(result.elapsedMs)));
    QCOMPARE(summary.averageRate(), summary.bytesMoved * 1000 / summary.movingMs);
    QVERIFY(TestTree::readFile(scratch.path("out/src/d-exists")) == "old d");
    QVERIFY(::access(scratch.path("out/src/b-big").constData(), F_OK) != 0);
}

void TestSummary::aJobOfOnlyPolicySkipsListsThemAll()
{
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("src")));
    QVERIFY(TestTree::makePath(scratch.path("out/src")));
    for (int i = 0; i < 5; ++i) {
        const QByteArray name = "src/f" + QByteArray::number(i);
        QVERIFY(TestTree::writePatternFile(scratch.path(name), qint64(100) * (i + 1), i));
        QVERIFY(TestTree::writeFile(scratch.path("out/" + name), "old"));
    }
    CopyOptions options = JobRunner::quickOptions();
    options.onCollision = CollisionPolicy::Skip;
    const JobRunner::Run run = JobRunner::run({scratch.path("src")}, scratch.path("out"), options);
    const CopySummary &summary = run.result.summary;
    QCOMPARE(run.result.status, CopyStatus::Succeeded);
    QCOMPARE(summary.copied, (ItemTally{0, 0}));
    QCOMPARE(summary.merged, (ItemTally{1, 0}));
    QCOMPARE(summary.skippedByPolicy, (ItemTally{5, 1500}));
    QCOMPARE(summary.skippedItems.size(), 5);
    QCOMPARE(summary.bytesMoved, qint64(0));
    QCOMPARE(summary.averageRate(), qint64(0));
    QCOMPARE(run.result.bytesTotal, qint64(1500)); // the job's size, though nothing moved
    QCOMPARE(run.samples.last().bytesDone, qint64(1500));
}

QTEST_GUILESS_MAIN(TestSummary)
#include "tst_summary.moc"
