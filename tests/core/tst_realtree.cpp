// Real input: system folders with thousands of files and symlinks, compared byte for byte.

#include "jobrunner.h"
#include "testtree.h"

#include <QLibraryInfo>
#include <QTest>

#include <unistd.h>

using namespace Sluice;

class TestRealTree final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void copiesSystemFolders_data();
    void copiesSystemFolders();
};

void TestRealTree::copiesSystemFolders_data()
{
    QTest::addColumn<QByteArray>("folder");
    // The installed Qt headers (thousands of files) and the time-zone database (hundreds
    // of symlinks, relative and absolute).
    QTest::newRow("Qt headers") << QFile::encodeName(QLibraryInfo::path(QLibraryInfo::HeadersPath));
    QTest::newRow("zoneinfo") << QByteArray("/usr/share/zoneinfo");
}

void TestRealTree::copiesSystemFolders()
{
    QFETCH(QByteArray, folder);
    if (::access(folder.constData(), R_OK) != 0)
        QSKIP("folder not installed on this machine");
    const qint64 entries = TestTree::countEntries(folder);
    QVERIFY2(entries > 1000, qPrintable(QStringLiteral("only %1 entries").arg(entries)));

    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("out")));
    CopyOptions options = JobRunner::quickOptions();
    options.durability = Durability::Job;
    const JobRunner::Run run = JobRunner::run({folder}, scratch.path("out"), options);
    QCOMPARE(run.finishedCount, 1);
    QCOMPARE(run.result.status, CopyStatus::Succeeded);
    QCOMPARE(run.result.itemsCopied, entries + 1);
    const QByteArray copy = scratch.path("out/") + folder.mid(folder.lastIndexOf('/') + 1);
    const QStringList differences = TestTree::compareTrees(folder, copy);
    QVERIFY2(differences.isEmpty(), qPrintable(differences.mid(0, 20).join(u'\n')));
}

QTEST_GUILESS_MAIN(TestRealTree)
#include "tst_realtree.moc"
