// The window's "Leave out" field: patterns typed or picked from the ready choices reach the
// source list's measurement (per row, in the background) and the copy, and are remembered
// in the settings.

#include "appsettings.h"
#include "destinationfield.h"
#include "jobrunner.h"
#include "leaveoutfield.h"
#include "mainwindow.h"
#include "sourcelistmodel.h"
#include "testtree.h"
#include "uitest.h"

#include <QAction>
#include <QComboBox>
#include <QLineEdit>
#include <QMenu>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>
#include <QToolButton>

#include <sys/stat.h>

using namespace Sluice;
using namespace Sluice::Ui;
using namespace Qt::StringLiterals;

class TestLeaveOut final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void patternsAreMeasuredPerRowAndLeftOutOfTheCopy();
    void choicesAddTheirPatternsAndAreRemembered();
    void patternsAreSplitAsAShellSplitsWords_data();
    void patternsAreSplitAsAShellSplitsWords();
    void typingIsMeasuredOnceItPauses();
    void choicesAreCheckedWhileTheirPatternsArePresent();
};

namespace {

// The words /bin/sh makes of @p text (no globbing, no expansion: the texts have no $ or `).
QStringList shellWords(const QString &text)
{
    QProcess shell;
    shell.start(u"/bin/sh"_s,
                {u"-c"_s, u"set -f; eval \"set -- $1\"; printf '%s\\0' \"$@\""_s, u"sh"_s, text});
    if (!shell.waitForFinished(30000) || shell.exitCode() != 0)
        return {u"<sh failed>"_s};
    QStringList words;
    for (const QByteArray &word : shell.readAllStandardOutput().split('\0'))
        words.append(QString::fromUtf8(word));
    words.removeLast(); // after the last NUL
    return words;
}

// The text of the "Left out" cell: "1.07 KiB in 3 items" (plural forms come from the English
// catalogue; without it Qt shows "item(s)").
bool isLeftOut(const QModelIndex &cell, const QString &size, int items)
{
    const QRegularExpression pattern(u"^%1 in %2 item(s|\\(s\\))?$"_s.arg(
        QRegularExpression::escape(size), QString::number(items)));
    return pattern.match(cell.data().toString()).hasMatch();
}

} // namespace

void TestLeaveOut::initTestCase()
{
    UiTest::isolateSettings(u"tst_leaveout"_s);
}

void TestLeaveOut::patternsAreMeasuredPerRowAndLeftOutOfTheCopy()
{
    // src/ a.c (10 bytes), a.o (100), node_modules/ (m.js 1000)
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("src/node_modules")));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/a.c"), 10));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/a.o"), 100));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/node_modules/m.js"), 1000));
    QVERIFY(TestTree::makePath(scratch.path("out")));
    MainWindow window;
    window.show();
    SourceListModel *model = window.sourceModel();
    model->addPaths({scratch.path("src")});
    const QModelIndex leftOut = model->index(0, SourceListModel::LeftOutColumn);
    QTRY_VERIFY(!model->isScanning());
    QCOMPARE(leftOut.data().toString(), QString()); // no filter: the column stays empty

    auto *edit = UiTest::find<QLineEdit>(&window, "leaveOutEdit");
    QVERIFY(edit);
    edit->setFocus();
    QTest::keyClicks(edit, u"*.o node_modules/"_s);
    QTest::keyClick(edit, Qt::Key_Return);
    // a.o, node_modules and m.js: 1,100 bytes in 3 entries, measured off the GUI thread.
    QTRY_VERIFY2(isLeftOut(leftOut, u"1.07 KiB"_s, 3), qPrintable(leftOut.data().toString()));
    // The tooltips say what is counted, and that sluice-cli counts a folder left out as one.
    QVERIFY(model->headerData(SourceListModel::LeftOutColumn, Qt::Horizontal, Qt::ToolTipRole)
                .toString()
                .contains(u"counts a folder left out as one item"_s));
    QVERIFY(
        leftOut.data(Qt::ToolTipRole).toString().contains(u"what is inside a folder left out"_s));
    QCOMPARE(model->totalBytesLeftOut(), qint64(1100));
    QCOMPARE(WindowSettings::load().leaveOut, (QStringList{u"*.o"_s, u"node_modules/"_s}));

    window.destinationField()->setPath(scratch.path("out"));
    QSignalSpy finished(&window, &MainWindow::jobFinished);
    window.startCopy();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 120000);
    const auto result = finished.first().first().value<CopyResult>();
    QCOMPARE(result.status, CopyStatus::Succeeded);
    QCOMPARE(result.itemsCopied, qint64(2));  // src, a.c
    QCOMPARE(result.itemsLeftOut, qint64(2)); // a.o, node_modules (not listed)
    QCOMPARE(TestTree::countEntries(scratch.path("out/src")), qint64(1));
    QCOMPARE(TestTree::readFile(scratch.path("out/src/a.c")).size(), 10);
}

void TestLeaveOut::choicesAddTheirPatternsAndAreRemembered()
{
    {
        WindowSettings settings = WindowSettings::load();
        settings.leaveOut = {u"*.o"_s};
        settings.save();
    }
    MainWindow window;
    auto *edit = UiTest::find<QLineEdit>(&window, "leaveOutEdit");
    QVERIFY(edit);
    QCOMPARE(edit->text(), u"*.o"_s); // remembered from the settings
    auto *menu = UiTest::find<QMenu>(&window, "leaveOutChoicesMenu");
    QVERIFY(menu);
    auto *hidden = menu->findChild<QAction *>(u"leaveOutChoice0"_s);
    auto *project = menu->findChild<QAction *>(u"leaveOutChoice1"_s);
    QVERIFY(hidden && project);
    hidden->trigger();
    project->trigger();
    const QStringList expected{u"*.o"_s,           u".*"_s,           u".git/"_s,
                               u"node_modules/"_s, u"__pycache__/"_s, u"build/"_s};
    QCOMPARE(edit->text(), expected.join(u' '));
    QCOMPARE(WindowSettings::load().leaveOut, expected);
    const CopyFilter filter = WindowSettings::load().jobOptions(false).filter;
    QCOMPARE(filter.rules.size(), expected.size());
    QCOMPARE(filter.rules.at(1).pattern, QByteArray(".*"));
    QVERIFY(filter.rules.at(1).action == FilterRule::Action::Exclude);
}

void TestLeaveOut::patternsAreSplitAsAShellSplitsWords_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("patterns");
    QTest::newRow("blanks") << u"  *.o   node_modules/ "_s
                            << QStringList{u"*.o"_s, u"node_modules/"_s};
    QTest::newRow("double quotes")
        << u"\"with space.txt\" *.o"_s << QStringList{u"with space.txt"_s, u"*.o"_s};
    QTest::newRow("single quotes") << u"'x y' z"_s << QStringList{u"x y"_s, u"z"_s};
    QTest::newRow("backslash before a space")
        << u"with\\ space.txt"_s << QStringList{u"with space.txt"_s};
    QTest::newRow("backslashes in double quotes")
        << u"\"a\\\"b\" \"c\\\\d\" \"e\\f\""_s << QStringList{u"a\"b"_s, u"c\\d"_s, u"e\\f"_s};
    QTest::newRow("backslashes in single quotes") << u"'a\\ b'"_s << QStringList{u"a\\ b"_s};
    QTest::newRow("quotes inside a word")
        << u"pre\"mid dle\"post 'a'b"_s << QStringList{u"premid dlepost"_s, u"ab"_s};
    QTest::newRow("a single quote")
        << u"'it'\\''s' \"don't\""_s << QStringList{u"it's"_s, u"don't"_s};
    QTest::newRow("escaped glob") << u"\\*.o '\\*.o'"_s << QStringList{u"*.o"_s, u"\\*.o"_s};
}

void TestLeaveOut::patternsAreSplitAsAShellSplitsWords()
{
    QFETCH(QString, text);
    QFETCH(QStringList, patterns);
    // /bin/sh is the oracle: the field means what `sluice-cli --exclude` gets from a shell.
    QCOMPARE(shellWords(text), patterns);
    QCOMPARE(LeaveOutField::splitPatterns(text), patterns);
    // What the field shows for patterns it was given splits back into them.
    const QString shown = LeaveOutField::joinPatterns(patterns);
    QCOMPARE(LeaveOutField::splitPatterns(shown), patterns);
    QCOMPARE(shellWords(shown), patterns);
    // Not a shell's: an unclosed quote runs to the end, an empty word is no pattern.
    QCOMPARE(LeaveOutField::splitPatterns(u"a \"b c"_s), (QStringList{u"a"_s, u"b c"_s}));
    QCOMPARE(LeaveOutField::splitPatterns(u"'' a \"\""_s), QStringList{u"a"_s});
}

void TestLeaveOut::typingIsMeasuredOnceItPauses()
{
    // src/ with space.txt (10 bytes), with (100), space.txt (1000), keep.c (1)
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("src")));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/with space.txt"), 10));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/with"), 100));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/space.txt"), 1000));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/keep.c"), 1));
    QVERIFY(TestTree::makePath(scratch.path("out")));
    {
        WindowSettings settings = WindowSettings::load();
        settings.leaveOut.clear(); // an earlier test's patterns
        settings.save();
    }
    MainWindow window;
    window.show();
    SourceListModel *model = window.sourceModel();
    model->addPaths({scratch.path("src")});
    QTRY_VERIFY(!model->isScanning());
    auto *field = UiTest::find<LeaveOutField>(&window, "leaveOutField");
    auto *edit = UiTest::find<QLineEdit>(&window, "leaveOutEdit");
    auto *settle = UiTest::find<QTimer>(&window, "leaveOutSettleTimer");
    QVERIFY(field && edit && settle);
    QSignalSpy changed(field, &LeaveOutField::patternsChanged);
    edit->setFocus();
    QTest::keyClicks(edit, u"\"with space.txt\" "_s); // no Enter, focus stays
    // Not yet: each key restarts the single-shot timer, nothing is measured per key.
    QVERIFY(settle->isActive());
    QCOMPARE(settle->interval(), LeaveOutField::SettleMs);
    QCOMPARE(changed.size(), 0);
    QTRY_COMPARE(changed.size(), 1);
    QCOMPARE(changed.first().first().toStringList(), QStringList{u"with space.txt"_s});
    QVERIFY(edit->hasFocus());
    QCOMPARE(edit->text(), u"\"with space.txt\" "_s); // as typed, trailing space included
    const QModelIndex leftOut = model->index(0, SourceListModel::LeftOutColumn);
    QTRY_VERIFY2(isLeftOut(leftOut, u"10 bytes"_s, 1), qPrintable(leftOut.data().toString()));

    QTest::keyClicks(edit, u"with\\ spac"_s);
    QTest::keyClicks(edit, u"e"_s);
    QTRY_COMPARE(changed.size(), 2);
    QCOMPARE(changed.last().first().toStringList(),
             (QStringList{u"with space.txt"_s, u"with space"_s}));
    QCOMPARE(WindowSettings::load().leaveOut, changed.last().first().toStringList());

    // The copy leaves out the name with a space, and only it.
    edit->setText(u"'with space.txt'"_s);
    QTest::keyClick(edit, Qt::Key_Return); // Enter reports at once
    QCOMPARE(changed.size(), 3);
    window.destinationField()->setPath(scratch.path("out"));
    QSignalSpy finished(&window, &MainWindow::jobFinished);
    window.startCopy();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 120000);
    const auto result = finished.first().first().value<CopyResult>();
    QCOMPARE(result.status, CopyStatus::Succeeded);
    QCOMPARE(result.itemsLeftOut, qint64(1));
    QCOMPARE(result.bytesLeftOut, qint64(10));
    QCOMPARE(TestTree::countEntries(scratch.path("out/src")), qint64(3));
    QCOMPARE(TestTree::readFile(scratch.path("out/src/with")).size(), 100);
}

void TestLeaveOut::choicesAreCheckedWhileTheirPatternsArePresent()
{
    {
        WindowSettings settings = WindowSettings::load();
        settings.leaveOut = {u"*.o"_s, u".git/"_s};
        settings.save();
    }
    MainWindow window;
    auto *edit = UiTest::find<QLineEdit>(&window, "leaveOutEdit");
    auto *menu = UiTest::find<QMenu>(&window, "leaveOutChoicesMenu");
    QVERIFY(edit && menu);
    auto *hidden = menu->findChild<QAction *>(u"leaveOutChoice0"_s);
    auto *project = menu->findChild<QAction *>(u"leaveOutChoice1"_s);
    auto *caches = menu->findChild<QAction *>(u"leaveOutChoice2"_s);
    QVERIFY(hidden && project && caches);
    QVERIFY(hidden->isCheckable() && project->isCheckable() && caches->isCheckable());
    QVERIFY(!hidden->isChecked());
    QVERIFY(!project->isChecked()); // .git/ alone is not all of it
    QVERIFY(!caches->isChecked());

    project->trigger(); // checks it: the missing patterns are added, .git/ not twice
    QVERIFY(project->isChecked());
    QCOMPARE(edit->text(), u"*.o .git/ node_modules/ __pycache__/ build/"_s);
    // Typed by hand, a choice's patterns check it too.
    edit->setFocus();
    edit->end(false);
    QTest::keyClicks(edit, u" .*"_s);
    QVERIFY(hidden->isChecked());
    QTest::keyClick(edit, Qt::Key_Backspace);
    QVERIFY(!hidden->isChecked());
    QTest::keyClick(edit, Qt::Key_Return);

    project->trigger(); // unchecks it: all of its patterns go, the others stay
    QVERIFY(!project->isChecked());
    QCOMPARE(edit->text(), u"*.o ."_s);
    QCOMPARE(WindowSettings::load().leaveOut, (QStringList{u"*.o"_s, u"."_s}));
}

QTEST_MAIN(TestLeaveOut)
#include "tst_leaveout.moc"
