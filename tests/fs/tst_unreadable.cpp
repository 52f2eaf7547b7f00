// Issue 3, case 12: unreadable entries in the middle of a tree, copied by an unprivileged
// user. The test mounts as root, builds the tree, and runs sluice-cli as user nobody in a
// child process: the rest copies, both are listed with "Permission denied", and no empty
// placeholder is left where they would have gone.

#include "copyoptions.h"
#include "fshelpers.h"
#include "testmount.h"
#include "testtree.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <cerrno>
#include <sys/stat.h>
#include <unistd.h>

using namespace Sluice;

namespace {

// The "result" object sluice-cli prints last with --progress json.
QJsonObject resultOf(const FsHelpers::ChildRun &run)
{
    const QList<QByteArray> lines = run.out.trimmed().split('\n');
    return QJsonDocument::fromJson(lines.constLast()).object();
}

} // namespace

class TestUnreadable final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { FS_REQUIRE_ROOT(); }
    void unreadableFileAndFolderAreListedAndTheRestCopies_data();
    void unreadableFileAndFolderAreListedAndTheRestCopies();
    void unwritableDestinationIsReportedAndNothingIsLeft();
};

void TestUnreadable::unreadableFileAndFolderAreListedAndTheRestCopies_data()
{
    QTest::addColumn<FsKind>("fs");
    for (const FsKind fs : {FsKind::Tmpfs, FsKind::Ext4, FsKind::Btrfs})
        QTest::newRow(qPrintable(fsKindName(fs))) << fs;
}

void TestUnreadable::unreadableFileAndFolderAreListedAndTheRestCopies()
{
    QFETCH(FsKind, fs);
    FS_MOUNT(disk, fs, 64 * MiB);
    const QByteArray src = disk->path("src");
    QVERIFY(TestTree::makePath(src + "/a"));
    QVERIFY(TestTree::makePath(src + "/locked/inner"));
    QVERIFY(TestTree::makePath(src + "/z"));
    QVERIFY(TestTree::writePatternFile(src + "/a/ok1", 2 * MiB, 301));
    QVERIFY(TestTree::writeFile(src + "/locked/hidden", "hidden"));
    QVERIFY(TestTree::writeFile(src + "/locked/inner/deeper", "deeper"));
    QVERIFY(TestTree::writePatternFile(src + "/m-secret", 3 * MiB, 302));
    QVERIFY(TestTree::writeFile(src + "/n-empty", {}));
    QVERIFY(TestTree::writeFile(src + "/z/ok2", "ok2"));
    QVERIFY(::chmod((src + "/m-secret").constData(), 0600) == 0); // root's, unreadable
    QVERIFY(::chmod((src + "/locked").constData(), 0700) == 0);   // root's, unlistable
    QVERIFY(TestTree::makePath(disk->path("out")));
    QVERIFY(::chown(disk->path("out").constData(), FsHelpers::nobodyUid(), FsHelpers::nobodyGid())
            == 0);
    const QByteArray before = FsHelpers::treeFingerprint(src);

    FsHelpers::ChildOptions child;
    child.unprivileged = true;
    const FsHelpers::ChildRun run =
        FsHelpers::runCli({"--progress", "json", "--on-error", "skip", "--on-conflict", "overwrite",
                           src, disk->path("out")},
                          child);

    QCOMPARE(run.signal, 0);
    QVERIFY2(run.exitCode == 1, run.err.constData());
    const QJsonObject result = resultOf(run);
    QCOMPARE(result.value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
    // Two errors, each "Permission denied", each naming its path.
    QStringList errors;
    for (const auto &value : result.value(QStringLiteral("issues")).toArray()) {
        const QJsonObject issue = value.toObject();
        if (issue.value(QStringLiteral("severity")).toString() != QLatin1String("error"))
            continue;
        errors << issue.value(QStringLiteral("message")).toString();
        QCOMPARE(issue.value(QStringLiteral("errno")).toInt(), EACCES);
        QVERIFY2(errors.constLast().contains(QStringLiteral("Permission denied (EACCES)")),
                 qPrintable(errors.constLast()));
    }
    QCOMPARE(errors.size(), 2);
    std::sort(errors.begin(), errors.end());
    QVERIFY2(errors.join(u'\n').contains(QStringLiteral("/src/locked”")),
             qPrintable(errors.join(u'\n')));
    QVERIFY2(errors.join(u'\n').contains(QStringLiteral("/src/m-secret”")),
             qPrintable(errors.join(u'\n')));
    QVERIFY2(run.err.contains("Permission denied (EACCES)"), run.err.constData());
    // The rest arrived, byte for byte, and nothing stands where the two would have gone.
    QCOMPARE(FsHelpers::fileDigest(disk->path("out/src/a/ok1")),
             FsHelpers::fileDigest(src + "/a/ok1"));
    QCOMPARE(TestTree::readFile(disk->path("out/src/z/ok2")), QByteArray("ok2"));
    QVERIFY(::access(disk->path("out/src/n-empty").constData(), F_OK) == 0);
    struct stat st = {};
    QVERIFY(::lstat(disk->path("out/src/m-secret").constData(), &st) != 0);
    QVERIFY(::lstat(disk->path("out/src/locked").constData(), &st) != 0);
    QCOMPARE(FsHelpers::emptyFiles(disk->path("out")),
             QList<QByteArray>{disk->path("out/src/n-empty")});
    QVERIFY(TestTree::findPartFiles(disk->path("out")).isEmpty());
    // The copies belong to the user who made them.
    QVERIFY(::lstat(disk->path("out/src/a/ok1").constData(), &st) == 0);
    QCOMPARE(st.st_uid, FsHelpers::nobodyUid());
    QCOMPARE(FsHelpers::treeFingerprint(src), before);
}

void TestUnreadable::unwritableDestinationIsReportedAndNothingIsLeft()
{
    FS_MOUNT(disk, FsKind::Ext4, 64 * MiB);
    QVERIFY(TestTree::makePath(disk->path("src/sub")));
    QVERIFY(TestTree::writePatternFile(disk->path("src/sub/file"), MiB, 303));
    QVERIFY(TestTree::writeFile(disk->path("single"), "single"));
    QVERIFY(TestTree::makePath(disk->path("out"))); // root's 0755: nobody cannot write here

    FsHelpers::ChildOptions child;
    child.unprivileged = true;
    const FsHelpers::ChildRun run =
        FsHelpers::runCli({"--on-error", "skip", "--on-conflict", "overwrite", disk->path("src"),
                           disk->path("single"), disk->path("out")},
                          child);

    QCOMPARE(run.signal, 0);
    QVERIFY2(run.exitCode == 1 || run.exitCode == 2, run.err.constData());
    QVERIFY2(run.err.contains("Permission denied (EACCES)"), run.err.constData());
    QVERIFY2(run.err.contains(disk->path("out/src")), run.err.constData());
    QVERIFY2(run.err.contains(disk->path("out/single")), run.err.constData());
    QCOMPARE(TestTree::countEntries(disk->path("out")), qint64(0));
}

QTEST_GUILESS_MAIN(TestUnreadable)
#include "tst_unreadable.moc"
