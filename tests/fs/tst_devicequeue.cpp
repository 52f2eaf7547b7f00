// One copy at a time per physical disk, across processes: which disk a destination is on
// (tmpfs mounts, loop images, two partitions of one disk, btrfs's anonymous device numbers),
// and real sluice-cli processes taking turns through the per-disk lock (--queue), stopped
// with SIGSTOP and killed with SIGKILL while they hold it.

#include "copyoptions.h"
#include "destinationdevice.h"
#include "deviceturn.h"
#include "fshelpers.h"
#include "testmount.h"
#include "testtree.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <sys/stat.h>
#include <sys/sysmacros.h>

using namespace Sluice;

namespace {

constexpr qint64 LargeJob = 65 * MiB; // over the 64 MiB below which nobody waits
constexpr int Deadline = 60000;

QString findmntSource(const QByteArray &mountPoint)
{
    QProcess findmnt;
    findmnt.start(QStringLiteral("findmnt"),
                  {QStringLiteral("-n"), QStringLiteral("-o"), QStringLiteral("SOURCE"),
                   QFile::decodeName(mountPoint)});
    findmnt.waitForFinished();
    return QString::fromLocal8Bit(findmnt.readAllStandardOutput()).trimmed();
}

QByteArray blockKey(const QString &devicePath)
{
    struct stat st = {};
    if (::stat(QFile::encodeName(devicePath).constData(), &st) != 0)
        return {};
    return "block-" + QByteArray::number(major(st.st_rdev)) + ':'
           + QByteArray::number(minor(st.st_rdev));
}

// A sluice-cli child whose output is collected as it arrives.
class CliChild
{
public:
    explicit CliChild(const QStringList &arguments)
    {
        m_process.setProgram(QFile::decodeName(FsHelpers::cliPath()));
        m_process.setArguments(arguments);
        m_process.setStandardInputFile(QProcess::nullDevice());
        m_process.start();
    }
    ~CliChild()
    {
        if (m_process.state() != QProcess::NotRunning) {
            ::kill(pid_t(m_process.processId()), SIGKILL);
            m_process.waitForFinished();
        }
    }
    Q_DISABLE_COPY_MOVE(CliChild)

    qint64 pid() const { return m_process.processId(); }
    bool waitForError(const QString &text)
    {
        return QTest::qWaitFor([&] { return collect(), m_err.contains(text); }, Deadline);
    }
    /// Waits for the first JSON progress record in @p phase; @p atThatMoment runs then.
    bool waitForPhase(const QString &phase, const std::function<void()> &atThatMoment = {})
    {
        bool found = false;
        [[maybe_unused]] const bool settled = QTest::qWaitFor(
            [&] {
                const bool ended = m_process.state() == QProcess::NotRunning;
                collect();
                while (!found && m_scanned < m_lines.size()) {
                    const QJsonObject record =
                        QJsonDocument::fromJson(m_lines.at(m_scanned++)).object();
                    found = record.value(QStringLiteral("phase")).toString() == phase;
                }
                if (found && atThatMoment)
                    atThatMoment();
                return found || ended;
            },
            Deadline);
        return found;
    }
    bool sawPhase(const QString &phase)
    {
        collect();
        for (const QByteArray &line : std::as_const(m_lines)) {
            if (QJsonDocument::fromJson(line).object().value(QStringLiteral("phase")).toString()
                == phase)
                return true;
        }
        return false;
    }
    int finish()
    {
        // waitForFinished() is false for a process that has already finished.
        if (m_process.state() != QProcess::NotRunning && !m_process.waitForFinished(Deadline))
            return -2;
        collect();
        return m_process.exitStatus() == QProcess::NormalExit ? m_process.exitCode() : -1;
    }
    bool isRunning() const { return m_process.state() == QProcess::Running; }
    QString errors() const { return m_err; }

private:
    void collect()
    {
        m_err += QString::fromLocal8Bit(m_process.readAllStandardError());
        m_out += m_process.readAllStandardOutput();
        qsizetype newline;
        while ((newline = m_out.indexOf('\n')) >= 0) {
            m_lines.append(m_out.left(newline));
            m_out.remove(0, newline + 1);
        }
    }

    QProcess m_process;
    QString m_err;
    QByteArray m_out;
    QList<QByteArray> m_lines;
    qsizetype m_scanned = 0;
};

QStringList queuedCopy(const QByteArray &source, const QByteArray &destination,
                       const QStringList &extra = {})
{
    return QStringList{QStringLiteral("--queue"), QStringLiteral("--progress"),
                       QStringLiteral("json"), QStringLiteral("--durability"),
                       QStringLiteral("none")}
           + extra + QStringList{QFile::decodeName(source), QFile::decodeName(destination)};
}

} // namespace

class TestDeviceQueue final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void tmpfsMountsAreSeparateDevices();
    void loopImagesAreSeparateDisks();
    void partitionsOfOneDiskShareOneDevice();
    void btrfsResolvesThroughItsSource();
    void queuedCopyWaitsForTheHolderAndSaysSo();
    void plainCopyDoesNotWait();
    void twoQueuedCopiesToOneDiskTakeTurns();
    void aKilledHolderLetsTheQueuedCopyGo();
    void copiesToDifferentDisksRunTogether();
    void queuedCopyWaitsForAPlainCopyStartedMeanwhile();
    void queuedCopiesGoInTheOrderTheyCame();
    void checksRunAfterTheWait();
    void moveThatOnlyRenamesDoesNotWait();

private:
    QTemporaryDir m_runtime;
    QByteArray m_savedRuntime;
};

void TestDeviceQueue::initTestCase()
{
    FS_REQUIRE_ROOT();
}

void TestDeviceQueue::init()
{
    QVERIFY(m_runtime.isValid());
    QVERIFY(QFile::setPermissions(m_runtime.path(),
                                  QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
    m_savedRuntime = qgetenv("XDG_RUNTIME_DIR");
    qputenv("XDG_RUNTIME_DIR", QFile::encodeName(m_runtime.path())); // children inherit it
}

void TestDeviceQueue::cleanup()
{
    qputenv("XDG_RUNTIME_DIR", m_savedRuntime);
}

void TestDeviceQueue::tmpfsMountsAreSeparateDevices()
{
    FS_MOUNT(first, FsKind::Tmpfs, 16 * MiB);
    FS_MOUNT(second, FsKind::Tmpfs, 16 * MiB);
    const DestinationDevice a = destinationDevice(first->path("not/yet"));
    const DestinationDevice b = destinationDevice(second->path());
    QCOMPARE(a.keys.size(), 1);
    QVERIFY2(a.keys.first().startsWith("mount-0:"), a.keys.first().constData());
    QVERIFY(a.keys != b.keys);
    QCOMPARE(a.name, QStringLiteral("tmpfs at %1").arg(QFile::decodeName(first->path())));
}

void TestDeviceQueue::loopImagesAreSeparateDisks()
{
    FS_MOUNT(first, FsKind::Ext4, 32 * MiB);
    FS_MOUNT(second, FsKind::Ext4, 32 * MiB);
    const QString sourceA = findmntSource(first->path());
    const QString sourceB = findmntSource(second->path());
    QVERIFY2(sourceA.startsWith(QLatin1String("/dev/loop")), qPrintable(sourceA));
    const DestinationDevice a = destinationDevice(first->path());
    const DestinationDevice b = destinationDevice(second->path());
    QCOMPARE(a.keys, QList<QByteArray>{blockKey(sourceA)});
    QCOMPARE(b.keys, QList<QByteArray>{blockKey(sourceB)});
    QCOMPARE(a.name, sourceA);
    QVERIFY(a.keys != b.keys);
}

// Two partitions of one (loop) disk: writing to both at once makes the same disk seek
// between them, so they are one device.
void TestDeviceQueue::partitionsOfOneDiskShareOneDevice()
{
    QTemporaryDir base;
    const QString image = base.filePath(QStringLiteral("disk.img"));
    QVERIFY(QFile(image).open(QIODevice::WriteOnly));
    QVERIFY(QFile::resize(image, 96 * MiB));
    QProcess sfdisk;
    sfdisk.start(QStringLiteral("sfdisk"), {QStringLiteral("--quiet"), image});
    sfdisk.write("label: dos\n,40M,L\n,40M,L\n");
    sfdisk.closeWriteChannel();
    QVERIFY(sfdisk.waitForFinished());
    QCOMPARE(sfdisk.exitCode(), 0);
    QProcess losetup;
    losetup.start(QStringLiteral("losetup"), {QStringLiteral("--find"), QStringLiteral("--show"),
                                              QStringLiteral("--partscan"), image});
    QVERIFY(losetup.waitForFinished());
    const QString loop = QString::fromLocal8Bit(losetup.readAllStandardOutput()).trimmed();
    QVERIFY2(loop.startsWith(QLatin1String("/dev/loop")),
             losetup.readAllStandardError().constData());
    const auto detach = qScopeGuard([&] {
        runTool(QStringLiteral("losetup"), {QStringLiteral("-d"), loop});
    });
    // The kernel creates the partitions while attaching (LOOP_CONFIGURE with partscan);
    // udev may not run here, so the device nodes are made from sysfs when missing.
    QStringList mounted;
    const auto unmount = qScopeGuard([&] {
        for (const QString &point : std::as_const(mounted))
            runTool(QStringLiteral("umount"), {point});
    });
    const QString loopName = QFileInfo(loop).fileName();
    if (!QFile::exists(QStringLiteral("/sys/class/block/%1p1").arg(loopName)))
        QSKIP("this kernel makes no partitions on loop devices (no partition-table support); "
              "the partition rule is covered with a sysfs layout in core-deviceturn");
    QList<DestinationDevice> devices;
    for (int part = 1; part <= 2; ++part) {
        const QString node = QStringLiteral("%1p%2").arg(loop).arg(part);
        const QString sysDev = QStringLiteral("/sys/class/block/%1p%2/dev").arg(loopName).arg(part);
        if (!QFile::exists(node)) {
            QFile numbers(sysDev);
            QVERIFY(numbers.open(QIODevice::ReadOnly));
            const QList<QByteArray> majorMinor = numbers.readAll().trimmed().split(':');
            QCOMPARE(::mknod(QFile::encodeName(node).constData(), S_IFBLK | 0600,
                             makedev(majorMinor.at(0).toUInt(), majorMinor.at(1).toUInt())),
                     0);
        }
        QCOMPARE(runTool(QStringLiteral("mkfs.ext4"),
                         {QStringLiteral("-q"), QStringLiteral("-F"), node}),
                 QString());
        const QString point = base.filePath(QStringLiteral("p%1").arg(part));
        QVERIFY(QDir().mkpath(point));
        QCOMPARE(runTool(QStringLiteral("mount"), {node, point}), QString());
        mounted.append(point);
        devices.append(destinationDevice(QFile::encodeName(point)));
    }
    QCOMPARE(devices.at(0).keys, QList<QByteArray>{blockKey(loop)});
    QCOMPARE(devices.at(1).keys, devices.at(0).keys);
    QCOMPARE(devices.at(0).name, loop);
}

void TestDeviceQueue::btrfsResolvesThroughItsSource()
{
    FS_MOUNT(btrfs, FsKind::Btrfs, 128 * MiB);
    struct stat st = {};
    QCOMPARE(::stat(btrfs->path().constData(), &st), 0);
    QCOMPARE(major(st.st_dev), 0u); // btrfs hands out anonymous device numbers
    const QString source = findmntSource(btrfs->path());
    const DestinationDevice device = destinationDevice(btrfs->path());
    QCOMPARE(device.keys, QList<QByteArray>{blockKey(source)});
    QCOMPARE(device.name, source);
}

void TestDeviceQueue::queuedCopyWaitsForTheHolderAndSaysSo()
{
    FS_MOUNT(disk, FsKind::Tmpfs, 160 * MiB);
    QVERIFY(TestTree::writeSparseFile(disk->path("source"), LargeJob, {0, LargeJob - 8}));
    DeviceTurn holder(destinationDevice(disk->path()), "the test's own copy");
    QCOMPARE(holder.tryTake(), DeviceTurn::Outcome::Taken);

    CliChild queued(queuedCopy(disk->path("source"), disk->path("copy")));
    QVERIFY2(queued.waitForError(QStringLiteral("sluice-cli: waiting for the test's own copy to "
                                                "finish on tmpfs at %1\n")
                                     .arg(QFile::decodeName(disk->path()))),
             qPrintable(queued.errors()));
    QVERIFY(queued.waitForPhase(QStringLiteral("waiting-for-device")));
    QCOMPARE(FsHelpers::listNames(disk->path()), QList<QByteArray>{"source"});
    holder.release();
    QCOMPARE(queued.finish(), 0);
    QCOMPARE(FsHelpers::fileDigest(disk->path("copy")),
             FsHelpers::fileDigest(disk->path("source")));
}

void TestDeviceQueue::plainCopyDoesNotWait()
{
    FS_MOUNT(disk, FsKind::Tmpfs, 160 * MiB);
    QVERIFY(TestTree::writeSparseFile(disk->path("source"), LargeJob, {0, LargeJob - 8}));
    DeviceTurn holder(destinationDevice(disk->path()), "holder");
    QCOMPARE(holder.tryTake(), DeviceTurn::Outcome::Taken);
    CliChild plain({QStringLiteral("--progress"), QStringLiteral("json"),
                    QFile::decodeName(disk->path("source")),
                    QFile::decodeName(disk->path("copy"))});
    QCOMPARE(plain.finish(), 0);
    QVERIFY(holder.isHeld());
    QVERIFY(!plain.sawPhase(QStringLiteral("waiting-for-device")));
    QVERIFY(!plain.errors().contains(QStringLiteral("waiting")));
    QCOMPARE(FsHelpers::fileDigest(disk->path("copy")),
             FsHelpers::fileDigest(disk->path("source")));
}

// A holds the disk (stopped with SIGSTOP in the middle of its copy); B waits naming A's pid;
// when A goes on and ends, B copies, and by then A's file is complete at its final name.
void TestDeviceQueue::twoQueuedCopiesToOneDiskTakeTurns()
{
    FS_MOUNT(disk, FsKind::Tmpfs, 300 * MiB);
    QVERIFY(TestTree::writePatternFile(disk->path("first"), LargeJob, 1));
    QVERIFY(TestTree::writePatternFile(disk->path("second"), LargeJob, 2));
    CliChild a(queuedCopy(disk->path("first"), disk->path("a"),
                          {QStringLiteral("--limit"), QStringLiteral("32M")}));
    QVERIFY(a.waitForPhase(QStringLiteral("copying"), [&] { ::kill(pid_t(a.pid()), SIGSTOP); }));
    // B is slowed down as well, so that it reports a sample while copying.
    CliChild b(queuedCopy(disk->path("second"), disk->path("b"),
                          {QStringLiteral("--limit"), QStringLiteral("32M")}));
    QVERIFY2(b.waitForError(
                 QStringLiteral("waiting for sluice-cli (pid %1) copying to %2 to "
                                "finish on tmpfs at %3")
                     .arg(a.pid())
                     .arg(QFile::decodeName(disk->path("a")), QFile::decodeName(disk->path()))),
             qPrintable(b.errors()));
    QVERIFY(!QFile::exists(QFile::decodeName(disk->path("b"))));
    QCOMPARE(::kill(pid_t(a.pid()), SIGCONT), 0);
    qint64 firstSizeWhenSecondStarted = -1;
    QVERIFY(b.waitForPhase(QStringLiteral("copying"), [&] {
        firstSizeWhenSecondStarted = QFileInfo(QFile::decodeName(disk->path("a"))).size();
    }));
    QCOMPARE(firstSizeWhenSecondStarted, LargeJob);
    QCOMPARE(a.finish(), 0);
    QCOMPARE(b.finish(), 0);
    QCOMPARE(FsHelpers::fileDigest(disk->path("a")), FsHelpers::fileDigest(disk->path("first")));
    QCOMPARE(FsHelpers::fileDigest(disk->path("b")), FsHelpers::fileDigest(disk->path("second")));
}

void TestDeviceQueue::aKilledHolderLetsTheQueuedCopyGo()
{
    FS_MOUNT(disk, FsKind::Tmpfs, 300 * MiB);
    QVERIFY(TestTree::writePatternFile(disk->path("first"), LargeJob, 2));
    QVERIFY(TestTree::writeSparseFile(disk->path("second"), LargeJob, {0, LargeJob - 8}));
    CliChild a(queuedCopy(disk->path("first"), disk->path("a"),
                          {QStringLiteral("--limit"), QStringLiteral("32M")}));
    QVERIFY(a.waitForPhase(QStringLiteral("copying"), [&] { ::kill(pid_t(a.pid()), SIGSTOP); }));
    CliChild b(queuedCopy(disk->path("second"), disk->path("b")));
    QVERIFY(b.waitForError(QStringLiteral("waiting for sluice-cli (pid %1)").arg(a.pid())));
    QCOMPARE(::kill(pid_t(a.pid()), SIGKILL), 0);
    QCOMPARE(a.finish(), -1);
    QCOMPARE(b.finish(), 0);
    QCOMPARE(FsHelpers::fileDigest(disk->path("b")), FsHelpers::fileDigest(disk->path("second")));
    QVERIFY(!QFile::exists(QFile::decodeName(disk->path("a")))); // only A's part file is left
}

void TestDeviceQueue::copiesToDifferentDisksRunTogether()
{
    FS_MOUNT(first, FsKind::Tmpfs, 160 * MiB);
    FS_MOUNT(second, FsKind::Tmpfs, 160 * MiB);
    QVERIFY(TestTree::writePatternFile(first->path("source"), LargeJob, 3));
    QVERIFY(TestTree::writeSparseFile(second->path("source"), LargeJob, {0, LargeJob - 8}));
    CliChild a(queuedCopy(first->path("source"), first->path("copy"),
                          {QStringLiteral("--limit"), QStringLiteral("32M")}));
    QVERIFY(a.waitForPhase(QStringLiteral("copying"), [&] { ::kill(pid_t(a.pid()), SIGSTOP); }));
    // A is stopped holding the first disk; a copy to the second does not wait for it.
    CliChild b(queuedCopy(second->path("source"), second->path("copy")));
    QCOMPARE(b.finish(), 0);
    QVERIFY(!b.sawPhase(QStringLiteral("waiting-for-device")));
    QVERIFY(a.isRunning());
    QCOMPARE(FsHelpers::fileDigest(second->path("copy")),
             FsHelpers::fileDigest(second->path("source")));
    QCOMPARE(::kill(pid_t(a.pid()), SIGCONT), 0);
    QCOMPARE(a.finish(), 0);
    QCOMPARE(FsHelpers::fileDigest(first->path("copy")),
             FsHelpers::fileDigest(first->path("source")));
}

// Q1 holds the disk; a plain copy P starts meanwhile (it never waits, but says it writes);
// Q2 waits for Q1 and then for P, not only for Q1.
void TestDeviceQueue::queuedCopyWaitsForAPlainCopyStartedMeanwhile()
{
    FS_MOUNT(disk, FsKind::Tmpfs, 400 * MiB);
    QVERIFY(TestTree::writePatternFile(disk->path("one"), LargeJob, 4));
    QVERIFY(TestTree::writePatternFile(disk->path("two"), LargeJob, 5));
    QVERIFY(TestTree::writePatternFile(disk->path("three"), LargeJob, 6));
    const QStringList slow{QStringLiteral("--limit"), QStringLiteral("32M")};
    CliChild q1(queuedCopy(disk->path("one"), disk->path("q1"), slow));
    QVERIFY(q1.waitForPhase(QStringLiteral("copying"), [&] { ::kill(pid_t(q1.pid()), SIGSTOP); }));
    CliChild plain({QStringLiteral("--progress"), QStringLiteral("json"), QStringLiteral("--limit"),
                    QStringLiteral("32M"), QFile::decodeName(disk->path("two")),
                    QFile::decodeName(disk->path("p"))});
    QVERIFY(plain.waitForPhase(QStringLiteral("copying"),
                               [&] { ::kill(pid_t(plain.pid()), SIGSTOP); }));
    CliChild q2(queuedCopy(disk->path("three"), disk->path("q2"), slow));
    QVERIFY(q2.waitForError(QStringLiteral("sluice-cli: waiting for ")));
    QCOMPARE(::kill(pid_t(q1.pid()), SIGCONT), 0);
    QCOMPARE(q1.finish(), 0);
    // Q1 is done, P is stopped mid-file: Q2 must go on waiting, now for P.
    QVERIFY2(q2.waitForError(QStringLiteral("waiting for sluice-cli (pid %1)").arg(plain.pid())),
             qPrintable(q2.errors()));
    QVERIFY(!q2.sawPhase(QStringLiteral("copying")));
    QCOMPARE(::kill(pid_t(plain.pid()), SIGCONT), 0);
    qint64 plainSizeWhenQ2Started = -1;
    QVERIFY(q2.waitForPhase(QStringLiteral("copying"), [&] {
        plainSizeWhenQ2Started = QFileInfo(QFile::decodeName(disk->path("p"))).size();
    }));
    QCOMPARE(plainSizeWhenQ2Started, LargeJob);
    QCOMPARE(plain.finish(), 0);
    QCOMPARE(q2.finish(), 0);
    QCOMPARE(FsHelpers::fileDigest(disk->path("q2")), FsHelpers::fileDigest(disk->path("three")));
}

// Three queued copies: B and C wait while A holds the disk; B came first, so B goes first,
// however their polls fall.
void TestDeviceQueue::queuedCopiesGoInTheOrderTheyCame()
{
    FS_MOUNT(disk, FsKind::Tmpfs, 400 * MiB);
    QVERIFY(TestTree::writePatternFile(disk->path("a-src"), LargeJob, 7));
    QVERIFY(TestTree::writePatternFile(disk->path("b-src"), LargeJob, 8));
    QVERIFY(TestTree::writePatternFile(disk->path("c-src"), LargeJob, 9));
    const QStringList slow{QStringLiteral("--limit"), QStringLiteral("32M")};
    CliChild a(queuedCopy(disk->path("a-src"), disk->path("a"), slow));
    QVERIFY(a.waitForPhase(QStringLiteral("copying"), [&] { ::kill(pid_t(a.pid()), SIGSTOP); }));
    CliChild b(queuedCopy(disk->path("b-src"), disk->path("b"), slow));
    QVERIFY(b.waitForPhase(QStringLiteral("waiting-for-device")));
    CliChild c(queuedCopy(disk->path("c-src"), disk->path("c"), slow));
    QVERIFY(c.waitForPhase(QStringLiteral("waiting-for-device")));
    QCOMPARE(::kill(pid_t(a.pid()), SIGCONT), 0);
    qint64 bSizeWhenCStarted = -1;
    QVERIFY(c.waitForPhase(QStringLiteral("copying"), [&] {
        bSizeWhenCStarted = QFileInfo(QFile::decodeName(disk->path("b"))).size();
    }));
    QCOMPARE(bSizeWhenCStarted, LargeJob); // B had finished
    for (CliChild *child : {&a, &b, &c})
        QCOMPARE(child->finish(), 0);
    QCOMPARE(FsHelpers::fileDigest(disk->path("c")), FsHelpers::fileDigest(disk->path("c-src")));
}

// The free-space check is made once the disk is ours: B's 65 MiB do not fit after A's.
void TestDeviceQueue::checksRunAfterTheWait()
{
    FS_MOUNT(disk, FsKind::Tmpfs, 100 * MiB);
    QVERIFY(TestTree::writePatternFile(disk->path("a-src"), 4 * MiB, 10)); // on the same disk
    TestMount *target = disk.get();
    FS_MOUNT(sources, FsKind::Tmpfs, 200 * MiB);
    QVERIFY(TestTree::writePatternFile(sources->path("first"), LargeJob, 11));
    QVERIFY(TestTree::writePatternFile(sources->path("second"), LargeJob, 12));
    CliChild a(queuedCopy(sources->path("first"), target->path("a"),
                          {QStringLiteral("--limit"), QStringLiteral("32M")}));
    QVERIFY(a.waitForPhase(QStringLiteral("copying"), [&] { ::kill(pid_t(a.pid()), SIGSTOP); }));
    CliChild b(queuedCopy(sources->path("second"), target->path("b")));
    QVERIFY(b.waitForPhase(QStringLiteral("waiting-for-device")));
    QCOMPARE(::kill(pid_t(a.pid()), SIGCONT), 0);
    QCOMPARE(a.finish(), 0);
    QCOMPARE(b.finish(), 1); // it cannot fit, and says so before the first byte
    QVERIFY2(b.errors().contains(QStringLiteral("not enough free space")), qPrintable(b.errors()));
    QCOMPARE(FsHelpers::fileDigest(target->path("a")),
             FsHelpers::fileDigest(sources->path("first")));
}

void TestDeviceQueue::moveThatOnlyRenamesDoesNotWait()
{
    FS_MOUNT(disk, FsKind::Tmpfs, 200 * MiB);
    QVERIFY(TestTree::writePatternFile(disk->path("big"), LargeJob, 13));
    const QByteArray digest = FsHelpers::fileDigest(disk->path("big"));
    QVERIFY(TestTree::makePath(disk->path("moved")));
    DeviceTurn holder(destinationDevice(disk->path()), "holder", DeviceTurn::Role::Writer);
    QCOMPARE(holder.tryTake(), DeviceTurn::Outcome::Taken);
    CliChild move(queuedCopy(disk->path("big"), disk->path("moved/"), {QStringLiteral("--move")}));
    QCOMPARE(move.finish(), 0);
    QVERIFY(!move.sawPhase(QStringLiteral("waiting-for-device")));
    QCOMPARE(FsHelpers::fileDigest(disk->path("moved/big")), digest);
    QVERIFY(!QFile::exists(QFile::decodeName(disk->path("big"))));
}

QTEST_GUILESS_MAIN(TestDeviceQueue)
#include "tst_devicequeue.moc"
