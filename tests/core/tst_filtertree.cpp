// Filters on real trees (CopyOptions::filter, ScanOptions::filter): what a copy leaves out is
// not created and not counted, a folder left out is never listed (100,000 entries), size and
// age limits on files with known sizes and `touch -d` times, folders left empty, a move that
// leaves the rest behind, the source list's measurement, and git itself as the oracle for
// --gitignore.

#include "copyfilter.h"
#include "jobrunner.h"
#include "sourcescan.h"
#include "testtree.h"

#include <QDir>
#include <QDirIterator>
#include <QProcess>
#include <QSet>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

#include <fcntl.h>
#include <mutex>
#include <sys/stat.h>
#include <unistd.h>

using namespace Sluice;

namespace {

// Every regular file and symbolic link below @p root, relative to it, leaving out @p skip
// (a top-level folder name) and folders.
QSet<QString> filesBelow(const QByteArray &root, const QString &skip = {})
{
    QSet<QString> files;
    const QString base = QFile::decodeName(root);
    QDirIterator it(base, QDir::Files | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString relative = it.next().mid(base.size() + 1);
        if (skip.isEmpty() || !relative.startsWith(skip + QLatin1Char('/')))
            files.insert(relative);
    }
    return files;
}

bool exists(const QByteArray &path)
{
    struct stat st = {};
    return ::lstat(path.constData(), &st) == 0;
}

CopyOptions filtered(const QList<FilterRule> &rules)
{
    CopyOptions options = JobRunner::quickOptions();
    options.filter.rules = rules;
    return options;
}

// Runs git with a configuration of its own (no system, global or per-user ignore files),
// so only the repository's .gitignore files count.
QProcess::ExitStatus runGit(const QStringList &arguments, const QByteArray &home, QByteArray &out)
{
    QProcess git;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("HOME"), QFile::decodeName(home));
    environment.insert(QStringLiteral("XDG_CONFIG_HOME"), QFile::decodeName(home));
    environment.insert(QStringLiteral("GIT_CONFIG_NOSYSTEM"), QStringLiteral("1"));
    environment.insert(QStringLiteral("GIT_CONFIG_GLOBAL"), QStringLiteral("/dev/null"));
    git.setProcessEnvironment(environment);
    git.start(QStringLiteral("git"), arguments);
    if (!git.waitForFinished(60000) || git.exitCode() != 0)
        return QProcess::CrashExit;
    out = git.readAllStandardOutput();
    return git.exitStatus();
}

} // namespace

class TestFilterTree final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init();
    void excludedFolderIsNeverListed();
    void leftOutEntriesAreNotCreatedNorCounted();
    void sizeLimitsKeepFilesWithinThem();
    void ageLimitsUseModificationTimes();
    void foldersLeftEmptyAreLeftOutUnlessKept_data();
    void foldersLeftEmptyAreLeftOutUnlessKept();
    void moveLeavesWhatIsLeftOutInTheSource();
    void dryRunListsWhatIsLeftOut();
    void sourceScanMeasuresWhatIsLeftOut();
    void sourceScanCountsWhatTheDryRunCounts_data();
    void sourceScanCountsWhatTheDryRunCounts();
    void gitIgnoreCopiesWhatGitSeesUntracked_data();
    void gitIgnoreCopiesWhatGitSeesUntracked();

private:
    std::unique_ptr<Scratch> m_scratch;
};

void TestFilterTree::init()
{
    m_scratch = std::make_unique<Scratch>();
    QVERIFY(m_scratch->isValid());
}

void TestFilterTree::excludedFolderIsNeverListed()
{
    // tree/ keep.txt, src/main.c, node_modules/ with 100,000 files
    QVERIFY(TestTree::makePath(m_scratch->path("tree/src")));
    QVERIFY(TestTree::makePath(m_scratch->path("tree/node_modules")));
    QVERIFY(TestTree::writeFile(m_scratch->path("tree/keep.txt"), "keep"));
    QVERIFY(TestTree::writeFile(m_scratch->path("tree/src/main.c"), "int main;"));
    {
        const int folder = ::open(m_scratch->path("tree/node_modules").constData(),
                                  O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        QVERIFY(folder >= 0);
        for (int i = 0; i < 100'000; ++i) {
            const int fd = ::openat(folder, QByteArray::number(i).constData(),
                                    O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
            QVERIFY(fd >= 0);
            ::close(fd);
        }
        ::close(folder);
    }
    std::mutex mutex;
    QList<QByteArray> listed;
    IoHooks hooks;
    hooks.beforeListFolder = [&](const QByteArray &folder) {
        std::lock_guard lock(mutex);
        listed << folder;
    };

    // Without a filter, the walk lists the big folder (the hook does see it).
    CopyOptions dry = JobRunner::quickOptions();
    dry.dryRun = true;
    const JobRunner::Run control =
        JobRunner::run({m_scratch->path("tree")}, m_scratch->path("dest"), dry, {}, hooks);
    QCOMPARE(control.result.status, CopyStatus::Succeeded);
    QCOMPARE(control.result.itemsTotal, qint64(100'000 + 5));
    QVERIFY(listed.contains(m_scratch->path("tree/node_modules")));

    listed.clear();
    QVERIFY(TestTree::makePath(m_scratch->path("dest")));
    const JobRunner::Run run =
        JobRunner::run({m_scratch->path("tree")}, m_scratch->path("dest"),
                       filtered({{FilterRule::Action::Exclude, "node_modules/"}}), {}, hooks);
    QCOMPARE(run.result.status, CopyStatus::Succeeded);
    QCOMPARE(listed, (QList<QByteArray>{m_scratch->path("tree"), m_scratch->path("tree/src")}));
    QCOMPARE(run.result.itemsTotal, qint64(4)); // tree, keep.txt, src, main.c
    QCOMPARE(run.result.itemsCopied, qint64(4));
    QCOMPARE(run.result.itemsLeftOut, qint64(1)); // the folder, its contents never read
    QCOMPARE(filesBelow(m_scratch->path("dest/tree")),
             (QSet<QString>{QStringLiteral("keep.txt"), QStringLiteral("src/main.c")}));
    QVERIFY(!exists(m_scratch->path("dest/tree/node_modules")));
}

void TestFilterTree::leftOutEntriesAreNotCreatedNorCounted()
{
    // tree/ a.o (100), b.c (10), .cache/ (x: 7), sub/ c.o (1000), d.c (20), keep.o (5)
    QVERIFY(TestTree::makePath(m_scratch->path("tree/.cache")));
    QVERIFY(TestTree::makePath(m_scratch->path("tree/sub")));
    QVERIFY(TestTree::writePatternFile(m_scratch->path("tree/a.o"), 100));
    QVERIFY(TestTree::writePatternFile(m_scratch->path("tree/b.c"), 10));
    QVERIFY(TestTree::writePatternFile(m_scratch->path("tree/.cache/x"), 7));
    QVERIFY(TestTree::writePatternFile(m_scratch->path("tree/sub/c.o"), 1000));
    QVERIFY(TestTree::writePatternFile(m_scratch->path("tree/sub/d.c"), 20));
    QVERIFY(TestTree::writePatternFile(m_scratch->path("tree/sub/keep.o"), 5));
    QVERIFY(TestTree::makePath(m_scratch->path("dest")));
    const JobRunner::Run run = JobRunner::run({m_scratch->path("tree")}, m_scratch->path("dest"),
                                              filtered({{FilterRule::Action::Include, "sub/keep.o"},
                                                        {FilterRule::Action::Exclude, "*.o"},
                                                        {FilterRule::Action::Exclude, ".*/"}}));
    QCOMPARE(run.result.status, CopyStatus::Succeeded);
    QCOMPARE(filesBelow(m_scratch->path("dest/tree")),
             (QSet<QString>{QStringLiteral("b.c"), QStringLiteral("sub/d.c"),
                            QStringLiteral("sub/keep.o")}));
    QCOMPARE(run.result.itemsTotal, qint64(5)); // tree, b.c, sub, d.c, keep.o
    QCOMPARE(run.result.bytesTotal, qint64(35));
    QCOMPARE(run.result.bytesCopied, qint64(35));
    QCOMPARE(run.result.itemsLeftOut, qint64(3)); // a.o, .cache/, sub/c.o
    QCOMPARE(run.result.bytesLeftOut, qint64(1100));
    QVERIFY(run.result.leftOutPaths.isEmpty()); // listed by dry runs only
}

void TestFilterTree::sizeLimitsKeepFilesWithinThem()
{
    const QList<qint64> sizes{0, 99, 100, 1000, 1001, 5000};
    QVERIFY(TestTree::makePath(m_scratch->path("tree")));
    for (const qint64 size : sizes)
        QVERIFY(
            TestTree::writePatternFile(m_scratch->path("tree/s" + QByteArray::number(size)), size));
    QVERIFY(TestTree::makePath(m_scratch->path("dest")));
    CopyOptions options = JobRunner::quickOptions();
    options.filter.minSize = *parseByteSize(u"100");
    options.filter.maxSize = *parseByteSize(u"1000");
    const JobRunner::Run run =
        JobRunner::run({m_scratch->path("tree")}, m_scratch->path("dest"), options);
    QCOMPARE(run.result.status, CopyStatus::Succeeded);
    // rsync --min-size/--max-size: the limits themselves are inside.
    QCOMPARE(filesBelow(m_scratch->path("dest/tree")),
             (QSet<QString>{QStringLiteral("s100"), QStringLiteral("s1000")}));
    QCOMPARE(run.result.itemsLeftOut, qint64(4));
    QCOMPARE(run.result.bytesLeftOut, qint64(0 + 99 + 1001 + 5000));
    QCOMPARE(run.result.bytesCopied, qint64(1100));
}

void TestFilterTree::ageLimitsUseModificationTimes()
{
    QVERIFY(TestTree::makePath(m_scratch->path("tree")));
    const QList<std::pair<QByteArray, QString>> files{
        {"october", QStringLiteral("2026-10-01 12:00")},
        {"mid-november", QStringLiteral("2026-11-15 12:00")},
        {"december", QStringLiteral("2026-12-20")}};
    for (const auto &[name, when] : files) {
        QVERIFY(TestTree::writeFile(m_scratch->path("tree/" + name), name));
        QCOMPARE(QProcess::execute(QStringLiteral("touch"),
                                   {QStringLiteral("-d"), when,
                                    QFile::decodeName(m_scratch->path("tree/" + name))}),
                 0);
    }
    const QDateTime now = QDateTime::currentDateTime();
    CopyOptions options = JobRunner::quickOptions();
    options.filter.newerThanNs = parseFilterTime(u"2026-11-01", now);
    QVERIFY(TestTree::makePath(m_scratch->path("newer")));
    JobRunner::Run run =
        JobRunner::run({m_scratch->path("tree")}, m_scratch->path("newer"), options);
    QCOMPARE(run.result.status, CopyStatus::Succeeded);
    QCOMPARE(filesBelow(m_scratch->path("newer/tree")),
             (QSet<QString>{QStringLiteral("mid-november"), QStringLiteral("december")}));

    options.filter.olderThanNs = parseFilterTime(u"2026-12-01", now);
    QVERIFY(TestTree::makePath(m_scratch->path("between")));
    run = JobRunner::run({m_scratch->path("tree")}, m_scratch->path("between"), options);
    QCOMPARE(filesBelow(m_scratch->path("between/tree")),
             (QSet<QString>{QStringLiteral("mid-november")}));
    QCOMPARE(run.result.itemsLeftOut, qint64(2));
}

void TestFilterTree::foldersLeftEmptyAreLeftOutUnlessKept_data()
{
    QTest::addColumn<bool>("keep");
    QTest::newRow("left out") << false;
    QTest::newRow("kept") << true;
}

void TestFilterTree::foldersLeftEmptyAreLeftOutUnlessKept()
{
    QFETCH(bool, keep);
    // tree/ a/x.o, empty/ (empty from the start), c/d/y.o, e/z.c
    QVERIFY(TestTree::makePath(m_scratch->path("tree/a")));
    QVERIFY(TestTree::makePath(m_scratch->path("tree/empty")));
    QVERIFY(TestTree::makePath(m_scratch->path("tree/c/d")));
    QVERIFY(TestTree::makePath(m_scratch->path("tree/e")));
    QVERIFY(TestTree::writeFile(m_scratch->path("tree/a/x.o"), "x"));
    QVERIFY(TestTree::writeFile(m_scratch->path("tree/c/d/y.o"), "yy"));
    QVERIFY(TestTree::writeFile(m_scratch->path("tree/e/z.c"), "z"));
    QVERIFY(TestTree::makePath(m_scratch->path("dest")));
    CopyOptions options = filtered({{FilterRule::Action::Exclude, "*.o"}});
    options.filter.keepEmptyFolders = keep;
    const JobRunner::Run run =
        JobRunner::run({m_scratch->path("tree")}, m_scratch->path("dest"), options);
    QCOMPARE(run.result.status, CopyStatus::Succeeded);
    QVERIFY(exists(m_scratch->path("dest/tree/empty"))); // empty before any filter: copied
    QVERIFY(exists(m_scratch->path("dest/tree/e/z.c")));
    QCOMPARE(exists(m_scratch->path("dest/tree/a")), keep);
    QCOMPARE(exists(m_scratch->path("dest/tree/c/d")), keep);
    QCOMPARE(exists(m_scratch->path("dest/tree/c")), keep);
    // x.o and y.o, plus a, d and c when they are left out too.
    QCOMPARE(run.result.itemsLeftOut, keep ? qint64(2) : qint64(5));
    QCOMPARE(run.result.bytesLeftOut, qint64(3));
}

void TestFilterTree::moveLeavesWhatIsLeftOutInTheSource()
{
    // tree/ keep.txt, sub/ go.txt, stay.o
    QVERIFY(TestTree::makePath(m_scratch->path("tree/sub")));
    QVERIFY(TestTree::writeFile(m_scratch->path("tree/keep.txt"), "k"));
    QVERIFY(TestTree::writeFile(m_scratch->path("tree/sub/go.txt"), "g"));
    QVERIFY(TestTree::writeFile(m_scratch->path("tree/sub/stay.o"), "s"));
    QVERIFY(TestTree::makePath(m_scratch->path("dest")));
    CopyOptions options = filtered({{FilterRule::Action::Exclude, "*.o"}});
    options.move = true;
    const JobRunner::Run run =
        JobRunner::run({m_scratch->path("tree")}, m_scratch->path("dest"), options);
    QCOMPARE(run.result.status, CopyStatus::Succeeded);
    QCOMPARE(filesBelow(m_scratch->path("dest/tree")),
             (QSet<QString>{QStringLiteral("keep.txt"), QStringLiteral("sub/go.txt")}));
    // A rename of the whole folder would have taken stay.o along.
    QCOMPARE(filesBelow(m_scratch->path("tree")), (QSet<QString>{QStringLiteral("sub/stay.o")}));
    QCOMPARE(TestTree::readFile(m_scratch->path("tree/sub/stay.o")), QByteArray("s"));
}

void TestFilterTree::dryRunListsWhatIsLeftOut()
{
    QVERIFY(TestTree::makePath(m_scratch->path("tree/build")));
    QVERIFY(TestTree::writeFile(m_scratch->path("tree/a.c"), "a"));
    QVERIFY(TestTree::writeFile(m_scratch->path("tree/a.o"), "ao"));
    QVERIFY(TestTree::writeFile(m_scratch->path("tree/build/out"), "out"));
    QVERIFY(TestTree::makePath(m_scratch->path("dest")));
    CopyOptions options =
        filtered({{FilterRule::Action::Exclude, "*.o"}, {FilterRule::Action::Exclude, "/build/"}});
    options.dryRun = true;
    const JobRunner::Run run =
        JobRunner::run({m_scratch->path("tree")}, m_scratch->path("dest"), options);
    QCOMPARE(run.result.status, CopyStatus::Succeeded);
    QCOMPARE(run.result.leftOutPaths,
             (QList<QByteArray>{m_scratch->path("tree/a.o"), m_scratch->path("tree/build")}));
    QCOMPARE(run.result.itemsLeftOut, qint64(2));
    QCOMPARE(run.result.bytesLeftOut, qint64(2));
    QCOMPARE(TestTree::countEntries(m_scratch->path("dest")), qint64(0));
}

void TestFilterTree::sourceScanMeasuresWhatIsLeftOut()
{
    // tree/ a.c (10), a.o (100), node_modules/ (x 1000, y/z 10000)
    QVERIFY(TestTree::makePath(m_scratch->path("tree/node_modules/y")));
    QVERIFY(TestTree::writePatternFile(m_scratch->path("tree/a.c"), 10));
    QVERIFY(TestTree::writePatternFile(m_scratch->path("tree/a.o"), 100));
    QVERIFY(TestTree::writePatternFile(m_scratch->path("tree/node_modules/x"), 1000));
    QVERIFY(TestTree::writePatternFile(m_scratch->path("tree/node_modules/y/z"), 10000));
    SourceScanner scanner;
    QSignalSpy spy(&scanner, &SourceScanner::scanned);
    ScanOptions options;
    options.filter.rules = {{FilterRule::Action::Exclude, "*.o"},
                            {FilterRule::Action::Exclude, "node_modules/"}};
    const quint64 id = scanner.scan(m_scratch->path("tree"), options);
    QVERIFY(QTest::qWaitFor(
        [&] { return !spy.isEmpty() && spy.last().constFirst().value<SourceSummary>().complete; },
        30000));
    const auto summary = spy.last().constFirst().value<SourceSummary>();
    QCOMPARE(summary.id, id);
    QCOMPARE(summary.bytes, qint64(11110)); // everything, as before
    QCOMPARE(summary.items(), qint64(7));
    // a.o, node_modules, x, y, z
    QCOMPARE(summary.itemsLeftOut, qint64(5));
    QCOMPARE(summary.bytesLeftOut, qint64(11100));
}

void TestFilterTree::sourceScanCountsWhatTheDryRunCounts_data()
{
    QTest::addColumn<QList<QByteArray>>("files"); // "path=contents" below tree/
    QTest::addColumn<bool>("keepEmpty");
    QTest::addColumn<qint64>("dryItems");   // the dry run's itemsLeftOut
    QTest::addColumn<qint64>("dryBytes");   // and bytesLeftOut
    QTest::addColumn<qint64>("dryFolders"); // and foldersLeftOut
    // What the folders left out whole hold: the window's scan counts it, the dry run not.
    QTest::addColumn<qint64>("insideItems");
    QTest::addColumn<qint64>("insideBytes");
    const QList<QByteArray> emptied{"a/x.o=12", "c/d/y.o=345", "e/z.c=6"};
    // x.o, y.o; and a, d, c that only the filter empties
    QTest::newRow("folders left empty")
        << emptied << false << qint64(5) << qint64(5) << qint64(0) << qint64(0) << qint64(0);
    QTest::newRow("folders left empty, kept")
        << emptied << true << qint64(2) << qint64(5) << qint64(0) << qint64(0) << qint64(0);
    // a.o and node_modules; inside it m.js, y, y/z
    QTest::newRow("a folder left out whole")
        << QList<QByteArray>{"a.o=1", "a.c=22", "node_modules/m.js=4444", "node_modules/y/z=55"}
        << false << qint64(2) << qint64(1) << qint64(1) << qint64(3) << qint64(6);
}

void TestFilterTree::sourceScanCountsWhatTheDryRunCounts()
{
    QFETCH(QList<QByteArray>, files);
    QFETCH(bool, keepEmpty);
    QFETCH(qint64, dryItems);
    QFETCH(qint64, dryBytes);
    QFETCH(qint64, dryFolders);
    QFETCH(qint64, insideItems);
    QFETCH(qint64, insideBytes);
    for (const QByteArray &file : files) {
        const QByteArray path = m_scratch->path("tree/") + file.left(file.indexOf('='));
        QVERIFY(TestTree::makePath(path.left(path.lastIndexOf('/'))));
        QVERIFY(TestTree::writeFile(path, file.mid(file.indexOf('=') + 1)));
    }
    QVERIFY(TestTree::makePath(m_scratch->path("dest")));
    CopyFilter filter;
    filter.rules = {{FilterRule::Action::Exclude, "*.o"},
                    {FilterRule::Action::Exclude, "node_modules/"}};
    filter.keepEmptyFolders = keepEmpty;

    CopyOptions dry = JobRunner::quickOptions();
    dry.filter = filter;
    dry.dryRun = true;
    const JobRunner::Run run =
        JobRunner::run({m_scratch->path("tree")}, m_scratch->path("dest"), dry);
    QCOMPARE(run.result.status, CopyStatus::Succeeded);
    QCOMPARE(run.result.itemsLeftOut, dryItems);
    QCOMPARE(run.result.bytesLeftOut, dryBytes);
    QCOMPARE(run.result.foldersLeftOut, dryFolders);

    SourceScanner scanner;
    QSignalSpy spy(&scanner, &SourceScanner::scanned);
    ScanOptions options;
    options.filter = filter;
    scanner.scan(m_scratch->path("tree"), options);
    QVERIFY(QTest::qWaitFor(
        [&] { return !spy.isEmpty() && spy.last().constFirst().value<SourceSummary>().complete; },
        30000));
    const auto summary = spy.last().constFirst().value<SourceSummary>();
    // The same entries, plus what the folders left out whole hold.
    QCOMPARE(summary.itemsLeftOut, dryItems + insideItems);
    QCOMPARE(summary.bytesLeftOut, dryBytes + insideBytes);
}

void TestFilterTree::gitIgnoreCopiesWhatGitSeesUntracked_data()
{
    QTest::addColumn<QList<QByteArray>>("files"); // "path" or "path=contents"
    // git never applies the rules to .git itself; Sluice does ("/*" leaves it out).
    QTest::addColumn<bool>("gitFolderCopied");
    QTest::newRow("nested files, negations, folders") << QList<QByteArray>{
        ".gitignore=*.log\n!keep.log\nbuild/\n/top-only.txt\ndocs/**/*.tmp\n**/cache/\n",
        "a.log",
        "keep.log",
        "b.txt",
        "top-only.txt",
        "build/out.bin",
        "build/deep/x",
        "src/.gitignore=!x.log\n*.c\n!main.c\ngen/\n",
        "src/top-only.txt",
        "src/main.c",
        "src/other.c",
        "src/x.log",
        "src/y.log",
        "src/build",
        "src/gen/a.txt",
        "docs/readme",
        "docs/d.tmp",
        "docs/a/b/c.tmp",
        "docs/a/b/c.txt",
        "lib/.gitignore=*\n!.gitignore\n!*.h\n",
        "lib/x.c",
        "lib/y.h",
        "lib/sub/z.h",
        "nested/deep/.gitignore=/only-here\nspace\\ \ntrail   \n",
        "nested/deep/only-here",
        "nested/deep/x/only-here",
        "nested/deep/space ",
        "nested/deep/trail",
        "nested/cache/c",
        "nested/cache.txt",
        ".hidden/h"} << true;
    QTest::newRow("everything but foo/bar")
        << QList<QByteArray>{".gitignore=/*\n!/.gitignore\n!/foo\n/foo/*\n!/foo/bar\n",
                             "top",
                             "foo/x",
                             "foo/bar/y",
                             "foo/bar/z/w",
                             "other/foo/bar/q"}
        << false;
    QTest::newRow("escapes and comments")
        << QList<QByteArray>{".gitignore=# comment\n\\#hash\n\\!bang\n*.[oa]\n!lib.a\n?.tmp\n",
                             "#hash",
                             "!bang",
                             "# comment",
                             "x.o",
                             "y.a",
                             "lib.a",
                             "a.tmp",
                             "ab.tmp",
                             "d/x.o"}
        << true;
}

void TestFilterTree::gitIgnoreCopiesWhatGitSeesUntracked()
{
    QFETCH(QList<QByteArray>, files);
    QFETCH(bool, gitFolderCopied);
    if (QStandardPaths::findExecutable(QStringLiteral("git")).isEmpty())
        QSKIP("git is not installed (scripts/install-deps.sh test group)");
    const QByteArray repo = m_scratch->path("repo");
    QVERIFY(TestTree::makePath(repo));
    QVERIFY(TestTree::makePath(m_scratch->path("home")));
    for (const QByteArray &file : files) {
        const qsizetype equals = file.indexOf('=');
        const QByteArray relative = equals < 0 ? file : file.left(equals);
        const QByteArray path = repo + '/' + relative;
        QVERIFY(TestTree::makePath(path.left(path.lastIndexOf('/'))));
        QVERIFY(TestTree::writeFile(path, equals < 0 ? relative : file.mid(equals + 1)));
    }
    QByteArray out;
    QCOMPARE(runGit({QStringLiteral("-C"), QFile::decodeName(repo), QStringLiteral("init"),
                     QStringLiteral("-q")},
                    m_scratch->path("home"), out),
             QProcess::NormalExit);
    QCOMPARE(runGit({QStringLiteral("-C"), QFile::decodeName(repo), QStringLiteral("ls-files"),
                     QStringLiteral("-z"), QStringLiteral("--others"),
                     QStringLiteral("--exclude-standard")},
                    m_scratch->path("home"), out),
             QProcess::NormalExit);
    QSet<QString> expected;
    for (const QByteArray &name : out.split('\0')) {
        if (!name.isEmpty())
            expected.insert(QFile::decodeName(name));
    }
    QVERIFY(expected.size() >= 3); // git ran and listed something

    QVERIFY(TestTree::makePath(m_scratch->path("dest")));
    CopyOptions options = JobRunner::quickOptions();
    options.filter.gitignore = true;
    const JobRunner::Run run = JobRunner::run({repo}, m_scratch->path("dest"), options);
    QCOMPARE(run.result.status, CopyStatus::Succeeded);
    const QSet<QString> copied = filesBelow(m_scratch->path("dest/repo"), QStringLiteral(".git"));
    if (copied != expected) {
        qWarning() << "copied, git does not list:" << (copied - expected);
        qWarning() << "git lists, not copied:" << (expected - copied);
    }
    QCOMPARE(copied, expected);
    QCOMPARE(exists(m_scratch->path("dest/repo/.git/HEAD")), gitFolderCopied);
}

QTEST_GUILESS_MAIN(TestFilterTree)
#include "tst_filtertree.moc"
