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
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>
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
};

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
    QTRY_COMPARE(leftOut.data().toString(), u"1.07 KiB (3)"_s);
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
    hidden->trigger(); // twice: no duplicate
    const QStringList expected{u"*.o"_s,           u".*"_s,           u".git/"_s,
                               u"node_modules/"_s, u"__pycache__/"_s, u"build/"_s};
    QCOMPARE(edit->text(), expected.join(u' '));
    QCOMPARE(WindowSettings::load().leaveOut, expected);
    const CopyFilter filter = WindowSettings::load().jobOptions(false).filter;
    QCOMPARE(filter.rules.size(), expected.size());
    QCOMPARE(filter.rules.at(1).pattern, QByteArray(".*"));
    QVERIFY(filter.rules.at(1).action == FilterRule::Action::Exclude);
}

QTEST_MAIN(TestLeaveOut)
#include "tst_leaveout.moc"
