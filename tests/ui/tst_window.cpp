// The window as a whole: ending cleanly on SIGTERM (the real binary in a QProcess), the
// words of the end summary, sizes in bytes, and a size that fits a small screen.

#include "formatting.h"
#include "issuereport.h"
#include "jobrunner.h"
#include "mainwindow.h"
#include "preflightdialog.h"
#include "testtree.h"
#include "translations.h"
#include "uitest.h"

#include <QDir>
#include <QFile>
#include <QLabel>
#include <QProcess>
#include <QTest>
#include <QTranslator>
#include <QTreeWidget>

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

QTEST_MAIN(TestWindow)
#include "tst_window.moc"
