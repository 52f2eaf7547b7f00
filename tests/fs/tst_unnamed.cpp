// Issue 13 (small files): in a folder the copy created, a small file is written as an
// unnamed file (open(2) O_TMPFILE) and linked under its final name once complete, so no
// part name ever exists for it; a file system without unnamed files (vfat through fusefat)
// and big files keep the part file. Both paths: the same bytes, modes and times, no part
// file left, a name taken meanwhile decided again, and a kill -9 leaves no name at all for
// what was in flight.

#include "fshelpers.h"
#include "jobrunner.h"
#include "testmount.h"
#include "testtree.h"

#include <QTest>

#include <csignal>
#include <fcntl.h>
#include <mutex>
#include <sys/stat.h>
#include <unistd.h>

using namespace Sluice;

namespace {

// What the afterPartCreated hook saw: each part path, and whether an entry had that name.
struct PartSightings
{
    std::mutex mutex;
    QHash<QByteArray, bool> named; // by the part's file name

    IoHooks hooks()
    {
        IoHooks hooks;
        hooks.afterPartCreated = [this](const QByteArray &partPath) {
            struct stat st = {};
            const bool exists = ::lstat(partPath.constData(), &st) == 0;
            std::lock_guard lock(mutex);
            named.insert(partPath.mid(partPath.lastIndexOf('/') + 1), exists);
        };
        return hooks;
    }
};

// src/tree/{a,b}/fNN: small files of 0 to ~60 KiB with three modes and odd nanosecond
// modification times, and one file of 2 MiB (above the small-file threshold).
bool buildTree(const QByteArray &source)
{
    if (!TestTree::makePath(source + "/a") || !TestTree::makePath(source + "/b"))
        return false;
    const mode_t modes[] = {0640, 0604, 0755};
    for (int i = 0; i < 30; ++i) {
        const QByteArray path =
            source + (i % 2 ? "/a/f" : "/b/f") + QByteArray::number(i).rightJustified(2, '0');
        const timespec times[2] = {{1'600'000'000 + i, 111'111'111},
                                   {1'500'000'000 + i * 7, 123'456'789 + i}};
        if (!TestTree::writePatternFile(path, qint64(i) * 2049, quint32(500 + i))
            || ::chmod(path.constData(), modes[i % 3]) != 0
            || ::utimensat(AT_FDCWD, path.constData(), times, 0) != 0)
            return false;
    }
    return TestTree::writePatternFile(source + "/big", 2 * MiB, 77);
}

} // namespace

class TestUnnamed final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { FS_REQUIRE_ROOT(); }
    void smallFilesInANewFolderHaveNoPartName_data();
    void smallFilesInANewFolderHaveNoPartName();
    void nameTakenMeanwhileIsDecidedAgain_data();
    void nameTakenMeanwhileIsDecidedAgain();
    void killedCliLeavesNoNameForFilesInFlight();
};

void TestUnnamed::smallFilesInANewFolderHaveNoPartName_data()
{
    QTest::addColumn<FsKind>("fs");
    QTest::addColumn<VerifyAlgorithm>("verify");
    QTest::addColumn<bool>("unnamed"); // small files written without a part name
    QTest::newRow("ext4") << FsKind::Ext4 << VerifyAlgorithm::None << true;
    QTest::newRow("ext4, verify") << FsKind::Ext4 << VerifyAlgorithm::Xxh3 << true;
    QTest::newRow("tmpfs") << FsKind::Tmpfs << VerifyAlgorithm::None << true;
    // fusefat has no O_TMPFILE: the part file, as before.
    QTest::newRow("vfat (no O_TMPFILE)") << FsKind::Vfat << VerifyAlgorithm::None << false;
}

void TestUnnamed::smallFilesInANewFolderHaveNoPartName()
{
    QFETCH(FsKind, fs);
    QFETCH(VerifyAlgorithm, verify);
    QFETCH(bool, unnamed);
    Scratch scratch;
    QVERIFY(buildTree(scratch.path("tree")));
    FS_MOUNT(disk, fs, 128 * MiB);
    QVERIFY(TestTree::makePath(disk->path("out")));

    PartSightings parts;
    CopyOptions options = JobRunner::quickOptions();
    options.verify = verify;
    options.durability = Durability::Job;
    const JobRunner::Run run =
        JobRunner::run({scratch.path("tree")}, disk->path("out"), options, {}, parts.hooks());
    QVERIFY2(run.result.status == CopyStatus::Succeeded
                 || run.result.status == CopyStatus::CompletedWithWarnings,
             qPrintable(FsHelpers::describeIssues(run.result)));
    QCOMPARE(run.result.itemsCopied, qint64(31 + 3)); // 31 files, 3 folders

    // Every file came through the hook once; the small ones had a part name only where
    // unnamed files are not available, the big one always.
    QCOMPARE(parts.named.size(), 31);
    QCOMPARE(parts.named.value(".big.sluice-part"), true);
    for (auto it = parts.named.cbegin(); it != parts.named.cend(); ++it) {
        if (it.key() != ".big.sluice-part")
            QVERIFY2(it.value() == !unnamed, it.key().constData());
    }
    // Times too, except on FAT (2 s steps).
    const FsTraits traits = fsTraits(fs);
    const QStringList differences =
        TestTree::compareTrees(scratch.path("tree"), disk->path("out/tree"),
                               {traits.permissions, fs != FsKind::Vfat, false});
    QVERIFY2(differences.isEmpty(), qPrintable(differences.join(u'\n')));
    QVERIFY(TestTree::findPartFiles(disk->path()).isEmpty());
}

void TestUnnamed::nameTakenMeanwhileIsDecidedAgain_data()
{
    QTest::addColumn<CollisionPolicy>("policy");
    QTest::newRow("skip") << CollisionPolicy::Skip;
    QTest::newRow("overwrite") << CollisionPolicy::Overwrite;
}

// Someone creates the final name while the copy writes it: linkat(2) refuses (EEXIST) and
// the collision is decided like any other; the intruder is never replaced by a skip, and an
// overwrite replaces it whole.
void TestUnnamed::nameTakenMeanwhileIsDecidedAgain()
{
    QFETCH(CollisionPolicy, policy);
    Scratch scratch;
    QVERIFY(buildTree(scratch.path("tree")));
    FS_MOUNT(disk, FsKind::Ext4, 64 * MiB);
    QVERIFY(TestTree::makePath(disk->path("out")));
    const QByteArray target = disk->path("out/tree/a/f07");
    IoHooks hooks;
    int intrusions = 0;
    hooks.afterPartCreated = [&](const QByteArray &partPath) {
        if (partPath.endsWith("/a/.f07.sluice-part") && TestTree::writeFile(target, "intruder"))
            ++intrusions;
    };
    CopyOptions options = JobRunner::quickOptions();
    options.onCollision = policy;
    const JobRunner::Run run =
        JobRunner::run({scratch.path("tree")}, disk->path("out"), options, {}, hooks);
    QCOMPARE(intrusions, 1);
    QVERIFY2(run.result.status == CopyStatus::Succeeded
                 || run.result.status == CopyStatus::CompletedWithWarnings,
             qPrintable(FsHelpers::describeIssues(run.result)));
    if (policy == CollisionPolicy::Skip) {
        QCOMPARE(run.result.itemsSkipped, qint64(1));
        QFile intruder(QFile::decodeName(target));
        QVERIFY(intruder.open(QIODevice::ReadOnly));
        QCOMPARE(intruder.readAll(), QByteArray("intruder"));
    } else {
        QCOMPARE(run.result.itemsSkipped, qint64(0));
        QCOMPARE(FsHelpers::fileDigest(target), FsHelpers::fileDigest(scratch.path("tree/a/f07")));
    }
    QVERIFY(TestTree::findPartFiles(disk->path()).isEmpty());
}

// sluice-cli killed with SIGKILL in the middle of 3,000 small files (a speed limit holds
// the threads with their files open): no part file anywhere, and every name that exists
// holds the whole source file. The named path would leave the in-flight part files.
void TestUnnamed::killedCliLeavesNoNameForFilesInFlight()
{
    FS_MOUNT(disk, FsKind::Ext4, 128 * MiB);
    const QByteArray source = disk->path("src");
    QList<QByteArray> files;
    for (int folder = 0; folder < 30; ++folder) {
        const QByteArray dir = source + "/d" + QByteArray::number(folder);
        QVERIFY(TestTree::makePath(dir));
        for (int i = 0; i < 100; ++i) {
            const QByteArray name = "d" + QByteArray::number(folder) + "/f" + QByteArray::number(i);
            QVERIFY(
                TestTree::writePatternFile(source + '/' + name, 4096, quint32(folder * 100 + i)));
            files << name;
        }
    }
    const QByteArray sourceBefore = FsHelpers::treeFingerprint(source);
    const QByteArray destination = disk->path("out");
    QVERIFY(TestTree::makePath(destination));
    const FsHelpers::Interrupted killed = FsHelpers::interruptCli(
        {QStringLiteral("--no-journal"), QStringLiteral("--limit"), QStringLiteral("2M"),
         QFile::decodeName(source), QFile::decodeName(destination)},
        4 * MiB, SIGKILL);
    QVERIFY(killed.signalled);
    QCOMPARE(killed.status, QProcess::CrashExit);

    QCOMPARE(TestTree::findPartFiles(destination), QList<QByteArray>());
    int present = 0;
    for (const QByteArray &name : files) {
        const QByteArray copy = destination + "/src/" + name;
        if (::access(copy.constData(), F_OK) != 0)
            continue;
        ++present;
        QVERIFY2(FsHelpers::fileDigest(copy) == FsHelpers::fileDigest(source + '/' + name),
                 name.constData());
    }
    QVERIFY2(present > 0 && present < files.size(), qPrintable(QString::number(present)));
    QCOMPARE(FsHelpers::treeFingerprint(source), sourceBefore);
}

QTEST_GUILESS_MAIN(TestUnnamed)
#include "tst_unnamed.moc"
