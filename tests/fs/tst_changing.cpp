// Issue 3, case 14: a file that grows, one that shrinks and one that is deleted while the
// copy runs. The writer seam changes each source at its first write, so the change lands
// at a known point: each copy is read to the file's real end (never zero-padded to the
// size seen by the scan), each change is one warning, and the job completes.
// Issue 15: a file that changed while it was read is read again from the start once (the
// copy then is the new version, byte for byte); one that changes again keeps the second
// read, is counted as changed while copying, and fails the job (exit status 1), like GNU
// tar's "file changed as we read it". A move keeps such a source.

#include "fshelpers.h"
#include "jobrunner.h"
#include "testmount.h"
#include "testtree.h"

#include <QDeadlineTimer>
#include <QProcess>
#include <QTest>

#include <atomic>
#include <thread>

#include <fcntl.h>
#include <mutex>
#include <sys/stat.h>
#include <unistd.h>

using namespace Sluice;

namespace {

qint64 fileSize(const QByteArray &path)
{
    struct stat st = {};
    return ::stat(path.constData(), &st) == 0 ? qint64(st.st_size) : -1;
}

bool append(const QByteArray &path, qint64 bytes, char fill)
{
    const int fd = ::open(path.constData(), O_WRONLY | O_APPEND | O_CLOEXEC);
    const QByteArray data(int(bytes), fill);
    const bool ok = fd >= 0 && ::write(fd, data.constData(), data.size()) == data.size();
    if (fd >= 0)
        ::close(fd);
    return ok;
}

// Overwrites 4 KiB in the middle of @p path (same size) and gives it the modification time
// 2001-09-09 + @p pass seconds: a change the copy must notice, whatever the clock's tick.
bool rewriteMiddle(const QByteArray &path, int pass)
{
    const int fd = ::open(path.constData(), O_WRONLY | O_CLOEXEC);
    if (fd < 0)
        return false;
    struct stat st = {};
    const QByteArray data(4096, char('A' + pass));
    bool ok = ::fstat(fd, &st) == 0
              && ::pwrite(fd, data.constData(), data.size(), st.st_size / 2) == data.size();
    const timespec times[2] = {{1'000'000'000 + pass, 0}, {1'000'000'000 + pass, 0}};
    ok = ok && ::futimens(fd, times) == 0;
    return ::close(fd) == 0 && ok;
}

// Changes the source @p path at the first write of each of the job's first @p changedReads
// reads of it; a read is one part file (each read writes a new one).
struct ChangingSource
{
    QByteArray path;
    int changedReads = 1;
    std::mutex mutex;
    int reads = 0;
    bool changedThisRead = true;

    void install(IoHooks &hooks)
    {
        hooks.afterPartCreated = [this](const QByteArray &part) {
            if (!part.endsWith("/.file.sluice-part"))
                return;
            std::lock_guard lock(mutex);
            ++reads;
            changedThisRead = reads > changedReads;
        };
        hooks.beforeWrite = [this](const QByteArray &destination, qint64, qint64) {
            if (!destination.endsWith("/file"))
                return 0;
            std::lock_guard lock(mutex);
            if (changedThisRead)
                return 0;
            changedThisRead = true;
            return rewriteMiddle(path, reads) ? 0 : EIO;
        };
    }
};

} // namespace

class TestChanging final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { FS_REQUIRE_ROOT(); }
    void changingSourcesAreReadToTheirRealEnd_data();
    void changingSourcesAreReadToTheirRealEnd();
    void fileDeletedAfterTheScanIsAWarning();
    void fileChangedOnceIsCopiedAgain_data();
    void fileChangedOnceIsCopiedAgain();
    void fileTruncatedToZeroOnceEndsAsTheEmptyFile();
    void fileTruncatedBelowTheReadPositionIsCopiedAgain_data();
    void fileTruncatedBelowTheReadPositionIsCopiedAgain();
    void fileThatKeepsChangingIsCountedAndFails_data();
    void fileThatKeepsChangingIsCountedAndFails();
    void cliExitsOneWhenAFileKeepsChanging();
};

void TestChanging::changingSourcesAreReadToTheirRealEnd_data()
{
    QTest::addColumn<Engine>("engine");
    QTest::addColumn<qint64>("size");
    QTest::addColumn<FsKind>("fs");
    // 8 MiB files go through the reader thread (at most 8 chunks of 64 KiB ahead of the
    // writer); 600 KiB files through the small-file pool, read inline.
    for (const FsKind fs : {FsKind::Ext4, FsKind::Exfat}) {
        for (const Engine engine : {Engine::Stream, Engine::Kernel}) {
            QTest::addRow("%s, %s, big", qPrintable(fsKindName(fs)), qPrintable(engineName(engine)))
                << engine << 8 * MiB << fs;
            QTest::addRow("%s, %s, small", qPrintable(fsKindName(fs)),
                          qPrintable(engineName(engine)))
                << engine << 600 * KiB << fs;
        }
    }
}

void TestChanging::changingSourcesAreReadToTheirRealEnd()
{
    QFETCH(Engine, engine);
    QFETCH(qint64, size);
    QFETCH(FsKind, fs);
    Scratch scratch;
    const QByteArray src = scratch.path("src");
    QVERIFY(TestTree::makePath(src));
    QVERIFY(TestTree::writePatternFile(src + "/deleted", size, 501));
    QVERIFY(TestTree::writePatternFile(src + "/growing", size, 502));
    QVERIFY(TestTree::writePatternFile(src + "/shrinking", size, 503));
    QVERIFY(TestTree::writePatternFile(src + "/steady", size, 504));
    const QByteArray deletedDigest = FsHelpers::fileDigest(src + "/deleted");
    const qint64 grownBy = size / 2 + 3;
    const qint64 shrunkTo = size * 5 / 8 + 1;
    FS_MOUNT(disk, fs, 128 * MiB);

    std::mutex mutex;
    QSet<QByteArray> changed;
    IoHooks hooks;
    hooks.beforeWrite = [&](const QByteArray &destination, qint64, qint64) {
        const QByteArray name = destination.mid(destination.lastIndexOf('/') + 1);
        std::lock_guard lock(mutex);
        if (changed.contains(name))
            return 0;
        changed.insert(name);
        bool ok = true;
        if (name == "deleted")
            ok = ::unlink((src + "/deleted").constData()) == 0;
        else if (name == "growing")
            ok = append(src + "/growing", grownBy, 'g');
        else if (name == "shrinking")
            ok = ::truncate((src + "/shrinking").constData(), shrunkTo) == 0;
        return ok ? 0 : EIO;
    };
    CopyOptions options = JobRunner::quickOptions();
    options.engine = engine;
    options.chunkSize = 64 * KiB;
    const JobRunner::Run run = JobRunner::run({src}, disk->path(), options, {}, hooks);

    QCOMPARE(changed.size(), 4);
    QCOMPARE(run.result.errorCount(), qint64(0));
    QVERIFY2(run.result.status == CopyStatus::CompletedWithWarnings,
             qPrintable(FsHelpers::describeIssues(run.result)));
    QCOMPARE(run.result.itemsCopied, qint64(5));
    // Each change is one warning about that file; the steady one has none.
    for (const QByteArray name : {"deleted", "growing", "shrinking"}) {
        int warnings = 0;
        for (const CopyIssue &issue : run.result.issues)
            warnings += issue.path.endsWith("src/" + name) && !issue.isError() ? 1 : 0;
        QVERIFY2(warnings == 1, qPrintable(QString::fromLatin1(name) + u'\n'
                                           + FsHelpers::describeIssues(run.result)));
    }
    QVERIFY(!FsHelpers::findIssue(run.result, "src/steady"));
    // Each copy holds the file up to its real end: no zero padding, nothing cut off.
    QCOMPARE(fileSize(disk->path("src/growing")), size + grownBy);
    QCOMPARE(FsHelpers::fileDigest(disk->path("src/growing")),
             FsHelpers::fileDigest(src + "/growing"));
    QCOMPARE(fileSize(disk->path("src/shrinking")), shrunkTo);
    QCOMPARE(FsHelpers::fileDigest(disk->path("src/shrinking")),
             FsHelpers::fileDigest(src + "/shrinking"));
    QCOMPARE(fileSize(disk->path("src/deleted")), size);
    QCOMPARE(FsHelpers::fileDigest(disk->path("src/deleted")), deletedDigest);
    QCOMPARE(FsHelpers::fileDigest(disk->path("src/steady")),
             FsHelpers::fileDigest(src + "/steady"));
    // Progress followed the real sizes to exactly 100 %.
    const CopyProgress &last = run.samples.constLast();
    QCOMPARE(last.bytesDone, last.bytesTotal);
    QCOMPARE(last.perMille(), 1000);
    for (const CopyProgress &sample : run.samples)
        QVERIFY(sample.bytesDone <= sample.bytesTotal);
}

// Deleted between the scan and its turn: a warning naming it, the rest copied, the job
// completes (with warnings), nothing failed.
void TestChanging::fileDeletedAfterTheScanIsAWarning()
{
    FS_MOUNT(disk, FsKind::Ext4, 64 * MiB);
    QVERIFY(TestTree::makePath(disk->path("src")));
    QVERIFY(TestTree::writePatternFile(disk->path("src/gone"), 2 * MiB, 71));
    QVERIFY(TestTree::writePatternFile(disk->path("src/kept"), 2 * MiB, 72));
    QVERIFY(TestTree::makePath(disk->path("out")));
    IoHooks hooks;
    hooks.beforeOpen = [](const QByteArray &source) {
        if (source.endsWith("/gone"))
            ::unlink(source.constData());
        return 0;
    };
    const JobRunner::Run run = JobRunner::run({disk->path("src")}, disk->path("out"),
                                              JobRunner::quickOptions(), {}, hooks);
    QVERIFY2(run.result.status == CopyStatus::CompletedWithWarnings,
             qPrintable(FsHelpers::describeIssues(run.result)));
    QCOMPARE(run.result.itemsFailed, qint64(0));
    QCOMPARE(run.result.itemsSkipped, qint64(1));
    QCOMPARE(run.result.errorCount(), qint64(0));
    QCOMPARE(run.result.warningCount(), qint64(1));
    QVERIFY(run.result.issues.first().path.endsWith("src/gone"));
    QCOMPARE(run.result.issues.first().errorCode, ENOENT);
    QCOMPARE(FsHelpers::fileDigest(disk->path("out/src/kept")),
             FsHelpers::fileDigest(disk->path("src/kept")));
    QVERIFY(::access(disk->path("out/src/gone").constData(), F_OK) != 0);
    QVERIFY(TestTree::findPartFiles(disk->path("out")).isEmpty());
}

void TestChanging::fileChangedOnceIsCopiedAgain_data()
{
    QTest::addColumn<Engine>("engine");
    QTest::addColumn<qint64>("size");
    // 8 MiB: the reader thread (several chunks ahead of the writer); 600 KiB: inline.
    QTest::newRow("stream, big") << Engine::Stream << 8 * MiB;
    QTest::newRow("kernel, big") << Engine::Kernel << 8 * MiB;
    QTest::newRow("stream, small") << Engine::Stream << 600 * KiB;
}

void TestChanging::fileChangedOnceIsCopiedAgain()
{
    QFETCH(Engine, engine);
    QFETCH(qint64, size);
    Scratch scratch;
    const QByteArray src = scratch.path("src");
    QVERIFY(TestTree::makePath(src));
    QVERIFY(TestTree::writePatternFile(src + "/file", size, 601));
    FS_MOUNT(disk, FsKind::Ext4, 64 * MiB);
    ChangingSource source;
    source.path = src + "/file";
    IoHooks hooks;
    source.install(hooks);
    CopyOptions options = JobRunner::quickOptions();
    options.engine = engine;
    options.chunkSize = 64 * KiB;
    const JobRunner::Run run = JobRunner::run({src}, disk->path(), options, {}, hooks);

    QCOMPARE(source.reads, 2); // changed in the first read, copied again, once
    QVERIFY2(run.result.status == CopyStatus::CompletedWithWarnings,
             qPrintable(FsHelpers::describeIssues(run.result)));
    QCOMPARE(run.result.itemsCopied, qint64(2));
    QCOMPARE(run.result.itemsChanged, qint64(0));
    QCOMPARE(run.result.warningCount(), qint64(1));
    // Worded as what happened, not as a failure to read.
    const QString message = run.result.issues.first().message();
    QVERIFY2(message.startsWith(u"Warning: “") && !message.contains(u"Cannot")
                 && message.contains(u"/src/file” changed while it was read; copied again from "
                                     u"the start ("),
             qPrintable(message));
    // The copy is the new version, byte for byte, with its time.
    QCOMPARE(FsHelpers::fileDigest(disk->path("src/file")), FsHelpers::fileDigest(src + "/file"));
    struct stat copy = {};
    QCOMPARE(::stat(disk->path("src/file").constData(), &copy), 0);
    QCOMPARE(qint64(copy.st_mtim.tv_sec), qint64(1'000'000'001));
    QVERIFY(TestTree::findPartFiles(disk->path()).isEmpty());
    // Progress only goes forward, and the job's size stays what was planned: the second
    // read moves bytesDone on only past where the first one had reached (as for a retry).
    const CopyProgress &last = run.samples.constLast();
    QCOMPARE(last.bytesDone, last.bytesTotal);
    QCOMPARE(last.bytesTotal, size);
    for (qsizetype i = 1; i < run.samples.size(); ++i)
        QVERIFY(run.samples[i].bytesDone >= run.samples[i - 1].bytesDone);
}

// The case seen in issue 15: truncated to zero in the middle of its copy. The copy must not
// be a prefix of the old content: it is read again and ends as the file now is, empty.
void TestChanging::fileTruncatedToZeroOnceEndsAsTheEmptyFile()
{
    Scratch scratch;
    const QByteArray src = scratch.path("src");
    QVERIFY(TestTree::makePath(src));
    QVERIFY(TestTree::writePatternFile(src + "/file", 16 * MiB, 602));
    FS_MOUNT(disk, FsKind::Ext4, 64 * MiB);
    std::atomic<int> truncations{0};
    IoHooks hooks;
    hooks.beforeWrite = [&](const QByteArray &, qint64 offset, qint64) {
        if (offset < 4 * MiB || truncations.fetch_add(1) > 0)
            return 0;
        return ::truncate((src + "/file").constData(), 0) == 0 ? 0 : EIO;
    };
    CopyOptions options = JobRunner::quickOptions();
    options.chunkSize = 256 * KiB;
    const JobRunner::Run run = JobRunner::run({src}, disk->path(), options, {}, hooks);
    QVERIFY(truncations.load() >= 1);
    QVERIFY2(run.result.errorCount() == 0, qPrintable(FsHelpers::describeIssues(run.result)));
    QCOMPARE(fileSize(disk->path("src/file")), qint64(0));
    QCOMPARE(run.result.warningCount(), qint64(1));
    QVERIFY(run.result.issues.first().detail.contains(u"copied again from the start"));
}

void TestChanging::fileTruncatedBelowTheReadPositionIsCopiedAgain_data()
{
    QTest::addColumn<Engine>("engine");
    QTest::newRow("auto") << Engine::Auto; // reflink refused on ext4, then copy_file_range
    QTest::newRow("kernel") << Engine::Kernel;
    QTest::newRow("stream") << Engine::Stream;
}

// Issue 15, found by a tester: truncated once, by another process, to a size below where the
// first read had got to. ext4 makes the new size visible before it frees the blocks and only
// then stamps the times: the first read ends at the new size while the truncate is still
// running, and the read again must not take the late time stamp for a second change. One
// change is one read again: the copy is the file as it is now, a warning, never "changed as
// it was read, twice". The truncate runs on a thread of its own, as another process's would;
// the first read waits until its new size is visible, the second read's first write until
// truncate(2) has returned, so its stamp falls inside the second read.
void TestChanging::fileTruncatedBelowTheReadPositionIsCopiedAgain()
{
    QFETCH(Engine, engine);
    // Source and copy on one ext4, so that copy_file_range(2) serves (not across mounts); a
    // big file, so that the truncate has much to free (a long time in flight).
    FS_MOUNT(disk, FsKind::Ext4, 320 * MiB);
    const QByteArray src = disk->path("src");
    QVERIFY(TestTree::makePath(src));
    QVERIFY(TestTree::makePath(disk->path("out")));
    QVERIFY(TestTree::writePatternFile(src + "/file", 128 * MiB, 606));
    constexpr qint64 TruncatedTo = 3 * MiB + 5;
    std::thread truncator;
    std::atomic<bool> truncated{false};
    std::atomic<int> truncateResult{-1};
    std::atomic<qint64> truncatedAt{-1};
    std::atomic<int> parts{0};
    IoHooks hooks;
    hooks.afterPartCreated = [&](const QByteArray &) { parts.fetch_add(1); };
    hooks.beforeWrite = [&](const QByteArray &, qint64 offset, qint64) {
        if (parts.load() >= 2) { // the read again: after the truncate returned
            if (truncator.joinable())
                truncator.join();
            return 0;
        }
        if (offset < 8 * MiB || truncatedAt.load() >= 0)
            return 0;
        truncatedAt.store(offset);
        truncator = std::thread([&] {
            truncateResult.store(::truncate((src + "/file").constData(), TruncatedTo));
            truncated.store(true);
        });
        // Until the new size shows (the truncate is then under way, or done).
        QDeadlineTimer deadline(10000);
        while (fileSize(src + "/file") != TruncatedTo && !deadline.hasExpired())
            std::this_thread::yield();
        return 0;
    };
    CopyOptions options = JobRunner::quickOptions();
    options.engine = engine;
    options.chunkSize = 256 * KiB;
    const JobRunner::Run run = JobRunner::run({src}, disk->path("out"), options, {}, hooks);
    if (truncator.joinable())
        truncator.join();

    QVERIFY(truncated.load());
    QCOMPARE(truncateResult.load(), 0);
    QVERIFY(truncatedAt.load() >= 8 * MiB); // well past the new end
    QCOMPARE(parts.load(), 2);              // read twice: once more after the change
    QVERIFY2(run.result.status == CopyStatus::CompletedWithWarnings,
             qPrintable(FsHelpers::describeIssues(run.result)));
    QCOMPARE(run.result.itemsChanged, qint64(0));
    QCOMPARE(run.result.errorCount(), qint64(0));
    QCOMPARE(run.result.warningCount(), qint64(1));
    QCOMPARE(run.result.issues.first().operation, FileOperation::ReadAgain);
    QCOMPARE(fileSize(disk->path("out/src/file")), TruncatedTo);
    QCOMPARE(FsHelpers::fileDigest(disk->path("out/src/file")),
             FsHelpers::fileDigest(src + "/file"));
    QVERIFY(TestTree::findPartFiles(disk->path("out")).isEmpty());
}

void TestChanging::fileThatKeepsChangingIsCountedAndFails_data()
{
    QTest::addColumn<bool>("move");
    QTest::newRow("copy") << false;
    QTest::newRow("move") << true;
}

void TestChanging::fileThatKeepsChangingIsCountedAndFails()
{
    QFETCH(bool, move);
    Scratch scratch;
    const QByteArray src = scratch.path("src");
    QVERIFY(TestTree::makePath(src));
    QVERIFY(TestTree::writePatternFile(src + "/file", 8 * MiB, 603));
    QVERIFY(TestTree::writePatternFile(src + "/steady", 3 * MiB, 604));
    FS_MOUNT(disk, FsKind::Ext4, 64 * MiB);
    ChangingSource source;
    source.path = src + "/file";
    source.changedReads = 1000; // every read
    IoHooks hooks;
    source.install(hooks);
    CopyOptions options = JobRunner::quickOptions();
    options.chunkSize = 64 * KiB;
    options.move = move;
    const JobRunner::Run run = JobRunner::run({src}, disk->path(), options, {}, hooks);

    QCOMPARE(source.reads, 2); // read twice, never a third time
    QVERIFY2(run.result.status == CopyStatus::Failed,
             qPrintable(FsHelpers::describeIssues(run.result)));
    QCOMPARE(run.result.itemsChanged, qint64(1));
    QCOMPARE(run.result.itemsCopied, qint64(2)); // the folder and the steady file
    QCOMPARE(run.result.itemsFailed, qint64(0));
    const CopyIssue *error = FsHelpers::findError(run.result, "src/file");
    QVERIFY2(error, qPrintable(FsHelpers::describeIssues(run.result)));
    QVERIFY(error->detail.contains(u"changed as it was read, twice"));
    // What the second read saw is kept at the final name (renamed into place whole); a move
    // keeps the source, whose copy may match none of its versions.
    QCOMPARE(fileSize(disk->path("src/file")), 8 * MiB);
    QVERIFY(TestTree::findPartFiles(disk->path()).isEmpty());
    QCOMPARE(::access((src + "/file").constData(), F_OK), 0);
    QCOMPARE(::access((src + "/steady").constData(), F_OK), move ? -1 : 0);
    QCOMPARE(FsHelpers::fileDigest(disk->path("src/steady")).isEmpty(), false);
}

// sluice-cli's exit status for such a file: 1, with the file named and counted. The source
// is changed by another process all the time the copy runs (nothing to time: every read
// sees a change).
void TestChanging::cliExitsOneWhenAFileKeepsChanging()
{
    Scratch scratch;
    const QByteArray src = scratch.path("src");
    QVERIFY(TestTree::makePath(src));
    QVERIFY(TestTree::writePatternFile(src + "/log", 4 * MiB, 605));
    FS_MOUNT(disk, FsKind::Ext4, 64 * MiB);
    QProcess writer;
    writer.start(QStringLiteral("/bin/sh"),
                 {QStringLiteral("-c"), QStringLiteral("while :; do printf x >> '%1/log'; done")
                                            .arg(QString::fromLocal8Bit(src))});
    QVERIFY(writer.waitForStarted());
    // Wait until the writer is really appending, so that the copy cannot start before it.
    QTRY_VERIFY_WITH_TIMEOUT(fileSize(src + "/log") > 4 * MiB, 10000);
    const FsHelpers::ChildRun run =
        FsHelpers::runCli({"--limit", "16M", "--durability", "none", src, disk->path()});
    writer.kill();
    writer.waitForFinished();
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains("changed as it was read, twice"), run.err.constData());
    QVERIFY2(run.err.contains("1 file changed while copying"), run.err.constData());
    // The summary line counts it: the job failed, though none failed to be copied.
    QVERIFY2(run.err.contains("\nfailed: ") && run.err.contains(", 1 changed while copying;"),
             run.err.constData());
    QVERIFY(TestTree::findPartFiles(disk->path()).isEmpty());
}

QTEST_GUILESS_MAIN(TestChanging)
#include "tst_changing.moc"
