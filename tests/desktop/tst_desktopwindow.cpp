// The window's "Eject the drive when done" against a python-dbusmock UDisks2 on a private
// dbus-daemon: offered for a removable destination, ejecting after a complete copy only.

#include "appsettings.h"
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
#include <QLineEdit>
#include <QPushButton>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QTest>

#include <atomic>
#include <cerrno>
#include <memory>

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
    void openFolderShowsTheCopiedItems();

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
    return QTest::qWaitFor([&] { return check->isVisible(); }, 10000) ? check : nullptr;
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

/// ShowItems calls of the FileManager1 mock: the URIs of each, oldest first.
static QList<QStringList> shownItems(const DBusMock &fileManager)
{
    QList<QStringList> shown;
    const auto calls = fileManager.methodCalls(QStringLiteral("/org/freedesktop/FileManager1"),
                                               QStringLiteral("ShowItems"));
    for (const QVariantList &call : calls)
        shown << call.at(0).toStringList();
    return shown;
}

void TestDesktopWindow::openFolderShowsTheCopiedItems()
{
    DBusMock notifications(QStringLiteral("notification_daemon"),
                           QStringLiteral("org.freedesktop.Notifications"));
    DBusMock fileManager(mockTemplate(QStringLiteral("filemanager1.py")),
                         QStringLiteral("org.freedesktop.FileManager1"));
    QString why;
    QVERIFY2(notifications.start(&why), qPrintable(why));
    QVERIFY2(fileManager.start(&why), qPrintable(why));
    QVERIFY(TestTree::makePath(m_scratch->path("src/sub")));
    QVERIFY(TestTree::writePatternFile(m_scratch->path("src/a"), 1000, 1));
    QVERIFY(TestTree::writePatternFile(m_scratch->path("src/sub/c-fails"), 3000, 3));
    // Skip the unreadable item rather than ask (the window reads its settings when made).
    WindowSettings settings = WindowSettings::load();
    const WindowSettings saved = settings;
    settings.options.onError = ErrorPolicy::Skip;
    settings.save();
    const auto restore = qScopeGuard([saved] { saved.save(); });
    m_window = std::make_unique<MainWindow>();
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    auto failing = std::make_shared<std::atomic<bool>>(true);
    IoHooks hooks;
    hooks.beforeOpen = [failing](const QByteArray &source) {
        return failing->load() && source.endsWith("/c-fails") ? EACCES : 0;
    };
    m_window->setIoHooks(hooks);
    m_window->sourceModel()->addPaths({m_scratch->path("src")});
    m_window->destinationField()->setPath(m_scratch->path("out"));
    // The notification is for a person looking elsewhere: another window is active.
    QWidget elsewhere;
    elsewhere.show();
    elsewhere.activateWindow();
    QTRY_VERIFY(!m_window->isActiveWindow());
    QSignalSpy finished(m_window.get(), &MainWindow::jobFinished);
    auto *copy = UiTest::find<QPushButton>(m_window.get(), "copyButton");
    QTRY_VERIFY(copy->isEnabled());
    QTest::mouseClick(copy, Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 60000);
    // Retry the skipped item: a request with one destination folder per source.
    failing->store(false);
    auto *retry = UiTest::find<QPushButton>(m_window.get(), "retrySkippedButton");
    QVERIFY(retry && retry->isEnabled());
    QTest::mouseClick(retry, Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 2, 60000);
    QCOMPARE(finished.at(1).at(0).value<CopyResult>().status, CopyStatus::Succeeded);

    const QString notificationsPath = QStringLiteral("/org/freedesktop/Notifications");
    QTRY_COMPARE(notifications.methodCalls(notificationsPath, QStringLiteral("Notify")).size(), 2);
    for (const QVariantList &notify :
         notifications.methodCalls(notificationsPath, QStringLiteral("Notify"))) {
        const QStringList actions = notify.at(5).toStringList();
        QVERIFY2(actions.mid(0, 2)
                     == (QStringList{QStringLiteral("open-folder"), QStringLiteral("Open folder")}),
                 qPrintable(actions.join(u',')));
    }
    // The mock numbers its notifications from 1; the window heard both replies.
    JobRunner::drainEvents();
    QCOMPARE(shownItems(fileManager), QList<QStringList>());
    const QString uriBase = QStringLiteral("file://") + QString::fromLocal8Bit(m_scratch->path());
    notifications.emitSignal(notificationsPath, QStringLiteral("org.freedesktop.Notifications"),
                             QStringLiteral("ActionInvoked"), QStringLiteral("us"),
                             {2u, QStringLiteral("open-folder")});
    QTRY_COMPARE(shownItems(fileManager),
                 (QList<QStringList>{{uriBase + QStringLiteral("/out/src/sub/c-fails")}}));
    notifications.emitSignal(notificationsPath, QStringLiteral("org.freedesktop.Notifications"),
                             QStringLiteral("ActionInvoked"), QStringLiteral("us"),
                             {1u, QStringLiteral("open-folder")});
    QTRY_COMPARE(shownItems(fileManager).size(), 2);
    QCOMPARE(shownItems(fileManager).at(1), QStringList{uriBase + QStringLiteral("/out/src")});
}

QTEST_MAIN(TestDesktopWindow)
#include "tst_desktopwindow.moc"
