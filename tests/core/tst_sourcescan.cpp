// SourceScanner: sizes and item counts of sources, walked on the "sluice-scan" thread and
// reported on the caller's thread (the window never stats on its own thread).

#include "jobrunner.h"
#include "sourcescan.h"
#include "testtree.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>
#include <QThread>

#include <numeric>
#include <sys/stat.h>
#include <unistd.h>

using namespace Sluice;

namespace {

// The final report of request @p id among the signals in @p spy, or nothing.
std::optional<SourceSummary> finalReport(const QSignalSpy &spy, quint64 id)
{
    for (const QList<QVariant> &arguments : spy) {
        const auto summary = arguments.first().value<SourceSummary>();
        if (summary.id == id && summary.complete)
            return summary;
    }
    return std::nullopt;
}

} // namespace

class TestSourceScan final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init();
    void countsFilesFoldersLinksAndBytes();
    void countsASingleFile();
    void reportsAMissingPath();
    void keepsSymlinksAsLinksByDefault();
    void followsSymlinksAndSkipsLoops();
    void countsHardLinksOnceWhenAsked();
    void rootOnlyDoesNotWalk();
    void reportsOnTheCallersThreadFromAnotherThread();
    void cancelledRequestsNeverReport();
    void unreadableFoldersAreCounted();
    void keepsOddBytesInPaths();
    void thousandsOfReportsComeInAFewBatches();

private:
    std::optional<SourceSummary> scanOne(const QByteArray &path, const ScanOptions &options = {});
    std::unique_ptr<Scratch> m_scratch;
};

void TestSourceScan::init()
{
    m_scratch = std::make_unique<Scratch>();
    QVERIFY(m_scratch->isValid());
    // tree/                      folder
    //   a                        100 bytes
    //   sub/                     folder
    //     b                      1 MiB + 3
    //     empty/                 folder
    //   link -> a                symlink
    //   fifo                     FIFO
    QVERIFY(TestTree::makePath(m_scratch->path("tree/sub/empty")));
    QVERIFY(TestTree::writePatternFile(m_scratch->path("tree/a"), 100, 1));
    QVERIFY(TestTree::writePatternFile(m_scratch->path("tree/sub/b"), MiB + 3, 2));
    QCOMPARE(::symlink("a", m_scratch->path("tree/link").constData()), 0);
    QCOMPARE(::mkfifo(m_scratch->path("tree/fifo").constData(), 0644), 0);
}

std::optional<SourceSummary> TestSourceScan::scanOne(const QByteArray &path,
                                                     const ScanOptions &options)
{
    SourceScanner scanner;
    QSignalSpy spy(&scanner, &SourceScanner::scanned);
    const quint64 id = scanner.scan(path, options);
    if (!QTest::qWaitFor([&] { return finalReport(spy, id).has_value(); }, 30000)
        || scanner.pendingCount() != 0)
        return std::nullopt;
    return finalReport(spy, id);
}

void TestSourceScan::countsFilesFoldersLinksAndBytes()
{
    const auto summary = scanOne(m_scratch->path("tree"));
    QVERIFY(summary);
    QVERIFY(summary->exists);
    QCOMPARE(summary->errorCode, 0);
    QCOMPARE(summary->kind, ItemKind::Directory);
    QCOMPARE(summary->path, m_scratch->path("tree"));
    QCOMPARE(summary->bytes, 100 + MiB + 3);
    QCOMPARE(summary->files, qint64(2));
    QCOMPARE(summary->folders, qint64(3));
    QCOMPARE(summary->others, qint64(2));
    QCOMPARE(summary->unreadable, qint64(0));
    QCOMPARE(summary->items(), qint64(7));
    // The same count as the job's own plan: one item per entry, the root included.
    QCOMPARE(summary->items(), TestTree::countEntries(m_scratch->path("tree")) + 1);
}

void TestSourceScan::countsASingleFile()
{
    const auto summary = scanOne(m_scratch->path("tree/sub/b"));
    QVERIFY(summary);
    QVERIFY(summary->exists);
    QCOMPARE(summary->kind, ItemKind::File);
    QCOMPARE(summary->bytes, MiB + 3);
    QCOMPARE(summary->items(), qint64(1));
}

void TestSourceScan::reportsAMissingPath()
{
    const auto summary = scanOne(m_scratch->path("vanished"));
    QVERIFY(summary);
    QVERIFY(!summary->exists);
    QCOMPARE(summary->errorCode, ENOENT);
    QCOMPARE(summary->items(), qint64(0));
}

void TestSourceScan::keepsSymlinksAsLinksByDefault()
{
    QCOMPARE(::symlink("tree", m_scratch->path("tree-link").constData()), 0);
    const auto summary = scanOne(m_scratch->path("tree-link"));
    QVERIFY(summary);
    QVERIFY(summary->exists);
    QCOMPARE(summary->kind, ItemKind::Symlink);
    QCOMPARE(summary->items(), qint64(1));
    QCOMPARE(summary->bytes, qint64(0));
}

void TestSourceScan::followsSymlinksAndSkipsLoops()
{
    QCOMPARE(::symlink("..", m_scratch->path("tree/sub/up").constData()), 0);
    QCOMPARE(::symlink("missing", m_scratch->path("tree/dangling").constData()), 0);
    ScanOptions options;
    options.followSymlinks = true;
    const auto summary = scanOne(m_scratch->path("tree"), options);
    QVERIFY(summary);
    QVERIFY(summary->exists);
    // link -> a counts as a second copy of a; up -> .. is a loop and left out; the dangling
    // link stays a link.
    QCOMPARE(summary->files, qint64(3));
    QCOMPARE(summary->bytes, 200 + MiB + 3);
    QCOMPARE(summary->folders, qint64(3));
    QCOMPARE(summary->others, qint64(2)); // fifo, dangling
}

void TestSourceScan::countsHardLinksOnceWhenAsked()
{
    QCOMPARE(::link(m_scratch->path("tree/sub/b").constData(),
                    m_scratch->path("tree/b-again").constData()),
             0);
    QCOMPARE(scanOne(m_scratch->path("tree")).value_or(SourceSummary{}).bytes, 100 + 2 * (MiB + 3));
    ScanOptions options;
    options.countHardLinksOnce = true;
    const auto summary = scanOne(m_scratch->path("tree"), options);
    QVERIFY(summary);
    QCOMPARE(summary->bytes, 100 + MiB + 3);
    QCOMPARE(summary->files, qint64(3));
}

void TestSourceScan::rootOnlyDoesNotWalk()
{
    ScanOptions options;
    options.rootOnly = true;
    options.followSymlinks = true;
    QCOMPARE(::symlink("tree", m_scratch->path("tree-link").constData()), 0);
    const auto summary = scanOne(m_scratch->path("tree-link"), options);
    QVERIFY(summary);
    QVERIFY(summary->exists);
    QCOMPARE(summary->kind, ItemKind::Directory);
    QCOMPARE(summary->folders, qint64(1));
    QCOMPARE(summary->items(), qint64(1));
}

void TestSourceScan::reportsOnTheCallersThreadFromAnotherThread()
{
    SourceScanner scanner;
    QThread *reportThread = nullptr;
    bool complete = false;
    connect(&scanner, &SourceScanner::scanned, this, [&](const SourceSummary &summary) {
        reportThread = QThread::currentThread();
        complete = summary.complete;
    });
    scanner.scan(m_scratch->path("tree"));
    QTRY_VERIFY(complete);
    QCOMPARE(reportThread, QThread::currentThread());
    const auto *scanThread = scanner.findChild<QThread *>();
    QVERIFY(scanThread);
    QCOMPARE(scanThread->objectName(), QStringLiteral("sluice-scan"));
    QVERIFY(scanThread->isRunning());
}

void TestSourceScan::cancelledRequestsNeverReport()
{
    SourceScanner scanner;
    QSignalSpy spy(&scanner, &SourceScanner::scanned);
    const quint64 first = scanner.scan(m_scratch->path("tree"));
    const quint64 second = scanner.scan(m_scratch->path("tree/a"));
    scanner.cancel(first);
    const quint64 third = scanner.scan(m_scratch->path("tree/sub/b"));
    QCOMPARE(scanner.pendingCount(), 2);
    // Requests are handled in order, so once the third has reported, the first would have.
    QTRY_VERIFY(finalReport(spy, third).has_value());
    QVERIFY(finalReport(spy, second).has_value());
    for (const QList<QVariant> &arguments : spy)
        QVERIFY(arguments.first().value<SourceSummary>().id != first);

    scanner.cancelAll();
    QCOMPARE(scanner.pendingCount(), 0);
    const quint64 fourth = scanner.scan(m_scratch->path("tree"));
    QTRY_VERIFY(finalReport(spy, fourth).has_value());
    QCOMPARE(finalReport(spy, fourth)->items(), qint64(7));
}

void TestSourceScan::unreadableFoldersAreCounted()
{
    if (::geteuid() == 0)
        QSKIP("root reads every folder; run as an unprivileged user to check this");
    QCOMPARE(::chmod(m_scratch->path("tree/sub").constData(), 0), 0);
    const auto summary = scanOne(m_scratch->path("tree"));
    QVERIFY(summary);
    ::chmod(m_scratch->path("tree/sub").constData(), 0755);
    QCOMPARE(summary->unreadable, qint64(1));
    QCOMPARE(summary->folders, qint64(2)); // tree and sub (listed as an entry of tree)
    QCOMPARE(summary->bytes, qint64(100));
}

void TestSourceScan::keepsOddBytesInPaths()
{
    const QByteArray odd = m_scratch->path("caf\xC3\xA9 \xFF\xFE #%41\nname");
    QVERIFY(TestTree::writeFile(odd, QByteArray(42, 'x')));
    const auto summary = scanOne(odd);
    QVERIFY(summary);
    QVERIFY(summary->exists);
    QCOMPARE(summary->path, odd);
    QCOMPARE(summary->bytes, qint64(42));
}

QTEST_GUILESS_MAIN(TestSourceScan)
#include "tst_sourcescan.moc"

// A drop of thousands of files: every final report arrives, in order, but in batches of many,
// at most one delivery per ReportBatchMs while the worker walks plus the one when it runs
// dry, so the receiving (GUI) thread handles a few dozen events instead of one per path.
void TestSourceScan::thousandsOfReportsComeInAFewBatches()
{
    constexpr int Count = 5000;
    QVERIFY(TestTree::makePath(m_scratch->path("many")));
    QList<QByteArray> paths;
    for (int i = 0; i < Count; ++i) {
        paths.append(m_scratch->path("many/f" + QByteArray::number(i)));
        QVERIFY(TestTree::writeFile(paths.constLast(), QByteArray(i % 5, 'x')));
    }
    SourceScanner scanner;
    QSignalSpy single(&scanner, &SourceScanner::scanned);
    QList<qsizetype> batchSizes;
    connect(&scanner, &SourceScanner::scannedBatch, this,
            [&](const QList<SourceSummary> &batch) { batchSizes.append(batch.size()); });
    QElapsedTimer elapsed;
    elapsed.start();
    QList<quint64> ids;
    for (const QByteArray &path : std::as_const(paths))
        ids.append(scanner.scan(path));
    QTRY_VERIFY_WITH_TIMEOUT(scanner.pendingCount() == 0, 60000);
    const qint64 ms = elapsed.elapsed();

    QCOMPARE(single.count(), Count); // one final report per file, nothing lost
    qint64 bytes = 0;
    for (int i = 0; i < Count; ++i) {
        const auto summary = single.at(i).first().value<SourceSummary>();
        QCOMPARE(summary.id, ids.at(i)); // in the order asked
        QVERIFY(summary.complete);
        bytes += summary.bytes;
    }
    QCOMPARE(bytes, qint64(Count / 5 * (0 + 1 + 2 + 3 + 4)));
    QCOMPARE(std::accumulate(batchSizes.cbegin(), batchSizes.cend(), qsizetype(0)),
             qsizetype(Count));
    qInfo() << Count << "reports in" << batchSizes.size() << "batches over" << ms << "ms";
    QVERIFY2(batchSizes.size() <= ms / SourceScanner::ReportBatchMs + 3,
             qPrintable(QStringLiteral("%1 batches in %2 ms").arg(batchSizes.size()).arg(ms)));
}
