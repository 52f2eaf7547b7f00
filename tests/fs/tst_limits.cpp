// Destination file-system limits (FAT through fusefat, exFAT through exfat-fuse): files
// larger than FAT can hold, names it refuses, names that differ only in letter case. The
// preflight names them before the first byte; each ends with a clear error or a safe
// outcome; nothing is left half-written and the rest is copied.

#include "fshelpers.h"
#include "jobrunner.h"
#include "testmount.h"
#include "testtree.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <atomic>
#include <unistd.h>

using namespace Sluice;

namespace {

// Issues (errors and warnings) that name @p path, counting the similar ones a grouped issue
// stands for.
int issuesNaming(const CopyResult &result, const QByteArray &path)
{
    int count = 0;
    for (const CopyIssue &issue : result.issues)
        count += issue.path.endsWith(path) ? int(1 + issue.similarCount) : 0;
    return count;
}

int preflightWarningsMentioning(const CopyResult &result, const QString &text)
{
    int count = 0;
    for (const CopyIssue &issue : result.issues)
        count += issue.operation == FileOperation::Preflight && !issue.isError()
                         && issue.message().contains(text)
                     ? 1
                     : 0;
    return count;
}

} // namespace

class TestLimits final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { FS_REQUIRE_ROOT(); }
    void fileLargerThanFatCanHoldIsRefusedBeforeItsFirstByte();
    void namesFatRefusesAreReportedAndTheRestCopies_data();
    void namesFatRefusesAreReportedAndTheRestCopies();
    void dryRunNamesEachRefusedNameOnce_data();
    void dryRunNamesEachRefusedNameOnce();
    void topLevelNamesAreRefusedFromTheFolder_data();
    void topLevelNamesAreRefusedFromTheFolder();
    void namesDifferingOnlyInCaseBothArriveWithRename_data();
    void namesDifferingOnlyInCaseBothArriveWithRename();
    void caseTwinNeverReplacesTheCopyOfItsTwin_data();
    void caseTwinNeverReplacesTheCopyOfItsTwin();
};

void TestLimits::fileLargerThanFatCanHoldIsRefusedBeforeItsFirstByte()
{
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("src")));
    constexpr qint64 TooBig = 4 * GiB; // one byte over FAT's 4 GiB - 1
    QVERIFY(TestTree::writeSparseFile(scratch.path("src/huge.img"), TooBig, {0, TooBig - 8}));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/fits"), 2 * MiB, 901));
    FS_MOUNT(disk, FsKind::Vfat, 64 * MiB);

    // Writing 4 GiB through fusefat would take minutes: stop the test early if it starts.
    std::atomic<qint64> hugeWrites{0};
    IoHooks hooks;
    hooks.beforeWrite = [&](const QByteArray &destination, qint64 offset, qint64) {
        if (!destination.endsWith("huge.img"))
            return 0;
        ++hugeWrites;
        return offset >= 16 * MiB ? ECANCELED : 0;
    };
    const JobRunner::Run run =
        JobRunner::run({scratch.path("src")}, disk->path(), JobRunner::quickOptions(), {}, hooks);

    // Named once, as the error of its refusal: no warning repeats it.
    QVERIFY2(issuesNaming(run.result, "src/huge.img") == 1,
             qPrintable(FsHelpers::describeIssues(run.result)));
    QCOMPARE(preflightWarningsMentioning(run.result, QStringLiteral("one file")), 0);
    QCOMPARE(hugeWrites.load(), 0); // not one byte of a file that cannot fit
    QCOMPARE(run.result.status, CopyStatus::Failed);
    QCOMPARE(run.result.itemsFailed, qint64(1));
    QVERIFY(FsHelpers::findError(run.result, "huge.img"));
    QVERIFY(::access(disk->path("src/huge.img").constData(), F_OK) != 0);
    QCOMPARE(FsHelpers::fileDigest(disk->path("src/fits")),
             FsHelpers::fileDigest(scratch.path("src/fits")));
    QVERIFY(TestTree::findPartFiles(disk->path()).isEmpty());
}

void TestLimits::namesFatRefusesAreReportedAndTheRestCopies_data()
{
    QTest::addColumn<FsKind>("fs");
    QTest::newRow("vfat") << FsKind::Vfat;
    QTest::newRow("exfat") << FsKind::Exfat;
}

void TestLimits::namesFatRefusesAreReportedAndTheRestCopies()
{
    QFETCH(FsKind, fs);
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("src")));
    const QList<QByteArray> refused{"colon:name",  "what?",       "pipe|", "star*",
                                    "quote\"",     "less<",       "more>", "back\\slash",
                                    "control\x01", "not-utf8\xff"};
    for (const QByteArray &name : refused)
        QVERIFY(TestTree::writeFile(scratch.path("src/" + name), name));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/fine name.txt"), 3 * MiB, 902));
    QVERIFY(TestTree::writeFile(scratch.path("src/also-fine"), "fine"));
    FS_MOUNT(disk, fs, 64 * MiB);

    const JobRunner::Run run =
        JobRunner::run({scratch.path("src")}, disk->path(), JobRunner::quickOptions());

    // Each one is named once, by the error of its refusal before copying: no warning too.
    QCOMPARE(run.result.status, CopyStatus::Failed);
    QCOMPARE(run.result.itemsFailed, qint64(refused.size()));
    QVERIFY2(preflightWarningsMentioning(run.result, QStringLiteral("the name")) == 0,
             qPrintable(FsHelpers::describeIssues(run.result)));
    for (const QByteArray &name : refused) {
        const CopyIssue *error = FsHelpers::findError(run.result, "src/" + name);
        QVERIFY2(
            error && error->operation == FileOperation::Preflight,
            qPrintable(QString::fromUtf8(name) + u'\n' + FsHelpers::describeIssues(run.result)));
        QCOMPARE(issuesNaming(run.result, "src/" + name), 1);
    }
    QCOMPARE(FsHelpers::fileDigest(disk->path("src/fine name.txt")),
             FsHelpers::fileDigest(scratch.path("src/fine name.txt")));
    QCOMPARE(TestTree::readFile(disk->path("src/also-fine")), QByteArray("fine"));
    QCOMPARE(TestTree::countEntries(disk->path("src")), qint64(2));
    QVERIFY(FsHelpers::emptyFiles(disk->path()).isEmpty());
}

void TestLimits::dryRunNamesEachRefusedNameOnce_data()
{
    QTest::addColumn<FsKind>("fs");
    QTest::newRow("vfat") << FsKind::Vfat;
    QTest::newRow("exfat") << FsKind::Exfat;
}

// As a tester ran it: `sluice-cli --dry-run n <FAT>/` printed each refused name twice, as an
// error and as "Warning: …", and listed it twice in the JSON issues. Once, as an error.
void TestLimits::dryRunNamesEachRefusedNameOnce()
{
    QFETCH(FsKind, fs);
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("n")));
    QVERIFY(TestTree::writeFile(scratch.path("n/a:b"), "a"));
    QVERIFY(TestTree::writeFile(scratch.path("n/q?x"), "q"));
    // Not UTF-8: the names are UTF-16 there (fusefat answered EPERM, exfat-fuse EILSEQ).
    QVERIFY(TestTree::writeFile(scratch.path("n/a\xff"), "ff"));
    FS_MOUNT(disk, fs, 64 * MiB);
    const QByteArray destination = disk->path() + '/';
    const FsHelpers::ChildRun text =
        FsHelpers::runCli({"--dry-run", scratch.path("n"), destination});
    const FsHelpers::ChildRun json =
        FsHelpers::runCli({"--dry-run", "--progress", "json", scratch.path("n"), destination});

    QCOMPARE(text.exitCode, 1);
    // The byte that is not UTF-8 is shown as \xFF, not as U+FFFD.
    for (const QByteArray name : {"n/a:b", "n/q?x", "n/a\\xFF"}) {
        QVERIFY2(text.err.count(name + "”") == 1, text.err.constData());
        QVERIFY2(!text.err.contains("Warning: Check before copying “" + scratch.path(name)),
                 text.err.constData());
    }
    const QList<QByteArray> lines = json.out.trimmed().split('\n');
    const QJsonObject result = QJsonDocument::fromJson(lines.constLast()).object();
    QCOMPARE(result.value(u"type").toString(), QStringLiteral("result"));
    int refusedNames = 0;
    const QJsonArray issues = result.value(u"issues").toArray();
    for (const auto &value : issues) {
        const QJsonObject issue = value.toObject();
        const QString path = issue.value(u"path").toString();
        if (path.endsWith(u"n/a:b") || path.endsWith(u"n/q?x") || path.endsWith(u"n/a\\xFF")) {
            ++refusedNames;
            QCOMPARE(issue.value(u"severity").toString(), QStringLiteral("error"));
        }
    }
    QVERIFY2(refusedNames == 3, json.out.constData());
    QVERIFY2(text.err.contains("n/a\\xFF”: the name is not valid UTF-8, and fuse.")
                 && text.err.contains(" stores names as Unicode"),
             text.err.constData());
}

void TestLimits::topLevelNamesAreRefusedFromTheFolder_data()
{
    QTest::addColumn<FsKind>("fs");
    QTest::addColumn<QByteArray>("type"); // as the preflight names it
    QTest::newRow("vfat") << FsKind::Vfat << QByteArray("fuse.fusefat");
    QTest::newRow("exfat") << FsKind::Exfat << QByteArray("fuse.exfat");
}

// Names given on the command line go through the same limits as the names inside a tree,
// learned from the destination folder's file system before the name is looked up there: a
// source whose copy would take a name FAT cannot store is refused as an item (exit 1), a new
// name for the copy, or a folder on the way to it, leaves nothing to start (exit 2). The dry
// run says the same.
void TestLimits::topLevelNamesAreRefusedFromTheFolder()
{
    QFETCH(FsKind, fs);
    QFETCH(QByteArray, type);
    Scratch scratch;
    QVERIFY(TestTree::writeFile(scratch.path("q?x"), "q"));
    QVERIFY(TestTree::writeFile(scratch.path("fine"), "fine"));
    FS_MOUNT(disk, fs, 64 * MiB);
    QList<FsHelpers::Refusal> cases = FsHelpers::notUtf8CommandLineNames(
        scratch.path(), scratch.path("fine"), disk->path(), type);
    QCOMPARE(cases.size(), 3);
    const QByteArray question = "”: the name contains “?”, which " + type + " cannot store\n";
    cases << FsHelpers::Refusal{{scratch.path("q?x"), disk->path()},
                                1,
                                "sluice-cli: Check before copying “" + scratch.path("q?x")
                                    + question}
          << FsHelpers::Refusal{{scratch.path("fine"), disk->path("n?")},
                                2,
                                "sluice-cli: Cannot copy “" + disk->path("n?") + question};
    const QString wrong = FsHelpers::checkRefusals(cases);
    QVERIFY2(wrong.isEmpty(), qPrintable(wrong));
    QCOMPARE(FsHelpers::listNames(disk->path()), QList<QByteArray>{});
}

void TestLimits::namesDifferingOnlyInCaseBothArriveWithRename_data()
{
    QTest::addColumn<FsKind>("fs");
    QTest::newRow("vfat") << FsKind::Vfat;
    QTest::newRow("exfat") << FsKind::Exfat;
}

void TestLimits::namesDifferingOnlyInCaseBothArriveWithRename()
{
    QFETCH(FsKind, fs);
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("src")));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/README"), 2 * MiB, 903));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/readme"), 2 * MiB, 904));
    for (int i = 0; i < 8; ++i) { // small ones, which the small-file pool copies in parallel
        const QByteArray name = "notes" + QByteArray::number(i);
        QVERIFY(TestTree::writeFile(scratch.path("src/" + name), name));
        QVERIFY(TestTree::writeFile(scratch.path("src/" + name.toUpper()), name.toUpper()));
    }
    FS_MOUNT(disk, fs, 64 * MiB);

    CopyOptions options = JobRunner::quickOptions();
    options.onCollision = CollisionPolicy::Rename;
    const JobRunner::Run run = JobRunner::run({scratch.path("src")}, disk->path(), options);

    QVERIFY2(preflightWarningsMentioning(run.result, QStringLiteral("letter case")) >= 1,
             qPrintable(FsHelpers::describeIssues(run.result)));
    QCOMPARE(run.result.errorCount(), qint64(0));
    // Eighteen distinct files arrived: none took the place of its other-case twin.
    QCOMPARE(TestTree::countEntries(disk->path("src")), qint64(18));
    QSet<QByteArray> expected;
    for (const QByteArray &name : FsHelpers::listNames(scratch.path("src")))
        expected << FsHelpers::fileDigest(scratch.path("src/" + name));
    QSet<QByteArray> contents;
    for (const QByteArray &name : FsHelpers::listNames(disk->path("src")))
        contents << FsHelpers::fileDigest(disk->path("src/" + name));
    QCOMPARE(contents, expected);
}

void TestLimits::caseTwinNeverReplacesTheCopyOfItsTwin_data()
{
    QTest::addColumn<FsKind>("fs");
    QTest::addColumn<CollisionPolicy>("policy");
    for (const FsKind fs : {FsKind::Vfat, FsKind::Exfat}) {
        QTest::addRow("%s, overwrite", qPrintable(fsKindName(fs)))
            << fs << CollisionPolicy::Overwrite;
        QTest::addRow("%s, skip", qPrintable(fsKindName(fs))) << fs << CollisionPolicy::Skip;
        QTest::addRow("%s, newer", qPrintable(fsKindName(fs))) << fs << CollisionPolicy::Newer;
    }
}

void TestLimits::caseTwinNeverReplacesTheCopyOfItsTwin()
{
    QFETCH(FsKind, fs);
    QFETCH(CollisionPolicy, policy);
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("src")));
    QVERIFY(TestTree::writeFile(scratch.path("src/README"), "upper case"));
    QVERIFY(TestTree::writeFile(scratch.path("src/readme"), "lower case"));
    QVERIFY(TestTree::writeFile(scratch.path("src/other"), "other"));
    FS_MOUNT(disk, fs, 64 * MiB);

    CopyOptions options = JobRunner::quickOptions();
    options.onCollision = policy;
    const JobRunner::Run run = JobRunner::run({scratch.path("src")}, disk->path(), options);

    // The first arrives and stays; the second is refused by name, never silently lost, and
    // named once (an error, no warning about letter case besides).
    QCOMPARE(run.result.status, CopyStatus::Failed);
    QCOMPARE(run.result.itemsFailed, qint64(1));
    QVERIFY2(issuesNaming(run.result, "src/readme") == 1,
             qPrintable(FsHelpers::describeIssues(run.result)));
    QCOMPARE(preflightWarningsMentioning(run.result, QStringLiteral("letter case")), 0);
    const CopyIssue *issue = FsHelpers::findError(run.result, "src/readme");
    QVERIFY2(issue && issue->message().contains(QStringLiteral("letter case")),
             qPrintable(FsHelpers::describeIssues(run.result)));
    QCOMPARE(FsHelpers::listNames(disk->path("src")), (QList<QByteArray>{"README", "other"}));
    QCOMPARE(TestTree::readFile(disk->path("src/README")), QByteArray("upper case"));
    QVERIFY(TestTree::findPartFiles(disk->path()).isEmpty());
}

QTEST_GUILESS_MAIN(TestLimits)
#include "tst_limits.moc"
