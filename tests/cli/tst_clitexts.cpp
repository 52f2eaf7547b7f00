// sluice-cli's texts with a count say "1 file was" and "2 files were": each goes through Qt's
// plural forms (QCoreApplication::translate with n, context "Sluice::Cli"), and sluice-cli's
// English singulars (Cli::EnglishPlurals, installed as sluice-cli's main() installs it). The
// texts are pinned whole, for one and for two.

#include "cliplurals.h"
#include "cliprogress.h"

#include <QTest>

using namespace Sluice;
using namespace Sluice::Cli;

class TestCliTexts final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void leftOutLine_data();
    void leftOutLine();
    void dryRunLine_data();
    void dryRunLine();
    void changedLine_data();
    void changedLine();
    void resumedLine_data();
    void resumedLine();
    void interruptedProgress_data();
    void interruptedProgress();
    void byteCount();
    void countBeyondIntKeepsItsNumberAndForm();
    void withoutTheTranslatorTheSourceShows();

private:
    EnglishPlurals m_english;
};

namespace {

CopyIssue error()
{
    CopyIssue issue;
    issue.path = "/src/a";
    issue.errorCode = EACCES;
    return issue;
}

} // namespace

void TestCliTexts::initTestCase()
{
    QVERIFY(QCoreApplication::installTranslator(&m_english));
}

void TestCliTexts::leftOutLine_data()
{
    QTest::addColumn<qint64>("items");
    QTest::addColumn<qint64>("bytes");
    QTest::addColumn<qint64>("folders");
    QTest::addColumn<QString>("expected");
    QTest::newRow("1 item, no folder")
        << qint64(1) << qint64(1) << qint64(0) << QStringLiteral("filters left out 1 item, 1 byte");
    QTest::newRow("2 items, 1 folder")
        << qint64(2) << qint64(3) << qint64(1)
        << QStringLiteral("filters left out 2 items, 3 bytes; 1 of them is a folder, counted as "
                          "one item without its contents");
    QTest::newRow("2 items, 2 folders")
        << qint64(2) << qint64(0) << qint64(2)
        << QStringLiteral("filters left out 2 items, 0 bytes; 2 of them are folders, each "
                          "counted as one item without its contents");
}

void TestCliTexts::leftOutLine()
{
    QFETCH(qint64, items);
    QFETCH(qint64, bytes);
    QFETCH(qint64, folders);
    QFETCH(QString, expected);
    CopyResult result;
    result.itemsLeftOut = items;
    result.bytesLeftOut = bytes;
    result.foldersLeftOut = folders;
    QCOMPARE(ProgressPrinter::leftOutLine(result), expected);
}

void TestCliTexts::dryRunLine_data()
{
    QTest::addColumn<CopyStatus>("status");
    QTest::addColumn<qint64>("count"); // items to copy, or errors
    QTest::addColumn<QString>("expected");
    QTest::newRow("would copy 1") << CopyStatus::Succeeded << qint64(1)
                                  << QStringLiteral("dry run: would copy 1 item, 5 bytes; "
                                                    "nothing was written");
    QTest::newRow("would copy 2") << CopyStatus::CompletedWithWarnings << qint64(2)
                                  << QStringLiteral("dry run: would copy 2 items, 5 bytes; "
                                                    "nothing was written");
    QTest::newRow("1 error") << CopyStatus::Failed << qint64(1)
                             << QStringLiteral("dry run: failed (1 error); nothing was written");
    QTest::newRow("2 errors") << CopyStatus::Failed << qint64(2)
                              << QStringLiteral("dry run: failed (2 errors); nothing was written");
}

void TestCliTexts::dryRunLine()
{
    QFETCH(CopyStatus, status);
    QFETCH(qint64, count);
    QFETCH(QString, expected);
    CopyResult result;
    result.status = status;
    result.bytesTotal = 5;
    if (status == CopyStatus::Failed) {
        for (qint64 i = 0; i < count; ++i)
            result.issues.append(error());
    } else {
        result.itemsTotal = count + 1;
        result.itemsFailed = 1; // not counted among what it would copy
    }
    QCOMPARE(ProgressPrinter::dryRunLine(result), expected);
}

void TestCliTexts::changedLine_data()
{
    QTest::addColumn<qint64>("changed");
    QTest::addColumn<QString>("expected");
    QTest::newRow("none") << qint64(0) << QString();
    QTest::newRow("1") << qint64(1)
                       << QStringLiteral("1 file changed while copying (kept as read, listed "
                                         "above)");
    QTest::newRow("2") << qint64(2)
                       << QStringLiteral("2 files changed while copying (kept as read, listed "
                                         "above)");
}

void TestCliTexts::changedLine()
{
    QFETCH(qint64, changed);
    QFETCH(QString, expected);
    CopyResult result;
    result.itemsChanged = changed;
    QCOMPARE(ProgressPrinter::changedLine(result), expected);
}

void TestCliTexts::resumedLine_data()
{
    QTest::addColumn<qint64>("items");
    QTest::addColumn<qint64>("bytes");
    QTest::addColumn<QString>("expected");
    QTest::newRow("nothing") << qint64(0) << qint64(0) << QString();
    QTest::newRow("only the checkpoint")
        << qint64(0) << qint64(48 * MiB)
        << QStringLiteral("resumed: 0 files finished before were not copied again; 48.0 MiB not "
                          "written again");
    QTest::newRow("1 file") << qint64(1) << qint64(1000)
                            << QStringLiteral("resumed: 1 file finished before was not copied "
                                              "again; 1000 bytes not written again");
    QTest::newRow("2 files") << qint64(2) << qint64(3 * MiB)
                             << QStringLiteral("resumed: 2 files finished before were not "
                                               "copied again; 3.0 MiB not written again");
}

void TestCliTexts::resumedLine()
{
    QFETCH(qint64, items);
    QFETCH(qint64, bytes);
    QFETCH(QString, expected);
    CopyResult result;
    result.itemsResumed = items;
    result.bytesResumed = bytes;
    QCOMPARE(ProgressPrinter::resumedLine(result), expected);
}

void TestCliTexts::interruptedProgress_data()
{
    QTest::addColumn<qint64>("totalItems");
    QTest::addColumn<bool>("neverStarted");
    QTest::addColumn<QString>("expected");
    QTest::newRow("1 item") << qint64(1) << false
                            << QStringLiteral("0 of 1 item, 100 of 4096 bytes");
    QTest::newRow("2 items") << qint64(2) << false
                             << QStringLiteral("0 of 2 items, 100 of 4096 bytes");
    QTest::newRow("not started") << qint64(0) << true << QStringLiteral("not started");
}

void TestCliTexts::interruptedProgress()
{
    QFETCH(qint64, totalItems);
    QFETCH(bool, neverStarted);
    QFETCH(QString, expected);
    InterruptedJob job;
    job.totalItems = totalItems;
    job.doneBytes = 100;
    job.totalBytes = 4096;
    job.neverStarted = neverStarted;
    QCOMPARE(Cli::interruptedProgress(job), expected);
}

void TestCliTexts::byteCount()
{
    QCOMPARE(formatByteCount(0), QStringLiteral("0 bytes"));
    QCOMPARE(formatByteCount(1), QStringLiteral("1 byte"));
    QCOMPARE(formatByteCount(2), QStringLiteral("2 bytes"));
    QCOMPARE(formatByteCount(1023), QStringLiteral("1023 bytes"));
    QCOMPARE(formatByteCount(1024), QStringLiteral("1.0 KiB (1024 bytes)"));
}

// Qt's plural forms take an int; a count past it keeps its own number in the text.
void TestCliTexts::countBeyondIntKeepsItsNumberAndForm()
{
    QCOMPARE(countText(CountText::Changed, 3'000'000'001),
             QStringLiteral("3000000001 files changed while copying (kept as read, listed "
                            "above)"));
    QCOMPARE(countText(CountText::Changed, 2'147'483'647),
             QStringLiteral("2147483647 files changed while copying (kept as read, listed "
                            "above)"));
}

// What the translator adds: without it, Qt shows the source (the English plural) for one too.
void TestCliTexts::withoutTheTranslatorTheSourceShows()
{
    QVERIFY(QCoreApplication::removeTranslator(&m_english));
    const QString without = countText(CountText::Changed, 1);
    QVERIFY(QCoreApplication::installTranslator(&m_english));
    QCOMPARE(without, QStringLiteral("1 files changed while copying (kept as read, listed above)"));
    QCOMPARE(countText(CountText::Changed, 1),
             QStringLiteral("1 file changed while copying (kept as read, listed above)"));
}

QTEST_GUILESS_MAIN(TestCliTexts)
#include "tst_clitexts.moc"
