// Issue 3, cases 5, 15 and 16: sparse files far bigger than the destination stay sparse
// and arrive whole (markers at both ends), and progress over totals beyond 4 GiB, or over a
// job of nothing but empty entries, rises to exactly 100 % with sane numbers.

#include "fshelpers.h"
#include "jobrunner.h"
#include "testmount.h"
#include "testtree.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <cmath>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace Sluice;

namespace {

// The 8 bytes at @p offset of @p path as the little-endian number writeSparseFile() puts
// there, or -1.
qint64 markerAt(const QByteArray &path, qint64 offset)
{
    const int fd = ::open(path.constData(), O_RDONLY | O_CLOEXEC);
    qint64 value = -1;
    if (fd >= 0 && ::pread(fd, &value, sizeof value, offset) != sizeof value)
        value = -1;
    if (fd >= 0)
        ::close(fd);
    return value;
}

qint64 fileSize(const QByteArray &path)
{
    struct stat st = {};
    return ::stat(path.constData(), &st) == 0 ? qint64(st.st_size) : -1;
}

// Checks a sequence of progress values for what a person watching must be able to trust.
void verifyProgress(const QList<CopyProgress> &samples, qint64 expectedTotal)
{
    QVERIFY(!samples.isEmpty());
    int perMille = 0;
    qint64 done = 0;
    qint64 items = 0;
    for (const CopyProgress &sample : samples) {
        QVERIFY2(sample.perMille() >= perMille, "progress went backwards");
        QVERIFY(sample.bytesDone >= done);
        QVERIFY(sample.itemsDone >= items);
        QVERIFY(sample.bytesDone <= sample.bytesTotal || sample.bytesTotal == 0);
        QVERIFY(sample.perMille() >= 0 && sample.perMille() <= 1000);
        QVERIFY2(sample.etaMs >= -1, "negative ETA");
        QVERIFY(sample.readRate >= 0 && sample.writeRate >= 0);
        perMille = sample.perMille();
        done = sample.bytesDone;
        items = sample.itemsDone;
    }
    const CopyProgress &last = samples.constLast();
    QCOMPARE(last.perMille(), 1000);
    QCOMPARE(last.bytesTotal, expectedTotal);
    QCOMPARE(last.bytesDone, expectedTotal);
    QCOMPARE(last.itemsDone, last.itemsTotal);
}

} // namespace

class TestHoles final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { FS_REQUIRE_ROOT(); }
    void twoGiBSparseFileFitsOnA64MiBTmpfs_data();
    void twoGiBSparseFileFitsOnA64MiBTmpfs();
    void markerInTheLastBytesOfA3GiBSparseFileArrives_data();
    void markerInTheLastBytesOfA3GiBSparseFileArrives();
    void sparseFileOntoFatArrivesWithItsZeros_data();
    void sparseFileOntoFatArrivesWithItsZeros();
    void progressBeyond4GiBRisesToExactly100Percent();
    void progressOfOnlyEmptyEntriesReaches100Percent();
    void jsonProgressBeyond4GiBHasNoNaNAndNoNegativeEta();
};

void TestHoles::twoGiBSparseFileFitsOnA64MiBTmpfs_data()
{
    QTest::addColumn<Engine>("engine");
    QTest::newRow("auto") << Engine::Auto;
    QTest::newRow("stream") << Engine::Stream;
    QTest::newRow("kernel") << Engine::Kernel;
}

void TestHoles::twoGiBSparseFileFitsOnA64MiBTmpfs()
{
    QFETCH(Engine, engine);
    Scratch scratch;
    constexpr qint64 Size = 2 * GiB;
    const QByteArray source = scratch.path("sparse");
    QVERIFY(TestTree::writeSparseFile(source, Size, {0, 4096, Size - 4096 - 8, Size - 8}));
    const QByteArray sourceBefore = FsHelpers::treeFingerprint(scratch.path());
    FS_MOUNT(disk, FsKind::Tmpfs, 64 * MiB);

    CopyOptions options = JobRunner::quickOptions();
    options.engine = engine;
    const JobRunner::Run run = JobRunner::run({source}, disk->path(), options);

    QVERIFY2(run.result.status == CopyStatus::Succeeded,
             qPrintable(FsHelpers::describeIssues(run.result)));
    const QByteArray copy = disk->path("sparse");
    QCOMPARE(fileSize(copy), Size);
    QCOMPARE(markerAt(copy, 0), qint64(0));
    QCOMPARE(markerAt(copy, 4096), qint64(4096));
    QCOMPARE(markerAt(copy, Size - 4096 - 8), Size - 4096 - 8);
    QCOMPARE(markerAt(copy, Size - 8), Size - 8);
    QCOMPARE(FsHelpers::fileDigest(copy), FsHelpers::fileDigest(source));
    // Still sparse: a few pages, not 2 GiB (which would not even fit).
    QVERIFY2(TestTree::allocatedBytes(copy) <= 64 * KiB,
             qPrintable(QString::number(TestTree::allocatedBytes(copy))));
    QCOMPARE(run.result.bytesCopied, Size);
    QVERIFY(run.result.bytesWritten <= 64 * KiB);
    QCOMPARE(FsHelpers::treeFingerprint(scratch.path()), sourceBefore);
}

void TestHoles::markerInTheLastBytesOfA3GiBSparseFileArrives_data()
{
    QTest::addColumn<FsKind>("fs");
    QTest::addColumn<Engine>("engine");
    for (const FsKind fs : {FsKind::Tmpfs, FsKind::Ext4, FsKind::Xfs, FsKind::Btrfs}) {
        QTest::addRow("%s, auto", qPrintable(fsKindName(fs))) << fs << Engine::Auto;
        QTest::addRow("%s, stream", qPrintable(fsKindName(fs))) << fs << Engine::Stream;
    }
}

void TestHoles::markerInTheLastBytesOfA3GiBSparseFileArrives()
{
    QFETCH(FsKind, fs);
    QFETCH(Engine, engine);
    constexpr qint64 Size = 3 * GiB;
    FS_MOUNT(sourceDisk, fs, 64 * MiB);
    FS_MOUNT(disk, fs, 64 * MiB);
    // The source on the same kind of file system, so reflink and copy_file_range are tried.
    const QByteArray source = sourceDisk->path("three-gib");
    QVERIFY(TestTree::writeSparseFile(source, Size, {Size - 8}));

    CopyOptions options = JobRunner::quickOptions();
    options.engine = engine;
    options.durability = Durability::Job;
    const JobRunner::Run run = JobRunner::run({source}, disk->path(), options);

    QVERIFY2(run.result.status == CopyStatus::Succeeded,
             qPrintable(FsHelpers::describeIssues(run.result)));
    const QByteArray copy = disk->path("three-gib");
    QCOMPARE(fileSize(copy), Size);
    QCOMPARE(markerAt(copy, Size - 8), Size - 8);
    QCOMPARE(FsHelpers::fileDigest(copy), FsHelpers::fileDigest(source));
    QVERIFY2(TestTree::allocatedBytes(copy) <= 1 * MiB,
             qPrintable(QString::number(TestTree::allocatedBytes(copy))));
}

void TestHoles::sparseFileOntoFatArrivesWithItsZeros_data()
{
    QTest::addColumn<FsKind>("fs");
    QTest::addColumn<Engine>("engine");
    for (const FsKind fs : {FsKind::Vfat, FsKind::Exfat}) {
        for (const Engine engine : {Engine::Auto, Engine::Stream, Engine::Kernel})
            QTest::addRow("%s, %s", qPrintable(fsKindName(fs)), qPrintable(engineName(engine)))
                << fs << engine;
    }
}

void TestHoles::sparseFileOntoFatArrivesWithItsZeros()
{
    // FAT keeps no holes, and fusefat refuses writes past the end of a file and every
    // truncate: the copy must write the zeros, in order.
    QFETCH(FsKind, fs);
    QFETCH(Engine, engine);
    Scratch scratch;
    constexpr qint64 Size = 12 * MiB + 3;
    QVERIFY(TestTree::makePath(scratch.path("src")));
    QVERIFY(TestTree::writeSparseFile(scratch.path("src/hole-in-middle"), Size,
                                      {0, 6 * MiB, Size - 8}));
    QVERIFY(TestTree::writeSparseFile(scratch.path("src/hole-at-end"), Size, {0}));
    QVERIFY(TestTree::writeSparseFile(scratch.path("src/hole-at-start"), Size, {Size - 8}));
    QVERIFY(TestTree::writeSparseFile(scratch.path("src/small-sparse"), 300 * KiB, {200 * KiB}));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/dense"), 3 * MiB + 1, 81));
    FS_MOUNT(disk, fs, 64 * MiB);

    CopyOptions options = JobRunner::quickOptions();
    options.engine = engine;
    const JobRunner::Run run = JobRunner::run({scratch.path("src")}, disk->path(), options);

    QCOMPARE(run.result.errorCount(), qint64(0));
    QCOMPARE(run.result.itemsCopied, qint64(6));
    for (const QByteArray name :
         {"hole-in-middle", "hole-at-end", "hole-at-start", "small-sparse", "dense"}) {
        const QByteArray copy = disk->path("src/" + name);
        QCOMPARE(fileSize(copy), fileSize(scratch.path("src/" + name)));
        QVERIFY2(FsHelpers::fileDigest(copy) == FsHelpers::fileDigest(scratch.path("src/" + name)),
                 name.constData());
    }
    QCOMPARE(markerAt(disk->path("src/hole-in-middle"), 6 * MiB), 6 * MiB);
    QCOMPARE(markerAt(disk->path("src/hole-at-start"), Size - 8), Size - 8);
    QVERIFY(TestTree::findPartFiles(disk->path()).isEmpty());
}

void TestHoles::progressBeyond4GiBRisesToExactly100Percent()
{
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("big")));
    constexpr qint64 Each = 2 * GiB + 1;
    for (int i = 0; i < 3; ++i)
        QVERIFY(TestTree::writeSparseFile(scratch.path("big/file" + QByteArray::number(i)), Each,
                                          {0, Each - 1}));
    FS_MOUNT(disk, FsKind::Tmpfs, 64 * MiB);

    // Slow enough to be sampled several times: each file has two 4 KiB blocks of data.
    CopyOptions options = JobRunner::quickOptions();
    options.speedLimit = 32 * KiB;
    const JobRunner::Run run = JobRunner::run({scratch.path("big")}, disk->path(), options);

    QVERIFY2(run.result.status == CopyStatus::Succeeded,
             qPrintable(FsHelpers::describeIssues(run.result)));
    QCOMPARE(run.result.bytesTotal, 3 * Each);
    QCOMPARE(run.result.bytesCopied, 3 * Each);
    QVERIFY2(run.samples.size() >= 4, "too few samples to show progress rising");
    verifyProgress(run.samples, 3 * Each);
    for (int i = 0; i < 3; ++i)
        QCOMPARE(FsHelpers::fileDigest(disk->path("big/file" + QByteArray::number(i))),
                 FsHelpers::fileDigest(scratch.path("big/file" + QByteArray::number(i))));
}

void TestHoles::progressOfOnlyEmptyEntriesReaches100Percent()
{
    FS_MOUNT(disk, FsKind::Ext4, 64 * MiB);
    QVERIFY(TestTree::makePath(disk->path("empty/a/b/c")));
    QVERIFY(TestTree::makePath(disk->path("empty/d")));
    for (const QByteArray name : {"empty/0", "empty/a/1", "empty/a/b/2", "empty/a/b/c/3"})
        QVERIFY(TestTree::writeFile(disk->path(name), {}));
    QVERIFY(TestTree::makePath(disk->path("out")));

    const JobRunner::Run run =
        JobRunner::run({disk->path("empty")}, disk->path("out"), JobRunner::quickOptions());

    QCOMPARE(run.result.status, CopyStatus::Succeeded);
    QCOMPARE(run.result.itemsCopied, qint64(9));
    QCOMPARE(run.result.bytesTotal, qint64(0));
    verifyProgress(run.samples, 0);
    const QStringList differences =
        TestTree::compareTrees(disk->path("empty"), disk->path("out/empty"));
    QVERIFY2(differences.isEmpty(), qPrintable(differences.join(u'\n')));
}

void TestHoles::jsonProgressBeyond4GiBHasNoNaNAndNoNegativeEta()
{
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("big")));
    constexpr qint64 Each = 2 * GiB + 1;
    for (int i = 0; i < 3; ++i)
        QVERIFY(TestTree::writeSparseFile(scratch.path("big/f" + QByteArray::number(i)), Each,
                                          {Each - 1}));
    FS_MOUNT(disk, FsKind::Tmpfs, 64 * MiB);

    const FsHelpers::ChildRun run =
        FsHelpers::runCli({"--progress", "json", "--limit", "32K", "--on-conflict", "overwrite",
                           "--on-error", "skip", scratch.path("big"), disk->path()});

    QCOMPARE(run.exitCode, 0);
    QVERIFY2(!run.out.contains("nan") && !run.out.contains("inf"), run.out.constData());
    qint64 lastPerMille = 0;
    int progressLines = 0;
    QJsonObject result;
    for (const QByteArray &line : run.out.split('\n')) {
        if (line.isEmpty())
            continue;
        QJsonParseError error{};
        const QJsonObject object = QJsonDocument::fromJson(line, &error).object();
        QVERIFY2(error.error == QJsonParseError::NoError, line.constData());
        if (object.value(QStringLiteral("type")).toString() == QLatin1String("result")) {
            result = object;
            continue;
        }
        ++progressLines;
        const qint64 perMille = object.value(QStringLiteral("perMille")).toInteger(-1);
        QVERIFY2(perMille >= lastPerMille && perMille <= 1000, line.constData());
        QVERIFY2(object.value(QStringLiteral("etaMs")).toInteger(-2) >= -1, line.constData());
        const qint64 total = object.value(QStringLiteral("bytesTotal")).toInteger(-1);
        QVERIFY2(total == 0 || total == 3 * Each, line.constData()); // 0 while scanning
        lastPerMille = perMille;
    }
    QVERIFY(progressLines >= 1);
    QCOMPARE(lastPerMille, qint64(1000));
    QCOMPARE(result.value(QStringLiteral("bytesCopied")).toInteger(), 3 * Each);
}

QTEST_GUILESS_MAIN(TestHoles)
#include "tst_holes.moc"
