// The window takes turns on the destination's disk with other Sluice copies: it waits,
// saying for whom, while another copy holds the disk, and a `sluice-cli --queue` copy waits
// for the window's copy. Real jobs on a real temporary tree, a real sluice-cli process.

#include "destinationdevice.h"
#include "destinationfield.h"
#include "deviceturn.h"
#include "jobrunner.h"
#include "mainwindow.h"
#include "sourcelistmodel.h"
#include "testtree.h"
#include "uitest.h"
#include "writergate.h"

#include <QDir>
#include <QLabel>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Sluice;
using namespace Sluice::Ui;

class TestDeviceWait final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void windowWaitsWhileAnotherCopyHoldsTheDisk();
    void queuedCliCopyWaitsForTheWindow();

private:
    QString labelText(const char *name) const;
    std::unique_ptr<Scratch> m_scratch;
    std::unique_ptr<MainWindow> m_window;
    QTemporaryDir m_runtime;
};

void TestDeviceWait::initTestCase()
{
    UiTest::isolateSettings(QStringLiteral("tst_devicewait"));
    // Every job counts as large, so that this small tree takes turns too.
    QSettings().setValue(QStringLiteral("copy/smallJobBytes"), 0);
    QVERIFY(m_runtime.isValid());
    QVERIFY(QFile::setPermissions(m_runtime.path(),
                                  QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
    qputenv("XDG_RUNTIME_DIR", QFile::encodeName(m_runtime.path()));
}

void TestDeviceWait::init()
{
    m_scratch = std::make_unique<Scratch>();
    QVERIFY(TestTree::makePath(m_scratch->path("out")));
    QVERIFY(TestTree::writePatternFile(m_scratch->path("big"), 4 * MiB, 1));
    m_window = std::make_unique<MainWindow>();
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestDeviceWait::cleanup()
{
    m_window.reset();
    m_scratch.reset();
}

QString TestDeviceWait::labelText(const char *name) const
{
    const auto *label = UiTest::find<QLabel>(m_window.get(), name);
    return label ? label->text() : QString();
}

void TestDeviceWait::windowWaitsWhileAnotherCopyHoldsTheDisk()
{
    const DestinationDevice device = destinationDevice(m_scratch->path("out"));
    DeviceTurn holder(device, "sluice-cli (pid 1) copying to /somewhere");
    QCOMPARE(holder.tryTake(), DeviceTurn::Outcome::Taken);
    m_window->sourceModel()->addPaths({m_scratch->path("big")});
    m_window->destinationField()->setPath(m_scratch->path("out"));
    QSignalSpy finished(m_window.get(), &MainWindow::jobFinished);
    QTest::mouseClick(UiTest::find<QPushButton>(m_window.get(), "copyButton"), Qt::LeftButton);

    QTRY_COMPARE_WITH_TIMEOUT(labelText("phaseLabel"),
                              QStringLiteral("Waiting for %1").arg(device.name), 30000);
    QVERIFY2(
        labelText("pipelineHintLabel")
            .startsWith(QStringLiteral("sluice-cli (pid 1) copying to /somewhere is writing to ")),
        qPrintable(labelText("pipelineHintLabel")));
    QVERIFY(QDir(QFile::decodeName(m_scratch->path("out")))
                .entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden)
                .isEmpty());
    QCOMPARE(finished.size(), 0);
    holder.release();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 60000);
    QCOMPARE(finished.first().first().value<CopyResult>().status, CopyStatus::Succeeded);
    QCOMPARE(TestTree::readFile(m_scratch->path("out/big")),
             TestTree::readFile(m_scratch->path("big")));
}

void TestDeviceWait::queuedCliCopyWaitsForTheWindow()
{
    QVERIFY(TestTree::writeSparseFile(m_scratch->path("large"), 65 * MiB, {0, 65 * MiB - 8}));
    WriterGate gate(1 * MiB, "out/big");
    m_window->setIoHooks(gate.hooks());
    m_window->sourceModel()->addPaths({m_scratch->path("big")});
    m_window->destinationField()->setPath(m_scratch->path("out"));
    QSignalSpy finished(m_window.get(), &MainWindow::jobFinished);
    QTest::mouseClick(UiTest::find<QPushButton>(m_window.get(), "copyButton"), Qt::LeftButton);
    QVERIFY(gate.waitUntilReached()); // the window's copy holds the disk, mid-file

    QProcess cli;
    cli.setProgram(QStringLiteral(SLUICE_CLI_PATH));
    cli.setArguments({QStringLiteral("--queue"), QStringLiteral("--durability"),
                      QStringLiteral("none"), QFile::decodeName(m_scratch->path("large")),
                      QFile::decodeName(m_scratch->path("cli-copy"))});
    cli.setStandardInputFile(QProcess::nullDevice());
    cli.start();
    const QString expected = QStringLiteral("sluice-cli: waiting for tst_devicewait (pid %1) "
                                            "copying to %2 to finish on %3")
                                 .arg(QCoreApplication::applicationPid())
                                 .arg(QFile::decodeName(m_scratch->path("out")),
                                      destinationDevice(m_scratch->path()).name);
    QString errors;
    QVERIFY2(QTest::qWaitFor(
                 [&] {
                     errors += QString::fromLocal8Bit(cli.readAllStandardError());
                     return errors.contains(expected);
                 },
                 30000),
             qPrintable(errors));
    QVERIFY(!QFile::exists(QFile::decodeName(m_scratch->path("cli-copy"))));
    gate.open();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 60000);
    QVERIFY(cli.waitForFinished(60000) || cli.state() == QProcess::NotRunning);
    QCOMPARE(cli.exitStatus(), QProcess::NormalExit);
    QCOMPARE(cli.exitCode(), 0);
    QCOMPARE(TestTree::readFile(m_scratch->path("cli-copy")),
             TestTree::readFile(m_scratch->path("large")));
}

QTEST_MAIN(TestDeviceWait)
#include "tst_devicewait.moc"
