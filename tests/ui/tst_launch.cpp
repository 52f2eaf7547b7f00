// `sluice [--to DESTINATION] [--start] [--new-window] [SOURCE...]`: parsing that keeps odd
// bytes, the single-instance socket that hands a second start's sources to the running
// window, and the hub that routes them; --start copies at once.

#include "appicon.h"
#include "copyoptions.h"
#include "destinationfield.h"
#include "instanceserver.h"
#include "jobrunner.h"
#include "launcharguments.h"
#include "launchrequest.h"
#include "mainwindow.h"
#include "sourcelistmodel.h"
#include "testtree.h"
#include "uitest.h"
#include "windowhub.h"

#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QIcon>
#include <QImage>
#include <QSignalSpy>
#include <QTest>
#include <QUuid>

#include <sys/socket.h>
#include <sys/un.h>
#include <thread>
#include <unistd.h>

using namespace Sluice;
using namespace Sluice::Ui;

namespace {

QString uniqueSocketPath()
{
    return QDir::temp().filePath(
        QStringLiteral("sluice-test-%1.socket").arg(QUuid::createUuid().toString(QUuid::Id128)));
}

} // namespace

class TestLaunch final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void parsesTheCommandLine_data();
    void parsesTheCommandLine();
    void refusesWebUrlsAndUnknownOptions();
    void helpNamesTheOptions();
    void requestSurvivesTheWire();
    void secondStartHandsItsSourcesToTheServer();
    void staleSocketIsReplaced();
    void secondServerOnTheSameNameIsRefused();
    void hubRoutesRequestsToAnIdleWindow();
    void startCopiesAtOnce();
    void handedOffStartCopiesOnlyItsSources();
    void handedOffStartWithoutDestinationAsks();
    void windowWearsTheSluiceIcon();
};

void TestLaunch::initTestCase()
{
    UiTest::isolateSettings(QStringLiteral("tst_launch"));
}

void TestLaunch::parsesTheCommandLine_data()
{
    QTest::addColumn<QList<QByteArray>>("arguments");
    QTest::addColumn<LaunchRequest>("expected");
    const QByteArray cwd("/home/someone/w\xFFrk dir");
    QTest::newRow("nothing") << QList<QByteArray>{"sluice"} << LaunchRequest{};
    QTest::newRow("sources, relative and absolute")
        << QList<QByteArray>{"sluice", "a b.txt", "/abs/c#d", "sub/%41"}
        << LaunchRequest{{cwd + "/a b.txt", "/abs/c#d", cwd + "/sub/%41"}, {}, false, false, false};
    QTest::newRow("bytes that are not UTF-8")
        << QList<QByteArray>{"sluice", "--to", "/mnt/\xC0\xAF usb", "caf\xE9\n.txt"}
        << LaunchRequest{{cwd + "/caf\xE9\n.txt"}, "/mnt/\xC0\xAF usb", false, false, false};
    QTest::newRow("--start --to, short forms")
        << QList<QByteArray>{"sluice", "-s", "-t", "out", "/x"}
        << LaunchRequest{{"/x"}, cwd + "/out", true, false, false};
    QTest::newRow("--new-window and a file URL")
        << QList<QByteArray>{"sluice", "--new-window", "file:///tmp/a%20b%FF%2541"}
        << LaunchRequest{{"/tmp/a b\xFF%41"}, {}, false, false, true};
    QTest::newRow("--to=VALUE") << QList<QByteArray>{"sluice", "--to=/dst", "--start"}
                                << LaunchRequest{{}, "/dst", true, false, false};
    // What the Dolphin service menu and the Nautilus script run.
    QTest::newRow("service menu: --start --move")
        << QList<QByteArray>{"sluice", "--start", "--move", "/home/a/x y"}
        << LaunchRequest{{"/home/a/x y"}, {}, true, true, false};
    QTest::newRow("nautilus script: --start -- names")
        << QList<QByteArray>{"sluice", "--start", "--", "-odd name", "b"}
        << LaunchRequest{{cwd + "/-odd name", cwd + "/b"}, {}, true, false, false};
}

void TestLaunch::parsesTheCommandLine()
{
    QFETCH(QList<QByteArray>, arguments);
    QFETCH(LaunchRequest, expected);
    const LaunchParse parsed =
        LaunchArguments::parse(arguments, QByteArray("/home/someone/w\xFFrk dir"));
    QVERIFY2(parsed.request, qPrintable(parsed.error));
    QCOMPARE(parsed.request->sources, expected.sources);
    QCOMPARE(parsed.request->destination, expected.destination);
    QCOMPARE(parsed.request->start, expected.start);
    QCOMPARE(parsed.request->move, expected.move);
    QCOMPARE(parsed.request->newWindow, expected.newWindow);
}

void TestLaunch::refusesWebUrlsAndUnknownOptions()
{
    LaunchParse parsed = LaunchArguments::parse({"sluice", "https://example.com/x"}, "/");
    QVERIFY(!parsed.request);
    QCOMPARE(parsed.exitCode, 2);
    QVERIFY(parsed.error.contains(QStringLiteral("not a local file")));
    parsed = LaunchArguments::parse({"sluice", "--bogus"}, "/");
    QVERIFY(!parsed.request);
    QCOMPARE(parsed.exitCode, 2);
    parsed = LaunchArguments::parse({"sluice", "--move", "/x"}, "/");
    QVERIFY(!parsed.request);
    QVERIFY(parsed.error.contains(QStringLiteral("--move needs --start")));
}

void TestLaunch::helpNamesTheOptions()
{
    const LaunchParse parsed = LaunchArguments::parse({"sluice", "--help"}, "/");
    QVERIFY(!parsed.request);
    QCOMPARE(parsed.exitCode, 0);
    for (const char *option : {"--to", "--start", "--move", "--new-window", "SOURCE"})
        QVERIFY2(parsed.output.contains(QLatin1String(option)), option);
}

void TestLaunch::requestSurvivesTheWire()
{
    const LaunchRequest request{{"/a\xFF", "/b\nc"}, "/dst #1", true, true, false};
    const auto decoded = decodeLaunchRequest(encodeLaunchRequest(request));
    QVERIFY(decoded);
    QVERIFY(*decoded == request);
    QVERIFY(!decodeLaunchRequest(QByteArray("not a request")));
    QByteArray truncated = encodeLaunchRequest(request);
    truncated.chop(3);
    QVERIFY(!decodeLaunchRequest(truncated));
}

void TestLaunch::secondStartHandsItsSourcesToTheServer()
{
    const QString name = uniqueSocketPath();
    InstanceServer server(name);
    QVERIFY(server.listen());
    QSignalSpy received(&server, &InstanceServer::requestReceived);
    const LaunchRequest request{{"/photos/IMG 1.jpg", "/x\xFF"}, "/media/usb", true, false, false};
    // The second start blocks on the socket (as main() does), so it runs on its own thread.
    bool accepted = false;
    std::thread client([&] { accepted = InstanceServer::sendToRunning(name, request, 10000); });
    QTRY_COMPARE(received.size(), 1);
    client.join();
    QVERIFY(accepted);
    const auto got = received.first().first().value<LaunchRequest>();
    QVERIFY(got == request);
    // Nobody listening: the second start opens its own window.
    QVERIFY(!InstanceServer::sendToRunning(uniqueSocketPath(), request, 1000));
}

void TestLaunch::staleSocketIsReplaced()
{
    // A socket file left behind by an instance that crashed: bound, never listened on.
    const QString name = uniqueSocketPath();
    const QByteArray path = QFile::encodeName(name);
    const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    QVERIFY(fd >= 0);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    QVERIFY(size_t(path.size()) < sizeof address.sun_path);
    std::memcpy(address.sun_path, path.constData(), size_t(path.size()));
    QCOMPARE(::bind(fd, reinterpret_cast<sockaddr *>(&address), sizeof address), 0);
    ::close(fd);
    QVERIFY(QFile::exists(name));
    InstanceServer server(name);
    QVERIFY(server.listen());
}

void TestLaunch::secondServerOnTheSameNameIsRefused()
{
    const QString name = uniqueSocketPath();
    InstanceServer first(name);
    QVERIFY(first.listen());
    InstanceServer second(name);
    QVERIFY(!second.listen()); // the first answers: it is alive, not stale
}

void TestLaunch::hubRoutesRequestsToAnIdleWindow()
{
    Scratch scratch;
    QVERIFY(TestTree::writeFile(scratch.path("one"), "1"));
    QVERIFY(TestTree::writeFile(scratch.path("two"), "22"));
    QVERIFY(TestTree::makePath(scratch.path("dst")));
    WindowHub hub;
    MainWindow *first = hub.open(LaunchRequest{{scratch.path("one")}, {}, false, false, false});
    QVERIFY(first && first->isVisible());
    MainWindow *again =
        hub.open(LaunchRequest{{scratch.path("two")}, scratch.path("dst"), false, false});
    QCOMPARE(again, first);
    QCOMPARE(first->sourceModel()->paths(),
             (QList<QByteArray>{scratch.path("one"), scratch.path("two")}));
    QCOMPARE(first->destinationField()->path(), scratch.path("dst"));
    MainWindow *separate = hub.open(LaunchRequest{{scratch.path("one")}, {}, false, false, true});
    QVERIFY(separate != first);
    QCOMPARE(hub.windows().size(), 2);
    separate->close();
    QTRY_COMPARE(hub.windows().size(), 1);
}

void TestLaunch::startCopiesAtOnce()
{
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("src/inner")));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/inner/f"), 5 * MiB + 3, 7));
    QVERIFY(TestTree::makePath(scratch.path("dst")));
    WindowHub hub;
    MainWindow *window =
        hub.open(LaunchRequest{{scratch.path("src")}, scratch.path("dst"), true, false, false});
    QSignalSpy finished(window, &MainWindow::jobFinished);
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 60000);
    QCOMPARE(finished.first().first().value<CopyResult>().status, CopyStatus::Succeeded);
    QVERIFY(TestTree::compareTrees(scratch.path("src"), scratch.path("dst/src")).isEmpty());
}

void TestLaunch::handedOffStartCopiesOnlyItsSources()
{
    Scratch scratch;
    QVERIFY(TestTree::writeFile(scratch.path("leftover"), "old"));
    QVERIFY(TestTree::writeFile(scratch.path("wanted"), "new"));
    QVERIFY(TestTree::makePath(scratch.path("before")));
    QVERIFY(TestTree::makePath(scratch.path("dst")));
    WindowHub hub;
    // The window still lists a source and a folder from before.
    MainWindow *window = hub.open(
        LaunchRequest{{scratch.path("leftover")}, scratch.path("before"), false, false, false});
    QSignalSpy finished(window, &MainWindow::jobFinished);
    // `sluice --start --to dst wanted` from a second launch.
    QCOMPARE(
        hub.open(LaunchRequest{{scratch.path("wanted")}, scratch.path("dst"), true, false, false}),
        window);
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 30000);
    const auto result = finished.first().first().value<CopyResult>();
    QCOMPARE(result.status, CopyStatus::Succeeded);
    QCOMPARE(result.itemsTotal, 1);
    QCOMPARE(TestTree::readFile(scratch.path("dst/wanted")), QByteArray("new"));
    QVERIFY(!QFile::exists(QFile::decodeName(scratch.path("dst/leftover"))));
    QCOMPARE(TestTree::countEntries(scratch.path("before")), 0);
}

void TestLaunch::handedOffStartWithoutDestinationAsks()
{
    Scratch scratch;
    QVERIFY(TestTree::writeFile(scratch.path("leftover"), "old"));
    QVERIFY(TestTree::writeFile(scratch.path("wanted"), "new"));
    QVERIFY(TestTree::makePath(scratch.path("before")));
    WindowHub hub;
    MainWindow *window = hub.open(
        LaunchRequest{{scratch.path("leftover")}, scratch.path("before"), false, false, false});
    QSignalSpy finished(window, &MainWindow::jobFinished);
    // `sluice --start wanted`: no --to, so the folder is asked for, not taken from before.
    QCOMPARE(hub.open(LaunchRequest{{scratch.path("wanted")}, {}, true, false, false}), window);
    QFileDialog *dialog = nullptr;
    QTRY_VERIFY((dialog = UiTest::find<QFileDialog>(window, "destinationDialog"))
                && dialog->isVisible());
    QCOMPARE(window->sourceModel()->paths(), QList<QByteArray>{scratch.path("wanted")});
    QVERIFY(!window->isBusy());
    dialog->reject();
    JobRunner::drainEvents();
    QVERIFY(!window->isBusy());
    QCOMPARE(finished.size(), 0);
    QCOMPARE(TestTree::countEntries(scratch.path("before")), 0);
}

void TestLaunch::windowWearsTheSluiceIcon()
{
    MainWindow window;
    const QImage icon = window.windowIcon().pixmap(64, 64).toImage();
    QVERIFY(!icon.isNull());
    // The SVG from the .qrc, rendered: the tile's blue in the middle of the top edge.
    const QImage svg = QIcon(QString::fromUtf16(AppIconPath)).pixmap(128, 128).toImage();
    QCOMPARE(svg.size(), QSize(128, 128));
    const QColor tile = svg.pixelColor(64, 10);
    QVERIFY2(tile.blue() > 150 && tile.red() < 120, qPrintable(tile.name()));
}

QTEST_MAIN(TestLaunch)
#include "tst_launch.moc"
