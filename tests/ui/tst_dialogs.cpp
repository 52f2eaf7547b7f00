// The question dialogs, the settings dialog and the summary, each on its own: what they
// show and the exact answer or value they give back.

#include "appsettings.h"
#include "collisiondialog.h"
#include "errordialog.h"
#include "issuereport.h"
#include "jobrunner.h"
#include "nativepath.h"
#include "preflightdialog.h"
#include "settingsdialog.h"
#include "summarypanel.h"
#include "testtree.h"
#include "uitest.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>
#include <QTreeWidget>

using namespace Sluice;
using namespace Sluice::Ui;

namespace {

QuestionAnswer onlyAnswer(const QSignalSpy &spy, quint64 id)
{
    if (spy.size() != 1 || spy.first().at(0).toULongLong() != id)
        return QuestionAnswer{Decision::Retry, true, "wrong"};
    return spy.first().at(1).value<QuestionAnswer>();
}

CopyQuestion collision()
{
    CopyQuestion question;
    question.id = 41;
    question.kind = QuestionKind::Collision;
    question.source = "/src/r\xFFport.pdf";
    question.destination = "/dst/r\xFFport.pdf";
    question.sourceFacts = FileFacts{1536, QDateTime::fromSecsSinceEpoch(1'700'000'000), false};
    question.destinationFacts =
        FileFacts{1024, QDateTime::fromSecsSinceEpoch(1'600'000'000), false};
    question.suggestedName = "r\xFFport (2).pdf";
    return question;
}

} // namespace

class TestDialogs final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void collisionRenameKeepsTheSuggestedBytes();
    void collisionRenameTakesTypedText();
    void collisionButtonsGiveTheirDecision_data();
    void collisionButtonsGiveTheirDecision();
    void collisionRefusesNamesWithASlash();
    void errorDialogShowsPathOperationAndCause();
    void errorSkipAllAppliesToAll();
    void errorDialogEnterSkips();
    void preflightListsTheIssuesAndContinues();
    void preflightClosedIsCancel();
    void settingsRoundTrip();
    void settingsRefuseReflinkWithVerify();
    void summaryListsIssuesAndSavesThemAsText();

private:
    std::unique_ptr<QWidget> m_parent;
};

void TestDialogs::initTestCase()
{
    UiTest::isolateSettings(QStringLiteral("tst_dialogs"));
    m_parent = std::make_unique<QWidget>();
    m_parent->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_parent.get()));
}

void TestDialogs::collisionRenameKeepsTheSuggestedBytes()
{
    auto *dialog = new CollisionDialog(collision(), m_parent.get());
    QSignalSpy answered(dialog, &QuestionDialog::answered);
    dialog->open();
    QCOMPARE(UiTest::find<QLabel>(dialog, "sourceSize")->text(), QStringLiteral("1.50 KiB"));
    QCOMPARE(UiTest::find<QLabel>(dialog, "existingSize")->text(), QStringLiteral("1.00 KiB"));
    QTest::mouseClick(UiTest::find<QPushButton>(dialog, "renameButton"), Qt::LeftButton);
    const QuestionAnswer answer = onlyAnswer(answered, 41);
    QCOMPARE(answer.decision, Decision::Rename);
    QCOMPARE(answer.newName, QByteArray("r\xFFport (2).pdf")); // byte for byte
    QVERIFY(!answer.applyToAll);
}

void TestDialogs::collisionRenameTakesTypedText()
{
    auto *dialog = new CollisionDialog(collision(), m_parent.get());
    QSignalSpy answered(dialog, &QuestionDialog::answered);
    dialog->open();
    auto *edit = UiTest::find<QLineEdit>(dialog, "renameEdit");
    edit->selectAll();
    QTest::keyClicks(edit, QStringLiteral("report #2 %41.pdf"));
    QTest::mouseClick(UiTest::find<QCheckBox>(dialog, "applyToAllCheck"), Qt::LeftButton);
    QTest::mouseClick(UiTest::find<QPushButton>(dialog, "renameButton"), Qt::LeftButton);
    const QuestionAnswer answer = onlyAnswer(answered, 41);
    QCOMPARE(answer.decision, Decision::Rename);
    QCOMPARE(answer.newName, QByteArray("report #2 %41.pdf"));
    QVERIFY(answer.applyToAll);
}

void TestDialogs::collisionButtonsGiveTheirDecision_data()
{
    QTest::addColumn<QString>("button");
    QTest::addColumn<int>("decision");
    QTest::newRow("overwrite") << QStringLiteral("overwriteButton") << int(Decision::Overwrite);
    QTest::newRow("newer") << QStringLiteral("overwriteNewerButton")
                           << int(Decision::OverwriteIfNewer);
    QTest::newRow("skip") << QStringLiteral("skipButton") << int(Decision::Skip);
    QTest::newRow("cancel copy") << QStringLiteral("cancelCopyButton") << int(Decision::CancelJob);
    QTest::newRow("escape skips") << QString() << int(Decision::Skip);
}

void TestDialogs::collisionButtonsGiveTheirDecision()
{
    QFETCH(QString, button);
    QFETCH(int, decision);
    QPointer<CollisionDialog> dialog = new CollisionDialog(collision(), m_parent.get());
    QSignalSpy answered(dialog.data(), &QuestionDialog::answered);
    dialog->open();
    QVERIFY(QTest::qWaitForWindowExposed(dialog.data()));
    if (button.isEmpty())
        QTest::keyClick(dialog.data(), Qt::Key_Escape);
    else
        QTest::mouseClick(dialog->findChild<QPushButton *>(button), Qt::LeftButton);
    QCOMPARE(int(onlyAnswer(answered, 41).decision), decision);
    QTRY_VERIFY(!dialog); // closed and deleted
}

void TestDialogs::collisionRefusesNamesWithASlash()
{
    auto *dialog = new CollisionDialog(collision(), m_parent.get());
    dialog->open();
    auto *edit = UiTest::find<QLineEdit>(dialog, "renameEdit");
    auto *rename = UiTest::find<QPushButton>(dialog, "renameButton");
    edit->setText(QStringLiteral("sub/name"));
    QVERIFY(!rename->isEnabled());
    edit->setText(QStringLiteral(".."));
    QVERIFY(!rename->isEnabled());
    edit->setText(QStringLiteral("fine name"));
    QVERIFY(rename->isEnabled());
    dialog->withdraw();
}

void TestDialogs::errorDialogShowsPathOperationAndCause()
{
    CopyQuestion question;
    question.id = 7;
    question.kind = QuestionKind::Error;
    question.source = "/src/big.iso";
    question.destination = "/mnt/usb/big.iso";
    question.issue = CopyIssue::fromErrno(FileOperation::Write, "/mnt/usb/big.iso", ENOSPC);
    auto *dialog = new ErrorDialog(question, m_parent.get());
    QSignalSpy answered(dialog, &QuestionDialog::answered);
    dialog->open();
    QCOMPARE(UiTest::find<QLabel>(dialog, "errorOperation")->text(),
             QStringLiteral("Cannot write"));
    QCOMPARE(UiTest::find<QLabel>(dialog, "errorPath")->text(), QStringLiteral("/mnt/usb/big.iso"));
    QCOMPARE(UiTest::find<QLabel>(dialog, "errorCause")->text(),
             QStringLiteral("No space left on device (ENOSPC)"));
    QCOMPARE(UiTest::find<QLabel>(dialog, "errorSource")->text(), QStringLiteral("/src/big.iso"));
    QTest::mouseClick(UiTest::find<QPushButton>(dialog, "retryButton"), Qt::LeftButton);
    QCOMPARE(onlyAnswer(answered, 7).decision, Decision::Retry);
}

void TestDialogs::errorSkipAllAppliesToAll()
{
    CopyQuestion question;
    question.id = 8;
    question.kind = QuestionKind::Error;
    question.issue = CopyIssue::fromErrno(FileOperation::Open, "/src/locked", EACCES);
    auto *dialog = new ErrorDialog(question, m_parent.get());
    QSignalSpy answered(dialog, &QuestionDialog::answered);
    dialog->open();
    QTest::mouseClick(UiTest::find<QPushButton>(dialog, "skipAllButton"), Qt::LeftButton);
    const QuestionAnswer answer = onlyAnswer(answered, 8);
    QCOMPARE(answer.decision, Decision::Skip);
    QVERIFY(answer.applyToAll);
}

void TestDialogs::errorDialogEnterSkips()
{
    CopyQuestion question;
    question.id = 9;
    question.kind = QuestionKind::Error;
    question.issue = CopyIssue::fromErrno(FileOperation::Open, "/src/locked", EACCES);
    auto *dialog = new ErrorDialog(question, m_parent.get());
    QSignalSpy answered(dialog, &QuestionDialog::answered);
    dialog->open();
    QVERIFY(QTest::qWaitForWindowExposed(dialog));
    auto *skip = UiTest::find<QPushButton>(dialog, "skipButton");
    QVERIFY(skip->isDefault());
    QVERIFY(!UiTest::find<QPushButton>(dialog, "retryButton")->isDefault());
    QTRY_COMPARE(QApplication::focusWidget(), skip);
    QTest::keyClick(dialog, Qt::Key_Return);
    const QuestionAnswer answer = onlyAnswer(answered, 9);
    QCOMPARE(answer.decision, Decision::Skip);
    QVERIFY(!answer.applyToAll);
}

void TestDialogs::preflightListsTheIssuesAndContinues()
{
    CopyQuestion question;
    question.id = 3;
    question.kind = QuestionKind::Preflight;
    question.issues = {
        CopyIssue::withDetail(FileOperation::Preflight, "/mnt/usb",
                              QStringLiteral("not enough free space: 5.00 GiB needed, 1.00 GiB "
                                             "available"),
                              IssueSeverity::Warning),
        CopyIssue::withDetail(FileOperation::Preflight, "/src/huge.img",
                              QStringLiteral("larger than the destination's 4 GiB file limit"),
                              IssueSeverity::Warning),
    };
    auto *dialog = new PreflightDialog(question, m_parent.get());
    QSignalSpy answered(dialog, &QuestionDialog::answered);
    dialog->open();
    auto *list = UiTest::find<QTreeWidget>(dialog, "preflightList");
    QCOMPARE(list->topLevelItemCount(), 2);
    QCOMPARE(list->topLevelItem(0)->text(0),
             QStringLiteral("not enough free space: 5.00 GiB needed, 1.00 GiB available"));
    QCOMPARE(list->topLevelItem(0)->text(1), QStringLiteral("/mnt/usb"));
    QCOMPARE(list->topLevelItem(1)->text(1), QStringLiteral("/src/huge.img"));
    QTest::mouseClick(UiTest::find<QPushButton>(dialog, "continueButton"), Qt::LeftButton);
    QCOMPARE(onlyAnswer(answered, 3).decision, Decision::Continue);
}

void TestDialogs::preflightClosedIsCancel()
{
    CopyQuestion question;
    question.id = 4;
    question.kind = QuestionKind::Preflight;
    auto *dialog = new PreflightDialog(question, m_parent.get());
    QSignalSpy answered(dialog, &QuestionDialog::answered);
    dialog->open();
    dialog->close();
    QCOMPARE(onlyAnswer(answered, 4).decision, Decision::CancelJob);
}

void TestDialogs::settingsRoundTrip()
{
    WindowSettings settings;
    settings.options.speedLimit = 5 * MiB;
    SettingsDialog dialog(settings, m_parent.get());
    UiTest::find<QComboBox>(&dialog, "chunkSizeCombo")->setCurrentText(QStringLiteral("4.00 MiB"));
    UiTest::find<QSpinBox>(&dialog, "queueDepthSpin")->setValue(16);
    QCOMPARE(UiTest::find<QLabel>(&dialog, "bufferMemoryLabel")->text(),
             QStringLiteral("Memory for data: 4.00 MiB × 16 = 64.00 MiB, whatever the file size"));
    auto choose = [&](const char *combo, int value) {
        auto *box = UiTest::find<QComboBox>(&dialog, combo);
        box->setCurrentIndex(box->findData(value));
    };
    choose("collisionCombo", int(CollisionPolicy::Rename));
    choose("errorCombo", int(ErrorPolicy::Retry));
    choose("engineCombo", int(Engine::Kernel));
    choose("durabilityCombo", int(Durability::File));
    choose("verifyCombo", int(VerifyAlgorithm::Sha256));
    UiTest::find<QCheckBox>(&dialog, "followSymlinksCheck")->setChecked(true);
    UiTest::find<QCheckBox>(&dialog, "archiveCheck")->setChecked(true);
    UiTest::find<QCheckBox>(&dialog, "showChartCheck")->setChecked(false);

    const WindowSettings edited = dialog.settings();
    const CopyOptions &options = edited.options;
    QCOMPARE(options.chunkSize, 4 * MiB);
    QCOMPARE(options.queueDepth, 16);
    QCOMPARE(options.onCollision, CollisionPolicy::Rename);
    QCOMPARE(options.onError, ErrorPolicy::Retry);
    QCOMPARE(options.engine, Engine::Kernel);
    QCOMPARE(options.durability, Durability::File);
    QCOMPARE(options.verify, VerifyAlgorithm::Sha256);
    QVERIFY(options.followSymlinks);
    QVERIFY(options.preserve == PreserveOptions::archive());
    QVERIFY(!edited.showChart);
    QCOMPARE(options.speedLimit, 5 * MiB); // kept: the main window edits it

    edited.save();
    QVERIFY(WindowSettings::load() == edited);
    const CopyOptions job = edited.jobOptions(true);
    QVERIFY(job.move);
    QVERIFY(job.confirmPreflight);
    WindowSettings().save();
}

void TestDialogs::settingsRefuseReflinkWithVerify()
{
    SettingsDialog dialog(WindowSettings{}, m_parent.get());
    auto choose = [&](const char *combo, int value) {
        auto *box = UiTest::find<QComboBox>(&dialog, combo);
        box->setCurrentIndex(box->findData(value));
    };
    auto *ok =
        UiTest::find<QDialogButtonBox>(&dialog, "settingsButtons")->button(QDialogButtonBox::Ok);
    choose("engineCombo", int(Engine::Reflink));
    QVERIFY(ok->isEnabled());
    choose("verifyCombo", int(VerifyAlgorithm::Xxh3));
    QVERIFY(!ok->isEnabled());
    QVERIFY(!UiTest::find<QLabel>(&dialog, "settingsProblemLabel")->isHidden());
    choose("engineCombo", int(Engine::Stream));
    QVERIFY(ok->isEnabled());
}

void TestDialogs::summaryListsIssuesAndSavesThemAsText()
{
    CopyResult result;
    result.status = CopyStatus::Failed;
    result.itemsTotal = 10;
    result.itemsCopied = 8;
    result.itemsFailed = 1;
    result.itemsSkipped = 1;
    result.bytesTotal = 3 * GiB;
    result.bytesCopied = 2 * GiB;
    result.elapsedMs = 20'000;
    result.peakResidentBytes = 40 * MiB;
    result.issues = {CopyIssue::fromErrno(FileOperation::Write, "/mnt/usb/a\xFF.iso", ENOSPC),
                     CopyIssue::withDetail(FileOperation::SetAttributes, "/mnt/usb/b",
                                           QStringLiteral("not supported here"),
                                           IssueSeverity::Warning)};
    result.issues[1].similarCount = 3;
    SummaryPanel panel;
    panel.setResult(result, CopyRequest{{"/src/a\xFF.iso", "/src/b"}, "/mnt/usb"}, false);
    QCOMPARE(UiTest::find<QLabel>(&panel, "summaryHeadline")->text(),
             QStringLiteral("Finished, but some items could not be copied."));
    QCOMPARE(UiTest::find<QLabel>(&panel, "summaryFigures")->text(),
             QStringLiteral("Copied: 8 of 10 items\nSkipped: 1 · Failed: 1\nData: 2.00 GiB of "
                            "3.00 GiB\nTime: 0:20 · Average: 102.4 MiB/s\nSluice's peak "
                            "memory: 40.00 MiB"));
    auto *issues = UiTest::find<QTreeWidget>(&panel, "issueList");
    QCOMPARE(issues->topLevelItemCount(), 2);
    QCOMPARE(issues->topLevelItem(0)->text(0),
             QStringLiteral("Cannot write: No space left on device (ENOSPC)"));
    QCOMPARE(issues->topLevelItem(0)->text(1), QStringLiteral("/mnt/usb/a\\xFF.iso"));
    QCOMPARE(issues->topLevelItem(1)->text(0),
             QStringLiteral("Cannot copy extended attributes of: not supported here (and 3 "
                            "more like it)"));
    QCOMPARE(UiTest::find<QLabel>(&panel, "issueCountLabel")->text(),
             QStringLiteral("Errors: 1 · Warnings: 1"));

    // Tab onto the list highlights a row, so that its focus shows; the highlight leaves with
    // the focus (a dark theme's focus rectangle around one cell is barely visible).
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    auto *save = UiTest::find<QPushButton>(&panel, "saveIssuesButton");
    save->setFocus(Qt::TabFocusReason);
    QTRY_VERIFY(save->hasFocus());
    QVERIFY(issues->selectedItems().isEmpty());
    issues->setFocus(Qt::BacktabFocusReason);
    QTRY_VERIFY(issues->hasFocus());
    QCOMPARE(issues->selectedItems(), QList<QTreeWidgetItem *>{issues->topLevelItem(0)});
    save->setFocus(Qt::TabFocusReason);
    QTRY_VERIFY(save->hasFocus());
    QVERIFY(issues->selectedItems().isEmpty());

    const QString expected = panel.reportText();
    QVERIFY(expected.contains(QStringLiteral(
        "error: Cannot write “/mnt/usb/a\\xFF.iso”: No space left on device (ENOSPC)\n")));
    QVERIFY(expected.contains(QStringLiteral("warning: Cannot copy extended attributes of "
                                             "“/mnt/usb/b” (and 3 more like it): not "
                                             "supported here\n")));
    QVERIFY(expected.contains(QStringLiteral("Destination: /mnt/usb\n")));

    // "Save list…": the dialog picks the file, a pool thread writes it.
    Scratch scratch;
    const QString target = QFile::decodeName(scratch.path("report.txt"));
    QSignalSpy messages(&panel, &SummaryPanel::message);
    panel.saveReport();
    QFileDialog *dialog = nullptr;
    QTRY_VERIFY((dialog = UiTest::find<QFileDialog>(&panel, "saveReportDialog")));
    dialog->selectFile(target);
    static_cast<QDialog *>(dialog)->accept(); // QFileDialog::accept() is protected
    QTRY_COMPARE(messages.size(), 1);
    QVERIFY(messages.first().first().toString().startsWith(QStringLiteral("Saved")));
    QCOMPARE(QString::fromUtf8(TestTree::readFile(QFile::encodeName(target))), expected);
}

QTEST_MAIN(TestDialogs)
#include "tst_dialogs.moc"
