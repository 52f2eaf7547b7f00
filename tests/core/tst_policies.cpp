// Collision and error policies, decided by policy or answered through questions.

#include "jobrunner.h"
#include "testtree.h"

#include <QTest>

#include <mutex>

#include <atomic>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace Sluice;

namespace {

bool setMtime(const QByteArray &path, time_t seconds)
{
    const timespec times[2] = {{seconds, 0}, {seconds, 0}};
    return ::utimensat(AT_FDCWD, path.constData(), times, 0) == 0;
}

bool exists(const QByteArray &path)
{
    return ::access(path.constData(), F_OK) == 0;
}

} // namespace

class TestPolicies final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void collisionPolicies_data();
    void collisionPolicies();
    void applyToAllAnswersLaterCollisions();
    void collisionQuestionCarriesBothFiles();
    void folderMergesIntoExistingFolder();
    void fileNeverReplacesAFolder();
    void errorPolicies_data();
    void errorPolicies();
    void errorQuestionNamesPathOperationAndCause();
    void failuresNameTheRenamedDestination();
    void stalePartFilesGoOnlyWithTheNameTheyWereFor_data();
    void stalePartFilesGoOnlyWithTheNameTheyWereFor();
    void rootFolderErrorsFollowTheAnswer_data();
    void rootFolderErrorsFollowTheAnswer();
    void skipAllAnswersLaterErrors();
};

void TestPolicies::collisionPolicies_data()
{
    QTest::addColumn<CollisionPolicy>("policy");
    QTest::addColumn<bool>("sourceNewer");
    QTest::addColumn<Decision>("answer");
    QTest::addColumn<QByteArray>("newName");
    QTest::addColumn<QByteArray>("expectedAtName");
    QTest::addColumn<QByteArray>("renamedTo");
    QTest::addColumn<CopyStatus>("status");
    QTest::addColumn<qint64>("skipped");

    const auto none = Decision::CancelJob;
    QTest::newRow("overwrite") << CollisionPolicy::Overwrite << false << none << QByteArray()
                               << QByteArray("new") << QByteArray() << CopyStatus::Succeeded
                               << qint64(0);
    QTest::newRow("skip") << CollisionPolicy::Skip << true << none << QByteArray()
                          << QByteArray("old") << QByteArray() << CopyStatus::Succeeded
                          << qint64(1);
    QTest::newRow("rename") << CollisionPolicy::Rename << true << none << QByteArray()
                            << QByteArray("old") << QByteArray("f (2).txt") << CopyStatus::Succeeded
                            << qint64(0);
    QTest::newRow("newer, source newer")
        << CollisionPolicy::Newer << true << none << QByteArray() << QByteArray("new")
        << QByteArray() << CopyStatus::Succeeded << qint64(0);
    QTest::newRow("newer, source older")
        << CollisionPolicy::Newer << false << none << QByteArray() << QByteArray("old")
        << QByteArray() << CopyStatus::Succeeded << qint64(1);
    QTest::newRow("ask, overwrite")
        << CollisionPolicy::Ask << false << Decision::Overwrite << QByteArray() << QByteArray("new")
        << QByteArray() << CopyStatus::Succeeded << qint64(0);
    QTest::newRow("ask, skip") << CollisionPolicy::Ask << true << Decision::Skip << QByteArray()
                               << QByteArray("old") << QByteArray() << CopyStatus::Succeeded
                               << qint64(1);
    QTest::newRow("ask, rename suggested")
        << CollisionPolicy::Ask << true << Decision::Rename << QByteArray() << QByteArray("old")
        << QByteArray("f (2).txt") << CopyStatus::Succeeded << qint64(0);
    QTest::newRow("ask, rename edited")
        << CollisionPolicy::Ask << true << Decision::Rename << QByteArray("mine.txt")
        << QByteArray("old") << QByteArray("mine.txt") << CopyStatus::Succeeded << qint64(0);
    QTest::newRow("ask, if newer (older)")
        << CollisionPolicy::Ask << false << Decision::OverwriteIfNewer << QByteArray()
        << QByteArray("old") << QByteArray() << CopyStatus::Succeeded << qint64(1);
    QTest::newRow("ask, cancel copy")
        << CollisionPolicy::Ask << true << Decision::CancelJob << QByteArray() << QByteArray("old")
        << QByteArray() << CopyStatus::Cancelled << qint64(0);
}

void TestPolicies::collisionPolicies()
{
    QFETCH(CollisionPolicy, policy);
    QFETCH(bool, sourceNewer);
    QFETCH(Decision, answer);
    QFETCH(QByteArray, newName);
    QFETCH(QByteArray, expectedAtName);
    QFETCH(QByteArray, renamedTo);
    QFETCH(CopyStatus, status);
    QFETCH(qint64, skipped);

    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("out")));
    QVERIFY(TestTree::writeFile(scratch.path("f.txt"), "new"));
    QVERIFY(TestTree::writeFile(scratch.path("out/f.txt"), "old"));
    QVERIFY(setMtime(scratch.path("f.txt"), sourceNewer ? 2'000'000'000 : 1'000'000'000));
    QVERIFY(setMtime(scratch.path("out/f.txt"), 1'500'000'000));

    CopyOptions options = JobRunner::quickOptions();
    options.onCollision = policy;
    const JobRunner::Run run = JobRunner::run({scratch.path("f.txt")}, scratch.path("out"), options,
                                              [&](const CopyQuestion &) {
                                                  return QuestionAnswer{answer, false, newName};
                                              });
    QCOMPARE(run.finishedCount, 1);
    QCOMPARE(run.result.status, status);
    QCOMPARE(run.questions.size(), policy == CollisionPolicy::Ask ? 1 : 0);
    QCOMPARE(run.result.itemsSkipped, skipped);
    QCOMPARE(TestTree::readFile(scratch.path("out/f.txt")), expectedAtName);
    if (!renamedTo.isEmpty())
        QCOMPARE(TestTree::readFile(scratch.path("out/") + renamedTo), QByteArray("new"));
    QCOMPARE(TestTree::countEntries(scratch.path("out")), renamedTo.isEmpty() ? 1 : 2);
}

void TestPolicies::applyToAllAnswersLaterCollisions()
{
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("src")));
    QVERIFY(TestTree::makePath(scratch.path("out/src")));
    for (const char *name : {"a", "b", "c"}) {
        QVERIFY(TestTree::writeFile(scratch.path("src/") + name, "new"));
        QVERIFY(TestTree::writeFile(scratch.path("out/src/") + name, "old"));
    }
    CopyOptions options = JobRunner::quickOptions();
    options.onCollision = CollisionPolicy::Ask;
    const JobRunner::Run run = JobRunner::run({scratch.path("src")}, scratch.path("out"), options,
                                              [](const CopyQuestion &) {
                                                  return QuestionAnswer{Decision::Skip, true, {}};
                                              });
    QCOMPARE(run.questions.size(), 1);
    QCOMPARE(run.result.itemsSkipped, qint64(3));
    for (const char *name : {"a", "b", "c"})
        QCOMPARE(TestTree::readFile(scratch.path("out/src/") + name), QByteArray("old"));
}

void TestPolicies::collisionQuestionCarriesBothFiles()
{
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("out")));
    QVERIFY(TestTree::writeFile(scratch.path("report.pdf"), "12345"));
    QVERIFY(TestTree::writeFile(scratch.path("out/report.pdf"), "123"));
    QVERIFY(TestTree::writeFile(scratch.path("out/report (2).pdf"), "taken"));
    QVERIFY(setMtime(scratch.path("out/report.pdf"), 1'500'000'000));
    CopyOptions options = JobRunner::quickOptions();
    options.onCollision = CollisionPolicy::Ask;
    const JobRunner::Run run = JobRunner::run({scratch.path("report.pdf")}, scratch.path("out"),
                                              options, [](const CopyQuestion &) {
                                                  return QuestionAnswer{Decision::Skip, false, {}};
                                              });
    QCOMPARE(run.questions.size(), 1);
    const CopyQuestion &question = run.questions.first();
    QCOMPARE(question.kind, QuestionKind::Collision);
    QVERIFY(question.id > 0);
    QCOMPARE(question.source, scratch.path("report.pdf"));
    QCOMPARE(question.destination, scratch.path("out/report.pdf"));
    QCOMPARE(question.sourceFacts.size, qint64(5));
    QCOMPARE(question.destinationFacts.size, qint64(3));
    QCOMPARE(question.destinationFacts.modified.toSecsSinceEpoch(), qint64(1'500'000'000));
    QCOMPARE(question.suggestedName, QByteArray("report (3).pdf"));
}

void TestPolicies::folderMergesIntoExistingFolder()
{
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("src/sub")));
    QVERIFY(TestTree::writeFile(scratch.path("src/sub/new"), "n"));
    QVERIFY(TestTree::makePath(scratch.path("out/src/sub")));
    QVERIFY(TestTree::writeFile(scratch.path("out/src/sub/existing"), "e"));
    CopyOptions options = JobRunner::quickOptions();
    options.onCollision = CollisionPolicy::Ask;
    const JobRunner::Run run = JobRunner::run({scratch.path("src")}, scratch.path("out"), options);
    QCOMPARE(run.questions.size(), 0);
    QCOMPARE(run.result.status, CopyStatus::Succeeded);
    QCOMPARE(TestTree::readFile(scratch.path("out/src/sub/new")), QByteArray("n"));
    QCOMPARE(TestTree::readFile(scratch.path("out/src/sub/existing")), QByteArray("e"));
}

void TestPolicies::fileNeverReplacesAFolder()
{
    Scratch scratch;
    QVERIFY(TestTree::writeFile(scratch.path("thing"), "file"));
    QVERIFY(TestTree::makePath(scratch.path("out/thing")));
    QVERIFY(TestTree::writeFile(scratch.path("out/thing/inside"), "keep"));
    const JobRunner::Run run =
        JobRunner::run({scratch.path("thing")}, scratch.path("out"), JobRunner::quickOptions());
    QCOMPARE(run.result.status, CopyStatus::Failed);
    QCOMPARE(run.result.itemsFailed, qint64(1));
    QCOMPARE(TestTree::readFile(scratch.path("out/thing/inside")), QByteArray("keep"));
    QVERIFY(TestTree::findPartFiles(scratch.path("out")).isEmpty());
}

void TestPolicies::errorPolicies_data()
{
    QTest::addColumn<ErrorPolicy>("policy");
    QTest::addColumn<Decision>("answer");
    QTest::addColumn<int>("failuresBeforeSuccess"); // how often opening b fails
    QTest::addColumn<bool>("bCopied");
    QTest::addColumn<bool>("cCopied");
    QTest::addColumn<CopyStatus>("status");
    QTest::addColumn<int>("questions");

    const auto none = Decision::CancelJob;
    QTest::newRow("skip goes on") << ErrorPolicy::Skip << none << 1000 << false << true
                                  << CopyStatus::Failed << 0;
    QTest::newRow("abort stops") << ErrorPolicy::Abort << none << 1000 << false << false
                                 << CopyStatus::Failed << 0;
    QTest::newRow("retry recovers")
        << ErrorPolicy::Retry << none << 1 << true << true << CopyStatus::Succeeded << 0;
    QTest::newRow("retry gives up")
        << ErrorPolicy::Retry << none << 1000 << false << true << CopyStatus::Failed << 0;
    QTest::newRow("ask, retry") << ErrorPolicy::Ask << Decision::Retry << 1 << true << true
                                << CopyStatus::Succeeded << 1;
    QTest::newRow("ask, skip") << ErrorPolicy::Ask << Decision::Skip << 1000 << false << true
                               << CopyStatus::Failed << 1;
    QTest::newRow("ask, abort") << ErrorPolicy::Ask << Decision::AbortJob << 1000 << false << false
                                << CopyStatus::Failed << 1;
}

void TestPolicies::errorPolicies()
{
    QFETCH(ErrorPolicy, policy);
    QFETCH(Decision, answer);
    QFETCH(int, failuresBeforeSuccess);
    QFETCH(bool, bCopied);
    QFETCH(bool, cCopied);
    QFETCH(CopyStatus, status);
    QFETCH(int, questions);

    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("src")));
    QVERIFY(TestTree::makePath(scratch.path("out")));
    for (const char *name : {"a", "b", "c"})
        QVERIFY(TestTree::writePatternFile(scratch.path("src/") + name, 3 * MiB, 1));

    // Opening "b" fails with EACCES a given number of times (root reads everything, so the
    // permission fault is injected here; tst_permissions does it with real modes).
    std::atomic<int> failures{0};
    IoHooks hooks;
    hooks.beforeOpen = [&](const QByteArray &source) {
        if (source.endsWith("/b") && failures.load() < failuresBeforeSuccess) {
            ++failures;
            return EACCES;
        }
        return 0;
    };
    CopyOptions options = JobRunner::quickOptions();
    options.onError = policy;
    options.smallFileWorkers = 1;
    const JobRunner::Run run = JobRunner::run(
        {scratch.path("src")}, scratch.path("out"), options,
        [&](const CopyQuestion &) {
            return QuestionAnswer{answer, false, {}};
        },
        hooks);
    QCOMPARE(run.finishedCount, 1);
    QCOMPARE(run.result.status, status);
    QCOMPARE(run.questions.size(), questions);
    QVERIFY(exists(scratch.path("out/src/a")));
    QCOMPARE(exists(scratch.path("out/src/b")), bCopied);
    QCOMPARE(exists(scratch.path("out/src/c")), cCopied);
    QVERIFY(TestTree::findPartFiles(scratch.path("out")).isEmpty());
    if (!bCopied) {
        QCOMPARE(run.result.errorCount(), qint64(1));
        const CopyIssue &issue = run.result.issues.first();
        QCOMPARE(issue.path, scratch.path("src/b"));
        QCOMPARE(issue.operation, FileOperation::Open);
        QCOMPARE(issue.errorCode, EACCES);
    } else {
        QVERIFY(run.result.issues.isEmpty());
    }
}

void TestPolicies::errorQuestionNamesPathOperationAndCause()
{
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("out")));
    QVERIFY(TestTree::writeFile(scratch.path("f"), "data"));
    IoHooks hooks;
    hooks.beforeWrite = [](const QByteArray &, qint64, qint64) { return EIO; };
    CopyOptions options = JobRunner::quickOptions();
    options.onError = ErrorPolicy::Ask;
    options.engine = Engine::Stream;
    const JobRunner::Run run = JobRunner::run(
        {scratch.path("f")}, scratch.path("out"), options,
        [](const CopyQuestion &) {
            return QuestionAnswer{Decision::Skip, false, {}};
        },
        hooks);
    QCOMPARE(run.questions.size(), 1);
    const CopyQuestion &question = run.questions.first();
    QCOMPARE(question.kind, QuestionKind::Error);
    QCOMPARE(question.issue.operation, FileOperation::Write);
    QCOMPARE(question.issue.errorCode, EIO);
    const QString message = question.issue.message();
    QVERIFY2(message.contains(QStringLiteral("out/f")), qPrintable(message));
    QVERIFY2(message.contains(QStringLiteral("Input/output error (EIO)")), qPrintable(message));
    QVERIFY2(message.startsWith(QStringLiteral("Cannot write")), qPrintable(message));
    QVERIFY(!exists(scratch.path("out/f")));
    QVERIFY(TestTree::findPartFiles(scratch.path("out")).isEmpty());
}

void TestPolicies::skipAllAnswersLaterErrors()
{
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("src")));
    QVERIFY(TestTree::makePath(scratch.path("out")));
    for (const char *name : {"a", "b", "c", "d"})
        QVERIFY(TestTree::writeFile(scratch.path("src/") + name, name));
    IoHooks hooks;
    hooks.beforeOpen = [](const QByteArray &source) { return source.endsWith("/d") ? 0 : EIO; };
    CopyOptions options = JobRunner::quickOptions();
    options.onError = ErrorPolicy::Ask;
    const JobRunner::Run run = JobRunner::run(
        {scratch.path("src")}, scratch.path("out"), options,
        [](const CopyQuestion &) {
            return QuestionAnswer{Decision::Skip, true, {}};
        },
        hooks);
    QCOMPARE(run.questions.size(), 1);
    QCOMPARE(run.result.itemsFailed, qint64(3));
    QCOMPARE(run.result.errorCount(), qint64(3));
    QCOMPARE(TestTree::readFile(scratch.path("out/src/d")), QByteArray("d"));
}

QTEST_GUILESS_MAIN(TestPolicies)
void TestPolicies::rootFolderErrorsFollowTheAnswer_data()
{
    QTest::addColumn<bool>("sourceSide"); // the folder holding the roots, or the destination
    QTest::addColumn<Decision>("answer");
    QTest::addColumn<int>("failures"); // how often opening that folder fails
    QTest::addColumn<int>("questions");
    QTest::addColumn<bool>("copied");
    QTest::newRow("source folder, retry") << true << Decision::Retry << 2 << 2 << true;
    QTest::newRow("destination, retry") << false << Decision::Retry << 1 << 1 << true;
    QTest::newRow("source folder, skip") << true << Decision::Skip << 1000 << 2 << false;
    QTest::newRow("destination, skip") << false << Decision::Skip << 1000 << 2 << false;
}

// The folders a root is copied from and into are opened again by the transfer, under the
// error policy like everything else: Retry opens again, Skip leaves that root out with its
// issue recorded (each root asks for itself).
void TestPolicies::rootFolderErrorsFollowTheAnswer()
{
    QFETCH(bool, sourceSide);
    QFETCH(Decision, answer);
    QFETCH(int, failures);
    QFETCH(int, questions);
    QFETCH(bool, copied);

    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("src/one")));
    QVERIFY(TestTree::makePath(scratch.path("out")));
    QVERIFY(TestTree::writeFile(scratch.path("src/one/f"), "1"));
    QVERIFY(TestTree::writeFile(scratch.path("src/two"), "2"));
    const QByteArray failing = sourceSide ? scratch.path("src") : scratch.path("out");
    std::atomic<int> failed{0};
    IoHooks hooks;
    hooks.beforeOpenRootFolder = [&](const QByteArray &folder) {
        if (folder != failing || failed.load() >= failures)
            return 0;
        ++failed;
        return EIO;
    };
    CopyOptions options = JobRunner::quickOptions();
    options.onError = ErrorPolicy::Ask;
    const JobRunner::Run run = JobRunner::run(
        {scratch.path("src/one"), scratch.path("src/two")}, scratch.path("out"), options,
        [&](const CopyQuestion &) {
            return QuestionAnswer{answer, false, {}};
        },
        hooks);

    QCOMPARE(run.finishedCount, 1);
    QCOMPARE(run.questions.size(), questions);
    for (const CopyQuestion &question : run.questions) {
        QCOMPARE(question.kind, QuestionKind::Error);
        QCOMPARE(question.issue.path, failing);
        QCOMPARE(question.issue.operation, FileOperation::Open);
        QCOMPARE(question.issue.errorCode, EIO);
    }
    if (copied) {
        QCOMPARE(run.result.status, CopyStatus::Succeeded);
        QVERIFY(run.result.issues.isEmpty());
        QCOMPARE(TestTree::readFile(scratch.path("out/one/f")), QByteArray("1"));
        QCOMPARE(TestTree::readFile(scratch.path("out/two")), QByteArray("2"));
        QCOMPARE(run.result.itemsCopied, qint64(3));
        return;
    }
    // One issue per root, and every item of both roots failed; nothing written.
    QCOMPARE(run.result.status, CopyStatus::Failed);
    QCOMPARE(run.result.errorCount(), qint64(2));
    QCOMPARE(run.result.itemsFailed, qint64(3));
    QCOMPARE(run.result.itemsCopied, qint64(0));
    QCOMPARE(TestTree::countEntries(scratch.path("out")), qint64(0));
}

void TestPolicies::stalePartFilesGoOnlyWithTheNameTheyWereFor_data()
{
    QTest::addColumn<CollisionPolicy>("policy");
    QTest::addColumn<bool>("removed");
    QTest::newRow("skip: the name is not written") << CollisionPolicy::Skip << false;
    QTest::newRow("overwrite: removed as the name is written")
        << CollisionPolicy::Overwrite << true;
}

// A part file an interrupted run left (unlocked, named for an entry of the copy) is removed
// just before that entry is written, and said so; when the entry is skipped, it is not
// written, so what looks like its part file is not Sluice's to delete.
void TestPolicies::stalePartFilesGoOnlyWithTheNameTheyWereFor()
{
    QFETCH(CollisionPolicy, policy);
    QFETCH(bool, removed);
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("src/d")));
    QVERIFY(TestTree::makePath(scratch.path("out/src/d")));
    QVERIFY(TestTree::writeFile(scratch.path("src/d/f"), "new"));
    QVERIFY(TestTree::writeFile(scratch.path("out/src/d/f"), "old"));
    QVERIFY(TestTree::writeFile(scratch.path("out/src/d/.f.sluice-part"), "left over"));
    // Not the part file of any name this copy writes: always left alone.
    QVERIFY(TestTree::writeFile(scratch.path("out/src/d/.other.sluice-part"), "mine"));
    CopyOptions options = JobRunner::quickOptions();
    options.onCollision = policy;
    const JobRunner::Run run = JobRunner::run({scratch.path("src")}, scratch.path("out"), options);

    QCOMPARE(run.finishedCount, 1);
    QCOMPARE(run.result.errorCount(), qint64(0));
    QCOMPARE(TestTree::readFile(scratch.path("out/src/d/f")), QByteArray(removed ? "new" : "old"));
    QCOMPARE(::access(scratch.path("out/src/d/.f.sluice-part").constData(), F_OK) == 0, !removed);
    QCOMPARE(TestTree::readFile(scratch.path("out/src/d/.other.sluice-part")), QByteArray("mine"));
    qint64 cleanups = 0;
    for (const CopyIssue &issue : run.result.issues) {
        if (issue.operation != FileOperation::Cleanup)
            continue;
        ++cleanups;
        QCOMPARE(issue.path, scratch.path("out/src/d/.f.sluice-part"));
        QCOMPARE(issue.severity, IssueSeverity::Warning);
    }
    QCOMPARE(cleanups, qint64(removed ? 1 : 0));
}

// Under "rename" the copy is written for the new name: a failure names that one, not the
// existing file it was renamed away from.
void TestPolicies::failuresNameTheRenamedDestination()
{
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("out")));
    QVERIFY(TestTree::writeFile(scratch.path("f.txt"), "new"));
    QVERIFY(TestTree::writeFile(scratch.path("out/f.txt"), "old"));
    QList<QByteArray> written;
    std::mutex mutex;
    IoHooks hooks;
    hooks.beforeWrite = [&](const QByteArray &destination, qint64, qint64) {
        std::lock_guard lock(mutex);
        written.append(destination);
        return EIO;
    };
    CopyOptions options = JobRunner::quickOptions();
    options.onCollision = CollisionPolicy::Rename;
    options.onError = ErrorPolicy::Skip;
    options.engine = Engine::Stream;
    const JobRunner::Run run =
        JobRunner::run({scratch.path("f.txt")}, scratch.path("out"), options, {}, hooks);

    QCOMPARE(run.finishedCount, 1);
    QCOMPARE(run.result.errorCount(), qint64(1));
    QCOMPARE(run.result.issues.first().path, scratch.path("out/f (2).txt"));
    QCOMPARE(run.result.issues.first().operation, FileOperation::Write);
    QCOMPARE(written, QList<QByteArray>{scratch.path("out/f (2).txt")});
    QCOMPARE(TestTree::readFile(scratch.path("out/f.txt")), QByteArray("old"));
    QVERIFY(::access(scratch.path("out/f (2).txt").constData(), F_OK) != 0);
}

#include "tst_policies.moc"
