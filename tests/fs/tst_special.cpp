// Issue 3, cases 6 and 7: kernel pseudo-files copy what `cat` shows (not 0 bytes, not
// zero-padded to 4096), and a FIFO is recreated, never opened, so the job finishes at once
// and can be cancelled at any moment.

#include "fshelpers.h"
#include "jobrunner.h"
#include "testmount.h"
#include "testtree.h"
#include "writergate.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>

#include <sys/stat.h>
#include <unistd.h>

using namespace Sluice;

namespace {

// What `cat` shows (read(2) until it returns 0).
QByteArray cat(const QByteArray &path)
{
    return TestTree::readFile(path);
}

QByteArray withoutLinesStarting(const QByteArray &text, const QByteArray &prefix)
{
    QList<QByteArray> kept;
    for (const QByteArray &line : text.split('\n')) {
        if (!line.startsWith(prefix))
            kept << line;
    }
    return kept.join('\n');
}

bool isFifo(const QByteArray &path)
{
    struct stat st = {};
    return ::lstat(path.constData(), &st) == 0 && S_ISFIFO(st.st_mode);
}

} // namespace

class TestSpecial final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { FS_REQUIRE_ROOT(); }
    void pseudoFilesCopyWhatCatShows_data();
    void pseudoFilesCopyWhatCatShows();
    void fifoIsRecreatedWithinASecond_data();
    void fifoIsRecreatedWithinASecond();
    void fifoOntoFatIsAnErrorNotAHang();
    void cancelWorksAtAnyMoment_data();
    void cancelWorksAtAnyMoment();
};

void TestSpecial::pseudoFilesCopyWhatCatShows_data()
{
    QTest::addColumn<FsKind>("fs");
    QTest::addColumn<Engine>("engine");
    for (const FsKind fs : {FsKind::Tmpfs, FsKind::Ext4, FsKind::Vfat}) {
        for (const Engine engine : {Engine::Auto, Engine::Stream, Engine::Kernel})
            QTest::addRow("%s, %s", qPrintable(fsKindName(fs)), qPrintable(engineName(engine)))
                << fs << engine;
    }
}

void TestSpecial::pseudoFilesCopyWhatCatShows()
{
    QFETCH(FsKind, fs);
    QFETCH(Engine, engine);
    const QList<QByteArray> sources{"/proc/cpuinfo", "/proc/version",
                                    "/sys/devices/system/cpu/online", "/sys/class/net/lo/address"};
    for (const QByteArray &source : sources)
        QVERIFY2(::access(source.constData(), R_OK) == 0, source.constData());
    FS_MOUNT(disk, fs, 64 * MiB);

    const QByteArray cpuinfoBefore = cat("/proc/cpuinfo");
    CopyOptions options = JobRunner::quickOptions();
    options.engine = engine;
    const JobRunner::Run run = JobRunner::run(sources, disk->path(), options);
    const QByteArray cpuinfoAfter = cat("/proc/cpuinfo");

    QCOMPARE(run.result.itemsCopied, qint64(sources.size()));
    QCOMPARE(run.result.errorCount(), qint64(0));
    // The preflight says, for each source, that sizes are unknown until read; FAT's
    // limits (permission bits, time granularity) are warnings too. Nothing fails.
    int pseudoWarnings = 0;
    for (const CopyIssue &issue : run.result.issues) {
        QVERIFY2(!issue.isError(), qPrintable(issue.message()));
        if (issue.message().contains(QStringLiteral("pseudo file system")))
            ++pseudoWarnings;
        else if (fsTraits(fs).permissions)
            QFAIL(qPrintable(issue.message()));
    }
    QCOMPARE(pseudoWarnings, int(sources.size()));
    for (const QByteArray &source : sources) {
        const QByteArray copyPath = disk->path(source.mid(source.lastIndexOf('/') + 1));
        const QByteArray copy = cat(copyPath);
        QVERIFY2(!copy.isEmpty(), source.constData());
        QVERIFY2(copy.size() != 4096 && !copy.endsWith('\0'), source.constData());
        if (source == "/proc/cpuinfo" && cpuinfoBefore != cpuinfoAfter) {
            // The clock speed moved while copying: compare everything else.
            QCOMPARE(withoutLinesStarting(copy, "cpu MHz"),
                     withoutLinesStarting(cpuinfoAfter, "cpu MHz"));
        } else {
            QCOMPARE(copy, cat(source));
        }
    }
}

void TestSpecial::fifoIsRecreatedWithinASecond_data()
{
    QTest::addColumn<FsKind>("fs");
    QTest::addColumn<bool>("followSymlinks");
    QTest::addColumn<bool>("fifoIsTheSource");
    for (const FsKind fs : {FsKind::Tmpfs, FsKind::Ext4, FsKind::Btrfs}) {
        const QString name = fsKindName(fs);
        QTest::addRow("%s, in a folder", qPrintable(name)) << fs << false << false;
        QTest::addRow("%s, through a followed link", qPrintable(name)) << fs << true << false;
        QTest::addRow("%s, named as the source", qPrintable(name)) << fs << false << true;
    }
}

void TestSpecial::fifoIsRecreatedWithinASecond()
{
    QFETCH(FsKind, fs);
    QFETCH(bool, followSymlinks);
    QFETCH(bool, fifoIsTheSource);
    FS_MOUNT(disk, fs, 64 * MiB);
    QVERIFY(TestTree::makePath(disk->path("src/inner")));
    QVERIFY(TestTree::makePath(disk->path("out")));
    QVERIFY(::mkfifo(disk->path("src/inner/fifo").constData(), 0640) == 0);
    QVERIFY(::symlink("inner/fifo", disk->path("src/link-to-fifo").constData()) == 0);
    QVERIFY(TestTree::writeFile(disk->path("src/inner/after"), "after"));
    QVERIFY(TestTree::writePatternFile(disk->path("src/z-big"), 2 * MiB, 41));

    CopyOptions options = JobRunner::quickOptions();
    options.followSymlinks = followSymlinks;
    const QByteArray source = fifoIsTheSource ? disk->path("src/inner/fifo") : disk->path("src");
    QElapsedTimer timer;
    timer.start();
    const JobRunner::Run run =
        JobRunner::run({source}, disk->path("out"), options, {}, {}, {}, 10000);
    const qint64 elapsed = timer.elapsed();

    QVERIFY2(!run.timedOut, "the job hung on the FIFO");
    QVERIFY2(elapsed < 1000, qPrintable(QString::number(elapsed)));
    QVERIFY2(run.result.status == CopyStatus::Succeeded,
             qPrintable(FsHelpers::describeIssues(run.result)));
    if (fifoIsTheSource) {
        QVERIFY(isFifo(disk->path("out/fifo")));
        return;
    }
    QVERIFY(isFifo(disk->path("out/src/inner/fifo")));
    struct stat st = {};
    QVERIFY(::lstat(disk->path("out/src/inner/fifo").constData(), &st) == 0);
    QCOMPARE(st.st_mode & 07777, mode_t(0640));
    if (followSymlinks)
        QVERIFY(isFifo(disk->path("out/src/link-to-fifo")));
    const QStringList differences =
        TestTree::compareTrees(disk->path("src/inner"), disk->path("out/src/inner"));
    QVERIFY2(differences.isEmpty(), qPrintable(differences.join(u'\n')));
}

void TestSpecial::fifoOntoFatIsAnErrorNotAHang()
{
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("src")));
    QVERIFY(::mkfifo(scratch.path("src/fifo").constData(), 0644) == 0);
    QVERIFY(TestTree::writeFile(scratch.path("src/file"), "file"));
    FS_MOUNT(disk, FsKind::Exfat, 64 * MiB);

    const JobRunner::Run run = JobRunner::run({scratch.path("src")}, disk->path(),
                                              JobRunner::quickOptions(), {}, {}, {}, 10000);

    QVERIFY2(!run.timedOut, "the job hung on the FIFO");
    QCOMPARE(run.result.status, CopyStatus::Failed);
    QCOMPARE(run.result.itemsFailed, qint64(1));
    const CopyIssue *issue = FsHelpers::findError(run.result, "src/fifo");
    // Refused by the preflight, which knows exFAT stores no FIFOs, before anything is made.
    QVERIFY2(issue && issue->message().contains(QStringLiteral("cannot store FIFOs")),
             qPrintable(FsHelpers::describeIssues(run.result)));
    QCOMPARE(TestTree::readFile(disk->path("src/file")), QByteArray("file"));
    // Nothing under a part name either (exfat-fuse fails mkfifo yet leaves an empty file,
    // which the copy removes when it does get that far).
    QVERIFY(TestTree::findPartFiles(disk->path()).isEmpty());
    QCOMPARE(TestTree::countEntries(disk->path()), qint64(2));
}

void TestSpecial::cancelWorksAtAnyMoment_data()
{
    QTest::addColumn<QString>("moment");
    QTest::newRow("right after start") << QStringLiteral("start");
    QTest::newRow("at the first sample") << QStringLiteral("sample");
    QTest::newRow("in the middle of the file after the FIFO") << QStringLiteral("writing");
    QTest::newRow("while a question about the FIFO waits") << QStringLiteral("question");
    QTest::newRow("while paused") << QStringLiteral("paused");
}

void TestSpecial::cancelWorksAtAnyMoment()
{
    QFETCH(QString, moment);
    FS_MOUNT(disk, FsKind::Ext4, 128 * MiB);
    QVERIFY(TestTree::makePath(disk->path("src")));
    QVERIFY(::mkfifo(disk->path("src/a-fifo").constData(), 0644) == 0);
    QVERIFY(TestTree::writePatternFile(disk->path("src/b-big"), 32 * MiB, 42));
    QVERIFY(TestTree::makePath(disk->path("out/src")));
    if (moment == QLatin1String("question"))
        QVERIFY(::mkfifo(disk->path("out/src/a-fifo").constData(), 0600) == 0);
    const QByteArray before = FsHelpers::treeFingerprint(disk->path("src"));

    // "sample": the writer waits at its first byte until the first sample has cancelled,
    // so a fast disk cannot finish the file before the sample arrives.
    const bool atSample = moment == QLatin1String("sample");
    WriterGate gate(atSample ? 0 : 8 * MiB);
    IoHooks hooks;
    hooks.beforeWrite = [&](const QByteArray &destination, qint64 offset, qint64 length) {
        return moment == QLatin1String("writing") || moment == QLatin1String("paused") || atSample
                   ? gate.beforeWrite(destination, offset, length)
                   : 0;
    };
    CopyOptions options = JobRunner::quickOptions();
    options.onCollision = CollisionPolicy::Ask;
    CopyJob job({{disk->path("src")}, disk->path("out")}, options);
    job.setIoHooks(hooks);
    QSignalSpy finished(&job, &CopyJob::finished);
    QSignalSpy questions(&job, &CopyJob::questionAsked);
    bool cancelledAtSample = false;
    connect(&job, &CopyJob::progressChanged, this, [&] {
        if (atSample && !cancelledAtSample) {
            cancelledAtSample = true;
            job.cancel();
            gate.open();
        }
    });
    job.start();
    if (moment == QLatin1String("start")) {
        job.cancel();
    } else if (moment == QLatin1String("question")) {
        QTRY_COMPARE_WITH_TIMEOUT(questions.size(), 1, 10000);
        job.cancel();
    } else if (moment == QLatin1String("writing") || moment == QLatin1String("paused")) {
        QVERIFY(gate.waitUntilReached(10000));
        if (moment == QLatin1String("paused"))
            job.suspend();
        job.cancel();
        gate.open();
    }
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 5000);
    gate.open();

    const auto result = finished.first().first().value<CopyResult>();
    QCOMPARE(result.status, CopyStatus::Cancelled);
    QVERIFY(TestTree::findPartFiles(disk->path("out")).isEmpty());
    QVERIFY(::access(disk->path("out/src/b-big").constData(), F_OK) != 0);
    QCOMPARE(FsHelpers::treeFingerprint(disk->path("src")), before);
    JobRunner::drainEvents();
    QCOMPARE(finished.size(), 1);
}

QTEST_GUILESS_MAIN(TestSpecial)
#include "tst_special.moc"
