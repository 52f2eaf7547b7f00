// Issue 3, cases 1 and 2: a file copied onto another name of itself, and a folder copied
// into itself, are refused before a byte is written, whatever path leads there (a hard
// link, a symlink, a bind mount).

#include "fshelpers.h"
#include "jobrunner.h"
#include "testmount.h"
#include "testtree.h"

#include <QTest>

#include <atomic>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace Sluice;

namespace {

// A bind mount for the length of a test (unmounted before the file system under it).
class BindMount final
{
public:
    BindMount(const QByteArray &from, const QByteArray &to)
        : m_to(to)
    {
        m_ok = ::mount(from.constData(), to.constData(), nullptr, MS_BIND, nullptr) == 0;
    }
    ~BindMount()
    {
        if (m_ok)
            ::umount2(m_to.constData(), MNT_DETACH);
    }
    Q_DISABLE_COPY_MOVE(BindMount)
    bool isMounted() const { return m_ok; }

private:
    QByteArray m_to;
    bool m_ok = false;
};

// Counts every write the engines attempt.
IoHooks countingWrites(std::atomic<int> &writes)
{
    IoHooks hooks;
    hooks.beforeWrite = [&writes](const QByteArray &, qint64, qint64) {
        ++writes;
        return 0;
    };
    return hooks;
}

} // namespace

class TestIdentity final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { FS_REQUIRE_ROOT(); }
    void hardLinkInAnotherFolderIsRefusedAsTheSameFile_data();
    void hardLinkInAnotherFolderIsRefusedAsTheSameFile();
    void sameFileThroughABindMountIsRefused();
    void folderIntoItselfIsRefusedBeforeAnythingIsWritten_data();
    void folderIntoItselfIsRefusedBeforeAnythingIsWritten();
};

void TestIdentity::hardLinkInAnotherFolderIsRefusedAsTheSameFile_data()
{
    QTest::addColumn<FsKind>("fs");
    QTest::addColumn<bool>("wholeFolder");
    for (const FsKind fs : {FsKind::Tmpfs, FsKind::Ext4, FsKind::Xfs, FsKind::Btrfs}) {
        QTest::addRow("%s, file", qPrintable(fsKindName(fs))) << fs << false;
        QTest::addRow("%s, folder", qPrintable(fsKindName(fs))) << fs << true;
    }
}

void TestIdentity::hardLinkInAnotherFolderIsRefusedAsTheSameFile()
{
    QFETCH(FsKind, fs);
    QFETCH(bool, wholeFolder);
    FS_MOUNT(disk, fs, 64 * MiB);
    // a/file and b/a/file are two names of one inode; b/a/other is a plain file.
    QVERIFY(TestTree::makePath(disk->path("a")));
    QVERIFY(TestTree::makePath(disk->path("b/a")));
    QVERIFY(TestTree::writePatternFile(disk->path("a/file"), 3 * MiB + 7, 11));
    QVERIFY(::link(disk->path("a/file").constData(), disk->path("b/a/file").constData()) == 0);
    QVERIFY(TestTree::writeFile(disk->path("a/other"), "new other"));
    QVERIFY(TestTree::writeFile(disk->path("b/a/other"), "old other"));
    const QByteArray contentBefore = FsHelpers::fileDigest(disk->path("a/file"));

    CopyOptions options = JobRunner::quickOptions();
    options.onCollision = CollisionPolicy::Overwrite;
    const QByteArray source = wholeFolder ? disk->path("a") : disk->path("a/file");
    const QByteArray destination = wholeFolder ? disk->path("b") : disk->path("b/a");
    const JobRunner::Run run = JobRunner::run({source}, destination, options);

    QCOMPARE(run.finishedCount, 1);
    QCOMPARE(run.result.status, CopyStatus::Failed);
    QCOMPARE(run.result.itemsFailed, qint64(1));
    const CopyIssue *issue = FsHelpers::findError(run.result, "a/file");
    QVERIFY2(issue, qPrintable(FsHelpers::describeIssues(run.result)));
    QVERIFY(issue->isError());
    QVERIFY2(issue->message().contains(QStringLiteral("are the same file")),
             qPrintable(issue->message()));
    QVERIFY2(issue->message().contains(QStringLiteral("b/a/file")), qPrintable(issue->message()));
    // The file is intact under both names (an overwrite would have truncated it).
    QCOMPARE(FsHelpers::fileDigest(disk->path("a/file")), contentBefore);
    QCOMPARE(FsHelpers::fileDigest(disk->path("b/a/file")), contentBefore);
    struct stat st = {};
    QVERIFY(::stat(disk->path("a/file").constData(), &st) == 0);
    QCOMPARE(qint64(st.st_nlink), qint64(2));
    QCOMPARE(qint64(st.st_size), 3 * MiB + 7);
    // The rest of the folder is copied as asked.
    QCOMPARE(TestTree::readFile(disk->path("b/a/other")),
             QByteArray(wholeFolder ? "new other" : "old other"));
    QVERIFY(TestTree::findPartFiles(disk->path()).isEmpty());
}

void TestIdentity::sameFileThroughABindMountIsRefused()
{
    FS_MOUNT(disk, FsKind::Ext4, 64 * MiB);
    QVERIFY(TestTree::makePath(disk->path("data")));
    QVERIFY(TestTree::makePath(disk->path("view")));
    QVERIFY(TestTree::writePatternFile(disk->path("data/file"), 2 * MiB, 12));
    BindMount bind(disk->path("data"), disk->path("view"));
    QVERIFY(bind.isMounted());
    const QByteArray before = FsHelpers::fileDigest(disk->path("data/file"));

    CopyOptions options = JobRunner::quickOptions();
    options.onCollision = CollisionPolicy::Overwrite;
    std::atomic<int> writes{0};
    const JobRunner::Run run = JobRunner::run({disk->path("data/file")}, disk->path("view"),
                                              options, {}, countingWrites(writes));

    QCOMPARE(run.result.status, CopyStatus::Failed);
    const CopyIssue *issue = FsHelpers::findError(run.result, "data/file");
    QVERIFY2(issue && issue->message().contains(QStringLiteral("are the same file")),
             qPrintable(FsHelpers::describeIssues(run.result)));
    QCOMPARE(writes.load(), 0);
    QCOMPARE(FsHelpers::fileDigest(disk->path("data/file")), before);
    QVERIFY(TestTree::findPartFiles(disk->path("data")).isEmpty());
}

void TestIdentity::folderIntoItselfIsRefusedBeforeAnythingIsWritten_data()
{
    QTest::addColumn<QByteArray>("source");
    QTest::addColumn<QByteArray>("destination");
    QTest::addColumn<bool>("followSymlinks");
    QTest::newRow("into its subfolder") << QByteArray("tree") << QByteArray("tree/sub") << false;
    QTest::newRow("into itself") << QByteArray("tree") << QByteArray("tree") << false;
    QTest::newRow("into a deeper subfolder")
        << QByteArray("tree") << QByteArray("tree/sub/deeper") << false;
    QTest::newRow("destination is a symlink to its subfolder")
        << QByteArray("tree") << QByteArray("to-sub") << false;
    QTest::newRow("destination path goes through a symlink")
        << QByteArray("tree") << QByteArray("to-tree/sub") << false;
    QTest::newRow("source named through a symlink with a slash")
        << QByteArray("to-tree/") << QByteArray("tree/sub") << false;
    QTest::newRow("following symlinks") << QByteArray("to-tree") << QByteArray("to-sub") << true;
    QTest::newRow("destination is a bind mount of its subfolder")
        << QByteArray("tree") << QByteArray("bind") << false;
}

void TestIdentity::folderIntoItselfIsRefusedBeforeAnythingIsWritten()
{
    QFETCH(QByteArray, source);
    QFETCH(QByteArray, destination);
    QFETCH(bool, followSymlinks);
    FS_MOUNT(disk, FsKind::Ext4, 64 * MiB);
    QVERIFY(TestTree::makePath(disk->path("tree/sub/deeper")));
    QVERIFY(TestTree::makePath(disk->path("bind")));
    QVERIFY(TestTree::writePatternFile(disk->path("tree/big"), 4 * MiB, 21));
    QVERIFY(TestTree::writeFile(disk->path("tree/sub/small"), "small"));
    QVERIFY(::symlink("tree/sub", disk->path("to-sub").constData()) == 0);
    QVERIFY(::symlink("tree", disk->path("to-tree").constData()) == 0);
    BindMount bind(disk->path("tree/sub"), disk->path("bind"));
    QVERIFY(bind.isMounted());
    const QByteArray before = FsHelpers::treeFingerprint(disk->path("tree"));

    CopyOptions options = JobRunner::quickOptions();
    options.followSymlinks = followSymlinks;
    std::atomic<int> writes{0};
    const JobRunner::Run run = JobRunner::run({disk->path(source)}, disk->path(destination),
                                              options, {}, countingWrites(writes));

    QCOMPARE(run.finishedCount, 1);
    QCOMPARE(run.result.status, CopyStatus::Failed);
    QVERIFY2(!run.result.started, qPrintable(FsHelpers::describeIssues(run.result)));
    QCOMPARE(run.result.itemsCopied, qint64(0));
    QCOMPARE(writes.load(), 0);
    QCOMPARE(run.result.errorCount(), qint64(1));
    const CopyIssue &issue = run.result.issues.constFirst();
    QCOMPARE(issue.operation, FileOperation::Preflight);
    QVERIFY2(issue.message().contains(QStringLiteral("cannot copy a folder into itself")),
             qPrintable(issue.message()));
    QCOMPARE(FsHelpers::treeFingerprint(disk->path("tree")), before);
}

QTEST_GUILESS_MAIN(TestIdentity)
#include "tst_identity.moc"
