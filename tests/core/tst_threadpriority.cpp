// The copying threads run below the GUI thread's CPU priority (nice + SCHED_BATCH), read back
// from the kernel (/proc/self/task/TID/stat, proc(5)) while a job is held in the middle of a
// file, so that a copy cannot make the window stutter.

#include "jobrunner.h"
#include "sourcescan.h"
#include "testtree.h"
#include "threadpriority.h"
#include "writergate.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTest>

#include <sched.h>
#include <sys/resource.h>
#include <unistd.h>

using namespace Sluice;

namespace {

struct ThreadPriority
{
    int nice = 0;
    int policy = -1;
};

// Name (comm) → priority of every thread of this process whose name starts with @p prefix.
QMap<QString, ThreadPriority> threadsNamed(const QString &prefix)
{
    QMap<QString, ThreadPriority> found;
    const QDir tasks(QStringLiteral("/proc/self/task"));
    for (const QString &tid : tasks.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        QFile comm(tasks.filePath(tid + QStringLiteral("/comm")));
        QFile stat(tasks.filePath(tid + QStringLiteral("/stat")));
        if (!comm.open(QIODevice::ReadOnly) || !stat.open(QIODevice::ReadOnly))
            continue; // the thread ended meanwhile
        const QString name = QString::fromUtf8(comm.readAll().trimmed());
        if (!name.startsWith(prefix))
            continue;
        // Fields after the ")" that ends the name: 3 (state) onwards; nice is 19, policy 41.
        const QByteArray line = stat.readAll();
        const QList<QByteArray> fields = line.mid(line.lastIndexOf(')') + 2).split(' ');
        if (fields.size() < 39)
            continue;
        found.insert(name, ThreadPriority{fields.at(16).toInt(), fields.at(38).toInt()});
    }
    return found;
}

int ownNice()
{
    return getpriority(PRIO_PROCESS, id_t(gettid()));
}

} // namespace

class TestThreadPriority final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void copyingThreadsRunBelowTheGuiThread();
    void scanThreadRunsBelowTheGuiThread();
};

void TestThreadPriority::copyingThreadsRunBelowTheGuiThread()
{
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("src")));
    QVERIFY(TestTree::makePath(scratch.path("dst")));
    // A file big enough for the stream engine's reader, held after its first chunk, and a
    // second file, so that the small-file threads exist too.
    QVERIFY(TestTree::writeFile(scratch.path("src/big"), QByteArray(8 * MiB, 'b')));
    QVERIFY(TestTree::writeFile(scratch.path("src/small"), QByteArray(100, 's')));
    const int guiNice = ownNice();
    const int expectedNice = std::min(19, guiNice + CopyThreadNiceOffset);
    QCOMPARE(copyThreadNice(), expectedNice);

    CopyOptions options = JobRunner::quickOptions();
    options.engine = Engine::Stream;
    options.chunkSize = 1 * MiB;
    options.smallFileWorkers = 3;
    WriterGate gate(2 * MiB, QByteArrayLiteral("big"));
    CopyJob job(
        CopyRequest{{scratch.path("src/big"), scratch.path("src/small")}, scratch.path("dst")},
        options);
    QSignalSpy finished(&job, &CopyJob::finished);
    job.setIoHooks(gate.hooks());
    job.start();
    QVERIFY(gate.waitUntilReached());

    // Each thread lowers itself when it starts; wait until all five report it.
    const QStringList lowered{QStringLiteral("sluice-copy"), QStringLiteral("sluice-read"),
                              QStringLiteral("sluice-small-1"), QStringLiteral("sluice-small-2"),
                              QStringLiteral("sluice-small-3")};
    QMap<QString, ThreadPriority> threads;
    const auto allLowered = [&] {
        threads = threadsNamed(QStringLiteral("sluice-"));
        return std::all_of(lowered.begin(), lowered.end(), [&](const QString &name) {
            return threads.value(name).nice == expectedNice;
        });
    };
    QTRY_VERIFY_WITH_TIMEOUT(allLowered(), 20000);
    for (const QString &name : lowered) {
        QCOMPARE(threads.value(name).nice, expectedNice);
        QCOMPARE(threads.value(name).policy, SCHED_BATCH);
    }
    // The GUI (main) thread and the progress sampler keep the process's priority.
    QVERIFY(threads.contains(QStringLiteral("sluice-progress")));
    QCOMPARE(threads.value(QStringLiteral("sluice-progress")).nice, guiNice);
    QCOMPARE(threads.value(QStringLiteral("sluice-progress")).policy, SCHED_OTHER);
    QCOMPARE(ownNice(), guiNice);
    QCOMPARE(sched_getscheduler(0), SCHED_OTHER);

    gate.open();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 60000);
    QCOMPARE(finished.first().first().value<CopyResult>().status, CopyStatus::Succeeded);
    QCOMPARE(TestTree::readFile(scratch.path("dst/big")), QByteArray(8 * MiB, 'b'));
}

void TestThreadPriority::scanThreadRunsBelowTheGuiThread()
{
    const int expectedNice = std::min(19, ownNice() + CopyThreadNiceOffset);
    SourceScanner scanner;
    QSignalSpy scanned(&scanner, &SourceScanner::scanned);
    ScanOptions options;
    options.rootOnly = true;
    scanner.scan(QByteArrayLiteral("/"), options);
    QTRY_COMPARE_WITH_TIMEOUT(scanned.size(), 1, 20000);
    const QMap<QString, ThreadPriority> threads = threadsNamed(QStringLiteral("sluice-scan"));
    QCOMPARE(threads.size(), 1);
    QCOMPARE(threads.first().nice, expectedNice);
    QCOMPARE(threads.first().policy, SCHED_BATCH);
}

QTEST_GUILESS_MAIN(TestThreadPriority)
#include "tst_threadpriority.moc"
