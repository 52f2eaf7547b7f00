// The preflight checks (core/plan/preflight.h), white-box: each check called directly on a
// plan made by the Planner, one row per check, and the file-system limits check on every
// kind of real file system the fs suite mounts. Exact problems: count, operation, path,
// errno or detail. Needs root (mounts); skips otherwise.

#include "fshelpers.h"
#include "jobcontext.h"
#include "jobrunner.h"
#include "partfile.h"
#include "planner.h"
#include "preflight.h"
#include "testmount.h"
#include "testtree.h"

#include <QTest>

#include <cerrno>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace Sluice;
using namespace Sluice::Preflight;
using namespace Qt::StringLiterals;

namespace {

// A plan and the job it was made for.
struct Planned
{
    std::unique_ptr<JobContext> job;
    Plan plan;
    bool ok = false;
};

Planned planOf(const QList<QByteArray> &sources, const QByteArray &destination,
               const CopyOptions &options = JobRunner::quickOptions())
{
    Planned out;
    out.job = std::make_unique<JobContext>(options, IoHooks{}, [](const CopyQuestion &) {});
    Planner planner(*out.job, [](const CopyIssue &, int) { return ErrorAction::Skip; });
    CopyIssue fatal;
    out.ok = planner.resolve(sources, destination, out.plan, fatal) && planner.walk(out.plan);
    return out;
}

qint32 indexOf(const Plan &plan, const QByteArray &sourcePath)
{
    for (qint32 i = 0; i < qint32(plan.items.size()); ++i) {
        if (plan.sourcePath(i) == sourcePath)
            return i;
    }
    return -1;
}

// One expected issue: operation, path, errno, and a piece of its detail.
struct Expected
{
    FileOperation operation;
    QByteArray path;
    int errorCode;
    const char *detail; // UTF-8
};

void compareIssues(const CopyIssueList &actual, const QList<Expected> &expected)
{
    QString all;
    for (const CopyIssue &issue : actual)
        all += issue.message() + u'\n';
    QVERIFY2(actual.size() == expected.size(), qPrintable(all));
    for (qsizetype i = 0; i < actual.size(); ++i) {
        QCOMPARE(actual[i].operation, expected[i].operation);
        QCOMPARE(actual[i].path, expected[i].path);
        QCOMPARE(actual[i].errorCode, expected[i].errorCode);
        QVERIFY2(actual[i].cause().contains(QString::fromUtf8(expected[i].detail)),
                 qPrintable(actual[i].cause()));
    }
}

} // namespace

// What a check is expected to find (paths relative to the scratch folder, "/..." absolute).
struct CheckCase
{
    QList<Expected> fatal;
    QList<Expected> warnings;
    QList<Expected> refused;
    QList<Expected> notes;
    QList<QByteArray> marked; // serialOnly / partNameTaken items, by source path
};
Q_DECLARE_METATYPE(CheckCase)

class TestPreflight final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { FS_REQUIRE_ROOT(); }
    void init();
    void eachCheckFindsItsProblem_data();
    void eachCheckFindsItsProblem();
    void limitsAreDecidedOncePerFileSystem_data();
    void limitsAreDecidedOncePerFileSystem();
    void readOnlyDestinationIsFatal();
    void freeSpaceIsCountedPerFileSystem();
    void abilitiesAreProbedAndSaidOncePerFileSystem_data();
    void abilitiesAreProbedAndSaidOncePerFileSystem();
    void cleanup();

private:
    QByteArray path(const QByteArray &relative) const
    {
        return relative.startsWith('/') ? relative : m_scratch->path(relative);
    }
    std::unique_ptr<Scratch> m_scratch;
};

void TestPreflight::init()
{
    m_scratch = std::make_unique<Scratch>();
    QVERIFY(m_scratch->isValid());
    // src/ f (10 bytes), data, .data.sluice-part, sub/ g; dest/
    QVERIFY(TestTree::makePath(m_scratch->path("src/sub")));
    QVERIFY(TestTree::makePath(m_scratch->path("dest")));
    QVERIFY(TestTree::writeFile(m_scratch->path("src/f"), "0123456789"));
    QVERIFY(TestTree::writeFile(m_scratch->path("src/data"), "data"));
    QVERIFY(TestTree::writeFile(m_scratch->path("src/" + partFileName("data")), "copied leftover"));
    QVERIFY(TestTree::writeFile(m_scratch->path("src/sub/g"), "g"));
}

void TestPreflight::cleanup()
{
    m_scratch.reset();
}

void TestPreflight::eachCheckFindsItsProblem_data()
{
    QTest::addColumn<QByteArray>("check");
    QTest::addColumn<QByteArray>("source");
    QTest::addColumn<QByteArray>("destination");
    QTest::addColumn<QByteArray>("checksumFile");
    QTest::addColumn<CheckCase>("expected");
    const auto P = FileOperation::Preflight;
    QTest::newRow("part-file names")
        << QByteArray("partFileNames") << QByteArray("src") << QByteArray("dest") << QByteArray()
        << CheckCase{{}, {}, {}, {}, {"src/data"}};
    QTest::newRow("checksum file exists")
        << QByteArray("checksumFile") << QByteArray("src") << QByteArray("dest")
        << QByteArray("src/f") << CheckCase{{{P, "src/f", 0, "already exists"}}, {}, {}, {}, {}};
    QTest::newRow("checksum file named like a copy")
        << QByteArray("checksumFile") << QByteArray("src") << QByteArray("dest")
        << QByteArray("dest/src/f")
        << CheckCase{{{P, "dest/src/f", 0, "will have this name"}}, {}, {}, {}, {}};
    QTest::newRow("checksum file in a missing folder")
        << QByteArray("checksumFile") << QByteArray("src") << QByteArray("dest")
        << QByteArray("dest/nowhere/sums")
        << CheckCase{{{P, "dest/nowhere/sums", 0, "No such file or directory"}}, {}, {}, {}, {}};
    QTest::newRow("checksum file in a folder the copy creates")
        << QByteArray("checksumFile") << QByteArray("src") << QByteArray("dest")
        << QByteArray("dest/src/sub/sums") << CheckCase{};
    QTest::newRow("destination folder removed")
        << QByteArray("destinationFolder") << QByteArray("src") << QByteArray("dest")
        << QByteArray() << CheckCase{{{P, "dest", ENOENT, "ENOENT"}}, {}, {}, {}, {}};
    QTest::newRow("pseudo file system source")
        << QByteArray("pseudo") << QByteArray("/proc/version") << QByteArray("dest") << QByteArray()
        << CheckCase{{}, {{P, "/proc/version", 0, "proc pseudo"}}, {}, {}, {}};
    QTest::newRow("no pseudo file system") << QByteArray("pseudo") << QByteArray("src")
                                           << QByteArray("dest") << QByteArray() << CheckCase{};
    QTest::newRow("folder into itself")
        << QByteArray("intoItself") << QByteArray("src") << QByteArray("src/sub") << QByteArray()
        << CheckCase{{{P, "src", 0, "into itself"}}, {}, {}, {}, {}};
    QTest::newRow("folder into a sibling") << QByteArray("intoItself") << QByteArray("src/sub")
                                           << QByteArray("dest") << QByteArray() << CheckCase{};
    QTest::newRow("same file at the root")
        << QByteArray("sameFile") << QByteArray("src") << QByteArray("") << QByteArray()
        << CheckCase{{}, {}, {{P, "src", 0, "are the same file"}}, {}, {}};
    QTest::newRow("same file through a hard link")
        << QByteArray("sameFile") << QByteArray("src") << QByteArray("linked") << QByteArray()
        << CheckCase{{}, {}, {{P, "src/f", 0, "are the same file"}}, {}, {}};
    QTest::newRow("stale part file in a merged folder")
        << QByteArray("staleParts") << QByteArray("src") << QByteArray("stale") << QByteArray()
        << CheckCase{{}, {}, {}, {{P, "stale/src/.f.sluice-part", 0, "interrupted copy"}}, {}};
    QTest::newRow("free space, enough") << QByteArray("freeSpace") << QByteArray("src")
                                        << QByteArray("dest") << QByteArray() << CheckCase{};
}

void TestPreflight::eachCheckFindsItsProblem()
{
    QFETCH(QByteArray, check);
    QFETCH(QByteArray, source);
    QFETCH(QByteArray, destination);
    QFETCH(QByteArray, checksumFile);
    QFETCH(CheckCase, expected);
    // linked/src/f is a hard link of src/f; stale/src/ holds a part file for f.
    QVERIFY(TestTree::makePath(m_scratch->path("linked/src")));
    QCOMPARE(
        ::link(m_scratch->path("src/f").constData(), m_scratch->path("linked/src/f").constData()),
        0);
    QVERIFY(TestTree::makePath(m_scratch->path("stale/src")));
    QVERIFY(TestTree::writeFile(m_scratch->path("stale/src/.f.sluice-part"), "half"));
    const Planned planned = planOf({path(source)}, path(destination));
    QVERIFY(planned.ok);
    const Plan &plan = planned.plan;
    if (check == "destinationFolder")
        TestTree::removeTree(path(destination));
    std::vector<Destination> destinations = openDestinations(plan);
    QCOMPARE(destinations.size(), std::size_t(1));
    const Destination &target = destinations.front();

    Findings found;
    if (check == "partFileNames")
        found = checkPartFileNames(plan);
    else if (check == "checksumFile")
        found = checkChecksumFile(plan, path(checksumFile));
    else if (check == "destinationFolder")
        found = checkDestinationFolder(plan, target);
    else if (check == "pseudo")
        found = checkPseudoFileSystemSource(plan, target);
    else if (check == "intoItself")
        found = checkFolderIntoItself(plan, target);
    else if (check == "sameFile")
        found = checkSameFile(plan, target);
    else if (check == "staleParts")
        found = checkStalePartFiles(plan, target);
    else if (check == "freeSpace")
        found = checkFreeSpace(plan, destinations, CollisionPolicy::Overwrite);
    else
        QFAIL("unknown check");

    auto absolute = [this](QList<Expected> list) {
        for (Expected &e : list)
            e.path = path(e.path);
        return list;
    };
    compareIssues(found.fatal, absolute(expected.fatal));
    compareIssues(found.warnings, absolute(expected.warnings));
    CopyIssueList refused;
    for (const Refusal &refusal : found.refusals) {
        refused << refusal.issue;
        QCOMPARE(plan.sourcePath(refusal.item), refusal.issue.path);
    }
    compareIssues(refused, absolute(expected.refused));
    compareIssues(found.notes, absolute(expected.notes));
    QList<qint32> marked;
    for (const QByteArray &item : expected.marked)
        marked << indexOf(plan, path(item));
    const std::vector<qint32> &actualMarks =
        check == "partFileNames" ? found.partNameTaken : found.serialOnly;
    QCOMPARE(QList<qint32>(actualMarks.cbegin(), actualMarks.cend()), marked);
    if (check == "freeSpace") {
        QCOMPARE(found.space.size(), 1);
        QCOMPARE(found.space.front().folder, path(destination));
        // Folders 4096 bytes each (src, sub), files rounded up to 4 KiB (f, data, part, g).
        QCOMPARE(found.space.front().bytesNeeded, qint64(6 * 4096));
        QVERIFY(found.space.front().bytesAvailable > 0);
    } else {
        QVERIFY(found.space.isEmpty());
    }
    for (const PlanItem &item : plan.items) // the checks only read
        QVERIFY(!item.refused && !item.serialOnly && !item.partNameTaken);
}

void TestPreflight::limitsAreDecidedOncePerFileSystem_data()
{
    QTest::addColumn<FsKind>("fs");
    for (const FsKind fs :
         {FsKind::Tmpfs, FsKind::Ext4, FsKind::Xfs, FsKind::Btrfs, FsKind::Vfat, FsKind::Exfat})
        QTest::newRow(qPrintable(fsKindName(fs))) << fs;
}

void TestPreflight::limitsAreDecidedOncePerFileSystem()
{
    QFETCH(FsKind, fs);
    // lim/ README, colon:name, fifo, huge (4 GiB, sparse), link -> README, readme
    QVERIFY(TestTree::makePath(m_scratch->path("lim")));
    QVERIFY(TestTree::writeFile(m_scratch->path("lim/README"), "upper"));
    QVERIFY(TestTree::writeFile(m_scratch->path("lim/colon:name"), "colon"));
    QCOMPARE(::mkfifo(m_scratch->path("lim/fifo").constData(), 0644), 0);
    QVERIFY(TestTree::writeSparseFile(m_scratch->path("lim/huge"), 4 * GiB, {0}));
    QCOMPARE(::symlink("README", m_scratch->path("lim/link").constData()), 0);
    QVERIFY(TestTree::writeFile(m_scratch->path("lim/readme"), "lower"));
    FS_MOUNT(disk, fs, 64 * MiB);
    const Planned planned = planOf({m_scratch->path("lim")}, disk->path());
    QVERIFY(planned.ok);
    const Plan &plan = planned.plan;
    const std::vector<Destination> destinations = openDestinations(plan);
    QCOMPARE(destinations.size(), std::size_t(1));

    const Findings found =
        checkFileSystemLimits(plan, destinations.front(), CollisionPolicy::Overwrite, true);

    const auto P = FileOperation::Preflight;
    auto src = [this](const char *name) { return m_scratch->path(QByteArray("lim/") + name); };
    const bool fat = fs == FsKind::Vfat || fs == FsKind::Exfat;
    QList<Expected> warnings;
    QList<Expected> refused;
    if (fat) {
        // Every item that breaks a limit here is refused, and named by its refusal only: no
        // warning repeats it (time granularity is a check of its own,
        // checkFileSystemAbilities(), once per file system).
        // One refusal per item, with the errno where there is one (EFBIG for the size).
        refused << Expected{P, src("colon:name"), 0, "contains “:”"}
                << Expected{P, src("fifo"), 0, "cannot store FIFOs"};
        if (fs == FsKind::Vfat)
            refused << Expected{P, src("huge"), EFBIG, "File too large (EFBIG)"};
        refused << Expected{P, src("link"), 0, "cannot store symbolic links"}
                << Expected{P, src("readme"), 0, "take the place of the copy of “README”"};
    }
    QCOMPARE(found.fatal.size(), 0);
    compareIssues(found.warnings, warnings);
    CopyIssueList refusedIssues;
    for (const Refusal &refusal : found.refusals)
        refusedIssues << refusal.issue;
    compareIssues(refusedIssues, refused);
    if (QTest::currentTestFailed())
        return; // compareIssues() failed: the refusals are not the expected ones
    if (fs == FsKind::Vfat)
        QCOMPARE(found.refusals[2].issue.detail,
                 QStringLiteral("%1 holds at most 4294967295 bytes in one file")
                     .arg(destinations.front().limits.typeName));
    QCOMPARE(QList<qint32>(found.serialOnly.cbegin(), found.serialOnly.cend()),
             fat ? (QList<qint32>{indexOf(plan, src("README")), indexOf(plan, src("readme"))})
                 : QList<qint32>{});
    for (const CopyIssue &warning : found.warnings)
        QCOMPARE(warning.similarCount, qint64(0));

    // The driver applies exactly these refusals (and adds nothing else for the limits).
    Plan applied = plan;
    const PreflightReport report = runPreflight(*planned.job, applied);
    QCOMPARE(report.refused.size(), refused.size());
    qint64 marked = 0;
    for (const PlanItem &item : applied.items)
        marked += item.refused ? 1 : 0;
    QCOMPARE(marked, qint64(refused.size()));
    QCOMPARE(report.fatal.size(), 0);
    QCOMPARE(report.space.size(), 1);
}

void TestPreflight::abilitiesAreProbedAndSaidOncePerFileSystem_data()
{
    QTest::addColumn<FsKind>("fs");
    QTest::addColumn<QStringList>("phrases"); // in the one warning, in this order
    QTest::newRow("ext4") << FsKind::Ext4 << QStringList{};
    QTest::newRow("vfat") << FsKind::Vfat
                          << QStringList{u"fuse.fusefat"_s, u"to the nearest 2 s only"_s,
                                         u"resets the modification time on rename"_s,
                                         u"RENAME_NOREPLACE) and no hard links"_s,
                                         u"does not keep permission bits"_s};
    QTest::newRow("exfat") << FsKind::Exfat
                           << QStringList{u"to the nearest 1 s only"_s, u"RENAME_NOREPLACE"_s,
                                          u"does not keep permission bits"_s};
}

// Three roots into one file system: one probe, one warning (it used to come once per root).
void TestPreflight::abilitiesAreProbedAndSaidOncePerFileSystem()
{
    QFETCH(FsKind, fs);
    QFETCH(QStringList, phrases);
    FS_MOUNT(disk, fs, 64 * MiB);
    const Planned planned =
        planOf({path("src/f"), path("src/data"), path("src/sub")}, disk->path());
    QVERIFY(planned.ok);
    Plan plan = planned.plan;
    const PreflightReport report = runPreflight(*planned.job, plan);
    QList<CopyIssue> abilities;
    for (const CopyIssue &warning : report.warnings) {
        if (warning.detail.startsWith(u"the destination is on"_s))
            abilities << warning;
    }
    QCOMPARE(abilities.size(), phrases.isEmpty() ? 0 : 1);
    qsizetype at = 0;
    for (const QString &phrase : phrases) {
        const qsizetype found = abilities.first().detail.indexOf(phrase, at);
        QVERIFY2(found >= 0, qPrintable(phrase + u" in: "_s + abilities.first().detail));
        at = found;
    }
    // The probe left nothing behind, and the granularity it learned replaced the table's.
    for (const QByteArray &name : FsHelpers::listNames(disk->path()))
        QVERIFY2(!name.startsWith(".sluice-probe"), name.constData());
    const std::vector<Destination> destinations = openDestinations(plan, &planned.job->fileSystems);
    QCOMPARE(destinations.front().limits.timestampGranularityNs,
             fs == FsKind::Ext4 ? 1 : (fs == FsKind::Vfat ? 2'000'000'000 : 1'000'000'000));
}

void TestPreflight::readOnlyDestinationIsFatal()
{
    FS_MOUNT_WITH(disk, FsKind::Tmpfs, 8 * MiB, QByteArrayLiteral("ro"));
    const Planned planned = planOf({m_scratch->path("src")}, disk->path());
    QVERIFY(planned.ok);
    const std::vector<Destination> destinations = openDestinations(planned.plan);
    const Findings found = checkDestinationFolder(planned.plan, destinations.front());
    compareIssues(found.fatal,
                  {{FileOperation::Create, disk->path("src"), EROFS, "Read-only file system"}});
    QVERIFY(found.warnings.isEmpty() && found.refusals.empty());
}

void TestPreflight::freeSpaceIsCountedPerFileSystem()
{
    // dest/ (64 MiB) holds src/small/, where a 4 MiB tmpfs is mounted: src/keep (1 MiB)
    // goes onto the first, src/small/big (8 MiB) onto the second, which lacks room.
    QVERIFY(TestTree::makePath(m_scratch->path("src/small")));
    QVERIFY(TestTree::writePatternFile(m_scratch->path("src/keep"), 1 * MiB, 7));
    QVERIFY(TestTree::writePatternFile(m_scratch->path("src/small/big"), 8 * MiB, 8));
    FS_MOUNT(disk, FsKind::Tmpfs, 64 * MiB);
    QVERIFY(TestTree::makePath(disk->path("src/small")));
    const QByteArray inner = disk->path("src/small");
    QCOMPARE(::mount("tmpfs", inner.constData(), "tmpfs", 0, "size=4m"), 0);
    const Planned planned = planOf({m_scratch->path("src")}, disk->path());
    const std::vector<Destination> destinations = openDestinations(planned.plan);
    const Findings found = checkFreeSpace(planned.plan, destinations, CollisionPolicy::Overwrite);
    ::umount2(inner.constData(), MNT_DETACH);

    QVERIFY(planned.ok);
    QCOMPARE(found.space.size(), 2);
    QCOMPARE(found.space[0].folder, disk->path());
    // keep; f, data, its part-named sibling, sub/ and g at 4 KiB each; src and small merged.
    QCOMPARE(found.space[0].bytesNeeded, 1 * MiB + 5 * qint64(4096));
    QCOMPARE(found.space[1].folder, inner);
    QCOMPARE(found.space[1].bytesNeeded, qint64(8 * MiB));
    QCOMPARE(found.space[1].bytesAvailable, qint64(4 * MiB));
    QVERIFY(found.space[0].device != found.space[1].device);
    compareIssues(found.warnings, {{FileOperation::Preflight, inner, 0,
                                    "not enough free space: the copy needs 8.0 MiB, 4.0 MiB are "
                                    "available"}});
}

QTEST_GUILESS_MAIN(TestPreflight)
#include "tst_preflight.moc"
