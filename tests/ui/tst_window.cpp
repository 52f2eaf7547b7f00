// The window as a whole: ending cleanly on SIGTERM (the real binary in a QProcess), the
// words of the end summary, sizes in bytes, and a size that fits a small screen.

#include "formatting.h"
#include "issuereport.h"
#include "jobrunner.h"
#include "mainwindow.h"
#include "preflightdialog.h"
#include "ratechart.h"
#include "testtree.h"
#include "translations.h"
#include "uitest.h"

#include <QChartView>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QProcess>
#include <QTest>
#include <QTranslator>
#include <QTreeWidget>
#include <QValueAxis>

#include <csignal>
#include <memory>

using namespace Sluice;
using namespace Sluice::Ui;
using namespace Qt::StringLiterals;

class TestWindow final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void terminationSignalRemovesThePartFile_data();
    void terminationSignalRemovesThePartFile();
    void headlineReflectsTheCounts();
    void sizesBelowAKibibyteArePluralAware();
    void windowFitsA1280x720Screen();
    void preflightShowsTheWholeProblem();
    void chartRateAxisHoldsEveryVisibleSample();

private:
    std::unique_ptr<QTranslator> m_english;
};

void TestWindow::initTestCase()
{
    UiTest::isolateSettings(u"tst_window"_s);
    // English plural forms ("1 item", "2 items") come from sluice_en.qm, as in the window.
    m_english = std::make_unique<QTranslator>();
    QVERIFY(m_english->load(u"sluice_en"_s, Translations::catalogueFolder()));
    QVERIFY(QCoreApplication::installTranslator(m_english.get()));
}

void TestWindow::cleanupTestCase()
{
    QCoreApplication::removeTranslator(m_english.get());
}

void TestWindow::terminationSignalRemovesThePartFile_data()
{
    QTest::addColumn<int>("signalNumber");
    QTest::newRow("SIGTERM") << int(SIGTERM);
    QTest::newRow("SIGINT") << int(SIGINT);
    QTest::newRow("SIGHUP") << int(SIGHUP);
}

void TestWindow::terminationSignalRemovesThePartFile()
{
    QFETCH(int, signalNumber);
    Scratch scratch;
    constexpr qint64 Size = 64 * MiB;
    QVERIFY(TestTree::writePatternFile(scratch.path("big.bin"), Size, 3));
    QVERIFY(TestTree::makePath(scratch.path("dst")));
    QVERIFY(TestTree::makePath(scratch.path("config/sluice")));
    QVERIFY(TestTree::makePath(scratch.path("runtime"), 0700));
    // The process's own settings: 4 MiB/s, so the copy is surely running when the signal
    // comes; its own runtime folder, so its socket file can be looked for.
    QVERIFY(TestTree::writeFile(scratch.path("config/sluice/sluice.conf"),
                                "[copy]\nspeedLimit=4194304\ndurability=none\n"));
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
    environment.insert(u"XDG_CONFIG_HOME"_s, QFile::decodeName(scratch.path("config")));
    environment.insert(u"XDG_RUNTIME_DIR"_s, QFile::decodeName(scratch.path("runtime")));
    QProcess window;
    window.setProcessEnvironment(environment);
    window.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    window.start(QStringLiteral(SLUICE_BINARY),
                 {u"--new-window"_s, u"--to"_s, QFile::decodeName(scratch.path("dst")),
                  u"--start"_s, QFile::decodeName(scratch.path("big.bin"))});
    QVERIFY(window.waitForStarted());
    const QString socket =
        QFile::decodeName(scratch.path("runtime")) + u"/io.github.sluicecopy.Sluice.socket"_s;
    QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(socket), 10000);
    QTRY_COMPARE_WITH_TIMEOUT(TestTree::findPartFiles(scratch.path("dst")).size(), 1, 10000);
    QTRY_VERIFY_WITH_TIMEOUT(
        QFileInfo(QFile::decodeName(TestTree::findPartFiles(scratch.path("dst")).value(0))).size()
            > 0,
        10000);

    QCOMPARE(::kill(pid_t(window.processId()), signalNumber), 0);
    QVERIFY(window.waitForFinished(15000));
    QCOMPARE(window.exitStatus(), QProcess::NormalExit); // it ended itself, not the signal
    QCOMPARE(window.exitCode(), 128 + signalNumber);
    QCOMPARE(TestTree::findPartFiles(scratch.path("dst")), QList<QByteArray>{});
    QVERIFY(!QFile::exists(socket));
    const QString finalName = QFile::decodeName(scratch.path("dst/big.bin"));
    // 64 MiB at 4 MiB/s cannot be done yet; if it were, it would be complete.
    QVERIFY(!QFile::exists(finalName) || QFileInfo(finalName).size() == Size);
}

void TestWindow::headlineReflectsTheCounts()
{
    CopyResult result;
    result.itemsTotal = 206;
    result.itemsCopied = 206;
    QCOMPARE(IssueReport::headline(result, false), u"Done: everything was copied."_s);
    QCOMPARE(IssueReport::headline(result, true), u"Done: everything was moved."_s);

    result.itemsCopied = 4;
    result.itemsSkipped = 202;
    QCOMPARE(IssueReport::headline(result, false), u"Done: 4 copied, 202 skipped."_s);
    result.itemsCopied = 1;
    result.itemsSkipped = 1;
    result.itemsTotal = 2;
    QCOMPARE(IssueReport::headline(result, false), u"Done: 1 copied, 1 skipped."_s);
    QCOMPARE(IssueReport::headline(result, true), u"Done: 1 moved, 1 skipped."_s);

    result.itemsTotal = 206;
    result.itemsCopied = 0;
    result.itemsSkipped = 206;
    QCOMPARE(IssueReport::headline(result, false),
             u"Done: nothing was copied, all 206 items skipped."_s);
    result.itemsTotal = 1;
    result.itemsSkipped = 1;
    QCOMPARE(IssueReport::headline(result, false),
             u"Done: nothing was copied, the 1 item was skipped."_s);

    result.status = CopyStatus::CompletedWithWarnings;
    result.itemsTotal = 3;
    result.itemsCopied = 3;
    result.itemsSkipped = 0;
    QCOMPARE(IssueReport::headline(result, false),
             u"Done: everything was copied, with warnings."_s);

    // Abort in the error dialog: items were never reached.
    result.status = CopyStatus::Failed;
    result.itemsTotal = 10;
    result.itemsCopied = 3;
    result.itemsFailed = 1;
    QCOMPARE(IssueReport::headline(result, false),
             u"The copy was aborted: 3 of 10 items copied."_s);
    result.itemsCopied = 1;
    result.itemsTotal = 1;
    result.itemsFailed = 0;
    result.itemsCopied = 0;
    QCOMPARE(IssueReport::headline(result, true), u"The move was aborted: 0 of 1 item moved."_s);
    // Every item was tried and some failed: not an abort.
    result.itemsTotal = 10;
    result.itemsCopied = 8;
    result.itemsFailed = 2;
    QCOMPARE(IssueReport::headline(result, false),
             u"Finished, but some items could not be copied."_s);

    result.status = CopyStatus::Cancelled;
    QCOMPARE(IssueReport::headline(result, false),
             u"Cancelled. The file being copied was removed; finished files were kept."_s);
}

void TestWindow::sizesBelowAKibibyteArePluralAware()
{
    QCOMPARE(Format::size(0), u"0 bytes"_s);
    QCOMPARE(Format::size(1), u"1 byte"_s);
    QCOMPARE(Format::size(2), u"2 bytes"_s);
    QCOMPARE(Format::size(1023), u"1,023 bytes"_s);
    QCOMPARE(Format::size(1536), u"1.50 KiB"_s);
    QCOMPARE(Format::rate(1), u"1 byte/s"_s);
    QCOMPARE(Format::rate(2 * MiB), u"2.0 MiB/s"_s);

    CopyResult result;
    result.bytesCopied = 1;
    result.bytesTotal = 1;
    QVERIFY2(IssueReport::figures(result, false).contains(u"Data: 1 byte of 1 byte"_s),
             qPrintable(IssueReport::figures(result, false).join(u'|')));
}

void TestWindow::windowFitsA1280x720Screen()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const QSize minimum = window.minimumSizeHint().expandedTo(window.minimumSize());
    QVERIFY2(minimum.height() <= 560, qPrintable(QString::number(minimum.height())));
    QVERIFY2(minimum.width() <= 1000, qPrintable(QString::number(minimum.width())));
    QVERIFY2(window.height() <= 680, qPrintable(QString::number(window.height())));
    QVERIFY2(window.width() <= 1280, qPrintable(QString::number(window.width())));

    // At the smallest size the transfer side scrolls: its widgets keep their own minimum
    // (nothing is drawn over the memory line), and the short chart labels 3 ticks per axis.
    window.resize(minimum);
    QTRY_COMPARE(window.size(), minimum);
    auto *transfer = UiTest::find<QWidget>(&window, "transferGroup");
    QVERIFY(transfer);
    QVERIFY(transfer->height() >= transfer->minimumSizeHint().height());
    const auto axes = UiTest::find<QWidget>(&window, "rateChart")->findChildren<QChartView *>();
    QCOMPARE(axes.size(), 1);
    const QList<QAbstractAxis *> vertical = axes.first()->chart()->axes(Qt::Vertical);
    QCOMPARE(vertical.size(), 2);
    for (QAbstractAxis *axis : vertical)
        QCOMPARE(qobject_cast<QValueAxis *>(axis)->tickCount(), 3);
}

void TestWindow::preflightShowsTheWholeProblem()
{
    CopyQuestion question;
    question.kind = QuestionKind::Preflight;
    const QString cause = u"The destination file system cannot store names longer than 255 "
                          u"bytes, and this name is far longer than that limit allows"_s;
    CopyIssue issue;
    issue.operation = FileOperation::Preflight;
    issue.path = "/media/stick/a-rather-long-folder-name/another-folder/the-file.bin";
    issue.detail = cause;
    question.issues.append(issue);
    PreflightDialog dialog(question, nullptr);
    dialog.resize(dialog.minimumSizeHint());
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    auto *detail = UiTest::find<QLabel>(&dialog, "preflightDetail");
    QVERIFY(detail);
    QVERIFY(detail->isVisible());
    QVERIFY(detail->wordWrap());
    QCOMPARE(detail->text(), Format::issue(issue));
    QVERIFY(detail->text().contains(cause));
    auto *list = UiTest::find<QTreeWidget>(&dialog, "preflightList");
    QVERIFY(list);
    QCOMPARE(list->textElideMode(), Qt::ElideNone);
    // The column is as wide as the whole problem (the list scrolls sideways).
    QVERIFY(list->columnWidth(0) >= list->fontMetrics().horizontalAdvance(cause));
}

namespace {

QValueAxis *rateAxis(const RateChart &chart)
{
    const auto *view = chart.findChild<QChartView *>();
    for (QAbstractAxis *axis : view->chart()->axes(Qt::Vertical)) {
        if (axis->alignment() == Qt::AlignLeft)
            return qobject_cast<QValueAxis *>(axis);
    }
    return nullptr;
}

} // namespace

void TestWindow::chartRateAxisHoldsEveryVisibleSample()
{
    RateChart chart;
    CopyProgress progress;
    qint64 ms = 0;
    auto feed = [&](int samples, qint64 rate) {
        for (int i = 0; i < samples; ++i, ms += 100) {
            progress.elapsedMs = ms;
            progress.readRate = rate;
            progress.writeRate = rate;
            chart.addSample(progress);
        }
    };
    QValueAxis *axis = rateAxis(chart);
    QVERIFY(axis);
    // Nothing moved yet: the smallest range, 0 to 16 KiB/s in steps of 4.
    QCOMPARE(axis->titleText(), u"KiB/s"_s);
    QCOMPARE(axis->max(), 16.0);
    QCOMPARE(axis->tickCount(), 5);
    // A 1.0 MiB/s limit: 1,024 KiB/s is a tick below the top (steps of 256 KiB/s).
    feed(100, 1 * MiB);
    QCOMPARE(axis->titleText(), u"KiB/s"_s);
    QCOMPARE(axis->max(), 1280.0);
    QCOMPARE(axis->tickCount(), 6);
    QCOMPARE(chart.rateAxisMaximum(), 1280.0);
    // Small files at 300 KiB/s with one burst of 5 MiB/s: the burst stays inside the plot.
    chart.clear();
    ms = 0;
    feed(100, 300 * KiB);
    QCOMPARE(axis->max(), 320.0); // steps of 64 KiB/s
    feed(1, 5 * MiB);
    feed(100, 300 * KiB);
    QCOMPARE(axis->titleText(), u"MiB/s"_s);
    QCOMPARE(axis->max(), 6.0); // steps of 2 MiB/s
    QCOMPARE(axis->tickCount(), 4);
    // The buffers fill at 100 MiB/s for half a second, then small files go at 2 MiB/s: the
    // burst is held while it is visible (steps of 32 MiB/s) ...
    chart.clear();
    ms = 0;
    feed(5, 100 * MiB);
    feed(300, 2 * MiB);
    QCOMPARE(axis->max(), 128.0);
    // ... and once it has left the last minute the axis fits the 2 MiB/s.
    feed(301, 2 * MiB);
    QCOMPARE(axis->titleText(), u"MiB/s"_s);
    QCOMPARE(axis->max(), 3.0);
    QCOMPARE(axis->tickCount(), 4);
    // A steady fast copy: 150 MiB/s in steps of 32.
    feed(600, 150 * MiB);
    QCOMPARE(axis->max(), 160.0);
    QCOMPARE(axis->tickCount(), 6);
}

QTEST_MAIN(TestWindow)
#include "tst_window.moc"
