// Issue 15: modification times on FAT (fusefat) and exFAT (exfat-fuse). fusefat sets a file's
// time to the rename's, so Sluice reads the final name back and sets it again; the times must
// hold on the disk itself (after a remount), at the file system's granularity. That
// granularity is probed once per destination, and "Overwrite if newer" compares at it: a
// second run copies nothing, a source edited after the first run is copied again. The probe
// files of a run killed during its probe are removed by the next probe there, silently, and
// those of a probe still running are left alone.

#include "fshelpers.h"
#include "fsprobe.h"
#include "jobrunner.h"
#include "testmount.h"
#include "testtree.h"

#include <QTest>

#include <csignal>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace Sluice;

namespace {

// Odd seconds and nanoseconds: FAT keeps even seconds, exfat-fuse whole ones.
const QList<QPair<QByteArray, timespec>> Files = {
    {"a.txt", {1'300'000'001, 987'654'321}},
    {"b.bin", {1'400'000'003, 5}},
    {"sub/c.txt", {1'500'000'000, 500'000'000}},
};

timespec mtimeOf(const QByteArray &path)
{
    struct stat st = {};
    return ::stat(path.constData(), &st) == 0 ? st.st_mtim : timespec{-1, 0};
}

bool setMtime(const QByteArray &path, const timespec &time)
{
    const timespec times[2] = {time, time};
    return ::utimensat(AT_FDCWD, path.constData(), times, 0) == 0;
}

qint64 granularityOf(FsKind fs)
{
    return fs == FsKind::Vfat ? 2'000'000'000 : 1'000'000'000;
}

bool makeSource(const QByteArray &root)
{
    if (!TestTree::makePath(root + "/sub"))
        return false;
    int seed = 40;
    for (const auto &[name, time] : Files) {
        if (!TestTree::writePatternFile(root + '/' + name, 100 * KiB + seed, seed)
            || !setMtime(root + '/' + name, time))
            return false;
        ++seed;
    }
    return true;
}

CopyOptions newerOptions()
{
    CopyOptions options = JobRunner::quickOptions();
    options.onCollision = CollisionPolicy::Newer;
    options.durability = Durability::Job;
    return options;
}

// A child process holding a probe file the way a probe does (created, flock(2)ed) in the
// folder @p folder, named after the child's pid: ".sluice-probe-<pid>-0p.sluice-part". Returns
// the pid once the file is in place (0 on failure) and its name in @p name.
pid_t startProbeHolder(const QByteArray &folder, QByteArray &name)
{
    int ready[2];
    if (::pipe2(ready, O_CLOEXEC) != 0)
        return 0;
    const QByteArray created = folder + "/holder.tmp";
    const pid_t pid = ::fork();
    if (pid == 0) {
        const int fd = ::open(created.constData(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
        if (fd < 0 || ::flock(fd, LOCK_EX) != 0)
            ::_exit(1);
        const char byte = 'r';
        if (::write(ready[1], &byte, 1) != 1)
            ::_exit(1);
        for (;;)
            ::pause();
    }
    ::close(ready[1]);
    char byte = 0;
    const bool started = pid > 0 && ::read(ready[0], &byte, 1) == 1;
    ::close(ready[0]);
    name = ".sluice-probe-" + QByteArray::number(pid) + "-0p.sluice-part";
    // The lock goes with the file, not its name.
    if (started && ::rename(created.constData(), (folder + '/' + name).constData()) == 0)
        return pid;
    if (pid > 0) {
        ::kill(pid, SIGKILL);
        ::waitpid(pid, nullptr, 0);
    }
    return 0;
}

} // namespace

class TestFsTimes final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { FS_REQUIRE_ROOT(); }
    void probeLearnsTheGranularity_data();
    void probeLearnsTheGranularity();
    void timesHoldOnDiskAfterARemount_data();
    void timesHoldOnDiskAfterARemount();
    void secondNewerRunCopiesNothingAndAnEditIsCopied_data();
    void secondNewerRunCopiesNothingAndAnEditIsCopied();
    void probeRemovesOnlyTheFilesOfAKilledProbe_data();
    void probeRemovesOnlyTheFilesOfAKilledProbe();
};

void TestFsTimes::probeLearnsTheGranularity_data()
{
    QTest::addColumn<FsKind>("fs");
    QTest::addColumn<qint64>("granularity");
    QTest::addColumn<bool>("renameKeepsTimes");
    QTest::addColumn<bool>("keepsPermissions");
    QTest::addColumn<bool>("keepsOwners");
    QTest::newRow("ext4") << FsKind::Ext4 << qint64(1) << true << true << true;
    // fusefat and exfat-fuse refuse fchown(2) to another user (EPERM): the probe learns
    // nothing there, and each copy's own fchown(2) says so (fs-metadata).
    QTest::newRow("vfat") << FsKind::Vfat << qint64(2'000'000'000) << false << false << true;
    QTest::newRow("exfat") << FsKind::Exfat << qint64(1'000'000'000) << true << false << true;
}

// What the probe learns is what the file systems really do (tried by hand: fusefat keeps
// even seconds and sets the time on rename; exfat-fuse keeps whole seconds and answers
// chmod(2) with success but mode 0777), and it leaves nothing behind.
void TestFsTimes::probeLearnsTheGranularity()
{
    QFETCH(FsKind, fs);
    QFETCH(qint64, granularity);
    QFETCH(bool, renameKeepsTimes);
    QFETCH(bool, keepsPermissions);
    QFETCH(bool, keepsOwners);
    FS_MOUNT(disk, fs, 64 * MiB);
    const int folder = ::open(disk->path().constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    QVERIFY(folder >= 0);
    const FileSystemProbe probe = probeFileSystem(folder, detectFileSystemLimits(folder));
    ::close(folder);
    QVERIFY(probe.probed);
    QCOMPARE(probe.timeGranularityNs, granularity);
    QCOMPARE(probe.renameKeepsTimes, renameKeepsTimes);
    QCOMPARE(probe.keepsPermissions, keepsPermissions);
    QCOMPARE(probe.keepsOwners, keepsOwners); // as root
    QCOMPARE(probe.renameNoReplace, fs == FsKind::Ext4);
    QCOMPARE(FsHelpers::listNames(disk->path()).size(), fs == FsKind::Ext4 ? 1 : 0); // lost+found
}

void TestFsTimes::timesHoldOnDiskAfterARemount_data()
{
    QTest::addColumn<FsKind>("fs");
    QTest::newRow("vfat") << FsKind::Vfat;
    QTest::newRow("exfat") << FsKind::Exfat;
}

void TestFsTimes::timesHoldOnDiskAfterARemount()
{
    QFETCH(FsKind, fs);
    Scratch scratch;
    const QByteArray src = scratch.path("src");
    QVERIFY(makeSource(src));
    FS_MOUNT(disk, fs, 64 * MiB);
    const JobRunner::Run run = JobRunner::run({src}, disk->path(), newerOptions());
    QVERIFY2(run.result.errorCount() == 0, qPrintable(FsHelpers::describeIssues(run.result)));
    QCOMPARE(run.result.itemsCopied, qint64(5));
    // No warning says the times were lost (the preflight's granularity note is expected).
    QVERIFY2(!FsHelpers::findIssue(run.result, "a.txt"),
             qPrintable(FsHelpers::describeIssues(run.result)));
    QVERIFY2(disk->remount().isEmpty(), "remount failed");
    const qint64 step = granularityOf(fs);
    for (const auto &[name, time] : Files) {
        const timespec got = mtimeOf(disk->path("src/" + name));
        QVERIFY2(compareTimes(got, time, step) == 0,
                 qPrintable(QStringLiteral("%1: %2.%3 s on disk, %4.%5 s in the source")
                                .arg(QString::fromLatin1(name))
                                .arg(got.tv_sec)
                                .arg(got.tv_nsec)
                                .arg(time.tv_sec)
                                .arg(time.tv_nsec)));
        QCOMPARE(FsHelpers::fileDigest(disk->path("src/" + name)),
                 FsHelpers::fileDigest(src + '/' + name));
    }
}

void TestFsTimes::secondNewerRunCopiesNothingAndAnEditIsCopied_data()
{
    timesHoldOnDiskAfterARemount_data();
}

void TestFsTimes::secondNewerRunCopiesNothingAndAnEditIsCopied()
{
    QFETCH(FsKind, fs);
    Scratch scratch;
    const QByteArray src = scratch.path("src");
    QVERIFY(makeSource(src));
    FS_MOUNT(disk, fs, 64 * MiB);
    const JobRunner::Run first = JobRunner::run({src}, disk->path(), newerOptions());
    QCOMPARE(first.result.errorCount(), qint64(0));
    QCOMPARE(first.result.itemsCopied, qint64(5));
    QVERIFY(disk->remount().isEmpty());

    const JobRunner::Run second = JobRunner::run({src}, disk->path(), newerOptions());
    QVERIFY2(second.result.errorCount() == 0, qPrintable(FsHelpers::describeIssues(second.result)));
    QCOMPARE(second.result.bytesWritten, qint64(0));
    QCOMPARE(second.result.bytesCopied, qint64(0));
    QCOMPARE(second.result.itemsSkipped, qint64(3)); // the files; the folders merge

    // An edit after the first run: new content, a time one granularity step later.
    const QByteArray edited = src + "/sub/c.txt";
    QVERIFY(TestTree::writePatternFile(edited, 70 * KiB, 99));
    const timespec later = {Files[2].second.tv_sec + granularityOf(fs) / 1'000'000'000, 0};
    QVERIFY(setMtime(edited, later));
    const JobRunner::Run third = JobRunner::run({src}, disk->path(), newerOptions());
    QCOMPARE(third.result.errorCount(), qint64(0));
    QCOMPARE(third.result.itemsSkipped, qint64(2));
    QCOMPARE(third.result.bytesCopied, 70 * KiB);
    QCOMPARE(FsHelpers::fileDigest(disk->path("src/sub/c.txt")), FsHelpers::fileDigest(edited));
}

void TestFsTimes::probeRemovesOnlyTheFilesOfAKilledProbe_data()
{
    QTest::addColumn<FsKind>("fs");
    QTest::newRow("ext4") << FsKind::Ext4;
    QTest::newRow("vfat") << FsKind::Vfat;
}

// kill -9 during the preflight leaves the probe's file behind: the next run's probe removes
// it (its process is gone, nobody holds its lock) and says nothing about it; the file of a
// probe still running (its process alive, holding the lock) stays.
void TestFsTimes::probeRemovesOnlyTheFilesOfAKilledProbe()
{
    QFETCH(FsKind, fs);
    Scratch scratch;
    QVERIFY(makeSource(scratch.path("src")));
    FS_MOUNT(disk, fs, 64 * MiB);
    QByteArray killedName;
    const pid_t killed = startProbeHolder(disk->path(), killedName);
    QVERIFY(killed > 0);
    QCOMPARE(::kill(killed, SIGKILL), 0);
    QCOMPARE(::waitpid(killed, nullptr, 0), killed);
    QByteArray liveName;
    const pid_t live = startProbeHolder(disk->path(), liveName);
    QVERIFY(live > 0);
    QVERIFY(::access(disk->path(killedName).constData(), F_OK) == 0);

    CopyOptions options = JobRunner::quickOptions();
    options.dryRun = true;
    const JobRunner::Run run = JobRunner::run({scratch.path("src")}, disk->path(), options);
    const bool liveKept = ::access(disk->path(liveName).constData(), F_OK) == 0;
    ::kill(live, SIGKILL);
    ::waitpid(live, nullptr, 0);

    QVERIFY(::access(disk->path(killedName).constData(), F_OK) != 0);
    QVERIFY(liveKept);
    for (const CopyIssue &issue : run.result.issues)
        QVERIFY2(!issue.path.contains(".sluice-probe-"),
                 qPrintable(FsHelpers::describeIssues(run.result)));
    // Only the live probe's file is left of all probe files.
    QList<QByteArray> probes;
    for (const QByteArray &name : FsHelpers::listNames(disk->path()))
        if (name.startsWith(".sluice-probe-"))
            probes << name;
    QCOMPARE(probes, QList<QByteArray>{liveName});
}

QTEST_GUILESS_MAIN(TestFsTimes)
#include "tst_fstimes.moc"
