// Copying through the window: the buttons start a real job on a real temporary tree; Pause
// freezes the counters and the labels; Cancel removes the part file; a conflict and an error
// are answered through their dialogs, found by objectName; closing during a copy asks first.

#include "collisiondialog.h"
#include "copysession.h"
#include "destinationfield.h"
#include "errordialog.h"
#include "formatting.h"
#include "jobrunner.h"
#include "mainwindow.h"
#include "sourcelistmodel.h"
#include "testtree.h"
#include "uitest.h"
#include "writergate.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QStackedWidget>
#include <QTest>
#include <QTreeWidget>

#include <unistd.h>

using namespace Sluice;
using namespace Sluice::Ui;

class TestCopyFlow final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void copyButtonCopiesATreeIdentically();
    void ctrlReturnStartsTheCopy();
    void moveButtonStartsAMove();
    void pauseFreezesCountersAndLabels();
    void cancelRemovesThePartFile();
    void conflictIsAnsweredThroughTheDialog_data();
    void conflictIsAnsweredThroughTheDialog();
    void errorIsAnsweredThroughTheDialog();
    void missingDestinationFolderIsRefused();
    void closingDuringACopyAsksAndCancels();
    void escapeAsksBeforeCancelling_data();
    void escapeAsksBeforeCancelling();

private:
    QPushButton *button(const char *name) const;
    QString labelText(const char *name) const;
    bool showsSummary() const;
    std::unique_ptr<Scratch> m_scratch;
    std::unique_ptr<MainWindow> m_window;
};

void TestCopyFlow::initTestCase()
{
    UiTest::isolateSettings(QStringLiteral("tst_copyflow"));
}

void TestCopyFlow::init()
{
    m_scratch = std::make_unique<Scratch>();
    QVERIFY(TestTree::makePath(m_scratch->path("src/sub/deeper")));
    QVERIFY(TestTree::makePath(m_scratch->path("out")));
    QVERIFY(TestTree::writePatternFile(m_scratch->path("src/a-small"), 1000, 1));
    QVERIFY(TestTree::writePatternFile(m_scratch->path("src/b-big"), 48 * MiB, 2));
    QVERIFY(TestTree::writePatternFile(m_scratch->path("src/sub/c #1 %41"), 3 * MiB + 7, 3));
    QVERIFY(TestTree::writePatternFile(m_scratch->path("src/sub/deeper/d\xFF"), 0, 4));
    QCOMPARE(::symlink("../a-small", m_scratch->path("src/sub/link").constData()), 0);
    m_window = std::make_unique<MainWindow>();
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestCopyFlow::cleanup()
{
    m_window.reset();
    m_scratch.reset();
}

QPushButton *TestCopyFlow::button(const char *name) const
{
    return UiTest::find<QPushButton>(m_window.get(), name);
}

QString TestCopyFlow::labelText(const char *name) const
{
    const auto *label = UiTest::find<QLabel>(m_window.get(), name);
    return label ? label->text() : QStringLiteral("<no label %1>").arg(QLatin1String(name));
}

bool TestCopyFlow::showsSummary() const
{
    const auto *stack = UiTest::find<QStackedWidget>(m_window.get(), "transferStack");
    return stack && stack->currentWidget()->objectName() == QLatin1String("summaryPanel");
}

void TestCopyFlow::copyButtonCopiesATreeIdentically()
{
    auto *copy = button("copyButton");
    QVERIFY(copy);
    QVERIFY(!copy->isEnabled()); // nothing to copy yet
    m_window->sourceModel()->addPaths({m_scratch->path("src")});
    // The destination typed into the field, as a person would.
    auto *combo = UiTest::find<QComboBox>(m_window.get(), "destinationCombo");
    QVERIFY(combo);
    QTest::keyClicks(combo->lineEdit(), QString::fromUtf8(m_scratch->path("out")));
    QCOMPARE(m_window->destinationField()->path(), m_scratch->path("out"));
    QVERIFY(copy->isEnabled());
    QSignalSpy finished(m_window.get(), &MainWindow::jobFinished);
    QTest::mouseClick(copy, Qt::LeftButton);

    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 120000);
    const auto result = finished.first().first().value<CopyResult>();
    QCOMPARE(result.status, CopyStatus::Succeeded);
    QCOMPARE(result.itemsCopied, qint64(8));
    const QStringList differences =
        TestTree::compareTrees(m_scratch->path("src"), m_scratch->path("out/src"));
    QVERIFY2(differences.isEmpty(), qPrintable(differences.join(u'\n')));
    QVERIFY(TestTree::findPartFiles(m_scratch->path("out")).isEmpty());

    QVERIFY(showsSummary());
    QCOMPARE(labelText("summaryHeadline"), QStringLiteral("Done: everything was copied."));
    QVERIFY(labelText("summaryFigures").startsWith(QStringLiteral("Copied: 8 of 8 items")));
    auto *total = UiTest::find<QProgressBar>(m_window.get(), "totalBar");
    QCOMPARE(total->value(), 1000);
    QCOMPARE(labelText("totalBytesLabel"), QStringLiteral("51.00 MiB of 51.00 MiB"));
    // A finished copy keeps its sources (to copy again); the destination is remembered.
    QCOMPARE(m_window->sourceModel()->paths(), QList<QByteArray>{m_scratch->path("src")});
    QCOMPARE(combo->itemData(0).toByteArray(), m_scratch->path("out"));
}

void TestCopyFlow::ctrlReturnStartsTheCopy()
{
    m_window->sourceModel()->addPaths({m_scratch->path("src/a-small")});
    m_window->destinationField()->setPath(m_scratch->path("out"));
    QSignalSpy finished(m_window.get(), &MainWindow::jobFinished);
    QTest::keyClick(m_window.get(), Qt::Key_Return, Qt::ControlModifier);
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 60000);
    QCOMPARE(TestTree::readFile(m_scratch->path("out/a-small")),
             TestTree::readFile(m_scratch->path("src/a-small")));
}

void TestCopyFlow::moveButtonStartsAMove()
{
    const QByteArray expected = TestTree::readFile(m_scratch->path("src/sub/c #1 %41"));
    QCOMPARE(expected.size(), 3 * MiB + 7);
    m_window->sourceModel()->addPaths({m_scratch->path("src/sub")});
    m_window->destinationField()->setPath(m_scratch->path("out"));
    QSignalSpy finished(m_window.get(), &MainWindow::jobFinished);
    QTest::mouseClick(button("moveButton"), Qt::LeftButton);
    // (A move this small may start and end between two polls: check what it did instead.)
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 60000);
    QCOMPARE(finished.first().first().value<CopyResult>().status, CopyStatus::Succeeded);
    QCOMPARE(TestTree::readFile(m_scratch->path("out/sub/c #1 %41")), expected);
    QCOMPARE(labelText("summaryHeadline"), QStringLiteral("Done: everything was moved."));
    QVERIFY(::access(m_scratch->path("src/sub").constData(), F_OK) != 0);     // moved, not copied
    QVERIFY(::access(m_scratch->path("src/a-small").constData(), F_OK) == 0); // not a source
}

void TestCopyFlow::pauseFreezesCountersAndLabels()
{
    WriterGate gate(16 * MiB, "b-big");
    m_window->setIoHooks(gate.hooks());
    m_window->sourceModel()->addPaths({m_scratch->path("src")});
    m_window->destinationField()->setPath(m_scratch->path("out"));
    QSignalSpy finished(m_window.get(), &MainWindow::jobFinished);
    QTest::mouseClick(button("copyButton"), Qt::LeftButton);
    QVERIFY(gate.waitUntilReached(60000));

    auto *pause = button("pauseButton");
    QVERIFY(pause->isEnabled());
    QCOMPARE(pause->text(), QStringLiteral("&Pause"));
    QTest::mouseClick(pause, Qt::LeftButton);
    QCOMPARE(pause->text(), QStringLiteral("Res&ume"));
    gate.open();
    QTRY_COMPARE_WITH_TIMEOUT(labelText("phaseLabel"), QStringLiteral("Paused"), 10000);

    // Samples keep arriving while paused. Once the held write has landed and the counters
    // settled, nothing they show may move over five more samples.
    QSignalSpy spy(m_window->session(), &CopySession::progressChanged);
    const auto samples = [&] {
        QList<CopyProgress> list;
        for (const QList<QVariant> &arguments : std::as_const(spy))
            list << arguments.first().value<CopyProgress>();
        return list;
    };
    const qint64 heldEnd = gate.heldOffset() + gate.heldLength();
    QTRY_VERIFY_WITH_TIMEOUT(JobRunner::settledWhilePaused(samples(), heldEnd), 10000);
    const CopyProgress settled = samples().constLast();
    const QStringList frozen{labelText("totalBytesLabel"), labelText("fileBytesLabel"),
                             labelText("itemsLabel"), labelText("readRateLabel"),
                             labelText("writeRateLabel")};
    const int totalBar = UiTest::find<QProgressBar>(m_window.get(), "totalBar")->value();
    const qsizetype before = spy.size();
    QTRY_VERIFY_WITH_TIMEOUT(spy.size() >= before + 5, 10000);
    QCOMPARE(gate.writesAfterOpen(), 1); // only the held write went through
    QCOMPARE((QStringList{labelText("totalBytesLabel"), labelText("fileBytesLabel"),
                          labelText("itemsLabel"), labelText("readRateLabel"),
                          labelText("writeRateLabel")}),
             frozen);
    QCOMPARE(UiTest::find<QProgressBar>(m_window.get(), "totalBar")->value(), totalBar);
    QCOMPARE(labelText("readRateLabel"), Format::rate(0));
    QCOMPARE(labelText("writeRateLabel"), Format::rate(0));
    const QList<CopyProgress> watched = samples().mid(before);
    for (const CopyProgress &sample : watched) {
        QVERIFY(sample.paused);
        QCOMPARE(sample.bytesRead, settled.bytesRead);
        QCOMPARE(sample.bytesWritten, settled.bytesWritten);
        QCOMPARE(sample.bytesDone, settled.bytesDone);
        QVERIFY(sample.bytesWritten < 48 * MiB);
    }

    QTest::mouseClick(pause, Qt::LeftButton); // resume
    QCOMPARE(pause->text(), QStringLiteral("&Pause"));
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 120000);
    QCOMPARE(finished.first().first().value<CopyResult>().status, CopyStatus::Succeeded);
    const QStringList differences =
        TestTree::compareTrees(m_scratch->path("src"), m_scratch->path("out/src"));
    QVERIFY2(differences.isEmpty(), qPrintable(differences.join(u'\n')));
}

void TestCopyFlow::cancelRemovesThePartFile()
{
    WriterGate gate(32 * MiB, "b-big");
    // A failing check returns early: the window's job must end before the gate it writes
    // through goes away.
    const auto endJobFirst = qScopeGuard([this] { m_window.reset(); });
    m_window->setIoHooks(gate.hooks());
    m_window->sourceModel()->addPaths({m_scratch->path("src")});
    m_window->destinationField()->setPath(m_scratch->path("out"));
    QSignalSpy finished(m_window.get(), &MainWindow::jobFinished);
    QTest::mouseClick(button("copyButton"), Qt::LeftButton);
    QVERIFY(gate.waitUntilReached(60000));
    // The held file's part file (small files may be in flight beside it in the pool).
    QVERIFY(::access(m_scratch->path("out/src/.b-big.sluice-part").constData(), F_OK) == 0);

    QTest::mouseClick(button("cancelButton"), Qt::LeftButton);
    gate.open();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 60000);
    QCOMPARE(finished.first().first().value<CopyResult>().status, CopyStatus::Cancelled);
    QVERIFY(TestTree::findPartFiles(m_scratch->path("out")).isEmpty());
    QVERIFY(::access(m_scratch->path("out/src/b-big").constData(), F_OK) != 0);
    QVERIFY(showsSummary());
    QVERIFY(labelText("summaryHeadline").startsWith(QStringLiteral("Cancelled.")));
    // A cancelled copy keeps its sources listed, ready to try again.
    QCOMPARE(m_window->sourceModel()->paths(), QList<QByteArray>{m_scratch->path("src")});
    QVERIFY(button("copyButton")->isEnabled());
    QVERIFY(!button("cancelButton")->isEnabled());
}

void TestCopyFlow::conflictIsAnsweredThroughTheDialog_data()
{
    QTest::addColumn<QString>("buttonName");
    QTest::addColumn<QByteArray>("typedName");
    QTest::addColumn<QByteArray>("copyName");    // where the source's bytes must end up
    QTest::addColumn<bool>("existingUnchanged"); // the old file keeps its bytes
    QTest::newRow("overwrite") << QStringLiteral("overwriteButton") << QByteArray()
                               << QByteArray("a-small") << false;
    QTest::newRow("skip") << QStringLiteral("skipButton") << QByteArray() << QByteArray() << true;
    QTest::newRow("rename, suggested")
        << QStringLiteral("renameButton") << QByteArray() << QByteArray("a-small (2)") << true;
    QTest::newRow("rename, typed")
        << QStringLiteral("renameButton") << QByteArray("a renamed #1 %41")
        << QByteArray("a renamed #1 %41") << true;
}

void TestCopyFlow::conflictIsAnsweredThroughTheDialog()
{
    QFETCH(QString, buttonName);
    QFETCH(QByteArray, typedName);
    QFETCH(QByteArray, copyName);
    QFETCH(bool, existingUnchanged);
    const QByteArray old("an older file that is already there\n");
    QVERIFY(TestTree::writeFile(m_scratch->path("out/a-small"), old));
    m_window->sourceModel()->addPaths({m_scratch->path("src/a-small")});
    m_window->destinationField()->setPath(m_scratch->path("out"));
    QSignalSpy finished(m_window.get(), &MainWindow::jobFinished);
    QTest::mouseClick(button("copyButton"), Qt::LeftButton);

    CollisionDialog *dialog = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT(
        (dialog = UiTest::find<CollisionDialog>(m_window.get(), "collisionDialog"))
            && dialog->isVisible(),
        30000);
    QCOMPARE(UiTest::find<QLabel>(dialog, "sourceSize")->text(), Format::size(1000));
    QCOMPARE(UiTest::find<QLabel>(dialog, "existingSize")->text(), Format::size(old.size()));
    auto *renameEdit = UiTest::find<QLineEdit>(dialog, "renameEdit");
    QCOMPARE(renameEdit->text(), QStringLiteral("a-small (2)"));
    if (!typedName.isEmpty()) {
        renameEdit->selectAll();
        QTest::keyClicks(renameEdit, QString::fromUtf8(typedName));
    }
    auto *choice = dialog->findChild<QPushButton *>(buttonName);
    QVERIFY(choice);
    QTest::mouseClick(choice, Qt::LeftButton);

    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 30000);
    const auto result = finished.first().first().value<CopyResult>();
    QCOMPARE(result.status, CopyStatus::Succeeded);
    const QByteArray source = TestTree::readFile(m_scratch->path("src/a-small"));
    if (!copyName.isEmpty())
        QCOMPARE(TestTree::readFile(m_scratch->path("out/" + copyName)), source);
    QCOMPARE(TestTree::readFile(m_scratch->path("out/a-small")), existingUnchanged ? old : source);
    QCOMPARE(TestTree::countEntries(m_scratch->path("out")),
             copyName.isEmpty() || !existingUnchanged ? 1 : 2);
}

void TestCopyFlow::errorIsAnsweredThroughTheDialog()
{
    IoHooks hooks;
    hooks.beforeOpen = [](const QByteArray &source) {
        return source.endsWith("c #1 %41") ? EACCES : 0;
    };
    m_window->setIoHooks(hooks);
    m_window->sourceModel()->addPaths({m_scratch->path("src/sub")});
    m_window->destinationField()->setPath(m_scratch->path("out"));
    QSignalSpy finished(m_window.get(), &MainWindow::jobFinished);
    QTest::mouseClick(button("copyButton"), Qt::LeftButton);

    ErrorDialog *dialog = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((dialog = UiTest::find<ErrorDialog>(m_window.get(), "errorDialog"))
                                 && dialog->isVisible(),
                             30000);
    QCOMPARE(UiTest::find<QLabel>(dialog, "errorOperation")->text(), QStringLiteral("Cannot open"));
    QCOMPARE(UiTest::find<QLabel>(dialog, "errorPath")->text(),
             QString::fromUtf8(m_scratch->path("src/sub/c #1 %41")));
    QCOMPARE(UiTest::find<QLabel>(dialog, "errorCause")->text(),
             QStringLiteral("Permission denied (EACCES)"));
    QTest::mouseClick(dialog->findChild<QPushButton *>(QStringLiteral("skipButton")),
                      Qt::LeftButton);

    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 30000);
    const auto result = finished.first().first().value<CopyResult>();
    QCOMPARE(result.status, CopyStatus::Failed);
    QCOMPARE(result.itemsFailed, qint64(1));
    auto *issues = UiTest::find<QTreeWidget>(m_window.get(), "issueList");
    // The error, and the item it left out (listed under "Show: Skipped").
    QCOMPARE(issues->topLevelItemCount(), 2);
    QCOMPARE(issues->topLevelItem(0)->text(0),
             QStringLiteral("Cannot open: Permission denied (EACCES)"));
    QVERIFY(!issues->topLevelItem(0)->isHidden());
    QCOMPARE(issues->topLevelItem(1)->text(0), QStringLiteral("Permission denied (EACCES)"));
    QVERIFY(issues->topLevelItem(1)->isHidden());
    QCOMPARE(labelText("issueCountLabel"), QStringLiteral("Errors: 1 · Warnings: 0 · Skipped: 1"));
    // The rest arrived.
    QCOMPARE(TestTree::readFile(m_scratch->path("out/sub/deeper/d\xFF")), QByteArray());
    QVERIFY(::access(m_scratch->path("out/sub/c #1 %41").constData(), F_OK) != 0);
}

void TestCopyFlow::missingDestinationFolderIsRefused()
{
    m_window->sourceModel()->addPaths({m_scratch->path("src/a-small")});
    m_window->destinationField()->setPath(m_scratch->path("no such folder"));
    QTest::mouseClick(button("copyButton"), Qt::LeftButton);
    QTRY_VERIFY(!m_window->isBusy());
    QVERIFY(!m_window->session());
    const auto *notice = UiTest::find<QLabel>(m_window.get(), "noticeText");
    QVERIFY(notice->text().contains(QStringLiteral("does not exist")));
    QVERIFY(::access(m_scratch->path("no such folder").constData(), F_OK) != 0);
}

void TestCopyFlow::closingDuringACopyAsksAndCancels()
{
    WriterGate gate(8 * MiB, "b-big");
    m_window->setIoHooks(gate.hooks());
    m_window->sourceModel()->addPaths({m_scratch->path("src")});
    m_window->destinationField()->setPath(m_scratch->path("out"));
    QTest::mouseClick(button("copyButton"), Qt::LeftButton);
    QVERIFY(gate.waitUntilReached(60000));

    m_window->close();
    QVERIFY(m_window->isVisible()); // not without asking
    QMessageBox *box = nullptr;
    QTRY_VERIFY((box = UiTest::find<QMessageBox>(m_window.get(), "closeWhileCopyingBox"))
                && box->isVisible());
    QTest::mouseClick(box->findChild<QPushButton *>(QStringLiteral("cancelAndCloseButton")),
                      Qt::LeftButton);
    gate.open();
    QTRY_VERIFY_WITH_TIMEOUT(!m_window->isVisible(), 30000);
    QVERIFY(!m_window->isBusy());
    QVERIFY(TestTree::findPartFiles(m_scratch->path("out")).isEmpty());
    QVERIFY(::access(m_scratch->path("out/src/b-big").constData(), F_OK) != 0);
}

void TestCopyFlow::escapeAsksBeforeCancelling_data()
{
    QTest::addColumn<bool>("confirm");
    QTest::newRow("Enter keeps copying") << false;
    QTest::newRow("Cancel copy confirmed") << true;
}

void TestCopyFlow::escapeAsksBeforeCancelling()
{
    QFETCH(bool, confirm);
    WriterGate gate(8 * MiB, "b-big");
    m_window->setIoHooks(gate.hooks());
    m_window->sourceModel()->addPaths({m_scratch->path("src")});
    m_window->destinationField()->setPath(m_scratch->path("out"));
    QSignalSpy finished(m_window.get(), &MainWindow::jobFinished);
    QTest::mouseClick(button("copyButton"), Qt::LeftButton);
    QVERIFY(gate.waitUntilReached(60000));

    QTest::keyClick(m_window.get(), Qt::Key_Escape);
    QMessageBox *found = nullptr;
    QTRY_VERIFY((found = UiTest::find<QMessageBox>(m_window.get(), "cancelCopyBox"))
                && found->isVisible());
    const QPointer<QMessageBox> box(found);
    auto *keep = box->findChild<QPushButton *>(QStringLiteral("keepCopyingButton"));
    QVERIFY(keep);
    QCOMPARE(box->defaultButton(), keep);
    QVERIFY(m_window->isBusy());
    if (confirm)
        QTest::mouseClick(box->findChild<QPushButton *>(QStringLiteral("confirmCancelButton")),
                          Qt::LeftButton);
    else
        QTest::keyClick(box, Qt::Key_Return);
    QTRY_VERIFY(box.isNull());
    gate.open();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 120000);
    const auto result = finished.first().first().value<CopyResult>();
    QVERIFY(TestTree::findPartFiles(m_scratch->path("out")).isEmpty());
    if (confirm) {
        QCOMPARE(result.status, CopyStatus::Cancelled);
        QVERIFY(::access(m_scratch->path("out/src/b-big").constData(), F_OK) != 0);
    } else {
        QCOMPARE(result.status, CopyStatus::Succeeded);
        QCOMPARE(TestTree::readFile(m_scratch->path("out/src/b-big")),
                 TestTree::readFile(m_scratch->path("src/b-big")));
    }
}

QTEST_MAIN(TestCopyFlow)
#include "tst_copyflow.moc"
