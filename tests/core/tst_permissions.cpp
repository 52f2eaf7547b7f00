// Real permission faults, run as an unprivileged user (CTest drops root with setpriv):
// unreadable files and folders in the middle of a tree.

#include "jobrunner.h"
#include "testtree.h"

#include <QTest>

#include <algorithm>

#include <sys/stat.h>
#include <unistd.h>

using namespace Sluice;

class TestPermissions final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void unreadableEntriesAreReportedAndTheRestCopies();
    void askDeliversAQuestionForAnUnreadableFile_data();
    void askDeliversAQuestionForAnUnreadableFile();
    void dryRunNamesTheFilesItCannotRead();
};

void TestPermissions::initTestCase()
{
    if (::geteuid() == 0)
        QSKIP("root reads every file; run through tests/support/run-unprivileged.sh");
}

void TestPermissions::unreadableEntriesAreReportedAndTheRestCopies()
{
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("src/a")));
    QVERIFY(TestTree::makePath(scratch.path("src/locked")));
    QVERIFY(TestTree::makePath(scratch.path("src/z")));
    QVERIFY(TestTree::writeFile(scratch.path("src/a/ok1"), "1"));
    QVERIFY(TestTree::writeFile(scratch.path("src/locked/hidden"), "h"));
    QVERIFY(TestTree::writeFile(scratch.path("src/secret"), "s"));
    QVERIFY(TestTree::writeFile(scratch.path("src/z/ok2"), "2"));
    QVERIFY(::chmod(scratch.path("src/secret").constData(), 0) == 0);
    QVERIFY(::chmod(scratch.path("src/locked").constData(), 0) == 0);
    QVERIFY(TestTree::makePath(scratch.path("out")));

    CopyOptions options = JobRunner::quickOptions();
    options.onError = ErrorPolicy::Skip;
    const JobRunner::Run run = JobRunner::run({scratch.path("src")}, scratch.path("out"), options);
    ::chmod(scratch.path("src/locked").constData(), 0755); // let the scratch folder go

    QCOMPARE(run.finishedCount, 1);
    QCOMPARE(run.result.status, CopyStatus::Failed);
    QCOMPARE(run.result.itemsFailed, qint64(2));
    QCOMPARE(TestTree::readFile(scratch.path("out/src/a/ok1")), QByteArray("1"));
    QCOMPARE(TestTree::readFile(scratch.path("out/src/z/ok2")), QByteArray("2"));
    // No empty placeholders for what could not be read.
    QVERIFY(::access(scratch.path("out/src/secret").constData(), F_OK) != 0);
    QVERIFY(::access(scratch.path("out/src/locked").constData(), F_OK) != 0);
    QVERIFY(TestTree::findPartFiles(scratch.path("out")).isEmpty());
    QCOMPARE(run.result.errorCount(), qint64(2));
    for (const CopyIssue &issue : run.result.issues) {
        QCOMPARE(issue.errorCode, EACCES);
        QVERIFY2(issue.message().contains(QStringLiteral("Permission denied (EACCES)")),
                 qPrintable(issue.message()));
        QVERIFY(issue.path.endsWith("secret") || issue.path.endsWith("locked"));
    }
}

void TestPermissions::askDeliversAQuestionForAnUnreadableFile_data()
{
    QTest::addColumn<Decision>("answer");
    QTest::addColumn<bool>("laterFileCopied");
    QTest::newRow("skip") << Decision::Skip << true;
    QTest::newRow("abort") << Decision::AbortJob << false;
}

void TestPermissions::askDeliversAQuestionForAnUnreadableFile()
{
    QFETCH(Decision, answer);
    QFETCH(bool, laterFileCopied);
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("src")));
    QVERIFY(TestTree::writeFile(scratch.path("src/1-first"), "1"));
    QVERIFY(TestTree::writeFile(scratch.path("src/2-unreadable"), "2"));
    QVERIFY(TestTree::writeFile(scratch.path("src/3-last"), "3"));
    QVERIFY(::chmod(scratch.path("src/2-unreadable").constData(), 0) == 0);
    QVERIFY(TestTree::makePath(scratch.path("out")));
    CopyOptions options = JobRunner::quickOptions();
    options.onError = ErrorPolicy::Ask;
    options.smallFileWorkers = 1;
    const JobRunner::Run run = JobRunner::run({scratch.path("src")}, scratch.path("out"), options,
                                              [&](const CopyQuestion &) {
                                                  return QuestionAnswer{answer, false, {}};
                                              });
    QCOMPARE(run.questions.size(), 1);
    QCOMPARE(run.questions.first().issue.errorCode, EACCES);
    QCOMPARE(run.questions.first().source, scratch.path("src/2-unreadable"));
    QCOMPARE(run.result.status, CopyStatus::Failed);
    QCOMPARE(TestTree::readFile(scratch.path("out/src/1-first")), QByteArray("1"));
    QCOMPARE(::access(scratch.path("out/src/3-last").constData(), F_OK) == 0, laterFileCopied);
    QVERIFY(::access(scratch.path("out/src/2-unreadable").constData(), F_OK) != 0);
}

QTEST_GUILESS_MAIN(TestPermissions)
void TestPermissions::dryRunNamesTheFilesItCannotRead()
{
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("src/sub")));
    QVERIFY(TestTree::writeFile(scratch.path("src/open"), "o"));
    QVERIFY(TestTree::writeFile(scratch.path("src/sub/secret"), "s"));
    QVERIFY(TestTree::writeFile(scratch.path("src/writeonly"), "w"));
    QVERIFY(::chmod(scratch.path("src/sub/secret").constData(), 0) == 0);
    QVERIFY(::chmod(scratch.path("src/writeonly").constData(), 0200) == 0);
    QVERIFY(TestTree::makePath(scratch.path("out")));

    CopyOptions options = JobRunner::quickOptions();
    options.dryRun = true;
    const JobRunner::Run run = JobRunner::run({scratch.path("src")}, scratch.path("out"), options);

    QCOMPARE(run.finishedCount, 1);
    QCOMPARE(run.result.errorCount(), qint64(0)); // nothing was tried: notes, not errors
    QList<QByteArray> unreadable;
    for (const CopyIssue &issue : run.result.issues) {
        QCOMPARE(issue.severity, IssueSeverity::Warning);
        QCOMPARE(issue.errorCode, EACCES);
        QCOMPARE(issue.operation, FileOperation::Open);
        unreadable.append(issue.path);
    }
    std::sort(unreadable.begin(), unreadable.end());
    QCOMPARE(unreadable,
             (QList<QByteArray>{scratch.path("src/sub/secret"), scratch.path("src/writeonly")}));
    QCOMPARE(TestTree::countEntries(scratch.path("out")), qint64(0)); // a dry run writes nothing
}

#include "tst_permissions.moc"
