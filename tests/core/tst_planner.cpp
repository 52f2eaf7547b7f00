// Planner (core/plan/planner.h), white-box: the request resolved like `cp -r`, the walk in
// pre-order with subtree ranges, hard links grouped, symlink loops left out with a warning,
// and entries that cannot be read going through the error handler, answer by answer.
// Registered UNPRIVILEGED: as root, chmod 000 does not stop a walk.

#include "jobcontext.h"
#include "jobrunner.h"
#include "planner.h"
#include "testtree.h"

#include <QTest>

#include <cerrno>
#include <sys/stat.h>
#include <unistd.h>

using namespace Sluice;

namespace {

// One asked question: the issue and the attempt number the planner passed.
struct Asked
{
    CopyIssue issue;
    int attempt = 0;
};

// A walk's outcome, with every question the error handler was asked.
struct Walked
{
    Plan plan;
    bool resolved = false;
    bool walked = false;
    CopyIssue fatal;
    QList<Asked> asked;
    CopyIssueList issues; // the job's issue log afterwards
};

// Plans @p sources → @p destination; the error handler answers from @p answers in turn
// (Skip once they run out) and records each question.
Walked planOf(const QList<QByteArray> &sources, const QByteArray &destination,
              const CopyOptions &options = {}, const QList<ErrorAction> &answers = {})
{
    JobContext job(options, IoHooks{}, [](const CopyQuestion &) {});
    Walked out;
    Planner planner(job, [&out, &answers](const CopyIssue &issue, int attempt) {
        const qsizetype asked = out.asked.size();
        out.asked.append({issue, attempt});
        return asked < answers.size() ? answers[asked] : ErrorAction::Skip;
    });
    out.resolved = planner.resolve(sources, destination, out.plan, out.fatal);
    if (out.resolved)
        out.walked = planner.walk(out.plan);
    out.issues = job.issues.snapshot();
    return out;
}

QList<QByteArray> itemNames(const Plan &plan)
{
    QList<QByteArray> names;
    for (const PlanItem &item : plan.items)
        names << item.name;
    return names;
}

QList<qint32> subtreeEnds(const Plan &plan)
{
    QList<qint32> ends;
    for (const PlanItem &item : plan.items)
        ends << item.subtreeEnd;
    return ends;
}

} // namespace

Q_DECLARE_METATYPE(QList<ErrorAction>)

class TestPlanner final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init();
    void walksInPreOrderWithSortedNames();
    void groupsHardLinksOnlyWhenKept_data();
    void groupsHardLinksOnlyWhenKept();
    void leavesSymlinkLoopsOutWithOneWarningEach();
    void resolvesDestinationsLikeCpR_data();
    void resolvesDestinationsLikeCpR();
    void refusesRequestsThatCannotStart_data();
    void refusesRequestsThatCannotStart();
    void unreadableEntriesGoThroughTheErrorHandler_data();
    void unreadableEntriesGoThroughTheErrorHandler();

private:
    std::unique_ptr<Scratch> m_scratch;
};

void TestPlanner::init()
{
    m_scratch = std::make_unique<Scratch>();
    QVERIFY(m_scratch->isValid());
}

void TestPlanner::walksInPreOrderWithSortedNames()
{
    // tree/ B (10 bytes), a (100), fifo, link -> a, sub/ b (1000), sub/empty/, z (1)
    QVERIFY(TestTree::makePath(m_scratch->path("tree/sub/empty")));
    QVERIFY(TestTree::writePatternFile(m_scratch->path("tree/B"), 10, 1));
    QVERIFY(TestTree::writePatternFile(m_scratch->path("tree/a"), 100, 2));
    QVERIFY(TestTree::writePatternFile(m_scratch->path("tree/sub/b"), 1000, 3));
    QVERIFY(TestTree::writePatternFile(m_scratch->path("tree/z"), 1, 4));
    QCOMPARE(::symlink("a", m_scratch->path("tree/link").constData()), 0);
    QCOMPARE(::mkfifo(m_scratch->path("tree/fifo").constData(), 0644), 0);

    const Walked run = planOf({m_scratch->path("tree")}, m_scratch->path("dest"));
    QVERIFY(run.resolved);
    QVERIFY(run.walked);
    const Plan &plan = run.plan;
    // Names sorted as bytes ("B" before "a"), each folder's entries right after it.
    QCOMPARE(itemNames(plan),
             (QList<QByteArray>{"tree", "B", "a", "fifo", "link", "sub", "b", "empty", "z"}));
    QCOMPARE(subtreeEnds(plan), (QList<qint32>{9, 2, 3, 4, 5, 8, 7, 8, 9}));
    QList<qint32> parents;
    QList<ItemKind> kinds;
    for (const PlanItem &item : plan.items) {
        parents << item.parent;
        kinds << item.kind;
    }
    QCOMPARE(parents, (QList<qint32>{-1, 0, 0, 0, 0, 0, 5, 5, 0}));
    QCOMPARE(kinds, (QList<ItemKind>{ItemKind::Directory, ItemKind::File, ItemKind::File,
                                     ItemKind::Fifo, ItemKind::Symlink, ItemKind::Directory,
                                     ItemKind::File, ItemKind::Directory, ItemKind::File}));
    QCOMPARE(plan.totalBytes, qint64(1111));
    QCOMPARE(plan.fileCount, qint64(4));
    QCOMPARE(plan.failedItems, qint64(0));
    QCOMPARE(plan.items[0].subtreeBytes, qint64(1111));
    QCOMPARE(plan.items[5].subtreeBytes, qint64(1000));
    QCOMPARE(plan.sourcePath(6), m_scratch->path("tree/sub/b"));
    QCOMPARE(plan.destinationPath(6), m_scratch->path("dest/sub/b"));
    QCOMPARE(plan.rootRanges(), (QList<std::pair<qint32, qint32>>{{0, 9}}));
    QCOMPARE(plan.childNames(5), (QList<QByteArray>{"b", "empty"}));
    QVERIFY(run.asked.isEmpty());
    QVERIFY(run.issues.isEmpty());
}

void TestPlanner::groupsHardLinksOnlyWhenKept_data()
{
    QTest::addColumn<bool>("keep");
    QTest::newRow("hard links kept") << true;
    QTest::newRow("hard links not kept") << false;
}

void TestPlanner::groupsHardLinksOnlyWhenKept()
{
    QFETCH(bool, keep);
    // tree/ a (300 bytes), b = a, sub/ c = a, sub/d (7)
    QVERIFY(TestTree::makePath(m_scratch->path("tree/sub")));
    QVERIFY(TestTree::writePatternFile(m_scratch->path("tree/a"), 300, 5));
    QVERIFY(TestTree::writePatternFile(m_scratch->path("tree/sub/d"), 7, 6));
    QCOMPARE(::link(m_scratch->path("tree/a").constData(), m_scratch->path("tree/b").constData()),
             0);
    QCOMPARE(
        ::link(m_scratch->path("tree/a").constData(), m_scratch->path("tree/sub/c").constData()),
        0);
    CopyOptions options;
    options.preserve.hardLinks = keep;

    const Walked run = planOf({m_scratch->path("tree")}, m_scratch->path("dest"), options);
    QVERIFY(run.walked);
    QCOMPARE(itemNames(run.plan), (QList<QByteArray>{"tree", "a", "b", "sub", "c", "d"}));
    QList<qint32> linkOf;
    for (const PlanItem &item : run.plan.items)
        linkOf << item.hardLinkOf;
    QCOMPARE(linkOf, keep ? (QList<qint32>{-1, -1, 1, -1, 1, -1})
                          : (QList<qint32>{-1, -1, -1, -1, -1, -1}));
    // Bytes counted once per inode when the links are kept; every name counts as a file.
    QCOMPARE(run.plan.totalBytes, keep ? qint64(307) : qint64(907));
    QCOMPARE(run.plan.items[3].subtreeBytes, keep ? qint64(7) : qint64(307));
    QCOMPARE(run.plan.fileCount, qint64(4));
}

void TestPlanner::leavesSymlinkLoopsOutWithOneWarningEach()
{
    // tree/ a, loop -> ., sub/ top -> ../.. (the source's own folder), up -> ..
    QVERIFY(TestTree::makePath(m_scratch->path("tree/sub")));
    QVERIFY(TestTree::writeFile(m_scratch->path("tree/a"), "a"));
    QCOMPARE(::symlink(".", m_scratch->path("tree/loop").constData()), 0);
    QCOMPARE(::symlink("../..", m_scratch->path("tree/sub/top").constData()), 0);
    QCOMPARE(::symlink("..", m_scratch->path("tree/sub/up").constData()), 0);

    const Walked kept = planOf({m_scratch->path("tree")}, m_scratch->path("dest"));
    QCOMPARE(itemNames(kept.plan), (QList<QByteArray>{"tree", "a", "loop", "sub", "top", "up"}));
    QVERIFY(kept.issues.isEmpty());

    CopyOptions options;
    options.followSymlinks = true;
    const Walked followed = planOf({m_scratch->path("tree")}, m_scratch->path("dest"), options);
    QVERIFY(followed.walked);
    QCOMPARE(itemNames(followed.plan), (QList<QByteArray>{"tree", "a", "sub"}));
    QCOMPARE(subtreeEnds(followed.plan), (QList<qint32>{3, 2, 3}));
    QCOMPARE(followed.issues.size(), 3);
    const QList<QByteArray> loops{"tree/loop", "tree/sub/top", "tree/sub/up"};
    for (qsizetype i = 0; i < loops.size(); ++i) {
        const CopyIssue &issue = followed.issues[i];
        QCOMPARE(issue.path, m_scratch->path(loops[i]));
        QCOMPARE(issue.operation, FileOperation::Plan);
        QCOMPARE(issue.severity, IssueSeverity::Warning);
        QCOMPARE(issue.errorCode, 0);
        QVERIFY2(issue.detail.startsWith(QStringLiteral("symbolic link loop")),
                 qPrintable(issue.detail));
    }
    QVERIFY(followed.asked.isEmpty());
}

void TestPlanner::resolvesDestinationsLikeCpR_data()
{
    QTest::addColumn<QList<QByteArray>>("sources"); // relative to the scratch folder
    QTest::addColumn<QByteArray>("destination");
    QTest::addColumn<QByteArray>("destinationParent"); // "" = the scratch folder itself
    QTest::addColumn<QByteArray>("destinationName");
    QTest::addColumn<QByteArray>("sourceName");
    QTest::addColumn<bool>("followRoot");
    QTest::newRow("into an existing folder")
        << QList<QByteArray>{"src"} << QByteArray("dest") << QByteArray("dest") << QByteArray("src")
        << QByteArray("src") << false;
    QTest::newRow("as a new name") << QList<QByteArray>{"src"} << QByteArray("new") << QByteArray()
                                   << QByteArray("new") << QByteArray("src") << false;
    QTest::newRow("as a new name with trailing slashes")
        << QList<QByteArray>{"src"} << QByteArray("new//") << QByteArray() << QByteArray("new")
        << QByteArray("src") << false;
    QTest::newRow("a file onto an existing file")
        << QList<QByteArray>{"file"} << QByteArray("other") << QByteArray() << QByteArray("other")
        << QByteArray("file") << false;
    QTest::newRow("a trailing slash follows the root")
        << QList<QByteArray>{"src/"} << QByteArray("dest") << QByteArray("dest")
        << QByteArray("src") << QByteArray("src") << true;
    QTest::newRow("dot stands for its folder")
        << QList<QByteArray>{"src/."} << QByteArray("dest") << QByteArray("dest")
        << QByteArray("src") << QByteArray(".") << true;
}

void TestPlanner::resolvesDestinationsLikeCpR()
{
    QFETCH(QList<QByteArray>, sources);
    QFETCH(QByteArray, destination);
    QFETCH(QByteArray, destinationParent);
    QFETCH(QByteArray, destinationName);
    QFETCH(QByteArray, sourceName);
    QFETCH(bool, followRoot);
    QVERIFY(TestTree::makePath(m_scratch->path("src")));
    QVERIFY(TestTree::makePath(m_scratch->path("dest")));
    QVERIFY(TestTree::writeFile(m_scratch->path("src/f"), "f"));
    QVERIFY(TestTree::writeFile(m_scratch->path("file"), "file"));
    QVERIFY(TestTree::writeFile(m_scratch->path("other"), "other"));
    QList<QByteArray> paths;
    for (const QByteArray &source : sources)
        paths << m_scratch->path(source);

    const Walked run = planOf(paths, m_scratch->path(destination));
    QVERIFY2(run.resolved, qPrintable(run.fatal.message()));
    QCOMPARE(run.plan.roots.size(), 1);
    const PlanRoot &root = run.plan.roots.first();
    const QByteArray expectedParent =
        destinationParent.isEmpty() ? m_scratch->path() : m_scratch->path(destinationParent);
    QCOMPARE(root.destinationParent, expectedParent);
    QCOMPARE(root.destinationName, destinationName);
    QCOMPARE(root.sourceName, sourceName);
    QCOMPARE(root.followRoot, followRoot);
    QVERIFY(run.walked);
    QCOMPARE(run.plan.items.front().name, sourceName);
}

void TestPlanner::refusesRequestsThatCannotStart_data()
{
    QTest::addColumn<QList<QByteArray>>("sources");
    QTest::addColumn<QByteArray>("destination");
    QTest::addColumn<QByteArray>("fatalPath");
    QTest::addColumn<int>("errorCode");
    QTest::newRow("no source") << QList<QByteArray>{} << QByteArray("dest") << QByteArray("dest")
                               << 0;
    QTest::newRow("several sources onto a file")
        << QList<QByteArray>{"src", "file"} << QByteArray("file") << QByteArray("file") << ENOTDIR;
    QTest::newRow("several sources into a missing folder")
        << QList<QByteArray>{"src", "file"} << QByteArray("missing") << QByteArray("missing")
        << ENOENT;
    QTest::newRow("the destination's folder is missing")
        << QList<QByteArray>{"src"} << QByteArray("missing/new") << QByteArray("missing") << ENOENT;
    QTest::newRow("the root folder")
        << QList<QByteArray>{"/"} << QByteArray("dest") << QByteArray("/") << 0;
}

void TestPlanner::refusesRequestsThatCannotStart()
{
    QFETCH(QList<QByteArray>, sources);
    QFETCH(QByteArray, destination);
    QFETCH(QByteArray, fatalPath);
    QFETCH(int, errorCode);
    QVERIFY(TestTree::makePath(m_scratch->path("src")));
    QVERIFY(TestTree::makePath(m_scratch->path("dest")));
    QVERIFY(TestTree::writeFile(m_scratch->path("file"), "file"));
    QList<QByteArray> paths;
    for (const QByteArray &source : sources)
        paths << (source.startsWith('/') ? source : m_scratch->path(source));

    const Walked run = planOf(paths, m_scratch->path(destination));
    QVERIFY(!run.resolved);
    QCOMPARE(run.fatal.operation, FileOperation::Plan);
    QCOMPARE(run.fatal.path, fatalPath.startsWith('/') ? fatalPath : m_scratch->path(fatalPath));
    QCOMPARE(run.fatal.errorCode, errorCode);
    QVERIFY(!run.fatal.detail.isEmpty() || errorCode != 0);
    QVERIFY(run.plan.items.empty());
}

void TestPlanner::unreadableEntriesGoThroughTheErrorHandler_data()
{
    QTest::addColumn<QByteArray>("source");       // relative to the scratch folder
    QTest::addColumn<QByteArray>("unreadable");   // the entry the handler is asked about
    QTest::addColumn<FileOperation>("operation"); // what failed
    QTest::addColumn<int>("errorCode");
    QTest::addColumn<QList<ErrorAction>>("answers");
    QTest::addColumn<bool>("walked");
    QTest::addColumn<QList<QByteArray>>("items"); // the plan afterwards
    QTest::addColumn<qint64>("failed");
    const QList<ErrorAction> skip{ErrorAction::Skip};
    const QList<ErrorAction> retryTwice{ErrorAction::Retry, ErrorAction::Retry, ErrorAction::Skip};
    const QList<ErrorAction> stop{ErrorAction::StopJob};
    const QList<QByteArray> withoutLocked{"tree", "a", "z"};
    const QByteArray locked("tree/locked");
    QTest::newRow("folder, skip") << QByteArray("tree") << locked << FileOperation::ReadDirectory
                                  << EACCES << skip << true << withoutLocked << qint64(1);
    QTest::newRow("folder, retry twice then skip")
        << QByteArray("tree") << locked << FileOperation::ReadDirectory << EACCES << retryTwice
        << true << withoutLocked << qint64(1);
    QTest::newRow("folder, stop job")
        << QByteArray("tree") << locked << FileOperation::ReadDirectory << EACCES << stop << false
        << QList<QByteArray>{"tree", "a", "locked"} << qint64(0);
    QTest::newRow("root folder, skip")
        << QByteArray("tree/locked") << locked << FileOperation::ReadDirectory << EACCES << skip
        << true << QList<QByteArray>{} << qint64(1);
    QTest::newRow("root folder, retry twice then skip")
        << QByteArray("tree/locked") << locked << FileOperation::ReadDirectory << EACCES
        << retryTwice << true << QList<QByteArray>{} << qint64(1);
    QTest::newRow("entry, skip") << QByteArray("noexec") << QByteArray("noexec/f")
                                 << FileOperation::Stat << EACCES << skip << true
                                 << QList<QByteArray>{"noexec"} << qint64(1);
    QTest::newRow("entry, retry twice then skip")
        << QByteArray("noexec") << QByteArray("noexec/f") << FileOperation::Stat << EACCES
        << retryTwice << true << QList<QByteArray>{"noexec"} << qint64(1);
    QTest::newRow("entry, stop job")
        << QByteArray("noexec") << QByteArray("noexec/f") << FileOperation::Stat << EACCES << stop
        << false << QList<QByteArray>{"noexec"} << qint64(0);
    QTest::newRow("missing root, skip")
        << QByteArray("gone") << QByteArray("gone") << FileOperation::Stat << ENOENT << skip << true
        << QList<QByteArray>{} << qint64(1);
    QTest::newRow("missing root, retry twice then skip")
        << QByteArray("gone") << QByteArray("gone") << FileOperation::Stat << ENOENT << retryTwice
        << true << QList<QByteArray>{} << qint64(1);
}

void TestPlanner::unreadableEntriesGoThroughTheErrorHandler()
{
    QFETCH(QByteArray, source);
    QFETCH(QByteArray, unreadable);
    QFETCH(FileOperation, operation);
    QFETCH(int, errorCode);
    QFETCH(QList<ErrorAction>, answers);
    QFETCH(bool, walked);
    QFETCH(QList<QByteArray>, items);
    QFETCH(qint64, failed);
    if (errorCode == EACCES && ::geteuid() == 0)
        QSKIP("root reads every folder; ctest runs this suite as \"nobody\" "
              "(tests/support/run-unprivileged.sh)");
    // tree/ a, locked/ (mode 000) x, z; noexec/ (mode 0644: listed, entries not examined) f
    QVERIFY(TestTree::makePath(m_scratch->path("tree/locked")));
    QVERIFY(TestTree::makePath(m_scratch->path("noexec")));
    QVERIFY(TestTree::writeFile(m_scratch->path("tree/a"), "a"));
    QVERIFY(TestTree::writeFile(m_scratch->path("tree/locked/x"), "x"));
    QVERIFY(TestTree::writeFile(m_scratch->path("noexec/f"), "f"));
    QVERIFY(TestTree::writeFile(m_scratch->path("tree/z"), "z"));
    QCOMPARE(::chmod(m_scratch->path("tree/locked").constData(), 0), 0);
    QCOMPARE(::chmod(m_scratch->path("noexec").constData(), 0644), 0);

    const Walked run = planOf({m_scratch->path(source)}, m_scratch->path("dest"), {}, answers);
    ::chmod(m_scratch->path("tree/locked").constData(), 0755);
    ::chmod(m_scratch->path("noexec").constData(), 0755);

    QVERIFY(run.resolved);
    QCOMPARE(run.walked, walked);
    QCOMPARE(run.asked.size(), answers.size()); // asked once per answer, attempts counted
    for (qsizetype i = 0; i < run.asked.size(); ++i) {
        const Asked &asked = run.asked[i];
        QCOMPARE(asked.attempt, int(i + 1));
        QCOMPARE(asked.issue.operation, operation);
        QCOMPARE(asked.issue.path, m_scratch->path(unreadable));
        QCOMPARE(asked.issue.errorCode, errorCode);
        QCOMPARE(asked.issue.severity, IssueSeverity::Error);
    }
    QCOMPARE(itemNames(run.plan), items);
    QCOMPARE(run.plan.failedItems, failed);
    if (!run.plan.items.empty())
        QCOMPARE(run.plan.items.front().subtreeEnd, qint32(run.plan.items.size()));
    QVERIFY(run.issues.isEmpty()); // recording them is the handler's job
}

QTEST_GUILESS_MAIN(TestPlanner)
#include "tst_planner.moc"
