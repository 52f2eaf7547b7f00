// Whole jobs on real trees: byte-identical copies of every kind of entry and odd names,
// cp -r destination semantics, progress that only rises and ends at 100 %, one finished().

#include "jobrunner.h"
#include "testtree.h"

#include <QProcess>
#include <QTest>
#include <QThread>

#include <condition_variable>
#include <map>
#include <mutex>
#include <set>

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

using namespace Sluice;

namespace {

constexpr qint64 Chunk = 64 * KiB;

// Builds the reference tree under `root` and returns false on any failure.
bool buildTree(const QByteArray &root)
{
    using namespace TestTree;
    bool ok = makePath(root + "/nested/a/b/c") && makePath(root + "/empty folder");
    ok = ok && writeFile(root + "/nested/a/b/c/deep.txt", "deep\n");
    ok = ok && writeFile(root + "/empty", {});
    ok = ok && writeFile(root + "/one", "1");
    ok = ok && writePatternFile(root + "/chunk-minus-1", Chunk - 1, 1);
    ok = ok && writePatternFile(root + "/chunk", Chunk, 2);
    ok = ok && writePatternFile(root + "/chunk-plus-1", Chunk + 1, 3);
    ok = ok && writePatternFile(root + "/nested/few-mib", 3 * MiB + 17, 4);
    ok = ok && writePatternFile(root + "/nested/a/big-ish", 2 * MiB, 5);
    ok = ok && ::symlink("one", (root + "/relative-link").constData()) == 0;
    ok = ok && ::symlink("/etc/hostname", (root + "/absolute-link").constData()) == 0;
    ok = ok && ::symlink("nowhere/at/all", (root + "/dangling-link").constData()) == 0;
    ok = ok && ::mkfifo((root + "/nested/fifo").constData(), 0640) == 0;
    ok = ok && writeFile(root + "/odd name #%41", "odd");
    ok = ok && writeFile(root + "/new\nline", "newline");
    ok = ok && writeFile(root + "/bad\xff\xfe bytes", "invalid utf-8");
    ok = ok && writeFile(root + "/Grüße 😀", "unicode");
    ok = ok && ::chmod((root + "/one").constData(), 0600) == 0;
    ok = ok && ::chmod((root + "/nested/a").constData(), 0750) == 0;
    ok = ok && ::chmod((root + "/chunk").constData(), 0755) == 0;
    // Nanosecond times on a file and on a folder (applied after its children).
    const timespec times[2] = {{1'600'000'000, 123'456'789}, {1'500'000'000, 987'654'321}};
    ok = ok && ::utimensat(AT_FDCWD, (root + "/chunk-plus-1").constData(), times, 0) == 0;
    ok = ok && ::utimensat(AT_FDCWD, (root + "/nested/a/b").constData(), times, 0) == 0;
    ok = ok && ::utimensat(AT_FDCWD, (root + "/nested").constData(), times, 0) == 0;
    return ok;
}

void verifyMonotonic(const JobRunner::Run &run)
{
    qint64 done = 0;
    qint64 read = 0;
    qint64 written = 0;
    qint64 items = 0;
    for (const CopyProgress &sample : run.samples) {
        QVERIFY(sample.bytesDone >= done);
        QVERIFY(sample.bytesRead >= read);
        QVERIFY(sample.bytesWritten >= written);
        QVERIFY(sample.itemsDone >= items);
        QVERIFY(sample.bytesDone <= sample.bytesTotal);
        QVERIFY(sample.etaMs >= -1);
        QVERIFY(sample.buffersInUse >= 0 && sample.buffersInUse <= sample.queueDepth);
        done = sample.bytesDone;
        read = sample.bytesRead;
        written = sample.bytesWritten;
        items = sample.itemsDone;
    }
}

} // namespace

class TestCopyJob final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void copiesEveryKindOfEntryIdentically_data();
    void copiesEveryKindOfEntryIdentically();
    void copiesOneFileToANewName();
    void copiesSeveralSourcesIntoAFolder();
    void refusesSeveralSourcesOntoAFile();
    void missingDestinationFolderCannotStart();
    void emptyJobEndsAtHundredPercent();
    void dryRunWritesNothing();
    void readsPseudoFilesToTheirRealEnd();
    void permissionBitsAreExactInNewAndExistingFolders_data();
    void permissionBitsAreExactInNewAndExistingFolders();
    void smallFilesOfOneFolderStayOnOneThread();
    void modesAreExactUnderADefaultAcl();
};

void TestCopyJob::copiesEveryKindOfEntryIdentically_data()
{
    QTest::addColumn<Engine>("engine");
    QTest::addColumn<int>("workers");
    QTest::newRow("stream, serial") << Engine::Stream << 1;
    QTest::newRow("stream, small-file pool") << Engine::Stream << 4;
    QTest::newRow("kernel, serial") << Engine::Kernel << 1;
    QTest::newRow("auto, small-file pool") << Engine::Auto << 0;
}

void TestCopyJob::copiesEveryKindOfEntryIdentically()
{
    QFETCH(Engine, engine);
    QFETCH(int, workers);
    Scratch scratch;
    QVERIFY(scratch.isValid());
    const QByteArray source = scratch.path("source");
    QVERIFY(TestTree::makePath(source));
    QVERIFY(buildTree(source));
    QVERIFY(TestTree::makePath(scratch.path("out")));

    CopyOptions options = JobRunner::quickOptions();
    options.chunkSize = Chunk;
    options.queueDepth = 4;
    options.engine = engine;
    options.smallFileWorkers = workers;
    const JobRunner::Run run = JobRunner::run({source}, scratch.path("out"), options);

    QVERIFY(!run.timedOut);
    QCOMPARE(run.finishedCount, 1);
    QCOMPARE(run.result.status, CopyStatus::Succeeded);
    QVERIFY(run.result.issues.isEmpty());
    const qint64 entries = TestTree::countEntries(source) + 1;
    QCOMPARE(run.result.itemsTotal, entries);
    QCOMPARE(run.result.itemsCopied, entries);
    QCOMPARE(run.result.itemsFailed, 0);
    const QStringList differences = TestTree::compareTrees(source, scratch.path("out/source"));
    QVERIFY2(differences.isEmpty(), qPrintable(differences.join(QLatin1Char('\n'))));
    QVERIFY(TestTree::findPartFiles(scratch.path("out")).isEmpty());

    QVERIFY(!run.samples.isEmpty());
    verifyMonotonic(run);
    const CopyProgress &last = run.samples.constLast();
    QCOMPARE(last.phase, CopyPhase::Finished);
    QCOMPARE(last.bytesDone, last.bytesTotal);
    QCOMPARE(last.perMille(), 1000);
    QCOMPARE(last.itemsDone, entries);
    QCOMPARE(last.etaMs, qint64(0));
}

void TestCopyJob::copiesOneFileToANewName()
{
    Scratch scratch;
    QVERIFY(TestTree::writePatternFile(scratch.path("a.bin"), 100'000, 9));
    const JobRunner::Run run =
        JobRunner::run({scratch.path("a.bin")}, scratch.path("b.bin"), JobRunner::quickOptions());
    QCOMPARE(run.result.status, CopyStatus::Succeeded);
    QVERIFY(TestTree::compareTrees(scratch.path("a.bin"), scratch.path("b.bin")).isEmpty());
}

void TestCopyJob::copiesSeveralSourcesIntoAFolder()
{
    Scratch scratch;
    QVERIFY(TestTree::writeFile(scratch.path("x"), "x"));
    QVERIFY(TestTree::makePath(scratch.path("dir/sub")));
    QVERIFY(TestTree::writeFile(scratch.path("dir/sub/y"), "y"));
    QVERIFY(TestTree::makePath(scratch.path("out")));
    // A trailing slash on the destination and on a folder source changes nothing.
    const JobRunner::Run run = JobRunner::run({scratch.path("x"), scratch.path("dir/")},
                                              scratch.path("out/"), JobRunner::quickOptions());
    QCOMPARE(run.result.status, CopyStatus::Succeeded);
    QCOMPARE(TestTree::readFile(scratch.path("out/x")), QByteArray("x"));
    QCOMPARE(TestTree::readFile(scratch.path("out/dir/sub/y")), QByteArray("y"));
    QCOMPARE(run.result.itemsCopied, qint64(4));
}

void TestCopyJob::refusesSeveralSourcesOntoAFile()
{
    Scratch scratch;
    QVERIFY(TestTree::writeFile(scratch.path("x"), "x"));
    QVERIFY(TestTree::writeFile(scratch.path("y"), "y"));
    QVERIFY(TestTree::writeFile(scratch.path("file"), "keep"));
    const JobRunner::Run run = JobRunner::run({scratch.path("x"), scratch.path("y")},
                                              scratch.path("file"), JobRunner::quickOptions());
    QCOMPARE(run.finishedCount, 1);
    QCOMPARE(run.result.status, CopyStatus::Failed);
    QVERIFY(!run.result.started);
    QCOMPARE(run.result.issues.size(), 1);
    QCOMPARE(run.result.issues.first().errorCode, ENOTDIR);
    QCOMPARE(TestTree::readFile(scratch.path("file")), QByteArray("keep"));
}

void TestCopyJob::missingDestinationFolderCannotStart()
{
    Scratch scratch;
    QVERIFY(TestTree::writeFile(scratch.path("x"), "x"));
    const JobRunner::Run run = JobRunner::run({scratch.path("x")}, scratch.path("no/such/dir/x"),
                                              JobRunner::quickOptions());
    QCOMPARE(run.result.status, CopyStatus::Failed);
    QVERIFY(!run.result.started);
    QVERIFY(run.result.issues.first().message().contains(QStringLiteral("no/such/dir")));
}

void TestCopyJob::emptyJobEndsAtHundredPercent()
{
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("src/e1/e2")));
    QVERIFY(TestTree::makePath(scratch.path("src/e3")));
    QVERIFY(TestTree::writeFile(scratch.path("src/e3/zero"), {}));
    QVERIFY(TestTree::makePath(scratch.path("out")));
    const JobRunner::Run run =
        JobRunner::run({scratch.path("src")}, scratch.path("out"), JobRunner::quickOptions());
    QCOMPARE(run.result.status, CopyStatus::Succeeded);
    QCOMPARE(run.result.itemsCopied, qint64(5));
    const CopyProgress &last = run.samples.constLast();
    QCOMPARE(last.bytesTotal, qint64(0));
    QCOMPARE(last.perMille(), 1000);
    for (const CopyProgress &sample : run.samples)
        QVERIFY(sample.perMille() >= 0 && sample.perMille() <= 1000);
    QVERIFY(TestTree::compareTrees(scratch.path("src"), scratch.path("out/src")).isEmpty());
}

void TestCopyJob::dryRunWritesNothing()
{
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("src/a")));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/a/f"), 12345, 1));
    QVERIFY(TestTree::makePath(scratch.path("out")));
    CopyOptions options = JobRunner::quickOptions();
    options.dryRun = true;
    const JobRunner::Run run = JobRunner::run({scratch.path("src")}, scratch.path("out"), options);
    QCOMPARE(run.result.status, CopyStatus::Succeeded);
    QCOMPARE(run.result.itemsTotal, qint64(3));
    QCOMPARE(run.result.bytesTotal, qint64(12345));
    QCOMPARE(TestTree::countEntries(scratch.path("out")), qint64(0));
}

void TestCopyJob::readsPseudoFilesToTheirRealEnd()
{
    // /proc files report size 0; /sys attributes report 4096. Both must hold what read(2)
    // returns: not empty, not padded.
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("out")));
    QByteArray sysAttribute = "/sys/kernel/mm/transparent_hugepage/enabled";
    if (::access(sysAttribute.constData(), R_OK) != 0)
        sysAttribute = "/sys/power/state";
    const QByteArray sysValue = TestTree::readFile(sysAttribute);
    QVERIFY(!sysValue.isEmpty());
    const QByteArray sysCopy =
        scratch.path("out/") + sysAttribute.mid(sysAttribute.lastIndexOf('/') + 1);
    // "cpu MHz" may change between two reads on real hardware; the rest may not.
    auto withoutClock = [](const QByteArray &text) {
        QByteArrayList kept;
        for (const QByteArray &line : text.split('\n')) {
            if (!line.startsWith("cpu MHz"))
                kept << line;
        }
        return kept.join('\n');
    };
    for (const Engine engine : {Engine::Auto, Engine::Stream, Engine::Kernel}) {
        CopyOptions options = JobRunner::quickOptions();
        options.engine = engine;
        const JobRunner::Run run = JobRunner::run({"/proc/version", "/proc/cpuinfo", sysAttribute},
                                                  scratch.path("out"), options);
        QCOMPARE(run.result.status, CopyStatus::CompletedWithWarnings); // pseudo-fs preflight
        QCOMPARE(run.result.errorCount(), qint64(0));
        QCOMPARE(TestTree::readFile(scratch.path("out/version")),
                 TestTree::readFile("/proc/version"));
        const QByteArray cpuinfo = TestTree::readFile(scratch.path("out/cpuinfo"));
        QVERIFY(cpuinfo.size() > 100);
        QCOMPARE(withoutClock(cpuinfo), withoutClock(TestTree::readFile("/proc/cpuinfo")));
        QCOMPARE(TestTree::readFile(sysCopy), sysValue);
    }
}

void TestCopyJob::permissionBitsAreExactInNewAndExistingFolders_data()
{
    QTest::addColumn<int>("mode");
    QTest::addColumn<bool>("preserveMode");
    QTest::addColumn<int>("umask");
    // In a folder the job creates, the part file may start with its final mode (no fchmod);
    // in an existing folder it starts as 0600. Both must end with the same, exact bits.
    for (const int mode : {0644, 0600, 0640, 0755, 0444, 0200, 0000, 0777, 01755, 02750, 04755}) {
        for (const bool preserve : {true, false}) {
            for (const int mask : {022, 027, 077}) {
                QTest::addRow("%04o %s umask %03o", mode, preserve ? "kept" : "masked", mask)
                    << mode << preserve << mask;
            }
        }
    }
}

void TestCopyJob::permissionBitsAreExactInNewAndExistingFolders()
{
    QFETCH(int, mode);
    QFETCH(bool, preserveMode);
    QFETCH(int, umask);
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("src/sub")));
    QVERIFY(TestTree::writeFile(scratch.path("src/sub/f"), "data"));
    QVERIFY(TestTree::writeFile(scratch.path("g"), "more"));
    QVERIFY(::chmod(scratch.path("src/sub/f").constData(), mode_t(mode)) == 0);
    QVERIFY(::chmod(scratch.path("g").constData(), mode_t(mode)) == 0);
    QVERIFY(TestTree::makePath(scratch.path("out")));

    const mode_t previous = ::umask(mode_t(umask));
    CopyOptions options = JobRunner::quickOptions();
    options.preserve.mode = preserveMode;
    options.smallFileWorkers = 2;
    const JobRunner::Run run =
        JobRunner::run({scratch.path("src"), scratch.path("g")}, scratch.path("out"), options);
    ::umask(previous);

    QCOMPARE(run.result.status, CopyStatus::Succeeded);
    // Owner and group are kept (the copier owns the source), so set-ID bits stay too.
    const mode_t expected = preserveMode ? mode_t(mode) : mode_t(mode) & 0777 & ~mode_t(umask);
    struct stat created = {};
    struct stat existing = {};
    QVERIFY(::lstat(scratch.path("out/src/sub/f").constData(), &created) == 0);
    QVERIFY(::lstat(scratch.path("out/g").constData(), &existing) == 0);
    QCOMPARE(created.st_mode & 07777, expected);  // in a folder the job created
    QCOMPARE(existing.st_mode & 07777, expected); // in a folder that existed
    QVERIFY(::chmod(scratch.path("out/src/sub/f").constData(), 0600) == 0);
    QCOMPARE(TestTree::readFile(scratch.path("out/src/sub/f")), QByteArray("data"));
}

void TestCopyJob::smallFilesOfOneFolderStayOnOneThread()
{
    // Small files go to the pool in batches of one folder's files: two threads creating and
    // renaming in one folder would queue on its lock. 12 folders of 20 files, one of 600
    // (more than one batch), and a file of 2 MiB copied by the job's own thread meanwhile.
    Scratch scratch;
    const QByteArray source = scratch.path("src");
    int files = 0;
    for (int folder = 0; folder < 12; ++folder) {
        const QByteArray path = source + "/d" + QByteArray::number(folder);
        QVERIFY(TestTree::makePath(path));
        for (int file = 0; file < 20; ++file, ++files)
            QVERIFY(TestTree::writePatternFile(path + "/f" + QByteArray::number(file),
                                               100 + file * 37, folder * 100 + file));
    }
    QVERIFY(TestTree::makePath(source + "/wide"));
    for (int file = 0; file < 600; ++file, ++files)
        QVERIFY(
            TestTree::writePatternFile(source + "/wide/w" + QByteArray::number(file), file, file));
    QVERIFY(TestTree::writePatternFile(source + "/big", 2 * MiB, 7));
    QVERIFY(TestTree::makePath(scratch.path("out")));

    std::mutex mutex;
    std::condition_variable secondThread;
    std::map<QByteArray, std::set<QThread *>> threadsByFolder;
    std::set<QThread *> threads;
    IoHooks hooks;
    hooks.afterPartCreated = [&](const QByteArray &partPath) {
        const QByteArray folder = partPath.left(partPath.lastIndexOf('/'));
        std::unique_lock lock(mutex);
        threadsByFolder[folder].insert(QThread::currentThread());
        threads.insert(QThread::currentThread());
        // The first file waits (up to 10 s) until a second thread copies too: proof that the
        // folders really are copied in parallel, not one after the other.
        if (threads.size() == 1)
            secondThread.wait_for(lock, std::chrono::seconds(10),
                                  [&] { return threads.size() > 1; });
        else
            secondThread.notify_all();
    };
    CopyOptions options = JobRunner::quickOptions();
    options.smallFileWorkers = 4;
    const JobRunner::Run run = JobRunner::run({source}, scratch.path("out"), options, {}, hooks);

    QCOMPARE(run.result.status, CopyStatus::Succeeded);
    QCOMPARE(run.result.itemsCopied, qint64(files + 1 + 1 + 13)); // files, big, src + folders
    const QStringList differences = TestTree::compareTrees(source, scratch.path("out/src"));
    QVERIFY2(differences.isEmpty(), qPrintable(differences.join(QLatin1Char('\n'))));
    QVERIFY(threads.size() > 1);
    for (int folder = 0; folder < 12; ++folder) {
        const QByteArray path = scratch.path("out/src/d") + QByteArray::number(folder);
        QCOMPARE(threadsByFolder[path].size(), std::size_t(1));
    }
    QCOMPARE(threadsByFolder.count(scratch.path("out/src/wide")), std::size_t(1));
}

void TestCopyJob::modesAreExactUnderADefaultAcl()
{
    // A folder the copy creates inherits the destination's default ACL, which replaces the
    // umask (acl(5)): a file created there with mode 0644 would get the ACL's group bits.
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("src")));
    QVERIFY(TestTree::makePath(scratch.path("out")));
    for (const int mode : {0644, 0755, 0600, 0444}) {
        const QByteArray name = scratch.path("src/f") + QByteArray::number(mode, 8);
        QVERIFY(TestTree::writeFile(name, "data"));
        QVERIFY(::chmod(name.constData(), mode_t(mode)) == 0);
    }
    QProcess setfacl;
    setfacl.start(QStringLiteral("setfacl"), {QStringLiteral("-d"), QStringLiteral("-m"),
                                              QStringLiteral("u::rwx,g::r-x,o::---,m::rwx"),
                                              QString::fromLocal8Bit(scratch.path("out"))});
    if (!setfacl.waitForFinished(10000) || setfacl.exitStatus() != QProcess::NormalExit
        || setfacl.exitCode() != 0)
        QSKIP("setfacl (package acl) is missing or this file system has no ACLs");

    for (const bool archive : {false, true}) {
        CopyOptions options = JobRunner::quickOptions();
        if (archive)
            options.preserve = PreserveOptions::archive();
        const QByteArray into = scratch.path(archive ? "out/archive" : "out/plain");
        QVERIFY(TestTree::makePath(into));
        const JobRunner::Run run = JobRunner::run({scratch.path("src")}, into, options);
        QCOMPARE(run.result.status, CopyStatus::Succeeded);
        for (const int mode : {0644, 0755, 0600, 0444}) {
            struct stat st = {};
            const QByteArray copy = into + "/src/f" + QByteArray::number(mode, 8);
            QVERIFY(::lstat(copy.constData(), &st) == 0);
            QCOMPARE(st.st_mode & 07777, mode_t(mode));
            // With -a the copy has the source's ACLs, that is none, not the inherited one.
            const bool acl =
                ::getxattr(copy.constData(), "system.posix_acl_access", nullptr, 0) >= 0;
            QCOMPARE(acl, !archive);
        }
        const QByteArray folder = into + "/src";
        QCOMPARE(::getxattr(folder.constData(), "system.posix_acl_default", nullptr, 0) >= 0,
                 !archive);
    }
}

QTEST_GUILESS_MAIN(TestCopyJob)
#include "tst_copyjob.moc"
