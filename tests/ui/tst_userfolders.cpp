// The window tests never read or write the folders of the person running them: their
// settings and job journal (UserFolders::isolate(), through UiTest::isolateSettings()). Here
// the environment names a "person's" home with a queue history and an interrupted copy in
// it, as a real one may have after a crash; a window test must see neither, and must leave
// that home exactly as it was after a real copy.

#include "copyjob.h"
#include "destinationfield.h"
#include "jobjournal.h"
#include "jobqueue.h"
#include "jobrunner.h"
#include "mainwindow.h"
#include "sourcelistmodel.h"
#include "testtree.h"
#include "uitest.h"

#include <QDirIterator>
#include <QMap>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Sluice;
using namespace Sluice::Ui;

namespace {

// Every file below @p root (relative path → contents), hidden ones too.
QMap<QString, QByteArray> snapshot(const QString &root)
{
    QMap<QString, QByteArray> files;
    QDirIterator it(root, QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        QFile file(path);
        files.insert(path.mid(root.size()), file.open(QIODevice::ReadOnly)
                                                ? file.readAll()
                                                : QByteArrayLiteral("<unreadable>"));
    }
    return files;
}

// A finished job in the queue's history, as the window writes it (QSettings' INI format).
QByteArray historyWithOneJob(const QByteArray &source)
{
    return "[queue]\nhistory\\1\\sources=@ByteArray(" + source
           + ")\nhistory\\1\\destination=@ByteArray(/stale/out)\nhistory\\1\\state="
           + QByteArray::number(int(JobState::Finished)) + "\nhistory\\size=1\n";
}

} // namespace

class TestUserFolders final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void windowTestsLeaveThePersonsFoldersAlone();
};

void TestUserFolders::windowTestsLeaveThePersonsFoldersAlone()
{
    // The person's home, as the environment names it before the test isolates itself.
    QTemporaryDir person;
    QVERIFY(person.isValid());
    const QString home = person.path();
    qputenv("HOME", QFile::encodeName(home));
    qputenv("XDG_CONFIG_HOME", QFile::encodeName(home + QStringLiteral("/.config")));
    qputenv("XDG_STATE_HOME", QFile::encodeName(home + QStringLiteral("/.local/state")));
    const QByteArray stale = QFile::encodeName(home) + "/stale-source";
    QVERIFY(TestTree::writeFile(stale, "stale"));
    // A queued copy kept for later, and a history, where settings would be (with and without
    // QStandardPaths' test mode).
    QString error;
    const QString entry =
        JobJournal::keepForLater(CopyRequest{{stale}, "/stale/out", {}}, CopyOptions(), &error);
    QVERIFY2(!entry.isEmpty(), qPrintable(error));
    QVERIFY(JobJournal::folder().startsWith(home));
    for (const char *folder : {"/.config/sluice-test", "/.qttest/config/sluice-test"}) {
        const QByteArray path = QFile::encodeName(home) + folder;
        QVERIFY(TestTree::makePath(path));
        QVERIFY(TestTree::writeFile(path + "/tst_userfolders.conf", historyWithOneJob(stale)));
    }
    const QMap<QString, QByteArray> before = snapshot(home);
    QCOMPARE(before.size(), 5); // the source, the entry and its lock, two settings files

    UiTest::isolateSettings(QStringLiteral("tst_userfolders"));
    QVERIFY2(!JobJournal::folder().startsWith(home), qPrintable(JobJournal::folder()));
    QVERIFY2(!QSettings().fileName().startsWith(home), qPrintable(QSettings().fileName()));

    // A real copy in the window: it lists only its own job, neither the person's history
    // nor the person's interrupted copy.
    const Scratch scratch;
    QVERIFY(TestTree::writePatternFile(scratch.path("src"), qint64(64) * 1024, 1));
    QVERIFY(TestTree::makePath(scratch.path("out")));
    {
        MainWindow window;
        QSignalSpy finished(&window, &MainWindow::jobFinished);
        QVERIFY(UiTest::startCopy(window, {scratch.path("src")}, scratch.path("out")));
        QVERIFY(finished.wait(60000));
        QCOMPARE(finished.first().first().value<CopyResult>().status, CopyStatus::Succeeded);
        // The interrupted copies are read before the job is written down (one journal
        // thread, in order): by now they would be listed.
        QCOMPARE(window.queue()->rowCount(), 1);
        QCOMPARE(window.queue()->jobs().first().request.sources,
                 QList<QByteArray>{scratch.path("src")});
        QCOMPARE(TestTree::readFile(scratch.path("out/src")),
                 TestTree::readFile(scratch.path("src")));
    }
    QCOMPARE(snapshot(home), before);
}

QTEST_MAIN(TestUserFolders)
#include "tst_userfolders.moc"
