// Issue 3, cases 3 and 4 (symlink loops, dangling and mutual links), and symlinks planted in
// the destination where a part file, a final name or a folder would go: before the copy
// and while it runs. Nothing outside the destination may ever be written.

#include "fshelpers.h"
#include "jobrunner.h"
#include "testmount.h"
#include "testtree.h"

#include <QTest>

#include <sys/stat.h>
#include <unistd.h>

using namespace Sluice;

namespace {

QByteArray linkTarget(const QByteArray &path)
{
    char buffer[4096];
    const ssize_t length = ::readlink(path.constData(), buffer, sizeof buffer);
    return length < 0 ? QByteArray() : QByteArray(buffer, int(length));
}

bool isSymlink(const QByteArray &path)
{
    struct stat st = {};
    return ::lstat(path.constData(), &st) == 0 && S_ISLNK(st.st_mode);
}

bool isRegularFile(const QByteArray &path)
{
    struct stat st = {};
    return ::lstat(path.constData(), &st) == 0 && S_ISREG(st.st_mode);
}

void addFileSystems()
{
    QTest::addColumn<FsKind>("fs");
    for (const FsKind fs : {FsKind::Tmpfs, FsKind::Ext4, FsKind::Xfs, FsKind::Btrfs})
        QTest::newRow(qPrintable(fsKindName(fs))) << fs;
}

} // namespace

class TestSymlinks final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { FS_REQUIRE_ROOT(); }
    void followingLinksFinishesAndReportsEachLoopOnce();
    void defaultModeCopiesLoopingLinksAsLinks();
    void danglingAndMutualLinksAreRecreatedVerbatim_data();
    void danglingAndMutualLinksAreRecreatedVerbatim();
    void symlinkPlantedAtThePartNameIsNeverFollowed_data();
    void symlinkPlantedAtThePartNameIsNeverFollowed();
    void symlinkPlantedAtTheFinalNameIsNeverFollowed_data();
    void symlinkPlantedAtTheFinalNameIsNeverFollowed();
    void symlinkPlantedAtAFolderNameReceivesNothing();
    void partFileSwappedForASymlinkWhileWrittenIsNotRenamedIntoPlace();
    void folderSwappedForASymlinkWhileCopyingReceivesNothing();
    void specialPartSwappedForASymlinkIsNotFollowedNorRenamed_data();
    void specialPartSwappedForASymlinkIsNotFollowedNorRenamed();
};

void TestSymlinks::followingLinksFinishesAndReportsEachLoopOnce()
{
    FS_MOUNT(disk, FsKind::Ext4, 64 * MiB);
    QVERIFY(TestTree::makePath(disk->path("t/sub")));
    QVERIFY(TestTree::makePath(disk->path("elsewhere")));
    QVERIFY(TestTree::writeFile(disk->path("t/file"), "file"));
    QVERIFY(TestTree::writeFile(disk->path("t/sub/f2"), "f2"));
    QVERIFY(TestTree::writeFile(disk->path("elsewhere/e"), "e"));
    QVERIFY(::symlink("..", disk->path("t/sub/up").constData()) == 0);          // -> t
    QVERIFY(::symlink(".", disk->path("t/sub/self").constData()) == 0);         // -> t/sub
    QVERIFY(::symlink("..", disk->path("t/top").constData()) == 0);             // -> t's parent
    QVERIFY(::symlink("../elsewhere", disk->path("t/other").constData()) == 0); // no loop
    QVERIFY(TestTree::makePath(disk->path("out")));
    const QByteArray before = FsHelpers::treeFingerprint(disk->path("t"));

    CopyOptions options = JobRunner::quickOptions();
    options.followSymlinks = true;
    const JobRunner::Run run =
        JobRunner::run({disk->path("t")}, disk->path("out"), options, {}, {}, {}, 60000);

    QVERIFY(!run.timedOut);
    QCOMPARE(run.finishedCount, 1);
    QCOMPARE(run.result.status, CopyStatus::CompletedWithWarnings);
    QCOMPARE(run.result.warningCount(), qint64(3));
    QCOMPARE(run.result.errorCount(), qint64(0));
    for (const QByteArray &loop :
         {QByteArray("t/sub/up"), QByteArray("t/sub/self"), QByteArray("t/top")}) {
        int reports = 0;
        for (const CopyIssue &issue : run.result.issues) {
            if (issue.path.endsWith(loop)) {
                ++reports;
                QVERIFY2(issue.message().contains(QStringLiteral("symbolic link loop")),
                         qPrintable(issue.message()));
            }
        }
        QVERIFY2(reports == 1, loop.constData());
        QVERIFY2(::access(disk->path("out/" + loop + "/f2").constData(), F_OK) != 0,
                 loop.constData());
    }
    // What the links that do not loop point to is copied as plain files and folders.
    QCOMPARE(TestTree::readFile(disk->path("out/t/file")), QByteArray("file"));
    QCOMPARE(TestTree::readFile(disk->path("out/t/sub/f2")), QByteArray("f2"));
    QCOMPARE(TestTree::readFile(disk->path("out/t/other/e")), QByteArray("e"));
    QVERIFY(!isSymlink(disk->path("out/t/other")));
    QCOMPARE(FsHelpers::treeFingerprint(disk->path("t")), before);
}

void TestSymlinks::defaultModeCopiesLoopingLinksAsLinks()
{
    FS_MOUNT(disk, FsKind::Ext4, 64 * MiB);
    QVERIFY(TestTree::makePath(disk->path("t/sub")));
    QVERIFY(TestTree::writeFile(disk->path("t/sub/f2"), "f2"));
    QVERIFY(::symlink("..", disk->path("t/sub/up").constData()) == 0);
    QVERIFY(::symlink(".", disk->path("t/sub/self").constData()) == 0);
    QVERIFY(TestTree::makePath(disk->path("out")));

    const JobRunner::Run run =
        JobRunner::run({disk->path("t")}, disk->path("out"), JobRunner::quickOptions());

    QCOMPARE(run.result.status, CopyStatus::Succeeded);
    QCOMPARE(run.result.itemsCopied, qint64(5));
    QVERIFY(isSymlink(disk->path("out/t/sub/up")));
    QVERIFY(isSymlink(disk->path("out/t/sub/self")));
    QCOMPARE(linkTarget(disk->path("out/t/sub/up")), QByteArray(".."));
    QCOMPARE(linkTarget(disk->path("out/t/sub/self")), QByteArray("."));
    const QStringList differences = TestTree::compareTrees(disk->path("t"), disk->path("out/t"));
    QVERIFY2(differences.isEmpty(), qPrintable(differences.join(u'\n')));
}

void TestSymlinks::danglingAndMutualLinksAreRecreatedVerbatim_data()
{
    QTest::addColumn<FsKind>("fs");
    QTest::addColumn<bool>("follow");
    for (const FsKind fs : {FsKind::Tmpfs, FsKind::Ext4, FsKind::Xfs, FsKind::Btrfs}) {
        QTest::addRow("%s, links copied", qPrintable(fsKindName(fs))) << fs << false;
        QTest::addRow("%s, links followed", qPrintable(fsKindName(fs))) << fs << true;
    }
}

void TestSymlinks::danglingAndMutualLinksAreRecreatedVerbatim()
{
    QFETCH(FsKind, fs);
    QFETCH(bool, follow);
    FS_MOUNT(disk, fs, 64 * MiB);
    QVERIFY(TestTree::makePath(disk->path("t")));
    const QList<QPair<QByteArray, QByteArray>> links{
        {"dangling-relative", "no/such/file"},
        {"dangling-absolute", "/nonexistent/sluice/target"},
        {"ping", "pong"},
        {"pong", "ping"},
        {"self-loop", "self-loop"},
        {"odd bytes \xff", "target \xfe with\nnewline"},
        {"long", QByteArray(1000, 'x')}, // XFS and 1 KiB-block ext4 keep up to 1023 bytes
    };
    for (const auto &[name, target] : links)
        QVERIFY(::symlink(target.constData(), disk->path("t/" + name).constData()) == 0);
    QVERIFY(TestTree::makePath(disk->path("out")));

    CopyOptions options = JobRunner::quickOptions();
    options.followSymlinks = follow;
    const JobRunner::Run run = JobRunner::run({disk->path("t")}, disk->path("out"), options);

    QVERIFY2(run.result.status == CopyStatus::Succeeded,
             qPrintable(FsHelpers::describeIssues(run.result)));
    QCOMPARE(run.result.itemsCopied, qint64(links.size() + 1));
    for (const auto &[name, target] : links) {
        const QByteArray copy = disk->path("out/t/" + name);
        QVERIFY2(isSymlink(copy), name.constData());
        QCOMPARE(linkTarget(copy), target);
    }
    QCOMPARE(TestTree::countEntries(disk->path("out/t")), qint64(links.size()));
}

void TestSymlinks::symlinkPlantedAtThePartNameIsNeverFollowed_data()
{
    addFileSystems();
}

void TestSymlinks::symlinkPlantedAtThePartNameIsNeverFollowed()
{
    QFETCH(FsKind, fs);
    FS_MOUNT(disk, fs, 64 * MiB);
    QVERIFY(TestTree::makePath(disk->path("src")));
    QVERIFY(TestTree::makePath(disk->path("out")));
    QVERIFY(TestTree::makePath(disk->path("victim")));
    QVERIFY(TestTree::writePatternFile(disk->path("src/big"), 3 * MiB, 31)); // serial path
    QVERIFY(TestTree::writeFile(disk->path("src/small"), "small"));          // small-file pool
    QVERIFY(TestTree::writeFile(disk->path("victim/a"), "victim a"));
    QVERIFY(TestTree::writeFile(disk->path("victim/b"), "victim b"));
    QVERIFY(::symlink("../victim/a", disk->path("out/.big.sluice-part").constData()) == 0);
    QVERIFY(::symlink(disk->path("victim/b").constData(),
                      disk->path("out/.small.sluice-part").constData())
            == 0);
    QVERIFY(::symlink("../victim/new", disk->path("out/.absent.sluice-part").constData()) == 0);
    const QByteArray victimBefore = FsHelpers::treeFingerprint(disk->path("victim"));

    const JobRunner::Run run = JobRunner::run({disk->path("src/big"), disk->path("src/small")},
                                              disk->path("out"), JobRunner::quickOptions());

    QVERIFY2(run.result.itemsCopied == 2, qPrintable(FsHelpers::describeIssues(run.result)));
    QCOMPARE(FsHelpers::treeFingerprint(disk->path("victim")), victimBefore);
    QVERIFY(isRegularFile(disk->path("out/big")));
    QVERIFY(isRegularFile(disk->path("out/small")));
    QCOMPARE(FsHelpers::fileDigest(disk->path("out/big")),
             FsHelpers::fileDigest(disk->path("src/big")));
    QCOMPARE(TestTree::readFile(disk->path("out/small")), QByteArray("small"));
    QVERIFY(!isSymlink(disk->path("out/.big.sluice-part")));
    QVERIFY(!isSymlink(disk->path("out/.small.sluice-part")));
}

void TestSymlinks::symlinkPlantedAtTheFinalNameIsNeverFollowed_data()
{
    QTest::addColumn<FsKind>("fs");
    QTest::addColumn<CollisionPolicy>("policy");
    for (const FsKind fs : {FsKind::Tmpfs, FsKind::Ext4, FsKind::Btrfs}) {
        const QString name = fsKindName(fs);
        QTest::addRow("%s, overwrite", qPrintable(name)) << fs << CollisionPolicy::Overwrite;
        QTest::addRow("%s, skip", qPrintable(name)) << fs << CollisionPolicy::Skip;
        QTest::addRow("%s, rename", qPrintable(name)) << fs << CollisionPolicy::Rename;
        QTest::addRow("%s, newer", qPrintable(name)) << fs << CollisionPolicy::Newer;
    }
}

void TestSymlinks::symlinkPlantedAtTheFinalNameIsNeverFollowed()
{
    QFETCH(FsKind, fs);
    QFETCH(CollisionPolicy, policy);
    FS_MOUNT(disk, fs, 64 * MiB);
    QVERIFY(TestTree::makePath(disk->path("src")));
    QVERIFY(TestTree::makePath(disk->path("out")));
    QVERIFY(TestTree::makePath(disk->path("victim")));
    QVERIFY(TestTree::writePatternFile(disk->path("src/big"), 3 * MiB, 32));
    QVERIFY(TestTree::writeFile(disk->path("src/small"), "small"));
    QVERIFY(TestTree::writeFile(disk->path("victim/a"), "victim a"));
    QVERIFY(::symlink("../victim/a", disk->path("out/big").constData()) == 0);
    QVERIFY(::symlink(disk->path("victim/a").constData(), disk->path("out/small").constData())
            == 0);
    const QByteArray victimBefore = FsHelpers::treeFingerprint(disk->path("victim"));

    CopyOptions options = JobRunner::quickOptions();
    options.onCollision = policy;
    const JobRunner::Run run = JobRunner::run({disk->path("src/big"), disk->path("src/small")},
                                              disk->path("out"), options);

    QCOMPARE(FsHelpers::treeFingerprint(disk->path("victim")), victimBefore);
    QVERIFY(TestTree::findPartFiles(disk->path()).isEmpty());
    switch (policy) {
    case CollisionPolicy::Overwrite:
        QCOMPARE(run.result.status, CopyStatus::Succeeded);
        QVERIFY(isRegularFile(disk->path("out/big")));
        QCOMPARE(FsHelpers::fileDigest(disk->path("out/big")),
                 FsHelpers::fileDigest(disk->path("src/big")));
        QCOMPARE(TestTree::readFile(disk->path("out/small")), QByteArray("small"));
        break;
    case CollisionPolicy::Skip:
    case CollisionPolicy::Newer: // the links were made after the sources: they are newer
        QCOMPARE(run.result.itemsSkipped, qint64(2));
        QCOMPARE(linkTarget(disk->path("out/big")), QByteArray("../victim/a"));
        QVERIFY(isSymlink(disk->path("out/small")));
        break;
    case CollisionPolicy::Rename:
        QCOMPARE(run.result.status, CopyStatus::Succeeded);
        QCOMPARE(linkTarget(disk->path("out/big")), QByteArray("../victim/a"));
        QCOMPARE(FsHelpers::fileDigest(disk->path("out/big (2)")),
                 FsHelpers::fileDigest(disk->path("src/big")));
        QCOMPARE(TestTree::readFile(disk->path("out/small (2)")), QByteArray("small"));
        break;
    default:
        QFAIL("unexpected policy");
    }
}

void TestSymlinks::symlinkPlantedAtAFolderNameReceivesNothing()
{
    FS_MOUNT(disk, FsKind::Ext4, 64 * MiB);
    QVERIFY(TestTree::makePath(disk->path("src/tree/inner")));
    QVERIFY(TestTree::makePath(disk->path("out/tree")));
    QVERIFY(TestTree::makePath(disk->path("victim")));
    QVERIFY(TestTree::writePatternFile(disk->path("src/tree/inner/big"), 2 * MiB, 33));
    QVERIFY(TestTree::writeFile(disk->path("src/tree/top"), "top"));
    QVERIFY(TestTree::writeFile(disk->path("victim/keep"), "keep"));
    // out/tree exists as a real folder, but its "inner" is a link to the victim folder.
    QVERIFY(::symlink("../../victim", disk->path("out/tree/inner").constData()) == 0);
    const QByteArray victimBefore = FsHelpers::treeFingerprint(disk->path("victim"));

    for (const CollisionPolicy policy :
         {CollisionPolicy::Overwrite, CollisionPolicy::Skip, CollisionPolicy::Newer}) {
        CopyOptions options = JobRunner::quickOptions();
        options.onCollision = policy;
        const JobRunner::Run run =
            JobRunner::run({disk->path("src/tree")}, disk->path("out"), options);
        QCOMPARE(FsHelpers::treeFingerprint(disk->path("victim")), victimBefore);
        QVERIFY(isSymlink(disk->path("out/tree/inner")));
        QCOMPARE(TestTree::readFile(disk->path("out/tree/top")), QByteArray("top"));
        if (policy == CollisionPolicy::Overwrite) {
            // A link is not a folder to merge into, and is never replaced by one.
            QCOMPARE(run.result.status, CopyStatus::Failed);
            const CopyIssue *issue = FsHelpers::findError(run.result, "out/tree/inner");
            QVERIFY2(issue, qPrintable(FsHelpers::describeIssues(run.result)));
        }
    }
}

void TestSymlinks::partFileSwappedForASymlinkWhileWrittenIsNotRenamedIntoPlace()
{
    FS_MOUNT(disk, FsKind::Ext4, 64 * MiB);
    QVERIFY(TestTree::makePath(disk->path("src")));
    QVERIFY(TestTree::makePath(disk->path("out")));
    QVERIFY(TestTree::makePath(disk->path("victim")));
    QVERIFY(TestTree::writePatternFile(disk->path("src/big"), 8 * MiB, 34));
    QVERIFY(TestTree::writeFile(disk->path("victim/a"), "victim a"));
    const QByteArray victimBefore = FsHelpers::treeFingerprint(disk->path("victim"));

    // Half-way through, someone with write access to the destination replaces the part
    // file with a link to a file elsewhere.
    IoHooks hooks;
    bool swapped = false;
    hooks.beforeWrite = [&](const QByteArray &, qint64 offset, qint64) {
        if (offset >= 4 * MiB && !swapped) {
            swapped = true;
            const QByteArray part = disk->path("out/.big.sluice-part");
            const QByteArray planted = disk->path("out/planted");
            if (::symlink("../victim/a", planted.constData()) != 0
                || ::rename(planted.constData(), part.constData()) != 0)
                return EIO;
        }
        return 0;
    };
    CopyOptions options = JobRunner::quickOptions();
    options.engine = Engine::Stream;
    const JobRunner::Run run =
        JobRunner::run({disk->path("src/big")}, disk->path("out"), options, {}, hooks);

    QVERIFY(swapped);
    QCOMPARE(FsHelpers::treeFingerprint(disk->path("victim")), victimBefore);
    // The final name never holds what someone else put under the part name.
    QVERIFY2(!isSymlink(disk->path("out/big")), "the planted link was renamed into place");
    QCOMPARE(run.result.status, CopyStatus::Failed);
    const CopyIssue *issue = FsHelpers::findError(run.result, "out/big");
    QVERIFY2(issue && issue->isError(), qPrintable(FsHelpers::describeIssues(run.result)));
    QVERIFY(::access(disk->path("out/big").constData(), F_OK) != 0);
}

void TestSymlinks::folderSwappedForASymlinkWhileCopyingReceivesNothing()
{
    FS_MOUNT(disk, FsKind::Ext4, 64 * MiB);
    QVERIFY(TestTree::makePath(disk->path("src/tree/sub")));
    QVERIFY(TestTree::makePath(disk->path("out")));
    QVERIFY(TestTree::makePath(disk->path("victim")));
    QVERIFY(TestTree::writePatternFile(disk->path("src/tree/sub/a-big"), 8 * MiB, 35));
    QVERIFY(TestTree::writePatternFile(disk->path("src/tree/sub/b-big"), 2 * MiB, 36));
    QVERIFY(TestTree::writeFile(disk->path("src/tree/sub/c-small"), "c"));
    const QByteArray victimBefore = FsHelpers::treeFingerprint(disk->path("victim"));

    // While a-big is written, out/tree/sub is moved away and replaced by a link.
    IoHooks hooks;
    bool swapped = false;
    hooks.beforeWrite = [&](const QByteArray &destination, qint64 offset, qint64) {
        if (destination.endsWith("a-big") && offset >= 4 * MiB && !swapped) {
            swapped = true;
            if (::rename(disk->path("out/tree/sub").constData(),
                         disk->path("out/tree/moved").constData())
                    != 0
                || ::symlink("../../victim", disk->path("out/tree/sub").constData()) != 0)
                return EIO;
        }
        return 0;
    };
    CopyOptions options = JobRunner::quickOptions();
    options.engine = Engine::Stream;
    options.smallFileWorkers = 1;
    const JobRunner::Run run =
        JobRunner::run({disk->path("src/tree")}, disk->path("out"), options, {}, hooks);

    QVERIFY(swapped);
    QCOMPARE(FsHelpers::treeFingerprint(disk->path("victim")), victimBefore);
    // Every file went where the folder really is now (writes go through its descriptor).
    QVERIFY2(run.result.status == CopyStatus::Succeeded,
             qPrintable(FsHelpers::describeIssues(run.result)));
    const QStringList differences =
        TestTree::compareTrees(disk->path("src/tree/sub"), disk->path("out/tree/moved"));
    QVERIFY2(differences.isEmpty(), qPrintable(differences.join(u'\n')));
}

void TestSymlinks::specialPartSwappedForASymlinkIsNotFollowedNorRenamed_data()
{
    QTest::addColumn<QByteArray>("kind");
    QTest::newRow("fifo") << QByteArray("fifo");
    QTest::newRow("symlink") << QByteArray("symlink");
    QTest::newRow("regular file") << QByteArray("file");
    QTest::newRow("hard link") << QByteArray("hardlink");
}

void TestSymlinks::specialPartSwappedForASymlinkIsNotFollowedNorRenamed()
{
    QFETCH(QByteArray, kind);
    FS_MOUNT(disk, FsKind::Ext4, 64 * MiB);
    QVERIFY(TestTree::makePath(disk->path("src")));
    QVERIFY(TestTree::makePath(disk->path("out")));
    QVERIFY(TestTree::makePath(disk->path("victim")));
    QVERIFY(TestTree::writeFile(disk->path("victim/secret"), "secret"));
    QVERIFY(::chmod(disk->path("victim/secret").constData(), 0600) == 0);
    QVERIFY(TestTree::writeFile(disk->path("src/a-first"), "first"));
    if (kind == "fifo")
        QVERIFY(::mkfifo(disk->path("src/item").constData(), 0666) == 0);
    else if (kind == "symlink")
        QVERIFY(::symlink("a-first", disk->path("src/item").constData()) == 0);
    else if (kind == "file")
        QVERIFY(TestTree::writeFile(disk->path("src/item"), "item"));
    else
        QVERIFY(::link(disk->path("src/a-first").constData(), disk->path("src/item").constData())
                == 0);
    const QByteArray victimBefore = FsHelpers::treeFingerprint(disk->path("victim"));

    // The moment the part name exists, someone swaps it for a link to a file elsewhere.
    IoHooks hooks;
    QList<QByteArray> swapped;
    hooks.afterPartCreated = [&](const QByteArray &partPath) {
        if (!partPath.endsWith("/.item.sluice-part"))
            return;
        const QByteArray planted = disk->path("out/planted");
        // Counted only when the swap really happened (symlink() must be checked anyway: glibc
        // declares it warn_unused_result under _FORTIFY_SOURCE).
        if (::symlink(disk->path("victim/secret").constData(), planted.constData()) == 0
            && ::rename(planted.constData(), partPath.constData()) == 0)
            swapped << partPath;
    };
    CopyOptions options = JobRunner::quickOptions();
    options.preserve = PreserveOptions::archive();
    options.smallFileWorkers = 1;
    // Into a folder that already exists, where others may write. (A folder the copy creates
    // stays 0700 until it is finished: only the copier's own user could swap a part there,
    // and the check is left out, see renameIntoPlace().)
    const JobRunner::Run run = JobRunner::run({disk->path("src/a-first"), disk->path("src/item")},
                                              disk->path("out"), options, {}, hooks);

    QCOMPARE(swapped.size(), 1);
    QCOMPARE(FsHelpers::treeFingerprint(disk->path("victim")), victimBefore);
    struct stat st = {};
    QVERIFY2(::lstat(disk->path("out/item").constData(), &st) != 0,
             "what was planted under the part name was renamed into place");
    QCOMPARE(run.result.status, CopyStatus::Failed);
    const CopyIssue *issue = FsHelpers::findError(run.result, "out/item");
    QVERIFY2(issue && issue->isError()
                 && issue->message().contains(QStringLiteral("was replaced or removed")),
             qPrintable(FsHelpers::describeIssues(run.result)));
    QCOMPARE(TestTree::readFile(disk->path("out/a-first")), QByteArray("first"));
}

QTEST_GUILESS_MAIN(TestSymlinks)
#include "tst_symlinks.moc"
