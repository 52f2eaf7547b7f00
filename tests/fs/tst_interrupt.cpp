// Issue 3, case 9 and crash safety: a cancelled file never looks finished; sluice-cli killed
// with SIGKILL at many moments leaves every final name absent, the old version, or complete;
// the next run removes the part files left behind and says so.

#include "fshelpers.h"
#include "jobrunner.h"
#include "testmount.h"
#include "testtree.h"
#include "writergate.h"

#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QTest>

#include <algorithm>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

using namespace Sluice;

namespace {

// The source tree of the crash tests: new versions of files, some of which exist at the
// destination in an old version.
struct CrashTree
{
    QList<QByteArray> files;                 // relative to src/
    QHash<QByteArray, QByteArray> newDigest; // by relative name
    QHash<QByteArray, QByteArray> oldDigest; // by relative name, for those with an old version
};

bool buildCrashTree(const QByteArray &source, const QByteArray &destination, CrashTree &tree)
{
    struct Spec
    {
        QByteArray name;
        qint64 size;
        qint64 oldSize; // -1: no old version at the destination
    };
    QList<Spec> specs{{"a-big", 12 * MiB, 7 * MiB},
                      {"b-big", 10 * MiB, -1},
                      {"dir/c-medium", 3 * MiB, 3 * MiB},
                      {"dir/d-medium", 2 * MiB + 1, -1},
                      {"dir/sub/e-big", 9 * MiB, 1}};
    for (int i = 0; i < 16; ++i)
        specs.append({"small/s" + QByteArray::number(i), 7000 + i * 999, i % 3 == 0 ? 100 : -1});
    if (!TestTree::makePath(source + "/dir/sub") || !TestTree::makePath(source + "/small")
        || !TestTree::makePath(destination + "/src/dir/sub")
        || !TestTree::makePath(destination + "/src/small"))
        return false;
    quint32 seed = 100;
    for (const Spec &spec : specs) {
        const QByteArray path = source + '/' + spec.name;
        if (!TestTree::writePatternFile(path, spec.size, ++seed))
            return false;
        tree.files << spec.name;
        tree.newDigest.insert(spec.name, FsHelpers::fileDigest(path));
        if (spec.oldSize >= 0) {
            const QByteArray old = destination + "/src/" + spec.name;
            if (!TestTree::writePatternFile(old, spec.oldSize, ++seed + 1000))
                return false;
            tree.oldDigest.insert(spec.name, FsHelpers::fileDigest(old));
        }
    }
    return true;
}

// Every final name holds nothing, the old version or the new one; returns the offenders.
QStringList checkFinalNames(const CrashTree &tree, const QByteArray &destination)
{
    QStringList wrong;
    for (const QByteArray &name : tree.files) {
        const QByteArray path = destination + "/src/" + name;
        if (::access(path.constData(), F_OK) != 0) {
            if (tree.oldDigest.contains(name))
                wrong << QStringLiteral("%1: the old version is gone").arg(QString::fromUtf8(name));
            continue;
        }
        const QByteArray digest = FsHelpers::fileDigest(path);
        if (digest != tree.newDigest.value(name) && digest != tree.oldDigest.value(name))
            wrong << QStringLiteral("%1: neither old nor new").arg(QString::fromUtf8(name));
    }
    return wrong;
}

} // namespace

class TestInterrupt final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { FS_REQUIRE_ROOT(); }
    void cancelledFileIsCopiedAgainBySkipExisting_data();
    void cancelledFileIsCopiedAgainBySkipExisting();
    void cancelDuringOverwriteKeepsTheOldVersion_data();
    void cancelDuringOverwriteKeepsTheOldVersion();
    void killedCliLeavesOnlyAbsentOldOrCompleteFiles();
    void nextRunRemovesStalePartFilesAndSaysSo();
    void filesNamedLikePartFilesAreCopiedNotCleanedUp();
    void partFileOfALiveCopyIsLeftAlone();
};

void TestInterrupt::cancelledFileIsCopiedAgainBySkipExisting_data()
{
    QTest::addColumn<FsKind>("fs");
    QTest::addColumn<Engine>("engine");
    for (const FsKind fs : {FsKind::Tmpfs, FsKind::Ext4, FsKind::Exfat}) {
        QTest::addRow("%s, stream", qPrintable(fsKindName(fs))) << fs << Engine::Stream;
        QTest::addRow("%s, kernel", qPrintable(fsKindName(fs))) << fs << Engine::Kernel;
    }
}

void TestInterrupt::cancelledFileIsCopiedAgainBySkipExisting()
{
    QFETCH(FsKind, fs);
    QFETCH(Engine, engine);
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("src")));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/a-small"), 1000, 91));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/b-64MiB"), 64 * MiB, 92));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/c-after"), 2 * MiB, 93));
    FS_MOUNT(disk, fs, 256 * MiB);

    WriterGate gate(32 * MiB, "b-64MiB");
    CopyOptions options = JobRunner::quickOptions();
    options.engine = engine;
    options.onCollision = CollisionPolicy::Skip;
    options.smallFileWorkers = 1;
    {
        CopyJob job({{scratch.path("src")}, disk->path()}, options);
        job.setIoHooks(gate.hooks());
        QSignalSpy finished(&job, &CopyJob::finished);
        job.start();
        QVERIFY(gate.waitUntilReached(30000));
        QCOMPARE(TestTree::findPartFiles(disk->path()).size(), 1);
        job.cancel();
        gate.open();
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 30000);
        QCOMPARE(finished.first().first().value<CopyResult>().status, CopyStatus::Cancelled);
    }
    // The cancelled file left nothing that could pass for finished.
    QVERIFY(::access(disk->path("src/b-64MiB").constData(), F_OK) != 0);
    QVERIFY(TestTree::findPartFiles(disk->path()).isEmpty());
    QVERIFY(FsHelpers::emptyFiles(disk->path()).isEmpty());

    const JobRunner::Run again = JobRunner::run({scratch.path("src")}, disk->path(), options);
    // Nothing but the preflight's word on what the file system cannot do (exfat-fuse: whole
    // seconds, no RENAME_NOREPLACE, no permission bits).
    QVERIFY2(again.result.status == CopyStatus::Succeeded
                 || (again.result.status == CopyStatus::CompletedWithWarnings
                     && std::all_of(again.result.issues.cbegin(), again.result.issues.cend(),
                                    [](const CopyIssue &issue) {
                                        return issue.operation == FileOperation::Preflight;
                                    })),
             qPrintable(FsHelpers::describeIssues(again.result)));
    QCOMPARE(again.result.itemsSkipped, qint64(1)); // a-small, finished before the cancel
    QCOMPARE(FsHelpers::fileDigest(disk->path("src/b-64MiB")),
             FsHelpers::fileDigest(scratch.path("src/b-64MiB")));
    // Folder times are left out: the second run merges into the folder the first created.
    const QStringList differences = TestTree::compareTrees(
        scratch.path("src"), disk->path("src"), {fsTraits(fs).permissions, false, false});
    QVERIFY2(differences.isEmpty(), qPrintable(differences.join(u'\n')));
}

void TestInterrupt::cancelDuringOverwriteKeepsTheOldVersion_data()
{
    QTest::addColumn<FsKind>("fs");
    QTest::addColumn<Durability>("durability");
    QTest::newRow("ext4, flush behind") << FsKind::Ext4 << Durability::Job;
    QTest::newRow("btrfs, fdatasync") << FsKind::Btrfs << Durability::File;
    QTest::newRow("exfat") << FsKind::Exfat << Durability::Job;
}

void TestInterrupt::cancelDuringOverwriteKeepsTheOldVersion()
{
    QFETCH(FsKind, fs);
    QFETCH(Durability, durability);
    Scratch scratch;
    QVERIFY(TestTree::writePatternFile(scratch.path("data"), 96 * MiB, 97));
    FS_MOUNT(disk, fs, 256 * MiB);
    QVERIFY(TestTree::writePatternFile(disk->path("data"), 5 * MiB, 98));
    const QByteArray oldVersion = FsHelpers::fileDigest(disk->path("data"));

    WriterGate gate(80 * MiB); // past two flush-behind windows
    CopyOptions options = JobRunner::quickOptions();
    options.durability = durability;
    options.onCollision = CollisionPolicy::Overwrite;
    CopyJob job({{scratch.path("data")}, disk->path()}, options);
    job.setIoHooks(gate.hooks());
    QSignalSpy finished(&job, &CopyJob::finished);
    job.start();
    QVERIFY(gate.waitUntilReached(60000));
    job.cancel();
    gate.open();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 30000);

    QCOMPARE(finished.first().first().value<CopyResult>().status, CopyStatus::Cancelled);
    QCOMPARE(FsHelpers::fileDigest(disk->path("data")), oldVersion);
    QVERIFY(TestTree::findPartFiles(disk->path()).isEmpty());
}

void TestInterrupt::killedCliLeavesOnlyAbsentOldOrCompleteFiles()
{
    FS_MOUNT(disk, FsKind::Ext4, 256 * MiB);
    CrashTree tree;
    const QByteArray source = disk->path("src");
    const QByteArray destination = disk->path("out");
    QVERIFY(buildCrashTree(source, destination, tree));
    const QByteArray sourceBefore = FsHelpers::treeFingerprint(source);
    qint64 total = 0;
    for (const QByteArray &name : tree.files)
        total += QFileInfo(QFile::decodeName(source + '/' + name)).size();

    // Kill at the first sample (planning), at spread-out points of the data, and while
    // flushing; each run starts from what the previous one left. At 48 MiB/s the samples
    // (every 100 ms) are 4.8 MiB apart: every point below the last sample is reached.
    const QList<double> moments{0.0, 0.1, 0.25, 0.4, 0.55, 0.7, 0.85, 1.0};
    int killedRuns = 0;
    for (const double moment : moments) {
        QProcess cli;
        cli.setProgram(QFile::decodeName(FsHelpers::cliPath()));
        // Without the journal: a killed run's file in flight would be kept for --resume
        // (tst_resume covers that); this test is about the part files a plain run cleans up.
        cli.setArguments({QStringLiteral("--no-journal"), QStringLiteral("--progress"),
                          QStringLiteral("json"), QStringLiteral("--limit"), QStringLiteral("48M"),
                          QStringLiteral("--on-conflict"), QStringLiteral("overwrite"),
                          QStringLiteral("--on-error"), QStringLiteral("skip"),
                          QFile::decodeName(source), QFile::decodeName(destination)});
        cli.setStandardInputFile(QProcess::nullDevice());
        cli.setProcessChannelMode(QProcess::SeparateChannels);
        bool killed = false;
        QByteArray pending;
        connect(&cli, &QProcess::readyReadStandardOutput, &cli, [&] {
            pending += cli.readAllStandardOutput();
            qsizetype end = 0;
            while ((end = pending.indexOf('\n')) >= 0) {
                const QJsonObject line = QJsonDocument::fromJson(pending.left(end)).object();
                pending.remove(0, end + 1);
                const qint64 written = line.value(QStringLiteral("bytesWritten")).toInteger();
                const QString phase = line.value(QStringLiteral("phase")).toString();
                const bool due = moment >= 1.0 ? phase == QLatin1String("flushing")
                                               : written >= qint64(moment * double(total));
                if (!killed && due
                    && line.value(QStringLiteral("type")).toString() == QLatin1String("progress")) {
                    killed = true;
                    cli.kill(); // SIGKILL: no handler, no cleanup
                }
            }
        });
        cli.start();
        QVERIFY(cli.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(cli.state() == QProcess::NotRunning, 60000);
        // A run killed in its last sample may have exited on its own just before the signal
        // arrived (seen under load, at the flushing moment): it counts as not killed.
        if (killed && cli.exitStatus() == QProcess::CrashExit)
            ++killedRuns;
        else if (killed)
            QCOMPARE(cli.exitCode(), 0);
        const QStringList wrong = checkFinalNames(tree, destination);
        QVERIFY2(wrong.isEmpty(),
                 qPrintable(QStringLiteral("killed at %1: %2").arg(moment).arg(wrong.join(u'\n'))));
        QCOMPARE(FsHelpers::treeFingerprint(source), sourceBefore);
    }
    // The flushing phase may pass between two samples, or the run may end before the kill
    // lands; every other moment is reached.
    QVERIFY2(killedRuns >= moments.size() - 1, qPrintable(QString::number(killedRuns)));

    // A last run completes the copy and clears whatever the kills left behind.
    const FsHelpers::ChildRun last = FsHelpers::runCli(
        {"--on-conflict", "overwrite", "--on-error", "skip", source, destination});
    QVERIFY2(last.exitCode == 0, last.err.constData());
    QVERIFY(TestTree::findPartFiles(destination).isEmpty());
    for (const QByteArray &name : tree.files)
        QVERIFY2(FsHelpers::fileDigest(destination + "/src/" + name) == tree.newDigest.value(name),
                 name.constData());
}

void TestInterrupt::nextRunRemovesStalePartFilesAndSaysSo()
{
    FS_MOUNT(disk, FsKind::Ext4, 64 * MiB);
    QVERIFY(TestTree::makePath(disk->path("src/sub")));
    QVERIFY(TestTree::writePatternFile(disk->path("src/file"), 3 * MiB, 94));
    QVERIFY(TestTree::writeFile(disk->path("src/sub/inner"), "inner"));
    QVERIFY(TestTree::writeFile(disk->path("src/sub/link"), "link"));
    QVERIFY(TestTree::makePath(disk->path("out/src/sub")));
    QVERIFY(TestTree::makePath(disk->path("victim")));
    QVERIFY(TestTree::writeFile(disk->path("victim/keep"), "keep"));
    // What a killed run leaves: a half-written part file, one in a subfolder, and one that
    // is a symlink (removed, never followed). A part-like name for a name this job does not
    // write is not Sluice's to delete: it stays.
    QVERIFY(TestTree::writePatternFile(disk->path("out/src/.file.sluice-part"), MiB, 95));
    QVERIFY(TestTree::writeFile(disk->path("out/src/.gone.sluice-part"), "not ours"));
    QVERIFY(TestTree::writeFile(disk->path("out/src/sub/.inner.sluice-part"), "ha"));
    QVERIFY(::symlink("../../victim/keep", disk->path("out/src/sub/.link.sluice-part").constData())
            == 0);
    const QByteArray victimBefore = FsHelpers::treeFingerprint(disk->path("victim"));

    const JobRunner::Run run =
        JobRunner::run({disk->path("src")}, disk->path("out"), JobRunner::quickOptions());

    QVERIFY2(run.result.status == CopyStatus::CompletedWithWarnings,
             qPrintable(FsHelpers::describeIssues(run.result)));
    QCOMPARE(TestTree::findPartFiles(disk->path("out")),
             QList<QByteArray>{disk->path("out/src/.gone.sluice-part")});
    QCOMPARE(TestTree::readFile(disk->path("out/src/.gone.sluice-part")), QByteArray("not ours"));
    int cleanups = 0;
    for (const CopyIssue &issue : run.result.issues) {
        QVERIFY2(!issue.isError(), qPrintable(issue.message()));
        if (issue.message().contains(QStringLiteral("interrupted"))) {
            ++cleanups;
            QVERIFY2(issue.path.endsWith(".sluice-part"), qPrintable(issue.message()));
        }
    }
    QCOMPARE(cleanups, 3);
    QCOMPARE(FsHelpers::treeFingerprint(disk->path("victim")), victimBefore);
    QVERIFY(TestTree::readFile(disk->path("out/src/.gone.sluice-part")) == "not ours");
    QVERIFY(::unlink(disk->path("out/src/.gone.sluice-part").constData()) == 0);
    const QStringList differences =
        TestTree::compareTrees(disk->path("src"), disk->path("out/src"), {true, false, false});
    QVERIFY2(differences.isEmpty(), qPrintable(differences.join(u'\n')));
}

// A tree that holds a file named like a sibling's part file (a leftover copied along):
// both arrive intact, on the first run and on a second one over the same destination,
// and a move deletes neither source before its copy is in place.
void TestInterrupt::filesNamedLikePartFilesAreCopiedNotCleanedUp()
{
    FS_MOUNT(disk, FsKind::Ext4, 64 * MiB);
    QVERIFY(TestTree::makePath(disk->path("src")));
    QVERIFY(TestTree::writePatternFile(disk->path("src/data"), 3 * MiB, 97));
    QVERIFY(TestTree::writeFile(disk->path("src/.data.sluice-part"), "a file to copy"));
    QVERIFY(TestTree::writeFile(disk->path("src/small"), "small"));
    QVERIFY(TestTree::writeFile(disk->path("src/.small.sluice-part"), "another one"));
    QVERIFY(TestTree::makePath(disk->path("out")));

    for (int run = 1; run <= 2; ++run) {
        CopyOptions options = JobRunner::quickOptions();
        options.onCollision = CollisionPolicy::Overwrite;
        const JobRunner::Run result =
            JobRunner::run({disk->path("src")}, disk->path("out"), options);
        QVERIFY2(result.result.status == CopyStatus::Succeeded,
                 qPrintable(FsHelpers::describeIssues(result.result)));
        QCOMPARE(result.result.itemsCopied, qint64(5));
        const QStringList differences =
            TestTree::compareTrees(disk->path("src"), disk->path("out/src"), {true, false, false});
        QVERIFY2(differences.isEmpty(), qPrintable(differences.join(u'\n')));
    }

    FS_MOUNT(other, FsKind::Tmpfs, 64 * MiB);
    const QByteArray before = FsHelpers::treeFingerprint(disk->path("src"));
    CopyOptions options = JobRunner::quickOptions();
    options.move = true;
    const JobRunner::Run moved = JobRunner::run({disk->path("src")}, other->path(), options);
    QVERIFY2(moved.result.status == CopyStatus::Succeeded,
             qPrintable(FsHelpers::describeIssues(moved.result)));
    QCOMPARE(FsHelpers::treeFingerprint(other->path("src")), before);
    QVERIFY(!QFileInfo::exists(QFile::decodeName(disk->path("src"))));
}

void TestInterrupt::partFileOfALiveCopyIsLeftAlone()
{
    FS_MOUNT(disk, FsKind::Ext4, 64 * MiB);
    QVERIFY(TestTree::makePath(disk->path("src")));
    QVERIFY(TestTree::makePath(disk->path("out")));
    QVERIFY(TestTree::writePatternFile(disk->path("src/busy"), 2 * MiB, 96));
    QVERIFY(TestTree::writeFile(disk->path("src/free"), "free"));
    // Another copy (this test, holding the lock as Sluice does) is writing out/busy.
    const QByteArray livePart = disk->path("out/.busy.sluice-part");
    QVERIFY(TestTree::writeFile(livePart, "someone else's data"));
    const int fd = ::open(livePart.constData(), O_RDONLY | O_CLOEXEC);
    QVERIFY(fd >= 0 && ::flock(fd, LOCK_EX | LOCK_NB) == 0);

    const JobRunner::Run run = JobRunner::run({disk->path("src/busy"), disk->path("src/free")},
                                              disk->path("out"), JobRunner::quickOptions());
    ::close(fd);

    QCOMPARE(TestTree::readFile(livePart), QByteArray("someone else's data"));
    QCOMPARE(run.result.status, CopyStatus::Failed);
    const CopyIssue *issue = FsHelpers::findError(run.result, "out/busy");
    QVERIFY2(issue && issue->message().contains(QStringLiteral("another copy is writing")),
             qPrintable(FsHelpers::describeIssues(run.result)));
    QVERIFY(::access(disk->path("out/busy").constData(), F_OK) != 0);
    QCOMPARE(TestTree::readFile(disk->path("out/free")), QByteArray("free"));
}

QTEST_GUILESS_MAIN(TestInterrupt)
#include "tst_interrupt.moc"
