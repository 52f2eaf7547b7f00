// Move (--move, CopyOptions::move): a rename within one file system; across file systems a
// copy that is made durable before each source item is deleted. An item that fails keeps
// its source (and the folders holding it); a killed move never loses a file; deep trees
// move whole.

#include "fshelpers.h"
#include "jobrunner.h"
#include "testmount.h"
#include "testtree.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

#include <sys/stat.h>
#include <unistd.h>

using namespace Sluice;

namespace {

bool exists(const QByteArray &path)
{
    struct stat st = {};
    return ::lstat(path.constData(), &st) == 0;
}

ino_t inodeOf(const QByteArray &path)
{
    struct stat st = {};
    return ::lstat(path.constData(), &st) == 0 ? st.st_ino : 0;
}

} // namespace

class TestMove final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { FS_REQUIRE_ROOT(); }
    void moveAcrossFileSystemsKeepsTheSourceOfTheItemThatFailed_data();
    void moveAcrossFileSystemsKeepsTheSourceOfTheItemThatFailed();
    void moveWithinAFileSystemIsARename();
    void moveThatFailsVerificationKeepsItsSource();
    void deepTreeMovesWhole();
    void killedMoveNeverLosesAFile();
};

void TestMove::moveAcrossFileSystemsKeepsTheSourceOfTheItemThatFailed_data()
{
    QTest::addColumn<FsKind>("fs");
    QTest::addColumn<QByteArray>("failure");
    QTest::newRow("tmpfs full") << FsKind::Tmpfs << QByteArray("space");
    QTest::newRow("ext4 full") << FsKind::Ext4 << QByteArray("space");
    QTest::newRow("exfat, unreadable source") << FsKind::Exfat << QByteArray("read");
    QTest::newRow("btrfs, unreadable source") << FsKind::Btrfs << QByteArray("read");
}

void TestMove::moveAcrossFileSystemsKeepsTheSourceOfTheItemThatFailed()
{
    QFETCH(FsKind, fs);
    QFETCH(QByteArray, failure);
    FS_MOUNT(sourceDisk, FsKind::Ext4, 64 * MiB);
    const QByteArray tree = sourceDisk->path("tree");
    QVERIFY(TestTree::makePath(tree + "/sub"));
    QVERIFY(TestTree::makePath(tree + "/keep"));
    QVERIFY(TestTree::writePatternFile(tree + "/a-5MiB", 5 * MiB, 801));
    QVERIFY(TestTree::writePatternFile(tree + "/keep/b-6MiB", 6 * MiB, 802));
    QVERIFY(TestTree::writePatternFile(tree + "/keep/b2-small", 3000, 803));
    QVERIFY(TestTree::writePatternFile(tree + "/sub/c-100KiB", 100 * KiB, 804));
    if (fsTraits(fs).symlinks)
        QVERIFY(::symlink("../a-5MiB", (tree + "/sub/link").constData()) == 0);
    QHash<QByteArray, QByteArray> digests;
    for (const QByteArray name : {"a-5MiB", "keep/b-6MiB", "keep/b2-small", "sub/c-100KiB"})
        digests.insert(name, FsHelpers::fileDigest(tree + '/' + name));
    const QByteArray failedDigest = digests.value("keep/b-6MiB");

    std::unique_ptr<TestMount> disk;
    QString error;
    if (failure == "space") {
        disk = TestMount::create(fs, fs == FsKind::Tmpfs ? 8 * MiB : 64 * MiB, error);
        QVERIFY2(disk && (fs == FsKind::Tmpfs || disk->leaveFree(8 * MiB)), qPrintable(error));
    } else {
        disk = TestMount::create(fs, 160 * MiB, error);
        QVERIFY2(disk, qPrintable(error));
    }
    IoHooks hooks;
    if (failure == "read")
        hooks.beforeOpen = [](const QByteArray &source) {
            return source.endsWith("keep/b-6MiB") ? EIO : 0;
        };
    CopyOptions options = JobRunner::quickOptions();
    options.move = true;
    options.onError = ErrorPolicy::Skip;
    const JobRunner::Run run = JobRunner::run({tree}, disk->path(), options, {}, hooks);

    QCOMPARE(run.result.status, CopyStatus::Failed);
    QCOMPARE(run.result.errorCount(), qint64(1));
    const CopyIssue *issue = FsHelpers::findError(run.result, "keep/b-6MiB");
    QVERIFY2(issue, qPrintable(FsHelpers::describeIssues(run.result)));
    QCOMPARE(issue->errorCode, failure == "space" ? ENOSPC : EIO);
    // The item that failed is where it was, whole, with the folder holding it ...
    QCOMPARE(FsHelpers::fileDigest(tree + "/keep/b-6MiB"), failedDigest);
    QVERIFY(!exists(disk->path("tree/keep/b-6MiB")));
    // ... the others were moved: at the destination, gone from the source.
    for (const QByteArray name : {"a-5MiB", "keep/b2-small", "sub/c-100KiB"}) {
        QCOMPARE(FsHelpers::fileDigest(disk->path("tree/" + name)), digests.value(name));
        QVERIFY2(!exists(tree + '/' + name), name.constData());
    }
    QVERIFY(!exists(tree + "/sub")); // every item in it moved
    QVERIFY(exists(tree + "/keep"));
    QCOMPARE(TestTree::countEntries(tree), qint64(2)); // keep and keep/b-6MiB
    QVERIFY(TestTree::findPartFiles(disk->path()).isEmpty());
}

void TestMove::moveWithinAFileSystemIsARename()
{
    FS_MOUNT(disk, FsKind::Ext4, 64 * MiB);
    QVERIFY(TestTree::makePath(disk->path("tree/sub")));
    QVERIFY(TestTree::makePath(disk->path("out")));
    QVERIFY(TestTree::writePatternFile(disk->path("tree/sub/big"), 20 * MiB, 805));
    QVERIFY(TestTree::writeFile(disk->path("tree/small"), "small"));
    const QByteArray fingerprint = FsHelpers::treeFingerprint(disk->path("tree"));
    const ino_t bigInode = inodeOf(disk->path("tree/sub/big"));

    CopyOptions options = JobRunner::quickOptions();
    options.move = true;
    const JobRunner::Run run = JobRunner::run({disk->path("tree")}, disk->path("out"), options);

    QVERIFY2(run.result.status == CopyStatus::Succeeded,
             qPrintable(FsHelpers::describeIssues(run.result)));
    QVERIFY(!exists(disk->path("tree")));
    QCOMPARE(inodeOf(disk->path("out/tree/sub/big")), bigInode); // renamed, not copied
    QCOMPARE(run.result.bytesWritten, qint64(0));
    QCOMPARE(FsHelpers::treeFingerprint(disk->path("out/tree")), fingerprint);
}

void TestMove::moveThatFailsVerificationKeepsItsSource()
{
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("src")));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/bad"), 3 * MiB, 806));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/good"), 3 * MiB, 807));
    const QByteArray badDigest = FsHelpers::fileDigest(scratch.path("src/bad"));
    FS_MOUNT(disk, FsKind::Ext4, 64 * MiB);
    IoHooks hooks;
    hooks.beforeVerify = [](int partFd, const QByteArray &destination) {
        if (destination.endsWith("/bad")) {
            [[maybe_unused]] const ssize_t done = ::pwrite(partFd, "X", 1, 12345);
        }
    };
    CopyOptions options = JobRunner::quickOptions();
    options.move = true;
    options.verify = VerifyAlgorithm::Xxh3;
    const JobRunner::Run run =
        JobRunner::run({scratch.path("src")}, disk->path(), options, {}, hooks);

    QCOMPARE(run.result.status, CopyStatus::Failed);
    QCOMPARE(FsHelpers::fileDigest(scratch.path("src/bad")), badDigest);
    QVERIFY(!exists(disk->path("src/bad")));
    QVERIFY(!exists(scratch.path("src/good")));
    QVERIFY(exists(disk->path("src/good")));
}

void TestMove::deepTreeMovesWhole()
{
    FS_MOUNT(sourceDisk, FsKind::Ext4, 64 * MiB);
    FS_MOUNT(disk, FsKind::Tmpfs, 64 * MiB);
    QVERIFY(TestTree::makePath(sourceDisk->path("deep")));
    QVERIFY(FsHelpers::makeDeepTree(sourceDisk->path("deep"), 45, QByteArray(200, 'm')));
    QVERIFY(TestTree::makePath(disk->path("reference")));
    QVERIFY(FsHelpers::makeDeepTree(disk->path("reference"), 45, QByteArray(200, 'm')));

    CopyOptions options = JobRunner::quickOptions();
    options.move = true;
    const JobRunner::Run run = JobRunner::run({sourceDisk->path("deep")}, disk->path(), options);

    QVERIFY2(run.result.status == CopyStatus::Succeeded,
             qPrintable(FsHelpers::describeIssues(run.result)));
    QVERIFY(!exists(sourceDisk->path("deep")));
    const QStringList differences =
        FsHelpers::compareDeep(disk->path("reference"), disk->path("deep"));
    QVERIFY2(differences.isEmpty(), qPrintable(differences.join(u'\n')));
}

void TestMove::killedMoveNeverLosesAFile()
{
    FS_MOUNT(sourceDisk, FsKind::Ext4, 128 * MiB);
    FS_MOUNT(disk, FsKind::Ext4, 128 * MiB);
    const QByteArray tree = sourceDisk->path("tree");
    QVERIFY(TestTree::makePath(tree + "/dir/sub"));
    QHash<QByteArray, QByteArray> digests;
    quint32 seed = 810;
    auto add = [&](const QByteArray &name, qint64 size) {
        const bool ok = TestTree::writePatternFile(tree + '/' + name, size, ++seed);
        digests.insert(name, FsHelpers::fileDigest(tree + '/' + name));
        return ok;
    };
    QVERIFY(add("a", 9 * MiB) && add("b", 7 * MiB) && add("dir/c", 6 * MiB)
            && add("dir/sub/d", 5 * MiB));
    for (int i = 0; i < 12; ++i)
        QVERIFY(add("dir/s" + QByteArray::number(i), 5000 + i));

    // Each run moves some more; the kill comes at a different point every time.
    for (const qint64 killAt : {qint64(0), 4 * MiB, 10 * MiB, 2 * MiB, 6 * MiB}) {
        QProcess cli;
        cli.setProgram(QFile::decodeName(FsHelpers::cliPath()));
        cli.setArguments({QStringLiteral("--move"), QStringLiteral("--progress"),
                          QStringLiteral("json"), QStringLiteral("--limit"), QStringLiteral("40M"),
                          QStringLiteral("--on-conflict"), QStringLiteral("overwrite"),
                          QStringLiteral("--on-error"), QStringLiteral("skip"),
                          QFile::decodeName(tree), QFile::decodeName(disk->path())});
        cli.setStandardInputFile(QProcess::nullDevice());
        QByteArray pending;
        bool killed = false;
        connect(&cli, &QProcess::readyReadStandardOutput, &cli, [&] {
            pending += cli.readAllStandardOutput();
            for (qsizetype end; (end = pending.indexOf('\n')) >= 0; pending.remove(0, end + 1)) {
                const QJsonObject line = QJsonDocument::fromJson(pending.left(end)).object();
                if (!killed
                    && line.value(QStringLiteral("type")).toString() == QLatin1String("progress")
                    && line.value(QStringLiteral("bytesWritten")).toInteger() >= killAt) {
                    killed = true;
                    cli.kill();
                }
            }
        });
        cli.start();
        QVERIFY(cli.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(cli.state() == QProcess::NotRunning, 60000);
        // Every file is at its source, whole, or at the destination, whole (or both).
        for (auto it = digests.cbegin(); it != digests.cend(); ++it) {
            const bool atSource = exists(tree + '/' + it.key());
            const bool atDestination = exists(disk->path("tree/" + it.key()));
            QVERIFY2(atSource || atDestination, qPrintable(QStringLiteral("lost %1 (killed at %2)")
                                                               .arg(QString::fromUtf8(it.key()))
                                                               .arg(killAt)));
            if (atSource)
                QCOMPARE(FsHelpers::fileDigest(tree + '/' + it.key()), it.value());
            if (atDestination && !atSource)
                QCOMPARE(FsHelpers::fileDigest(disk->path("tree/" + it.key())), it.value());
        }
    }
    // A last run finishes the move.
    const FsHelpers::ChildRun last = FsHelpers::runCli(
        {"--move", "--on-conflict", "overwrite", "--on-error", "skip", tree, disk->path()});
    QVERIFY2(last.exitCode == 0, last.err.constData());
    QVERIFY(!exists(tree));
    for (auto it = digests.cbegin(); it != digests.cend(); ++it)
        QCOMPARE(FsHelpers::fileDigest(disk->path("tree/" + it.key())), it.value());
    QVERIFY(TestTree::findPartFiles(disk->path()).isEmpty());
}

QTEST_GUILESS_MAIN(TestMove)
#include "tst_move.moc"
