// Filter patterns (core/plan/globpattern.h, treefilter.h), white-box: the examples of
// rsync(1) "INCLUDE/EXCLUDE PATTERN RULES" and gitignore(5) "PATTERN FORMAT"/"EXAMPLES" as
// tables of patterns against paths, first-match order of --include/--exclude rules, git's
// negation and precedence within a .gitignore, and the parsing of lists and times.

#include "copyfilter.h"
#include "globpattern.h"
#include "jobrunner.h"
#include "posixio.h"
#include "testtree.h"
#include "treefilter.h"

#include <QTest>

#include <fcntl.h>
#include <span>

using namespace Sluice;

namespace {

QList<QByteArray> components(const QByteArray &path)
{
    return path.split('/');
}

// The patterns' verdict for @p path (relative to @p rootFd, its last component the entry):
// the walk enters each folder on the way, then asks for the entry.
bool patternsLeaveOut(TreeFilter &filter, int rootFd, const QByteArray &path, bool isDirectory)
{
    filter.beginRoot(rootFd);
    const QList<QByteArray> parts = components(path);
    for (qsizetype i = 0; i + 1 < parts.size(); ++i)
        filter.enterFolder(parts[i], rootFd, false);
    const bool leftOut = filter.patternsLeaveOut(parts.last(), isDirectory);
    for (qsizetype i = 0; i + 1 < parts.size(); ++i)
        filter.leaveFolder();
    return leftOut;
}

QList<FilterRule> rulesOf(const QByteArray &list)
{
    QList<FilterRule> rules;
    appendFilterRules(list, FilterRule::Action::Exclude, rules);
    return rules;
}

} // namespace

class TestFilterRules final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void globPatternsMatchLikeRsyncAndGit_data();
    void globPatternsMatchLikeRsyncAndGit();
    void firstMatchingRuleDecides_data();
    void firstMatchingRuleDecides();
    void gitIgnoreLinesFollowGitsRules_data();
    void gitIgnoreLinesFollowGitsRules();
    void deeperGitIgnoreOverridesShallower();
    void rulesAreAskedBeforeGitIgnore();
    void ruleListsSkipCommentsAndReadPrefixes();
    void timesParseAsDatesAndDurations_data();
    void timesParseAsDatesAndDurations();
    void validateNamesImpossibleFilters();
};

void TestFilterRules::globPatternsMatchLikeRsyncAndGit_data()
{
    QTest::addColumn<QByteArray>("pattern");
    QTest::addColumn<QByteArray>("path");
    QTest::addColumn<bool>("isDirectory");
    QTest::addColumn<bool>("matches");
    // After rsync(1): "*.o" is every name ending in .o, at any depth.
    QTest::newRow("*.o top") << QByteArray("*.o") << QByteArray("main.o") << false << true;
    QTest::newRow("*.o deep") << QByteArray("*.o") << QByteArray("src/lib/x.o") << false << true;
    QTest::newRow("*.o other") << QByteArray("*.o") << QByteArray("main.c") << false << false;
    // After rsync(1): "/foo" is a file or folder foo at the top only.
    QTest::newRow("/foo root") << QByteArray("/foo") << QByteArray("foo") << false << true;
    QTest::newRow("/foo deeper") << QByteArray("/foo") << QByteArray("a/foo") << false << false;
    // After rsync(1): "foo/" is any folder named foo, and no file.
    QTest::newRow("foo/ folder") << QByteArray("foo/") << QByteArray("a/b/foo") << true << true;
    QTest::newRow("foo/ file") << QByteArray("foo/") << QByteArray("a/b/foo") << false << false;
    // After rsync(1): "/foo/*/bar" is a bar two levels below the top folder foo.
    QTest::newRow("/foo/*/bar two")
        << QByteArray("/foo/*/bar") << QByteArray("foo/x/bar") << false << true;
    QTest::newRow("/foo/*/bar three")
        << QByteArray("/foo/*/bar") << QByteArray("foo/x/y/bar") << false << false;
    // After rsync(1): "/foo/**/bar" reaches a bar any number of levels below foo (rsync
    // needs at least one folder between; git's "a/**/b" below also matches "a/b").
    QTest::newRow("/foo/**/bar deep")
        << QByteArray("/foo/**/bar") << QByteArray("foo/x/y/bar") << false << true;
    // gitignore(5): "a/**/b" matches "a/b", "a/x/b", "a/x/y/b" and so on.
    QTest::newRow("a/**/b zero") << QByteArray("a/**/b") << QByteArray("a/b") << false << true;
    QTest::newRow("a/**/b one") << QByteArray("a/**/b") << QByteArray("a/x/b") << false << true;
    QTest::newRow("a/**/b two") << QByteArray("a/**/b") << QByteArray("a/x/y/b") << false << true;
    QTest::newRow("a/**/b wrong top")
        << QByteArray("a/**/b") << QByteArray("c/a/b") << false << false;
    // gitignore(5): "**/foo" matches file or directory "foo" anywhere.
    QTest::newRow("**/foo top") << QByteArray("**/foo") << QByteArray("foo") << false << true;
    QTest::newRow("**/foo deep") << QByteArray("**/foo") << QByteArray("a/b/foo") << true << true;
    // gitignore(5): "**/foo/bar" matches "bar" anywhere directly under a directory "foo".
    QTest::newRow("**/foo/bar") << QByteArray("**/foo/bar") << QByteArray("x/foo/bar") << false
                                << true;
    QTest::newRow("**/foo/bar not direct")
        << QByteArray("**/foo/bar") << QByteArray("foo/x/bar") << false << false;
    // gitignore(5): "abc/**" matches all files inside directory "abc", not abc itself.
    QTest::newRow("abc/** inside")
        << QByteArray("abc/**") << QByteArray("abc/x/y") << false << true;
    QTest::newRow("abc/** itself") << QByteArray("abc/**") << QByteArray("abc") << true << false;
    // gitignore(5): "doc/frotz/" matches "doc/frotz" but not "a/doc/frotz"; "frotz/" both.
    QTest::newRow("doc/frotz/") << QByteArray("doc/frotz/") << QByteArray("doc/frotz") << true
                                << true;
    QTest::newRow("doc/frotz/ deeper")
        << QByteArray("doc/frotz/") << QByteArray("a/doc/frotz") << true << false;
    QTest::newRow("frotz/ deeper")
        << QByteArray("frotz/") << QByteArray("a/doc/frotz") << true << true;
    // gitignore(5): "/*.c" matches "cat-file.c" but not "mozilla-sha1/sha1.c".
    QTest::newRow("/*.c top") << QByteArray("/*.c") << QByteArray("cat-file.c") << false << true;
    QTest::newRow("/*.c deeper") << QByteArray("/*.c") << QByteArray("mozilla-sha1/sha1.c") << false
                                 << false;
    // gitignore(5): "foo/*" matches "foo/test.json" and "foo/bar", not "foo/bar/hello.c".
    QTest::newRow("foo/* file") << QByteArray("foo/*") << QByteArray("foo/test.json") << false
                                << true;
    QTest::newRow("foo/* folder") << QByteArray("foo/*") << QByteArray("foo/bar") << true << true;
    QTest::newRow("foo/* two down")
        << QByteArray("foo/*") << QByteArray("foo/bar/hello.c") << false << false;
    // A middle slash anchors (gitignore(5), and this project's --exclude): "doc/x" is not
    // "a/doc/x".
    QTest::newRow("middle slash anchors")
        << QByteArray("doc/x") << QByteArray("a/doc/x") << false << false;
    // '*' matches a leading dot (no FNM_PERIOD), as in git and rsync; '?' and classes too.
    QTest::newRow("* matches dot files")
        << QByteArray("*") << QByteArray(".hidden") << false << true;
    QTest::newRow(".* hidden") << QByteArray(".*") << QByteArray("a/.cache") << true << true;
    QTest::newRow("? one char") << QByteArray("?.txt") << QByteArray("a.txt") << false << true;
    QTest::newRow("class") << QByteArray("[ab].txt") << QByteArray("c.txt") << false << false;
    QTest::newRow("escaped star") << QByteArray("\\*") << QByteArray("x") << false << false;
    // '*' stays within one component (FNM_PATHNAME semantics).
    QTest::newRow("* is one level") << QByteArray("/a*c") << QByteArray("ab/c") << false << false;
}

void TestFilterRules::globPatternsMatchLikeRsyncAndGit()
{
    QFETCH(QByteArray, pattern);
    QFETCH(QByteArray, path);
    QFETCH(bool, isDirectory);
    QFETCH(bool, matches);
    const auto glob = GlobPattern::parse(pattern);
    QVERIFY(glob);
    const QList<QByteArray> parts = components(path);
    QCOMPARE(glob->matches(std::span<const QByteArray>(parts.cbegin(), parts.cend()), isDirectory),
             matches);
}

void TestFilterRules::firstMatchingRuleDecides_data()
{
    QTest::addColumn<QByteArray>("rules");
    QTest::addColumn<QByteArray>("path");
    QTest::addColumn<bool>("isDirectory");
    QTest::addColumn<bool>("leftOut");
    // rsync(1): "+ *.c" then "- *" keeps only C files; the other order keeps nothing.
    QTest::newRow("include first")
        << QByteArray("+ *.c\n- *\n") << QByteArray("a.c") << false << false;
    QTest::newRow("include first, other")
        << QByteArray("+ *.c\n- *\n") << QByteArray("a.h") << false << true;
    QTest::newRow("exclude first")
        << QByteArray("- *\n+ *.c\n") << QByteArray("a.c") << false << true;
    // rsync(1): '+ */', '+ *.jpg', '- *' keeps folders (to find the pictures) and pictures.
    QTest::newRow("folders pass") << QByteArray("+ */\n+ *.jpg\n- *\n") << QByteArray("2026/x")
                                  << true << false;
    QTest::newRow("pictures pass")
        << QByteArray("+ */\n+ *.jpg\n- *\n") << QByteArray("2026/x/a.jpg") << false << false;
    QTest::newRow("others fail") << QByteArray("+ */\n+ *.jpg\n- *\n") << QByteArray("2026/x/a.raw")
                                 << false << true;
    // No rule matches: kept.
    QTest::newRow("no match keeps") << QByteArray("- *.o\n") << QByteArray("a.c") << false << false;
    // Trailing '/': the folder "build" is left out, a file of that name is not.
    QTest::newRow("build/ folder")
        << QByteArray("- build/\n") << QByteArray("x/build") << true << true;
    QTest::newRow("build/ file") << QByteArray("- build/\n") << QByteArray("x/build") << false
                                 << false;
}

void TestFilterRules::firstMatchingRuleDecides()
{
    QFETCH(QByteArray, rules);
    QFETCH(QByteArray, path);
    QFETCH(bool, isDirectory);
    QFETCH(bool, leftOut);
    Scratch scratch;
    const UniqueFd root(::open(scratch.path().constData(), DirectoryOpenFlags));
    QVERIFY(root);
    CopyFilter filter;
    filter.rules = rulesOf(rules);
    TreeFilter tree(filter);
    QCOMPARE(patternsLeaveOut(tree, root.get(), path, isDirectory), leftOut);
}

void TestFilterRules::gitIgnoreLinesFollowGitsRules_data()
{
    QTest::addColumn<QByteArray>("gitignore");
    QTest::addColumn<QByteArray>("path");
    QTest::addColumn<bool>("isDirectory");
    QTest::addColumn<bool>("ignored");
    // gitignore(5): an optional prefix "!" negates the pattern; the last match decides.
    QTest::newRow("negated") << QByteArray("*.log\n!important.log\n") << QByteArray("important.log")
                             << false << false;
    QTest::newRow("negation before")
        << QByteArray("!important.log\n*.log\n") << QByteArray("important.log") << false << true;
    QTest::newRow("others still ignored")
        << QByteArray("*.log\n!important.log\n") << QByteArray("debug.log") << false << true;
    // gitignore(5) example: exclude everything except directory foo/bar.
    QTest::newRow("only foo/bar: bar")
        << QByteArray("/*\n!/foo\n/foo/*\n!/foo/bar\n") << QByteArray("foo/bar") << true << false;
    QTest::newRow("only foo/bar: foo/x")
        << QByteArray("/*\n!/foo\n/foo/*\n!/foo/bar\n") << QByteArray("foo/x") << false << true;
    QTest::newRow("only foo/bar: other")
        << QByteArray("/*\n!/foo\n/foo/*\n!/foo/bar\n") << QByteArray("other") << true << true;
    // gitignore(5): comments, blank lines, "\#" and "\!" for literal names.
    QTest::newRow("comment") << QByteArray("# notes\n\n") << QByteArray("# notes") << false
                             << false;
    QTest::newRow("escaped hash") << QByteArray("\\#notes\n") << QByteArray("#notes") << false
                                  << true;
    QTest::newRow("escaped bang") << QByteArray("\\!bang\n") << QByteArray("!bang") << false
                                  << true;
    // Trailing spaces are ignored unless quoted with a backslash.
    QTest::newRow("trailing spaces")
        << QByteArray("a.txt   \n") << QByteArray("a.txt") << false << true;
    QTest::newRow("escaped space") << QByteArray("b\\ \n") << QByteArray("b ") << false << true;
    // A directory pattern does not match a file.
    QTest::newRow("dir pattern, file")
        << QByteArray("out/\n") << QByteArray("out") << false << false;
}

void TestFilterRules::gitIgnoreLinesFollowGitsRules()
{
    QFETCH(QByteArray, gitignore);
    QFETCH(QByteArray, path);
    QFETCH(bool, isDirectory);
    QFETCH(bool, ignored);
    Scratch scratch;
    QVERIFY(TestTree::writeFile(scratch.path(".gitignore"), gitignore));
    const UniqueFd root(::open(scratch.path().constData(), DirectoryOpenFlags));
    QVERIFY(root);
    CopyFilter filter;
    filter.gitignore = true;
    TreeFilter tree(filter);
    QCOMPARE(patternsLeaveOut(tree, root.get(), path, isDirectory), ignored);
}

void TestFilterRules::deeperGitIgnoreOverridesShallower()
{
    // top: "*.txt" ignored; sub/.gitignore: "!keep.txt".
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("sub")));
    QVERIFY(TestTree::writeFile(scratch.path(".gitignore"), "*.txt\n"));
    QVERIFY(TestTree::writeFile(scratch.path("sub/.gitignore"), "!keep.txt\n/local\n"));
    const UniqueFd root(::open(scratch.path().constData(), DirectoryOpenFlags));
    const UniqueFd sub(::open(scratch.path("sub").constData(), DirectoryOpenFlags));
    QVERIFY(root && sub);
    CopyFilter filter;
    filter.gitignore = true;
    TreeFilter tree(filter);
    QCOMPARE(tree.beginRoot(root.get()), 0);
    QVERIFY(tree.patternsLeaveOut("keep.txt", false)); // the top file alone decides here
    QVERIFY(!tree.patternsLeaveOut("local", false));
    QCOMPARE(tree.enterFolder("sub", sub.get()), 0);
    QVERIFY(!tree.patternsLeaveOut("keep.txt", false));
    QVERIFY(tree.patternsLeaveOut("other.txt", false));
    QVERIFY(tree.patternsLeaveOut("local", true)); // anchored to sub/
    tree.leaveFolder();
    QVERIFY(tree.patternsLeaveOut("keep.txt", false)); // sub's rules are gone again
}

void TestFilterRules::rulesAreAskedBeforeGitIgnore()
{
    Scratch scratch;
    QVERIFY(TestTree::writeFile(scratch.path(".gitignore"), "*.log\n"));
    const UniqueFd root(::open(scratch.path().constData(), DirectoryOpenFlags));
    QVERIFY(root);
    CopyFilter filter;
    filter.gitignore = true;
    filter.rules = {{FilterRule::Action::Include, "keep.log"},
                    {FilterRule::Action::Exclude, "*.c"}};
    TreeFilter tree(filter);
    QCOMPARE(tree.beginRoot(root.get()), 0);
    QVERIFY(!tree.patternsLeaveOut("keep.log", false)); // the include rule decides
    QVERIFY(tree.patternsLeaveOut("other.log", false)); // no rule matched: .gitignore
    QVERIFY(tree.patternsLeaveOut("main.c", false));
    QVERIFY(!tree.patternsLeaveOut("main.h", false));
}

void TestFilterRules::ruleListsSkipCommentsAndReadPrefixes()
{
    const QList<FilterRule> rules =
        rulesOf("# build output\n*.o\n\n; also a comment\n+ keep.o\n- /cache/\r\nnode_modules/\n");
    const QList<FilterRule> expected{{FilterRule::Action::Exclude, "*.o"},
                                     {FilterRule::Action::Include, "keep.o"},
                                     {FilterRule::Action::Exclude, "/cache/"},
                                     {FilterRule::Action::Exclude, "node_modules/"}};
    QCOMPARE(rules.size(), expected.size());
    for (qsizetype i = 0; i < rules.size(); ++i) {
        QCOMPARE(rules[i].pattern, expected[i].pattern);
        QVERIFY(rules[i].action == expected[i].action);
    }
}

void TestFilterRules::timesParseAsDatesAndDurations_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<qint64>("expectedMs"); // since the epoch; ignored when invalid
    const QDateTime now(QDate(2026, 12, 1), QTime(12, 0), Qt::UTC);
    const qint64 nowMs = now.toMSecsSinceEpoch();
    QTest::newRow("7d") << QStringLiteral("7d") << true << nowMs - 7 * 86'400'000LL;
    QTest::newRow("12h") << QStringLiteral("12h") << true << nowMs - 12 * 3'600'000LL;
    QTest::newRow("30min") << QStringLiteral("30min") << true << nowMs - 30 * 60'000LL;
    QTest::newRow("90s") << QStringLiteral("90s") << true << nowMs - 90'000LL;
    QTest::newRow("2w") << QStringLiteral("2w") << true << nowMs - 14 * 86'400'000LL;
    QTest::newRow("date") << QStringLiteral("2026-11-01") << true
                          << QDate(2026, 11, 1).startOfDay().toMSecsSinceEpoch();
    QTest::newRow("date and time UTC")
        << QStringLiteral("2026-11-01T08:30:00Z") << true
        << QDateTime(QDate(2026, 11, 1), QTime(8, 30), Qt::UTC).toMSecsSinceEpoch();
    QTest::newRow("unit unknown") << QStringLiteral("7x") << false << qint64(0);
    QTest::newRow("months are not minutes") << QStringLiteral("3m") << false << qint64(0);
    QTest::newRow("no such day") << QStringLiteral("2026-13-40") << false << qint64(0);
    QTest::newRow("empty") << QString() << false << qint64(0);
}

void TestFilterRules::timesParseAsDatesAndDurations()
{
    QFETCH(QString, text);
    QFETCH(bool, valid);
    QFETCH(qint64, expectedMs);
    const QDateTime now(QDate(2026, 12, 1), QTime(12, 0), Qt::UTC);
    const auto parsed = parseFilterTime(text, now);
    QCOMPARE(parsed.has_value(), valid);
    if (valid)
        QCOMPARE(*parsed, expectedMs * 1'000'000);
}

void TestFilterRules::validateNamesImpossibleFilters()
{
    CopyFilter filter;
    QVERIFY(filter.validate().isEmpty());
    QVERIFY(!filter.isActive());
    filter.minSize = 100;
    filter.maxSize = 10;
    QCOMPARE(filter.validate(),
             QStringList{QStringLiteral("the minimum size is larger than the maximum size")});
    filter = {};
    filter.rules = {{FilterRule::Action::Exclude, "/"}};
    QCOMPARE(filter.validate(), QStringList{QStringLiteral("a filter pattern must not be empty")});
}

QTEST_GUILESS_MAIN(TestFilterRules)
#include "tst_filterrules.moc"
