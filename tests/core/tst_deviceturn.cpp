// Taking turns on a destination's device: the flock(2)-based DeviceTurn between jobs and
// processes, the disk behind a block device through sysfs (a copied layout for the
// device-mapper stacks this machine cannot create), and a real job that waits for its turn.

#include "copyjob.h"
#include "destinationdevice.h"
#include "deviceturn.h"
#include "jobrunner.h"
#include "mountinfo.h"
#include "testtree.h"

#include <QDir>
#include <QFile>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <csignal>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace Sluice;

namespace {

DestinationDevice deviceWithKeys(const QList<QByteArray> &keys)
{
    DestinationDevice device;
    device.keys = keys;
    device.name = QStringLiteral("test disk");
    return device;
}

// Makes a symbolic link @p link → @p target, creating @p link's folder.
bool makeLink(const QString &target, const QString &link)
{
    return QDir().mkpath(QFileInfo(link).path()) && QFile::link(target, link);
}

bool writeText(const QString &path, const QByteArray &text)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(text) == text.size();
}

} // namespace

class TestDeviceTurn final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init();
    void cleanup();
    void secondTurnOnTheSameDiskIsBusyUntilReleased();
    void turnsOnDifferentDisksDoNotExclude();
    void aTurnOnTwoDisksTakesAllOrNone();
    void writersShareAndWaitersWaitForThem();
    void waitersGoInTheOrderTheyCame();
    void aKilledWaiterLosesItsPlace();
    void aKilledHolderReleasesTheDisk();
    void lockFolderMustBePrivate();
    void lockFolderWithoutRuntimeDirectory();
    void partitionResolvesToItsDisk();
    void deviceMapperStackResolvesToEveryDiskBelow();
    void missingPathUsesTheNearestFolderAbove();
    void mountInfoLinesAreParsed();
    void waitingJobStartsWhenTheTurnIsReleased();
    void waitingJobCanBeCancelled();
    void smallJobAndTakeIfFreeDoNotWait();

private:
    QTemporaryDir m_runtime;
    QByteArray m_savedRuntime;
};

void TestDeviceTurn::init()
{
    QVERIFY(m_runtime.isValid());
    m_savedRuntime = qgetenv("XDG_RUNTIME_DIR");
    // The runtime folder must be private (0700), as the XDG spec requires.
    QVERIFY(QFile::setPermissions(m_runtime.path(),
                                  QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
    qputenv("XDG_RUNTIME_DIR", QFile::encodeName(m_runtime.path()));
}

void TestDeviceTurn::cleanup()
{
    qputenv("XDG_RUNTIME_DIR", m_savedRuntime);
}

void TestDeviceTurn::secondTurnOnTheSameDiskIsBusyUntilReleased()
{
    DeviceTurn first(deviceWithKeys({"block-8:16"}), "first job");
    DeviceTurn second(deviceWithKeys({"block-8:16"}), "second job");
    QCOMPARE(first.tryTake(), DeviceTurn::Outcome::Taken);
    QVERIFY(first.isHeld());
    QCOMPARE(second.tryTake(), DeviceTurn::Outcome::Busy);
    QVERIFY(!second.isHeld());
    QCOMPARE(second.holder(), QStringLiteral("first job"));
    QCOMPARE(QFile::exists(m_runtime.filePath(QStringLiteral("sluice/block-8-16.lock"))), true);
    first.release();
    QCOMPARE(second.tryTake(), DeviceTurn::Outcome::Taken);
    QCOMPARE(first.tryTake(), DeviceTurn::Outcome::Busy);
    QCOMPARE(first.holder(), QStringLiteral("second job"));
}

void TestDeviceTurn::turnsOnDifferentDisksDoNotExclude()
{
    DeviceTurn first(deviceWithKeys({"block-8:16"}), "first");
    DeviceTurn second(deviceWithKeys({"block-8:32"}), "second");
    DeviceTurn mount(deviceWithKeys({"mount-0:52"}), "third");
    QCOMPARE(first.tryTake(), DeviceTurn::Outcome::Taken);
    QCOMPARE(second.tryTake(), DeviceTurn::Outcome::Taken);
    QCOMPARE(mount.tryTake(), DeviceTurn::Outcome::Taken);
}

void TestDeviceTurn::aTurnOnTwoDisksTakesAllOrNone()
{
    DeviceTurn holder(deviceWithKeys({"block-8:32"}), "holder of the second disk");
    DeviceTurn both(deviceWithKeys({"block-8:16", "block-8:32"}), "both");
    QCOMPARE(holder.tryTake(), DeviceTurn::Outcome::Taken);
    QCOMPARE(both.tryTake(), DeviceTurn::Outcome::Busy);
    QCOMPARE(both.holder(), QStringLiteral("holder of the second disk"));
    // The first disk's lock, taken on the way, was given back: a writer can share it.
    DeviceTurn writer(deviceWithKeys({"block-8:16"}), "writer", DeviceTurn::Role::Writer);
    QCOMPARE(writer.tryTake(), DeviceTurn::Outcome::Taken);
    writer.release();
    holder.release();
    QCOMPARE(both.tryTake(), DeviceTurn::Outcome::Taken);
    DeviceTurn firstOnly(deviceWithKeys({"block-8:16"}), "first only");
    QCOMPARE(firstOnly.tryTake(), DeviceTurn::Outcome::Busy);
    QCOMPARE(firstOnly.holder(), QStringLiteral("both"));
}

void TestDeviceTurn::writersShareAndWaitersWaitForThem()
{
    const DestinationDevice disk = deviceWithKeys({"block-8:16"});
    DeviceTurn plain(disk, "plain copy", DeviceTurn::Role::Writer);
    DeviceTurn other(disk, "another plain copy", DeviceTurn::Role::Writer);
    DeviceTurn queued(disk, "queued copy");
    QCOMPARE(plain.tryTake(), DeviceTurn::Outcome::Taken);
    QCOMPARE(other.tryTake(), DeviceTurn::Outcome::Taken); // writers never exclude writers
    QCOMPARE(queued.tryTake(), DeviceTurn::Outcome::Busy);
    QCOMPARE(queued.holder(), QStringLiteral("another plain copy")); // the last to say so
    other.release();
    QCOMPARE(queued.tryTake(), DeviceTurn::Outcome::Busy); // one writer is still there
    plain.release();
    QCOMPARE(queued.tryTake(), DeviceTurn::Outcome::Taken);
    // A plain copy started now writes beside the queued one, and the next waiter waits for
    // both: it is not enough that the queued one ends.
    QCOMPARE(plain.tryTake(), DeviceTurn::Outcome::Taken);
    DeviceTurn next(disk, "next queued copy");
    QCOMPARE(next.tryTake(), DeviceTurn::Outcome::Busy);
    queued.release();
    QCOMPARE(next.tryTake(), DeviceTurn::Outcome::Busy);
    QCOMPARE(next.holder(), QStringLiteral("plain copy"));
    plain.release();
    QCOMPARE(next.tryTake(), DeviceTurn::Outcome::Taken);
}

void TestDeviceTurn::waitersGoInTheOrderTheyCame()
{
    const DestinationDevice disk = deviceWithKeys({"block-8:16"});
    DeviceTurn writer(disk, "writer", DeviceTurn::Role::Writer);
    DeviceTurn first(disk, "first waiter");
    DeviceTurn second(disk, "second waiter");
    DeviceTurn third(disk, "third waiter");
    QCOMPARE(writer.tryTake(), DeviceTurn::Outcome::Taken);
    QCOMPARE(first.tryTake(), DeviceTurn::Outcome::Busy);
    QCOMPARE(second.tryTake(), DeviceTurn::Outcome::Busy);
    QCOMPARE(third.tryTake(), DeviceTurn::Outcome::Busy);
    writer.release();
    // Whoever asks first, the oldest waiter goes first.
    QCOMPARE(third.tryTake(), DeviceTurn::Outcome::Busy);
    QCOMPARE(third.holder(), QStringLiteral("first waiter"));
    QCOMPARE(second.tryTake(), DeviceTurn::Outcome::Busy);
    QCOMPARE(first.tryTake(), DeviceTurn::Outcome::Taken);
    first.release();
    // A waiter that leaves the queue (paused) lets the next one go, and comes back last.
    second.leaveQueue();
    QCOMPARE(third.tryTake(), DeviceTurn::Outcome::Taken);
    QCOMPARE(second.tryTake(), DeviceTurn::Outcome::Busy);
    third.release();
    QCOMPARE(second.tryTake(), DeviceTurn::Outcome::Taken);
    const QDir queue(m_runtime.filePath(QStringLiteral("sluice/block-8-16.lock.queue")));
    QCOMPARE(queue.entryList(QDir::Files | QDir::Hidden), QStringList());
}

void TestDeviceTurn::aKilledWaiterLosesItsPlace()
{
    const DestinationDevice disk = deviceWithKeys({"block-8:64"});
    DeviceTurn writer(disk, "writer", DeviceTurn::Role::Writer);
    int go[2];
    int ready[2];
    QCOMPARE(::pipe(go), 0);
    QCOMPARE(::pipe(ready), 0);
    // Forked before the writer opens its lock: a child that inherited that descriptor would
    // keep the writer's lock alive after the writer released it (flock(2)).
    const pid_t child = ::fork();
    QVERIFY(child >= 0);
    if (child == 0) {
        ::close(ready[0]);
        char start = 0;
        if (::read(go[0], &start, 1) != 1)
            ::_exit(1);
        DeviceTurn turn(disk, "a waiter about to be killed");
        const char byte = turn.tryTake() == DeviceTurn::Outcome::Busy ? 'y' : 'n';
        [[maybe_unused]] const ssize_t written = ::write(ready[1], &byte, 1);
        while (true)
            ::pause(); // until SIGKILL
    }
    const auto reap = qScopeGuard([&] { // when the test failed half-way
        if (::waitpid(child, nullptr, WNOHANG) == 0) {
            ::kill(child, SIGKILL);
            ::waitpid(child, nullptr, 0);
        }
    });
    ::close(ready[1]);
    ::close(go[0]);
    QCOMPARE(writer.tryTake(), DeviceTurn::Outcome::Taken);
    QCOMPARE(::write(go[1], "g", 1), ssize_t(1));
    ::close(go[1]);
    char byte = 0;
    QCOMPARE(::read(ready[0], &byte, 1), ssize_t(1));
    ::close(ready[0]);
    QCOMPARE(byte, 'y');
    DeviceTurn survivor(disk, "survivor");
    writer.release();
    QCOMPARE(survivor.tryTake(), DeviceTurn::Outcome::Busy);
    QCOMPARE(survivor.holder(), QStringLiteral("a waiter about to be killed"));
    QCOMPARE(::kill(child, SIGKILL), 0);
    QCOMPARE(::waitpid(child, nullptr, 0), child);
    QCOMPARE(survivor.tryTake(), DeviceTurn::Outcome::Taken);
    const QDir queue(m_runtime.filePath(QStringLiteral("sluice/block-8-64.lock.queue")));
    QCOMPARE(queue.entryList(QDir::Files | QDir::Hidden), QStringList()); // the dead ticket too
}

void TestDeviceTurn::aKilledHolderReleasesTheDisk()
{
    int ready[2];
    QCOMPARE(::pipe(ready), 0);
    const pid_t child = ::fork();
    QVERIFY(child >= 0);
    if (child == 0) {
        ::close(ready[0]);
        DeviceTurn turn(deviceWithKeys({"block-8:48"}), "a process about to be killed");
        const char byte = turn.tryTake() == DeviceTurn::Outcome::Taken ? 'y' : 'n';
        [[maybe_unused]] const ssize_t written = ::write(ready[1], &byte, 1);
        while (true)
            ::pause(); // until SIGKILL
    }
    const auto reap = qScopeGuard([&] { // when the test failed half-way
        if (::waitpid(child, nullptr, WNOHANG) == 0) {
            ::kill(child, SIGKILL);
            ::waitpid(child, nullptr, 0);
        }
    });
    ::close(ready[1]);
    char byte = 0;
    QCOMPARE(::read(ready[0], &byte, 1), ssize_t(1));
    ::close(ready[0]);
    QCOMPARE(byte, 'y');
    DeviceTurn waiting(deviceWithKeys({"block-8:48"}), "survivor");
    QCOMPARE(waiting.tryTake(), DeviceTurn::Outcome::Busy);
    QCOMPARE(waiting.holder(), QStringLiteral("a process about to be killed"));
    QCOMPARE(::kill(child, SIGKILL), 0);
    int status = 0;
    QCOMPARE(::waitpid(child, &status, 0), child);
    QVERIFY(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
    QCOMPARE(waiting.tryTake(), DeviceTurn::Outcome::Taken);
}

void TestDeviceTurn::lockFolderMustBePrivate()
{
    const QString folder = m_runtime.filePath(QStringLiteral("sluice"));
    QVERIFY(QDir().mkpath(folder));
    QVERIFY(QFile::setPermissions(folder, QFile::permissions(folder) | QFile::WriteOther));
    QCOMPARE(::chmod(QFile::encodeName(folder).constData(), 0777), 0);
    DeviceTurn turn(deviceWithKeys({"block-8:16"}), "job");
    QCOMPARE(turn.tryTake(), DeviceTurn::Outcome::Unavailable);
    QVERIFY2(turn.problem().contains(folder), qPrintable(turn.problem()));
    QVERIFY(!turn.isHeld());

    // A link planted where the folder belongs is refused too, even to a private folder.
    QVERIFY(QDir(folder).removeRecursively());
    QTemporaryDir elsewhere;
    QVERIFY(QFile::link(elsewhere.path(), folder));
    QCOMPARE(turn.tryTake(), DeviceTurn::Outcome::Unavailable);
    QVERIFY2(turn.problem().contains(QStringLiteral("not a private folder")),
             qPrintable(turn.problem()));

    QVERIFY(QFile::remove(folder));
    QCOMPARE(turn.tryTake(), DeviceTurn::Outcome::Taken);
    struct stat st = {};
    QCOMPARE(::stat(QFile::encodeName(folder).constData(), &st), 0);
    QCOMPARE(st.st_mode & 0777, mode_t(0700));
}

void TestDeviceTurn::lockFolderWithoutRuntimeDirectory()
{
    qunsetenv("XDG_RUNTIME_DIR");
    QCOMPARE(DeviceTurn::lockFolder(), "/tmp/sluice-" + QByteArray::number(::geteuid()));
    qputenv("XDG_RUNTIME_DIR", QFile::encodeName(m_runtime.path()));
    QCOMPARE(DeviceTurn::lockFolder(), QFile::encodeName(m_runtime.path()) + "/sluice");
}

// sysfs as the kernel lays it out for a SCSI disk with partitions (sysfs-block(5)):
// /sys/dev/block/8:18 → ../../devices/.../block/sdb/sdb2, with a "partition" file.
void TestDeviceTurn::partitionResolvesToItsDisk()
{
    QTemporaryDir sys;
    const QString disk = sys.filePath(QStringLiteral("devices/pci0/host0/block/sdb"));
    QVERIFY(writeText(disk + QStringLiteral("/dev"), "8:16\n"));
    QVERIFY(writeText(disk + QStringLiteral("/sdb2/dev"), "8:18\n"));
    QVERIFY(writeText(disk + QStringLiteral("/sdb2/partition"), "2\n"));
    QVERIFY(
        makeLink(disk + QStringLiteral("/sdb2"), sys.filePath(QStringLiteral("dev/block/8:18"))));
    QVERIFY(makeLink(disk, sys.filePath(QStringLiteral("dev/block/8:16"))));
    SystemLayout layout;
    layout.sysRoot = sys.path();

    const DestinationDevice partition = blockDeviceDisks(makedev(8, 18), layout);
    QCOMPARE(partition.keys, QList<QByteArray>{"block-8:16"});
    QCOMPARE(partition.name, QStringLiteral("/dev/sdb"));
    const DestinationDevice whole = blockDeviceDisks(makedev(8, 16), layout);
    QCOMPARE(whole.keys, partition.keys);
    // A device sysfs does not show is still told apart by its number.
    const DestinationDevice unknown = blockDeviceDisks(makedev(259, 7), layout);
    QCOMPARE(unknown.keys, QList<QByteArray>{"block-259:7"});
}

// dm-crypt on an LVM volume spanning partitions of two disks: dm-1 → slaves/dm-0 →
// slaves/{sda3, sdc1}; the copy's device is both disks, in key order.
void TestDeviceTurn::deviceMapperStackResolvesToEveryDiskBelow()
{
    QTemporaryDir sys;
    const QString block = sys.filePath(QStringLiteral("devices"));
    const QString sda = block + QStringLiteral("/pci0/block/sda");
    const QString sdc = block + QStringLiteral("/pci1/block/sdc");
    const QString dm0 = block + QStringLiteral("/virtual/block/dm-0");
    const QString dm1 = block + QStringLiteral("/virtual/block/dm-1");
    QVERIFY(writeText(sda + QStringLiteral("/dev"), "8:0\n"));
    QVERIFY(writeText(sda + QStringLiteral("/sda3/dev"), "8:3\n"));
    QVERIFY(writeText(sda + QStringLiteral("/sda3/partition"), "3\n"));
    QVERIFY(writeText(sdc + QStringLiteral("/dev"), "8:32\n"));
    QVERIFY(writeText(sdc + QStringLiteral("/sdc1/dev"), "8:33\n"));
    QVERIFY(writeText(sdc + QStringLiteral("/sdc1/partition"), "1\n"));
    QVERIFY(writeText(dm0 + QStringLiteral("/dev"), "253:0\n"));
    QVERIFY(writeText(dm1 + QStringLiteral("/dev"), "253:1\n"));
    QVERIFY(makeLink(sdc + QStringLiteral("/sdc1"), dm0 + QStringLiteral("/slaves/sdc1")));
    QVERIFY(makeLink(sda + QStringLiteral("/sda3"), dm0 + QStringLiteral("/slaves/sda3")));
    QVERIFY(makeLink(dm0, dm1 + QStringLiteral("/slaves/dm-0")));
    QVERIFY(makeLink(dm1, sys.filePath(QStringLiteral("dev/block/253:1"))));
    SystemLayout layout;
    layout.sysRoot = sys.path();

    const DestinationDevice device = blockDeviceDisks(makedev(253, 1), layout);
    QCOMPARE(device.keys, (QList<QByteArray>{"block-8:0", "block-8:32"}));
    QCOMPARE(device.name, QStringLiteral("/dev/sda + /dev/sdc"));
}

void TestDeviceTurn::missingPathUsesTheNearestFolderAbove()
{
    Scratch scratch;
    const DestinationDevice existing = destinationDevice(scratch.path());
    QVERIFY(existing.isValid());
    QCOMPARE(destinationDevice(scratch.path("not/yet/made")).keys, existing.keys);
    QCOMPARE(destinationDevice(scratch.path("not/yet/made/")).name, existing.name);
}

// proc(5)'s format: optional fields before "-", octal escapes in paths, bind mounts of one
// device, and a device number that no line names (btrfs subvolumes).
void TestDeviceTurn::mountInfoLinesAreParsed()
{
    QTemporaryDir folder;
    const QString path = folder.filePath(QStringLiteral("mountinfo"));
    QVERIFY(writeText(path, "22 1 8:1 / / rw,relatime shared:1 - ext4 /dev/sda1 rw\n"
                            "40 22 0:52 / /media/USB\\040DISK rw shared:7 master:2 - fuse.sshfs "
                            "me@nas:/srv\\040x rw,user_id=0\n"
                            "41 22 8:1 /home /srv/home rw - ext4 /dev/sda1 rw\n"
                            "42 22 0:39 / /mnt/pool rw - btrfs /dev/sdc rw\n"));
    const std::optional<MountEntry> usb = findMount(makedev(0, 52), "/media/USB DISK/x", path);
    QVERIFY(usb.has_value());
    QCOMPARE(usb->mountId, 40);
    QCOMPARE(usb->mountPoint, QByteArray("/media/USB DISK"));
    QCOMPARE(usb->type, QStringLiteral("fuse.sshfs"));
    QCOMPARE(usb->source, QByteArray("me@nas:/srv x"));
    QCOMPARE(findMount(makedev(8, 1), "/srv/home/me", path)->mountPoint, QByteArray("/srv/home"));
    QCOMPARE(findMount(makedev(8, 1), "/etc", path)->mountPoint, QByteArray("/"));
    // A subvolume's own number: found by the path instead.
    QCOMPARE(findMount(makedev(0, 40), "/mnt/pool/sub/file", path)->source, QByteArray("/dev/sdc"));
    QVERIFY(!findMount(makedev(0, 99), {}, path).has_value());
}

void TestDeviceTurn::waitingJobStartsWhenTheTurnIsReleased()
{
    Scratch scratch;
    QVERIFY(TestTree::writePatternFile(scratch.path("source"), 300 * KiB));
    DeviceTurn holder(destinationDevice(scratch.path()), "the test's own copy");
    QCOMPARE(holder.tryTake(), DeviceTurn::Outcome::Taken);

    CopyOptions options = JobRunner::quickOptions();
    options.deviceTurn = DeviceTurnPolicy::Wait;
    options.smallJobBytes = 1; // this small job counts as large
    bool released = false;
    bool destinationAbsentWhileWaiting = false;
    CopyProgress waitingSample;
    const JobRunner::Run run =
        JobRunner::run({scratch.path("source")}, scratch.path("copy"), options, {}, {},
                       [&](CopyJob &, const CopyProgress &progress) {
                           if (released || progress.phase != CopyPhase::WaitingForDevice)
                               return;
                           waitingSample = progress;
                           destinationAbsentWhileWaiting =
                               !QFile::exists(QFile::decodeName(scratch.path("copy")));
                           holder.release();
                           released = true;
                       });
    QVERIFY(!run.timedOut);
    QVERIFY(released);
    QVERIFY(destinationAbsentWhileWaiting);
    QCOMPARE(waitingSample.waitingForDevice, holder.device().name);
    QCOMPARE(waitingSample.deviceHolder, QStringLiteral("the test's own copy"));
    QCOMPARE(waitingSample.toJson().value(QStringLiteral("phase")).toString(),
             QStringLiteral("waiting-for-device"));
    QCOMPARE(run.result.status, CopyStatus::Succeeded);
    QCOMPARE(TestTree::readFile(scratch.path("copy")), TestTree::readFile(scratch.path("source")));
    // The job held the turn while it copied and gave it back at its end.
    QCOMPARE(holder.tryTake(), DeviceTurn::Outcome::Taken);
    QVERIFY(!run.samples.isEmpty());
    QCOMPARE(run.samples.last().waitingForDevice, QString());
}

void TestDeviceTurn::waitingJobCanBeCancelled()
{
    Scratch scratch;
    QVERIFY(TestTree::writePatternFile(scratch.path("source"), 64 * KiB));
    DeviceTurn holder(destinationDevice(scratch.path()), "holder");
    QCOMPARE(holder.tryTake(), DeviceTurn::Outcome::Taken);
    CopyOptions options = JobRunner::quickOptions();
    options.deviceTurn = DeviceTurnPolicy::Wait;
    options.smallJobBytes = 1;
    int waitingSamples = 0;
    const JobRunner::Run run = JobRunner::run(
        {scratch.path("source")}, scratch.path("copy"), options, {}, {},
        [&](CopyJob &job, const CopyProgress &progress) {
            if (progress.phase == CopyPhase::WaitingForDevice && ++waitingSamples == 2)
                job.cancel();
        });
    QVERIFY(!run.timedOut);
    QCOMPARE(waitingSamples >= 2, true);
    QCOMPARE(run.result.status, CopyStatus::Cancelled);
    QCOMPARE(run.result.bytesWritten, qint64(0));
    QVERIFY(QDir(QFile::decodeName(scratch.path()))
                .entryList(QDir::NoDotAndDotDot | QDir::AllEntries | QDir::Hidden)
            == QStringList{QStringLiteral("source")});
    QVERIFY(holder.isHeld());
}

void TestDeviceTurn::smallJobAndTakeIfFreeDoNotWait()
{
    Scratch scratch;
    QVERIFY(TestTree::writePatternFile(scratch.path("source"), 64 * KiB));
    DeviceTurn holder(destinationDevice(scratch.path()), "holder");
    QCOMPARE(holder.tryTake(), DeviceTurn::Outcome::Taken);

    // Under smallJobBytes (the default 64 MiB): runs beside the holder.
    CopyOptions waiting = JobRunner::quickOptions();
    waiting.deviceTurn = DeviceTurnPolicy::Wait;
    JobRunner::Run run = JobRunner::run({scratch.path("source")}, scratch.path("small"), waiting);
    QCOMPARE(run.result.status, CopyStatus::Succeeded);
    for (const CopyProgress &sample : run.samples)
        QVERIFY(sample.phase != CopyPhase::WaitingForDevice);

    // TakeIfFree: a large job that finds the device busy copies at once.
    CopyOptions plain = JobRunner::quickOptions();
    plain.deviceTurn = DeviceTurnPolicy::TakeIfFree;
    plain.smallJobBytes = 1;
    run = JobRunner::run({scratch.path("source")}, scratch.path("plain"), plain);
    QCOMPARE(run.result.status, CopyStatus::Succeeded);
    for (const CopyProgress &sample : run.samples)
        QVERIFY(sample.phase != CopyPhase::WaitingForDevice);
    QCOMPARE(TestTree::readFile(scratch.path("plain")), TestTree::readFile(scratch.path("source")));

    // ... and when the device is free, TakeIfFree holds it while it writes.
    holder.release();
    QVERIFY(TestTree::writePatternFile(scratch.path("big"), 2 * MiB));
    plain.engine = Engine::Stream;
    std::atomic<int> observed{-1};
    IoHooks hooks;
    hooks.beforeWrite = [&](const QByteArray &, qint64, qint64) {
        if (observed.load() < 0) {
            DeviceTurn observer(destinationDevice(scratch.path()), "observer");
            observed.store(int(observer.tryTake()));
        }
        return 0;
    };
    run = JobRunner::run({scratch.path("big")}, scratch.path("held"), plain, {}, hooks);
    QCOMPARE(run.result.status, CopyStatus::Succeeded);
    QCOMPARE(observed.load(), int(DeviceTurn::Outcome::Busy));
    QCOMPARE(holder.tryTake(), DeviceTurn::Outcome::Taken); // given back at the end
}

QTEST_GUILESS_MAIN(TestDeviceTurn)
#include "tst_deviceturn.moc"
