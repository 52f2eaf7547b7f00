// Verification: a destination corrupted between the copy and its re-read (through the
// IoHooks::beforeVerify seam) is an error for that item, and the bad copy never gets the
// final name — an existing good version stays. The checksum manifest lists only verified
// copies and is accepted by xxh128sum -c / sha256sum -c.

#include "fshelpers.h"
#include "jobrunner.h"
#include "testmount.h"
#include "testtree.h"

#include <QTest>

#include <mutex>
#include <sys/stat.h>
#include <unistd.h>

using namespace Sluice;

using FsHelpers::checkManifest;

class TestVerify final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { FS_REQUIRE_ROOT(); }
    void corruptedCopyIsAnErrorAndNeverGetsTheName_data();
    void corruptedCopyIsAnErrorAndNeverGetsTheName();
    void retryCopiesAgainAfterACorruptedRead();
    void cliVerifyWritesAManifestTheStandardToolsAccept_data();
    void cliVerifyWritesAManifestTheStandardToolsAccept();
    void checksumFileNeverReplacesAFile();
};

void TestVerify::corruptedCopyIsAnErrorAndNeverGetsTheName_data()
{
    QTest::addColumn<FsKind>("fs");
    QTest::addColumn<VerifyAlgorithm>("algorithm");
    QTest::addColumn<QByteArray>("corruption");
    for (const FsKind fs : {FsKind::Ext4, FsKind::Btrfs, FsKind::Exfat}) {
        const QString name = fsKindName(fs);
        QTest::addRow("%s, xxh3, flipped byte", qPrintable(name))
            << fs << VerifyAlgorithm::Xxh3 << QByteArray("flip");
        QTest::addRow("%s, sha256, flipped byte", qPrintable(name))
            << fs << VerifyAlgorithm::Sha256 << QByteArray("flip");
        QTest::addRow("%s, xxh3, cut short", qPrintable(name))
            << fs << VerifyAlgorithm::Xxh3 << QByteArray("truncate");
    }
}

void TestVerify::corruptedCopyIsAnErrorAndNeverGetsTheName()
{
    QFETCH(FsKind, fs);
    QFETCH(VerifyAlgorithm, algorithm);
    QFETCH(QByteArray, corruption);
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("src")));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/big-bad"), 6 * MiB + 3, 701));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/big-good"), 5 * MiB, 702));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/small-bad"), 70 * KiB, 703));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/small-good"), 80 * KiB, 704));
    FS_MOUNT(disk, fs, 64 * MiB);
    // An older good version of one of the files that will be corrupted.
    QVERIFY(TestTree::makePath(disk->path("src")));
    QVERIFY(TestTree::writePatternFile(disk->path("src/big-bad"), 2 * MiB, 705));
    const QByteArray oldVersion = FsHelpers::fileDigest(disk->path("src/big-bad"));

    std::mutex mutex;
    QList<QByteArray> corrupted;
    IoHooks hooks;
    hooks.beforeVerify = [&](int partFd, const QByteArray &destination) {
        if (!destination.endsWith("-bad"))
            return;
        {
            std::lock_guard lock(mutex);
            corrupted << destination;
        }
        struct stat st = {};
        ::fstat(partFd, &st);
        if (corruption == "truncate") {
            [[maybe_unused]] const int ignored = ::ftruncate(partFd, st.st_size - 1);
        } else {
            char byte = 0;
            const off_t middle = st.st_size / 2;
            [[maybe_unused]] ssize_t done = ::pread(partFd, &byte, 1, middle);
            byte = char(byte ^ 0x01);
            done = ::pwrite(partFd, &byte, 1, middle);
        }
        ::fdatasync(partFd);
    };
    CopyOptions options = JobRunner::quickOptions();
    options.verify = algorithm;
    options.checksumFile = scratch.path("manifest");
    options.onCollision = CollisionPolicy::Overwrite;
    const JobRunner::Run run =
        JobRunner::run({scratch.path("src")}, disk->path(), options, {}, hooks);

    QCOMPARE(corrupted.size(), 2);
    QCOMPARE(run.result.status, CopyStatus::Failed);
    QCOMPARE(run.result.itemsFailed, qint64(2));
    QCOMPARE(run.result.errorCount(), qint64(2));
    for (const QByteArray name : {"src/big-bad", "src/small-bad"}) {
        const CopyIssue *issue = FsHelpers::findError(run.result, name);
        QVERIFY2(issue, qPrintable(FsHelpers::describeIssues(run.result)));
        QCOMPARE(issue->operation, FileOperation::Verify);
        QVERIFY2(issue->message().contains(QStringLiteral("reads back differently")),
                 qPrintable(issue->message()));
    }
    // The good old version survived; the corrupted new file never got a name.
    QCOMPARE(FsHelpers::fileDigest(disk->path("src/big-bad")), oldVersion);
    QVERIFY(::access(disk->path("src/small-bad").constData(), F_OK) != 0);
    QVERIFY(TestTree::findPartFiles(disk->path()).isEmpty());
    for (const QByteArray name : {"src/big-good", "src/small-good"})
        QCOMPARE(FsHelpers::fileDigest(disk->path(name)),
                 FsHelpers::fileDigest(scratch.path(name)));
    // The manifest names exactly the two verified copies.
    const QByteArray manifest = TestTree::readFile(scratch.path("manifest"));
    QCOMPARE(manifest.count('\n'), 2);
    QVERIFY(manifest.contains(disk->path("src/big-good")));
    QVERIFY(manifest.contains(disk->path("src/small-good")));
    QVERIFY(!manifest.contains("-bad"));
    const QString tool = algorithm == VerifyAlgorithm::Sha256 ? QStringLiteral("sha256sum")
                                                              : QStringLiteral("xxh128sum");
    const QString checked = checkManifest(tool, scratch.path("manifest"));
    QVERIFY2(checked.isEmpty(), qPrintable(checked));
}

void TestVerify::retryCopiesAgainAfterACorruptedRead()
{
    Scratch scratch;
    QVERIFY(TestTree::writePatternFile(scratch.path("file"), 3 * MiB, 706));
    FS_MOUNT(disk, FsKind::Ext4, 64 * MiB);
    int verifications = 0;
    IoHooks hooks;
    hooks.beforeVerify = [&](int partFd, const QByteArray &) {
        if (++verifications == 1) {
            const char garbage[4] = {'b', 'a', 'd', '!'};
            [[maybe_unused]] const ssize_t done = ::pwrite(partFd, garbage, 4, 0);
        }
    };
    CopyOptions options = JobRunner::quickOptions();
    options.verify = VerifyAlgorithm::Xxh3;
    options.onError = ErrorPolicy::Retry;
    const JobRunner::Run run =
        JobRunner::run({scratch.path("file")}, disk->path(), options, {}, hooks);

    QCOMPARE(verifications, 2);
    QCOMPARE(run.result.status, CopyStatus::Succeeded);
    QCOMPARE(FsHelpers::fileDigest(disk->path("file")),
             FsHelpers::fileDigest(scratch.path("file")));
    QCOMPARE(run.samples.constLast().bytesDone, run.samples.constLast().bytesTotal);
}

void TestVerify::cliVerifyWritesAManifestTheStandardToolsAccept_data()
{
    QTest::addColumn<QByteArray>("algorithm");
    QTest::addColumn<QString>("tool");
    QTest::newRow("xxh3") << QByteArray("xxh3") << QStringLiteral("xxh128sum");
    QTest::newRow("sha256") << QByteArray("sha256") << QStringLiteral("sha256sum");
}

void TestVerify::cliVerifyWritesAManifestTheStandardToolsAccept()
{
    QFETCH(QByteArray, algorithm);
    QFETCH(QString, tool);
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("src/sub")));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/a"), 3 * MiB + 1, 707));
    QVERIFY(TestTree::writeSparseFile(scratch.path("src/sparse"), 64 * MiB, {0, 32 * MiB}));
    QVERIFY(TestTree::writeFile(scratch.path("src/sub/new\nline"), "newline"));
    QVERIFY(TestTree::writeFile(scratch.path("src/sub/back\\slash"), "backslash"));
    QVERIFY(TestTree::writeFile(scratch.path("src/empty"), {}));
    FS_MOUNT(disk, FsKind::Ext4, 128 * MiB);

    const FsHelpers::ChildRun run = FsHelpers::runCli(
        {"--verify", algorithm, "--checksum-file", scratch.path("manifest"), "--on-conflict",
         "overwrite", "--on-error", "skip", scratch.path("src"), disk->path()});

    QVERIFY2(run.exitCode == 0, run.err.constData());
    QCOMPARE(TestTree::readFile(scratch.path("manifest")).count('\n'), 5);
    const QString checked = checkManifest(tool, scratch.path("manifest"));
    QVERIFY2(checked.isEmpty(), qPrintable(checked));
    // And the tool notices a copy that changes afterwards.
    QVERIFY(TestTree::writeFile(disk->path("src/a"), "changed"));
    QVERIFY(!checkManifest(tool, scratch.path("manifest")).isEmpty());
}

// The manifest is written last and never over an existing name: not a source (refused
// before the copy starts), not a copy made by this job (an error after the copy, which stays).
void TestVerify::checksumFileNeverReplacesAFile()
{
    FS_MOUNT(disk, FsKind::Ext4, 64 * MiB);
    QVERIFY(TestTree::makePath(disk->path("out")));
    QVERIFY(TestTree::writePatternFile(disk->path("f5m"), 5 * MiB, 31));
    const QByteArray sourceDigest = FsHelpers::fileDigest(disk->path("f5m"));
    CopyOptions options = JobRunner::quickOptions();
    options.verify = VerifyAlgorithm::Xxh3;

    options.checksumFile = disk->path("f5m"); // the source itself
    const JobRunner::Run refused = JobRunner::run({disk->path("f5m")}, disk->path("out"), options);
    QCOMPARE(refused.result.status, CopyStatus::Failed);
    QVERIFY(!refused.result.started);
    QVERIFY2(FsHelpers::findError(refused.result, "f5m"),
             qPrintable(FsHelpers::describeIssues(refused.result)));
    QCOMPARE(FsHelpers::fileDigest(disk->path("f5m")), sourceDigest);
    QVERIFY(::access(disk->path("out/f5m").constData(), F_OK) != 0);

    // The name a copy will get, however it is spelled: refused before anything is copied.
    QVERIFY(TestTree::makePath(disk->path("tree/sub")));
    QVERIFY(TestTree::writeFile(disk->path("tree/sub/a"), "a"));
    QVERIFY(::symlink(disk->path("out").constData(), disk->path("out-link").constData()) == 0);
    const QList<std::pair<QList<QByteArray>, QByteArray>> clashes = {
        {{disk->path("f5m"), disk->path("out/copy")}, disk->path("out/copy")},
        {{disk->path("f5m"), disk->path("out/copy")}, disk->path("out-link/./x/../copy")},
        {{disk->path("tree"), disk->path("out")}, disk->path("out/tree/sub/a")},
        {{disk->path("tree"), disk->path("out")}, disk->path("out/tree/sub")},
    };
    for (const auto &[paths, manifest] : clashes) {
        options.checksumFile = manifest;
        const JobRunner::Run clash = JobRunner::run({paths[0]}, paths[1], options);
        QCOMPARE(clash.result.status, CopyStatus::Failed);
        QVERIFY(!clash.result.started);
        const CopyIssue *issue = FsHelpers::findError(clash.result, manifest);
        QVERIFY2(issue && issue->message().contains(QStringLiteral("will have this name")),
                 qPrintable(FsHelpers::describeIssues(clash.result)));
        QCOMPARE(TestTree::countEntries(disk->path("out")), qint64(0)); // no empty manifest
        QCOMPARE(clash.result.issues.size(), 1); // only the refusal, nothing about writing
    }
    // A folder that does not exist (and that the copy does not create): refused before
    // copying, not after, when the list would be lost.
    options.checksumFile = disk->path("nowhere/tree.xxh128");
    const JobRunner::Run noFolder =
        JobRunner::run({disk->path("tree")}, disk->path("out"), options);
    QCOMPARE(noFolder.result.status, CopyStatus::Failed);
    QVERIFY(!noFolder.result.started);
    const CopyIssue *missing = FsHelpers::findError(noFolder.result, "nowhere/tree.xxh128");
    QVERIFY2(missing && missing->message().contains(QStringLiteral("cannot be written in")),
             qPrintable(FsHelpers::describeIssues(noFolder.result)));
    QCOMPARE(TestTree::countEntries(disk->path("out")), qint64(0));
    // Inside a folder the copy creates: written there at the end.
    options.checksumFile = disk->path("out/tree/sub/list.xxh128");
    const JobRunner::Run inside = JobRunner::run({disk->path("tree")}, disk->path("out"), options);
    QCOMPARE(inside.result.status, CopyStatus::Succeeded);
    QVERIFY(TestTree::readFile(disk->path("out/tree/sub/list.xxh128")).contains("tree/sub/a"));
    QVERIFY(::unlink(disk->path("out/tree/sub/list.xxh128").constData()) == 0);
    QVERIFY(::unlink(disk->path("out/tree/sub/a").constData()) == 0);
    QVERIFY(::rmdir(disk->path("out/tree/sub").constData()) == 0);
    QVERIFY(::rmdir(disk->path("out/tree").constData()) == 0);

    // A name next to the copies is fine.
    options.checksumFile = disk->path("out/tree.xxh128");
    const JobRunner::Run fine = JobRunner::run({disk->path("tree")}, disk->path("out"), options);
    QCOMPARE(fine.result.status, CopyStatus::Succeeded);
    QCOMPARE(TestTree::readFile(disk->path("out/tree/sub/a")), QByteArray("a"));
    QVERIFY(TestTree::readFile(disk->path("out/tree.xxh128")).contains("tree/sub/a"));
    QVERIFY(TestTree::findPartFiles(disk->path()).isEmpty());
    QCOMPARE(FsHelpers::fileDigest(disk->path("f5m")), sourceDigest);

    options.move = true; // a rename moves no data to hash
    QVERIFY(!options.validate().isEmpty());
}

QTEST_GUILESS_MAIN(TestVerify)
#include "tst_verify.moc"
