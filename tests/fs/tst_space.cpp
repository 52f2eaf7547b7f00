// Issue 3, cases 8 and 10, and file-size limits: a destination that fills up, runs out of
// inodes, or refuses a file's size ends that file with a clear error, leaves no part file
// and no empty placeholder, keeps an old version it was replacing, and copies the rest.

#include "fshelpers.h"
#include "jobrunner.h"
#include "testmount.h"
#include "testtree.h"

#include <QRegularExpression>
#include <QTest>

#include <cerrno>
#include <sys/resource.h>
#include <unistd.h>

using namespace Sluice;

namespace {

// Every file system, each with about 8 MiB free (tmpfs by size=, the others filled up).
void addFileSystemsAndEngines()
{
    QTest::addColumn<FsKind>("fs");
    QTest::addColumn<Engine>("engine");
    for (const FsKind fs :
         {FsKind::Tmpfs, FsKind::Ext4, FsKind::Xfs, FsKind::Btrfs, FsKind::Vfat, FsKind::Exfat}) {
        QTest::addRow("%s, auto", qPrintable(fsKindName(fs))) << fs << Engine::Auto;
        QTest::addRow("%s, stream", qPrintable(fsKindName(fs))) << fs << Engine::Stream;
    }
}

// Mounts @p fs with about @p freeBytes free.
std::unique_ptr<TestMount> mountWithFree(FsKind fs, qint64 freeBytes, QString &error)
{
    if (fs == FsKind::Tmpfs)
        return TestMount::create(fs, freeBytes, error);
    auto disk = TestMount::create(fs, freeBytes + 48 * MiB, error);
    if (disk && !disk->leaveFree(freeBytes)) {
        error = QStringLiteral("cannot fill %1 down to %2 bytes free (%3 free)")
                    .arg(fsKindName(fs))
                    .arg(freeBytes)
                    .arg(disk->freeBytes());
        return nullptr;
    }
    return disk;
}

void verifyNoSpaceIssue(const CopyResult &result, const QByteArray &pathSuffix, FsKind fs)
{
    const CopyIssue *issue = FsHelpers::findError(result, pathSuffix);
    QVERIFY2(issue, qPrintable(FsHelpers::describeIssues(result)));
    QVERIFY(issue->isError());
    if (fs == FsKind::Vfat) {
        // fusefat answers a full disk with EPERM; the message must still say it is full.
        QCOMPARE(issue->errorCode, EPERM);
        QVERIFY2(issue->message().contains(
                     QRegularExpression(QStringLiteral("destination is (probably )?full"))),
                 qPrintable(issue->message()));
    } else {
        QCOMPARE(issue->errorCode, ENOSPC);
        QVERIFY2(issue->message().contains(QStringLiteral("No space left on device (ENOSPC)")),
                 qPrintable(issue->message()));
    }
    QVERIFY2(issue->operation == FileOperation::Write || issue->operation == FileOperation::Create
                 || issue->operation == FileOperation::Flush,
             qPrintable(issue->message()));
}

} // namespace

class TestSpace final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { FS_REQUIRE_ROOT(); }
    void fullDestinationFailsOnlyTheFileThatDoesNotFit_data() { addFileSystemsAndEngines(); }
    void fullDestinationFailsOnlyTheFileThatDoesNotFit();
    void failedOverwriteKeepsTheOldVersion_data();
    void failedOverwriteKeepsTheOldVersion();
    void noInodesLeftLeavesNoPlaceholders();
    void fileSizeLimitIsAnErrorNotACrash_data();
    void fileSizeLimitIsAnErrorNotACrash();
    void fileSizeLimitKillsNoCliProcess();
};

void TestSpace::fullDestinationFailsOnlyTheFileThatDoesNotFit()
{
    QFETCH(FsKind, fs);
    QFETCH(Engine, engine);
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("src")));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/a-5MiB"), 5 * MiB, 51));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/b-6MiB"), 6 * MiB, 52));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/c-100KiB"), 100 * KiB, 53));
    const QByteArray sourceBefore = FsHelpers::treeFingerprint(scratch.path("src"));
    QString error;
    const std::unique_ptr<TestMount> disk = mountWithFree(fs, 8 * MiB, error);
    QVERIFY2(disk, qPrintable(error));

    CopyOptions options = JobRunner::quickOptions();
    options.engine = engine;
    options.onError = ErrorPolicy::Skip;
    const JobRunner::Run run = JobRunner::run({scratch.path("src")}, disk->path(), options);

    // Preflight saw it coming...
    bool warned = false;
    for (const CopyIssue &issue : run.result.issues) {
        if (issue.operation == FileOperation::Preflight && !issue.isError())
            warned = warned || issue.message().contains(QStringLiteral("not enough free space"));
    }
    QVERIFY2(warned, qPrintable(FsHelpers::describeIssues(run.result)));
    // ...and with Skip, the first and third arrive, the second fails cleanly.
    QVERIFY2(run.result.status == CopyStatus::Failed && run.result.itemsFailed == 1
                 && run.result.itemsCopied == 3,
             qPrintable(FsHelpers::describeIssues(run.result)));
    QCOMPARE(run.result.errorCount(), qint64(1));
    verifyNoSpaceIssue(run.result, "src/b-6MiB", fs);
    QCOMPARE(FsHelpers::fileDigest(disk->path("src/a-5MiB")),
             FsHelpers::fileDigest(scratch.path("src/a-5MiB")));
    QCOMPARE(FsHelpers::fileDigest(disk->path("src/c-100KiB")),
             FsHelpers::fileDigest(scratch.path("src/c-100KiB")));
    QVERIFY(::access(disk->path("src/b-6MiB").constData(), F_OK) != 0);
    QVERIFY(TestTree::findPartFiles(disk->path()).isEmpty());
    QVERIFY(FsHelpers::emptyFiles(disk->path("src")).isEmpty());
    QCOMPARE(TestTree::countEntries(disk->path("src")), qint64(2));
    QCOMPARE(FsHelpers::treeFingerprint(scratch.path("src")), sourceBefore);
}

void TestSpace::failedOverwriteKeepsTheOldVersion_data()
{
    QTest::addColumn<FsKind>("fs");
    QTest::addColumn<Engine>("engine");
    QTest::addColumn<Durability>("durability");
    for (const FsKind fs :
         {FsKind::Tmpfs, FsKind::Ext4, FsKind::Xfs, FsKind::Btrfs, FsKind::Vfat, FsKind::Exfat}) {
        const QString name = fsKindName(fs);
        QTest::addRow("%s, auto", qPrintable(name)) << fs << Engine::Auto << Durability::None;
        QTest::addRow("%s, stream, fdatasync", qPrintable(name))
            << fs << Engine::Stream << Durability::File;
        QTest::addRow("%s, kernel, syncfs", qPrintable(name))
            << fs << Engine::Kernel << Durability::Job;
    }
}

void TestSpace::failedOverwriteKeepsTheOldVersion()
{
    QFETCH(FsKind, fs);
    QFETCH(Engine, engine);
    QFETCH(Durability, durability);
    Scratch scratch;
    QVERIFY(TestTree::writePatternFile(scratch.path("data"), 10 * MiB, 61)); // new version
    QVERIFY(TestTree::writeFile(scratch.path("note"), "fits"));
    const QByteArray sourceBefore = FsHelpers::treeFingerprint(scratch.path());
    QString error;
    const std::unique_ptr<TestMount> disk = mountWithFree(fs, 12 * MiB, error);
    QVERIFY2(disk, qPrintable(error));
    QVERIFY(TestTree::writePatternFile(disk->path("data"), 4 * MiB, 62)); // old version
    ::sync();
    const QByteArray oldVersion = FsHelpers::fileDigest(disk->path("data"));
    QVERIFY(!oldVersion.isEmpty());

    CopyOptions options = JobRunner::quickOptions();
    options.engine = engine;
    options.durability = durability;
    options.onCollision = CollisionPolicy::Overwrite;
    const JobRunner::Run run =
        JobRunner::run({scratch.path("data"), scratch.path("note")}, disk->path(), options);

    QCOMPARE(run.result.status, CopyStatus::Failed);
    QCOMPARE(run.result.itemsFailed, qint64(1));
    verifyNoSpaceIssue(run.result, "/data", fs);
    QCOMPARE(FsHelpers::fileDigest(disk->path("data")), oldVersion);
    QCOMPARE(TestTree::readFile(disk->path("note")), QByteArray("fits"));
    QVERIFY(TestTree::findPartFiles(disk->path()).isEmpty());
    QCOMPARE(FsHelpers::treeFingerprint(scratch.path()), sourceBefore);
}

void TestSpace::noInodesLeftLeavesNoPlaceholders()
{
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("src/sub")));
    for (int i = 0; i < 12; ++i)
        QVERIFY(TestTree::writePatternFile(scratch.path("src/f" + QByteArray::number(10 + i)),
                                           i * 1000 + 1, quint32(i)));
    QVERIFY(TestTree::writeFile(scratch.path("src/sub/inner"), "inner"));
    // Room for the root, the copy's folder and six more entries.
    FS_MOUNT_WITH(disk, FsKind::Tmpfs, 16 * MiB, QByteArray("nr_inodes=8"));

    CopyOptions options = JobRunner::quickOptions();
    options.onError = ErrorPolicy::Skip;
    const JobRunner::Run run = JobRunner::run({scratch.path("src")}, disk->path(), options);

    QCOMPARE(run.result.status, CopyStatus::Failed);
    QVERIFY(run.result.itemsFailed > 0);
    QVERIFY(run.result.itemsCopied > 1);
    for (const CopyIssue &issue : run.result.issues) {
        if (!issue.isError())
            continue;
        QCOMPARE(issue.errorCode, ENOSPC);
        QVERIFY2(issue.message().contains(QStringLiteral("No space left on device (ENOSPC)")),
                 qPrintable(issue.message()));
    }
    // A folder that could not be created counts its contents as failed too.
    QVERIFY(run.result.errorCount() >= 1 && run.result.errorCount() <= run.result.itemsFailed);
    QVERIFY(TestTree::findPartFiles(disk->path()).isEmpty());
    QVERIFY(FsHelpers::emptyFiles(disk->path()).isEmpty());
    // Whatever arrived is complete.
    for (int i = 0; i < 12; ++i) {
        const QByteArray name = "src/f" + QByteArray::number(10 + i);
        if (::access(disk->path(name).constData(), F_OK) == 0)
            QCOMPARE(FsHelpers::fileDigest(disk->path(name)),
                     FsHelpers::fileDigest(scratch.path(name)));
    }
}

void TestSpace::fileSizeLimitIsAnErrorNotACrash_data()
{
    QTest::addColumn<Engine>("engine");
    QTest::newRow("auto") << Engine::Auto;
    QTest::newRow("stream") << Engine::Stream;
    QTest::newRow("kernel") << Engine::Kernel;
}

void TestSpace::fileSizeLimitIsAnErrorNotACrash()
{
    QFETCH(Engine, engine);
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("src")));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/a-too-big"), 6 * MiB + 5, 71));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/b-fits"), 2 * MiB, 72));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/c-small"), 1000, 73));
    FS_MOUNT(disk, FsKind::Ext4, 64 * MiB);

    CopyOptions options = JobRunner::quickOptions();
    options.engine = engine;
    rlimit saved{};
    QVERIFY(::getrlimit(RLIMIT_FSIZE, &saved) == 0);
    const rlimit limit{rlim_t(4 * MiB), saved.rlim_max};
    QVERIFY(::setrlimit(RLIMIT_FSIZE, &limit) == 0);
    const JobRunner::Run run = JobRunner::run({scratch.path("src")}, disk->path(), options);
    QVERIFY(::setrlimit(RLIMIT_FSIZE, &saved) == 0);

    QCOMPARE(run.result.status, CopyStatus::Failed);
    QCOMPARE(run.result.itemsFailed, qint64(1));
    const CopyIssue *issue = FsHelpers::findError(run.result, "src/a-too-big");
    QVERIFY2(issue, qPrintable(FsHelpers::describeIssues(run.result)));
    QCOMPARE(issue->errorCode, EFBIG);
    QCOMPARE(issue->operation, FileOperation::Write);
    QVERIFY2(issue->message().contains(QStringLiteral("File too large (EFBIG)")),
             qPrintable(issue->message()));
    QVERIFY(::access(disk->path("src/a-too-big").constData(), F_OK) != 0);
    QCOMPARE(FsHelpers::fileDigest(disk->path("src/b-fits")),
             FsHelpers::fileDigest(scratch.path("src/b-fits")));
    QCOMPARE(FsHelpers::fileDigest(disk->path("src/c-small")),
             FsHelpers::fileDigest(scratch.path("src/c-small")));
    QVERIFY(TestTree::findPartFiles(disk->path()).isEmpty());
}

void TestSpace::fileSizeLimitKillsNoCliProcess()
{
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("src")));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/a-too-big"), 6 * MiB, 74));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/b-fits"), 3 * MiB, 75));
    FS_MOUNT(disk, FsKind::Tmpfs, 64 * MiB);

    FsHelpers::ChildOptions child;
    child.fileSizeLimit = 4 * MiB;
    const FsHelpers::ChildRun run = FsHelpers::runCli(
        {"--on-error", "skip", "--on-conflict", "overwrite", scratch.path("src"), disk->path()},
        child);

    QCOMPARE(run.signal, 0); // SIGXFSZ is ignored: no core dump, no "File size limit exceeded"
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains("a-too-big") && run.err.contains("File too large (EFBIG)"),
             run.err.constData());
    QVERIFY(::access(disk->path("src/a-too-big").constData(), F_OK) != 0);
    QCOMPARE(FsHelpers::fileDigest(disk->path("src/b-fits")),
             FsHelpers::fileDigest(scratch.path("src/b-fits")));
    QVERIFY(TestTree::findPartFiles(disk->path()).isEmpty());
}

QTEST_GUILESS_MAIN(TestSpace)
#include "tst_space.moc"
