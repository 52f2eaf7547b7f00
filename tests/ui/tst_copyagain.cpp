// After a copy (issue 13): the summary lists the skipped items with their reasons, filtered
// by "Show:"; the sources stay in the list; "Retry failed and skipped items" copies only
// those items, each to its place in the tree; "Copy again…" runs the same request with the
// collision policy chosen in its dialog.

#include "appsettings.h"
#include "collisiondialog.h"
#include "copyagaindialog.h"
#include "copysession.h"
#include "destinationfield.h"
#include "elidedlabel.h"
#include "formatting.h"
#include "jobqueue.h"
#include "jobrunner.h"
#include "mainwindow.h"
#include "sourcelistmodel.h"
#include "testtree.h"
#include "translations.h"
#include "uitest.h"

#include <QComboBox>
#include <QDialog>
#include <QImage>
#include <QLabel>
#include <QPushButton>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QTest>
#include <QTranslator>
#include <QTreeWidget>

#include <atomic>
#include <cerrno>
#include <sys/mount.h>
#include <unistd.h>

using namespace Sluice;
using namespace Sluice::Ui;

namespace {

// A folder made read-only for the length of a test: bound onto itself, then remounted
// read-only (tests run as root, whom a mode of 0555 does not stop). unlock() undoes it.
class ReadOnlyFolder final
{
public:
    explicit ReadOnlyFolder(QByteArray path)
        : m_path(std::move(path))
    {
        m_ok = ::mount(m_path.constData(), m_path.constData(), nullptr, MS_BIND, nullptr) == 0;
        m_ok = m_ok
               && ::mount(nullptr, m_path.constData(), nullptr, MS_BIND | MS_REMOUNT | MS_RDONLY,
                          nullptr)
                      == 0;
    }
    ~ReadOnlyFolder() { unlock(); }
    Q_DISABLE_COPY_MOVE(ReadOnlyFolder)
    bool isLocked() const { return m_ok; }
    bool unlock()
    {
        if (!std::exchange(m_ok, false))
            return false;
        return ::umount2(m_path.constData(), MNT_DETACH) == 0;
    }

private:
    QByteArray m_path;
    bool m_ok = false;
};

} // namespace

class TestCopyAgain final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void retryCopiesOnlyTheSkippedItems();
    void copyAgainUsesTheChosenPolicy();
    void tabReachesEveryControlAfterACopy();
    void transferTimeAfterAnsweredQuestions();
    void retryIntoAStillReadOnlyFolderFailsAgain();

private:
    static QStringList visibleRows(const QTreeWidget *list);
    QTranslator m_english; // the plural forms ("2 items"), as the window installs them
};

void TestCopyAgain::initTestCase()
{
    UiTest::isolateSettings(QStringLiteral("tst_copyagain"));
    WindowSettings settings = WindowSettings::load();
    settings.options.onCollision = CollisionPolicy::Skip;
    settings.options.onError = ErrorPolicy::Skip;
    settings.options.durability = Durability::None;
    settings.save();
    QVERIFY(m_english.load(QStringLiteral("sluice_en"), Translations::catalogueFolder()));
    QCoreApplication::installTranslator(&m_english);
}

QStringList TestCopyAgain::visibleRows(const QTreeWidget *list)
{
    QStringList rows;
    for (int row = 0; row < list->topLevelItemCount(); ++row) {
        const QTreeWidgetItem *item = list->topLevelItem(row);
        if (!item->isHidden())
            rows << item->text(0) + QLatin1Char('|') + item->text(1).section(u'/', -1);
    }
    rows.sort();
    return rows;
}

void TestCopyAgain::retryCopiesOnlyTheSkippedItems()
{
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("src/sub")));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/a-new"), 1000, 1));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/b-exists"), 2000, 2));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/sub/c-fails"), 3000, 3));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/sub/d-new"), 4000, 4));
    QVERIFY(TestTree::makePath(scratch.path("out/src")));
    QVERIFY(TestTree::writeFile(scratch.path("out/src/b-exists"), "old"));

    MainWindow window;
    auto failing = std::make_shared<std::atomic<bool>>(true);
    IoHooks hooks;
    hooks.beforeOpen = [failing](const QByteArray &source) {
        return failing->load() && source.endsWith("/c-fails") ? EACCES : 0;
    };
    window.setIoHooks(hooks);
    QSignalSpy finished(&window, &MainWindow::jobFinished);
    QVERIFY(UiTest::startCopy(window, {scratch.path("src")}, scratch.path("out")));
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 60000);
    const auto first = finished.first().first().value<CopyResult>();
    QCOMPARE(first.summary.copied, (ItemTally{3, 5000})); // a-new, the new sub/, sub/d-new
    QCOMPARE(first.summary.merged, (ItemTally{1, 0}));
    QCOMPARE(first.summary.skippedByPolicy, (ItemTally{1, 2000}));
    QCOMPARE(first.summary.skippedOnError, (ItemTally{1, 3000}));
    // It reached every item: the queue row does not say "Failed" above "Failed: 0".
    QCOMPARE(first.status, CopyStatus::Failed);
    const QList<QueuedJob> &jobs = window.queue()->jobs();
    QCOMPARE(jobs.size(), 1);
    QCOMPARE(jobs.first().state, JobState::Incomplete);
    QCOMPARE(jobStateName(jobs.first().state), QStringLiteral("Finished, some not copied"));

    // The summary says what was skipped and why; "Show:" filters the list.
    auto *list = UiTest::find<QTreeWidget>(&window, "issueList");
    auto *filter = UiTest::find<QComboBox>(&window, "problemFilter");
    QVERIFY(list && filter);
    QVERIFY(list->isVisible());
    QVERIFY2(UiTest::find<QLabel>(&window, "issueCountLabel")->text().endsWith(u"Skipped: 2"),
             qPrintable(UiTest::find<QLabel>(&window, "issueCountLabel")->text()));
    QVERIFY(
        UiTest::find<QLabel>(&window, "summaryFigures")
            ->text()
            .contains(u"Skipped: 2 · 4.88 KiB (by you 0 · by policy 1 · on error 1) · Failed: 0"));
    QCOMPARE(visibleRows(list).size(), 1); // problems first: the error
    filter->setCurrentIndex(filter->findText(QStringLiteral("Skipped")));
    QCOMPARE(visibleRows(list),
             (QStringList{QStringLiteral("Permission denied (EACCES)|c-fails"),
                          QStringLiteral("exists, skipped by policy|b-exists")}));
    filter->setCurrentIndex(filter->findText(QStringLiteral("All")));
    QCOMPARE(visibleRows(list).size(), 3);

    // The sources stay in the list.
    QCOMPARE(window.sourceModel()->paths(), QList<QByteArray>{scratch.path("src")});

    // Retry: only b-exists and sub/c-fails, each into its own folder. a-new, removed from
    // the destination meanwhile, is not part of it and stays away.
    QCOMPARE(::unlink(scratch.path("out/src/a-new").constData()), 0);
    failing->store(false);
    auto *retry = UiTest::find<QPushButton>(&window, "retrySkippedButton");
    QVERIFY(retry && retry->isEnabled());
    QTest::mouseClick(retry, Qt::LeftButton);
    // A name a Skip policy left out is asked about on a retry: overwrite it this time.
    QTRY_VERIFY(window.session() && window.session()->openDialog());
    // While it asks, the header names the file asked about, not whichever file another
    // thread reached last.
    QTRY_VERIFY(UiTest::find<ElidedLabel>(&window, "currentFileLabel")
                    ->text()
                    .endsWith(QStringLiteral("b-exists")));
    auto *overwrite = UiTest::find<QPushButton>(window.session()->openDialog(), "overwriteButton");
    QVERIFY(overwrite);
    QTest::mouseClick(overwrite, Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 2, 60000);
    const auto retried = finished.at(1).first().value<CopyResult>();
    QCOMPARE(retried.status, CopyStatus::Succeeded);
    QCOMPARE(retried.summary.planned, (ItemTally{2, 5000}));
    QCOMPARE(retried.summary.copied, (ItemTally{2, 5000}));
    QVERIFY(TestTree::compareTrees(scratch.path("src/b-exists"), scratch.path("out/src/b-exists"))
                .isEmpty());
    QVERIFY(
        TestTree::compareTrees(scratch.path("src/sub/c-fails"), scratch.path("out/src/sub/c-fails"))
            .isEmpty());
    QVERIFY(::access(scratch.path("out/src/a-new").constData(), F_OK) != 0);
    QVERIFY(::access(scratch.path("out/c-fails").constData(), F_OK) != 0);
}

void TestCopyAgain::copyAgainUsesTheChosenPolicy()
{
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("src")));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/one"), 1500, 1));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/two"), 2500, 2));
    QVERIFY(TestTree::makePath(scratch.path("out/src")));
    QVERIFY(TestTree::writeFile(scratch.path("out/src/one"), "old one"));
    QVERIFY(TestTree::writeFile(scratch.path("out/src/two"), "old two"));

    MainWindow window;
    QSignalSpy finished(&window, &MainWindow::jobFinished);
    QVERIFY(UiTest::startCopy(window, {scratch.path("src")}, scratch.path("out")));
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 60000);
    // Only skips: the summary says so, and shows them.
    QCOMPARE(UiTest::find<QLabel>(&window, "issueCountLabel")->text(),
             QStringLiteral("No problems · Skipped: 2"));
    QCOMPARE(UiTest::find<QLabel>(&window, "summaryHeadline")->text(),
             QStringLiteral("Done: nothing was copied, all 2 items skipped."));
    QCOMPARE(visibleRows(UiTest::find<QTreeWidget>(&window, "issueList")),
             (QStringList{QStringLiteral("exists, skipped by policy|one"),
                          QStringLiteral("exists, skipped by policy|two")}));
    // No data moved: said so, not "Transfer time: 0:00 · Average: 0 bytes/s".
    const QString figures = UiTest::find<QLabel>(&window, "summaryFigures")->text();
    QVERIFY2(figures.contains(u"No data moved · Elapsed: "), qPrintable(figures));
    QVERIFY2(!figures.contains(u"Average"), qPrintable(figures));

    QTest::mouseClick(UiTest::find<QPushButton>(&window, "copyAgainButton"), Qt::LeftButton);
    auto *dialog = UiTest::find<CopyAgainDialog>(&window, "copyAgainDialog");
    QTRY_VERIFY(dialog && dialog->isVisible());
    QCOMPARE(dialog->policy(), CollisionPolicy::Overwrite); // proposed after Skip
    QTest::mouseClick(UiTest::find<QPushButton>(dialog, "copyAgainStartButton"), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 2, 60000);
    const auto again = finished.at(1).first().value<CopyResult>();
    QCOMPARE(again.summary.copied, (ItemTally{2, 4000}));
    QVERIFY(TestTree::compareTrees(scratch.path("src"), scratch.path("out/src")).isEmpty());
}

// Found by a fresh tester: after a copy, Tab went round the queue and the summary only
// (queue list → … → Copy again… → queue list) and never came back to "What to copy".
void TestCopyAgain::tabReachesEveryControlAfterACopy()
{
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("src")));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/one"), 1500, 1));
    QVERIFY(TestTree::makePath(scratch.path("out/src")));
    QVERIFY(TestTree::writeFile(scratch.path("out/src/one"), "old one"));

    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.activateWindow();
    window.sourceModel()->addPaths({scratch.path("src")});
    window.destinationField()->setPath(scratch.path("out"));
    QSignalSpy finished(&window, &MainWindow::jobFinished);
    auto *copy = UiTest::find<QPushButton>(&window, "copyButton");
    QTRY_VERIFY(copy->isEnabled());
    QTest::mouseClick(copy, Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 60000);
    QTRY_VERIFY(UiTest::find<QPushButton>(&window, "copyAgainButton")->isVisible());

    auto *sources = UiTest::find<QWidget>(&window, "sourceList");
    sources->setFocus();
    QTRY_COMPARE(QApplication::focusWidget(), sources);
    QStringList visited;
    for (int step = 0; step < 40; ++step) {
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        visited << UiTest::focusedName();
        if (visited.constLast() == QLatin1String("sourceList"))
            break;
    }
    // Disabled, so Tab skips them: Remove (no source selected), Pause, Skip and Cancel (no
    // running job), the queue's buttons for a selected job (none selected), and "Show:"
    // (only skips, no problems: nothing to filter).
    QStringList expected = UiTest::upperTabStops();
    expected << QStringLiteral("queueView") << QStringLiteral("clearFinishedButton")
             << QStringLiteral("issueList") << QStringLiteral("saveIssuesButton")
             << QStringLiteral("retrySkippedButton") << QStringLiteral("copyAgainButton")
             << QStringLiteral("sourceList");
    QCOMPARE(visited, expected);
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Backtab); // and back round
    QCOMPARE(UiTest::focusedName(), QStringLiteral("copyAgainButton"));

    // Every stop shows that it has the focus: it looks different with it than without.
    QStringList unmarked;
    for (const QString &name : expected) {
        auto *stop = UiTest::find<QWidget>(&window, name.toUtf8().constData());
        QVERIFY2(stop, qPrintable(name));
        auto *elsewhere = UiTest::find<QWidget>(
            &window, name == QLatin1String("copyButton") ? "moveButton" : "copyButton");
        elsewhere->setFocus(Qt::TabFocusReason);
        QTRY_VERIFY(elsewhere->hasFocus());
        const QImage without = stop->grab().toImage();
        stop->setFocus(Qt::TabFocusReason);
        QTRY_COMPARE(UiTest::focusedName(), name);
        if (stop->grab().toImage() == without)
            unmarked << name;
    }
    QCOMPARE(unmarked, QStringList());
}

// Found by a fresh tester: three files skipped at the collision question, then 3 MiB copied,
// and the summary said "Transfer time: 0:00" with a wrong average. The moving time itself is
// right since 5d7b96a (an interval of a question counts when data moved in it); the summary
// showed it in whole seconds. It says the seconds, and the average is bytes moved over it.
void TestCopyAgain::transferTimeAfterAnsweredQuestions()
{
    WindowSettings settings = WindowSettings::load();
    settings.options.onCollision = CollisionPolicy::Ask;
    settings.save();
    const auto restore = qScopeGuard([] {
        WindowSettings skip = WindowSettings::load();
        skip.options.onCollision = CollisionPolicy::Skip;
        skip.save();
    });
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("src")));
    QVERIFY(TestTree::makePath(scratch.path("out/src")));
    for (const char *name : {"a1", "a2", "a3"}) {
        QVERIFY(TestTree::writePatternFile(scratch.path("src/") + name, 2 * MiB, 1));
        QVERIFY(TestTree::writeFile(scratch.path("out/src/") + name, "old"));
    }
    QVERIFY(TestTree::writePatternFile(scratch.path("src/z-new"), 3 * MiB, 2));

    MainWindow window;
    QSignalSpy finished(&window, &MainWindow::jobFinished);
    QVERIFY(UiTest::startCopy(window, {scratch.path("src")}, scratch.path("out")));
    for (int answered = 0; answered < 3; ++answered) {
        QTRY_VERIFY_WITH_TIMEOUT(window.session() && window.session()->openDialog(), 20000);
        QWidget *dialog = window.session()->openDialog();
        auto *skip = UiTest::find<QPushButton>(dialog, "skipButton");
        QVERIFY(skip);
        QTest::mouseClick(skip, Qt::LeftButton);
        QTRY_VERIFY(!window.session() || window.session()->openDialog() != dialog);
    }
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 60000);
    const auto result = finished.first().first().value<CopyResult>();
    QCOMPARE(result.summary.skippedByYou, (ItemTally{3, 6 * MiB}));
    QCOMPARE(result.summary.copied, (ItemTally{1, 3 * MiB}));
    QCOMPARE(result.summary.bytesMoved, 3 * MiB);
    QVERIFY2(result.summary.movingMs > 0 && result.summary.movingMs <= result.elapsedMs,
             qPrintable(
                 QStringLiteral("%1 of %2 ms").arg(result.summary.movingMs).arg(result.elapsedMs)));
    const QString figures = UiTest::find<QLabel>(&window, "summaryFigures")->text();
    const auto seconds = [](qint64 ms) {
        return QStringLiteral("%1 s").arg(QLocale().toString(double(ms) / 1000.0, 'f', 2));
    };
    const QString expected =
        QStringLiteral("Transfer time: %1 · Average: %2 · Elapsed: %3")
            .arg(seconds(result.summary.movingMs), Format::rate(result.summary.averageRate()),
                 seconds(result.elapsedMs));
    QVERIFY2(figures.contains(expected), qPrintable(figures + QLatin1Char('\n') + expected));
}

// Found by a fresh tester: "Retry failed and skipped items" into a folder that is still not
// writable could not start; the window then said "Failed: 0", the queue row "Failed ·
// 0.0 %", and Retry was disabled. Its items are counted as failed again, the list says why
// and where, Retry stays available (the person fixes the folder and tries again, which then
// copies them), and the queue row says why it could not start.
void TestCopyAgain::retryIntoAStillReadOnlyFolderFailsAgain()
{
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("src/sub")));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/a-new"), 1000, 1));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/sub/c-locked"), 3000, 3));
    QVERIFY(TestTree::makePath(scratch.path("out/src/sub")));
    const QByteArray locked = scratch.path("out/src/sub");
    ReadOnlyFolder readOnly(locked);
    QVERIFY2(readOnly.isLocked(), strerror(errno));

    MainWindow window;
    QSignalSpy finished(&window, &MainWindow::jobFinished);
    QVERIFY(UiTest::startCopy(window, {scratch.path("src")}, scratch.path("out")));
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 60000);
    const auto first = finished.first().first().value<CopyResult>();
    QCOMPARE(first.summary.copied, (ItemTally{1, 1000}));
    QCOMPARE(first.summary.skippedOnError, (ItemTally{1, 3000}));
    auto *retry = UiTest::find<QPushButton>(&window, "retrySkippedButton");
    QVERIFY(retry && retry->isEnabled());

    // The folder is still read-only: the retry cannot start.
    QTest::mouseClick(retry, Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 2, 60000);
    const auto again = finished.at(1).first().value<CopyResult>();
    QCOMPARE(again.status, CopyStatus::Failed);
    QVERIFY(!again.started);
    // Its item counts as failed, and the list says why and where.
    const QString figures = UiTest::find<QLabel>(&window, "summaryFigures")->text();
    QVERIFY2(figures.contains(u"Copied: 0 of 1 item · 0 bytes of 2.93 KiB"), qPrintable(figures));
    QVERIFY2(figures.contains(u"Failed: 1 · 2.93 KiB"), qPrintable(figures));
    auto *list = UiTest::find<QTreeWidget>(&window, "issueList");
    QVERIFY(list->isVisible());
    QCOMPARE(list->topLevelItemCount(), 1);
    const QTreeWidgetItem *row = list->topLevelItem(0);
    QVERIFY2(row->text(0).contains(u"Read-only file system (EROFS)"), qPrintable(row->text(0)));
    QCOMPARE(row->text(1), QFile::decodeName(locked + "/c-locked"));
    // Retry stays available; the queue row says why, without a percentage.
    QVERIFY(retry->isEnabled());
    const QList<QueuedJob> &jobs = window.queue()->jobs();
    const QueuedJob &failed = jobs.first(); // the newest ended job comes first
    QCOMPARE(failed.state, JobState::Failed);
    const int queueRow = window.queue()->rowOf(failed.id);
    QCOMPARE(window.queue()->index(queueRow, JobQueue::StateColumn).data().toString(),
             QStringLiteral("Could not start: Read-only file system (EROFS)"));
    QCOMPARE(window.queue()->index(queueRow, JobQueue::ProgressColumn).data().toString(),
             QString());

    // Fixed: Retry copies it into its place.
    QVERIFY(readOnly.unlock());
    QTest::mouseClick(retry, Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 3, 60000);
    const auto fixed = finished.at(2).first().value<CopyResult>();
    QCOMPARE(fixed.status, CopyStatus::Succeeded);
    QCOMPARE(fixed.summary.copied, (ItemTally{1, 3000}));
    QVERIFY(TestTree::compareTrees(scratch.path("src/sub/c-locked"),
                                   scratch.path("out/src/sub/c-locked"))
                .isEmpty());
}

QTEST_MAIN(TestCopyAgain)
#include "tst_copyagain.moc"
