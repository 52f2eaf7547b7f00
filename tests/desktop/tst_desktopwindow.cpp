// The window's "Eject the drive when done" against a python-dbusmock UDisks2 on a private
// dbus-daemon: offered for a removable destination, ejecting after a complete copy only.

#include "copyresult.h"
#include "copysession.h"
#include "dbustestbus.h"
#include "destinationfield.h"
#include "jobrunner.h"
#include "mainwindow.h"
#include "noticebar.h"
#include "sourcelistmodel.h"
#include "testtree.h"
#include "uitest.h"
#include "writergate.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDeadlineTimer>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>

#include <sys/stat.h>

using namespace Sluice;
using namespace Sluice::Ui;

class TestDesktopWindow final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void ejectsTheDriveAfterACompleteCopy();
    void neverEjectsAfterACancelledCopy();

private:
    /// Starts the UDisks2 mock with the scratch folder's device as the USB disk's file
    /// system and types the destination; returns the check box once it is offered.
    QCheckBox *offerEject();
    QStringList ejectLog() const;

    DBusTestBus m_bus;
    std::unique_ptr<Scratch> m_scratch;
    std::unique_ptr<DBusMock> m_udisks;
    std::unique_ptr<MainWindow> m_window;
};

void TestDesktopWindow::initTestCase()
{
    QString why;
    if (!m_bus.start(&why))
        QSKIP(qPrintable(why));
    UiTest::isolateSettings(QStringLiteral("tst_desktopwindow"));
}

void TestDesktopWindow::init()
{
    m_scratch = std::make_unique<Scratch>();
    QVERIFY(TestTree::makePath(m_scratch->path("out")));
    QVERIFY(TestTree::writePatternFile(m_scratch->path("big.bin"), 16LL * 1024 * 1024));
    struct stat status = {};
    QCOMPARE(::stat(m_scratch->path().constData(), &status), 0);
    m_udisks = std::make_unique<DBusMock>(
        mockTemplate(QStringLiteral("udisks2.py")), QStringLiteral("org.freedesktop.UDisks2"),
        QJsonObject{{QStringLiteral("DeviceNumber"), qint64(status.st_dev)},
                    {QStringLiteral("MountPoint"), QStringLiteral("/nonexistent/usb-disk")}});
    QString why;
    QVERIFY2(m_udisks->start(&why), qPrintable(why));
    m_window = std::make_unique<MainWindow>();
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestDesktopWindow::cleanup()
{
    m_window.reset();
    m_udisks.reset();
    m_scratch.reset();
}

QCheckBox *TestDesktopWindow::offerEject()
{
    auto *check = UiTest::find<QCheckBox>(m_window.get(), "ejectCheck");
    if (!check || check->isVisible())
        return nullptr; // hidden until a removable destination is known
    auto *combo = UiTest::find<QComboBox>(m_window.get(), "destinationCombo");
    QTest::keyClicks(combo->lineEdit(), QString::fromUtf8(m_scratch->path("out")));
    QDeadlineTimer deadline(10000);
    while (!check->isVisible() && !deadline.hasExpired())
        QTest::qWait(20);
    return check->isVisible() ? check : nullptr;
}

QStringList TestDesktopWindow::ejectLog() const
{
    return m_udisks
        ->call(QStringLiteral("/org/freedesktop/UDisks2"),
               QStringLiteral("org.freedesktop.DBus.Mock"), QStringLiteral("GetEjectLog"))
        .arguments()
        .value(0)
        .toStringList();
}

void TestDesktopWindow::ejectsTheDriveAfterACompleteCopy()
{
    QCheckBox *check = offerEject();
    QVERIFY(check);
    QCOMPARE(check->text(), QStringLiteral("E&ject “USB DISK” when done"));
    QVERIFY(!check->isChecked());
    check->setChecked(true);
    m_window->sourceModel()->addPaths({m_scratch->path("big.bin")});
    QSignalSpy finished(m_window.get(), &MainWindow::jobFinished);
    auto *copy = UiTest::find<QPushButton>(m_window.get(), "copyButton");
    QTRY_VERIFY(copy->isEnabled());
    QTest::mouseClick(copy, Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 120000);
    QCOMPARE(finished.at(0).at(0).value<CopyResult>().status, CopyStatus::Succeeded);
    auto *notice = UiTest::find<NoticeBar>(m_window.get(), "noticeBar");
    QTRY_VERIFY(notice->messages().contains(QStringLiteral("“USB DISK” can be safely unplugged.")));
    QCOMPARE(ejectLog().size(), 3);
    QVERIFY(ejectLog().constFirst().endsWith(QStringLiteral("dm_2d0 Unmount")));
    QVERIFY(ejectLog().constLast().endsWith(QStringLiteral("USB_DISK PowerOff")));
    QVERIFY(!check->isVisible()); // the drive is gone
}

void TestDesktopWindow::neverEjectsAfterACancelledCopy()
{
    QCheckBox *check = offerEject();
    QVERIFY(check);
    check->setChecked(true);
    WriterGate gate(4LL * 1024 * 1024);
    m_window->setIoHooks(gate.hooks());
    m_window->sourceModel()->addPaths({m_scratch->path("big.bin")});
    QSignalSpy finished(m_window.get(), &MainWindow::jobFinished);
    auto *copy = UiTest::find<QPushButton>(m_window.get(), "copyButton");
    QTRY_VERIFY(copy->isEnabled());
    QTest::mouseClick(copy, Qt::LeftButton);
    QVERIFY(gate.waitUntilReached());
    m_window->session()->cancel();
    gate.open();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 120000);
    QCOMPARE(finished.at(0).at(0).value<CopyResult>().status, CopyStatus::Cancelled);
    auto *notice = UiTest::find<NoticeBar>(m_window.get(), "noticeBar");
    QTRY_VERIFY(notice->messages().contains(
        QStringLiteral("The drive was not ejected: the copy did not complete.")));
    JobRunner::drainEvents();
    QCOMPARE(ejectLog(), QStringList());
}

QTEST_MAIN(TestDesktopWindow)
#include "tst_desktopwindow.moc"
