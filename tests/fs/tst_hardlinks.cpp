// Issue 3, case 13: hard links kept as hard links (one inode, its names, its space once,
// its bytes counted once), and where the destination cannot link (FAT), the names are
// copied as separate files with one warning, not failed.

#include "fshelpers.h"
#include "jobrunner.h"
#include "testmount.h"
#include "testtree.h"

#include <QDeadlineTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

using namespace Sluice;

namespace {

struct stat statOf(const QByteArray &path)
{
    struct stat st = {};
    ::lstat(path.constData(), &st);
    return st;
}

qint64 usedBytes(const QByteArray &mountPoint)
{
    ::sync();
    struct statvfs space = {};
    ::statvfs(mountPoint.constData(), &space);
    return qint64(space.f_blocks - space.f_bfree) * qint64(space.f_frsize);
}

// src/a/first, src/b/second, src/c/third: three names of one file, plus a plain file.
bool buildLinks(const QByteArray &src, qint64 size)
{
    return TestTree::makePath(src + "/a") && TestTree::makePath(src + "/b")
           && TestTree::makePath(src + "/c")
           && TestTree::writePatternFile(src + "/a/first", size, 401)
           && ::link((src + "/a/first").constData(), (src + "/b/second").constData()) == 0
           && ::link((src + "/a/first").constData(), (src + "/c/third").constData()) == 0
           && TestTree::writeFile(src + "/plain", "plain");
}

} // namespace

class TestHardLinks final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { FS_REQUIRE_ROOT(); }
    void threeNamesOfOneFileStayOneInode_data();
    void threeNamesOfOneFileStayOneInode();
    void cliArchiveKeepsHardLinks();
    void destinationWithoutHardLinksGetsCopiesAndAWarning_data();
    void destinationWithoutHardLinksGetsCopiesAndAWarning();
    void whenTheFirstNameFailsTheOthersStillShareOneInode();
    void copiesOfHardLinksArePlanned_data();
    void copiesOfHardLinksArePlanned();
    void aKeptJobPlansTheCopiesOfHardLinks_data();
    void aKeptJobPlansTheCopiesOfHardLinks();
};

void TestHardLinks::threeNamesOfOneFileStayOneInode_data()
{
    QTest::addColumn<FsKind>("fs");
    for (const FsKind fs : {FsKind::Tmpfs, FsKind::Ext4, FsKind::Xfs, FsKind::Btrfs})
        QTest::newRow(qPrintable(fsKindName(fs))) << fs;
}

void TestHardLinks::threeNamesOfOneFileStayOneInode()
{
    QFETCH(FsKind, fs);
    constexpr qint64 Size = 50 * MiB;
    Scratch scratch;
    QVERIFY(buildLinks(scratch.path("src"), Size));
    // Room for one copy, not for three (btrfs keeps much for itself).
    FS_MOUNT(disk, fs, fs == FsKind::Btrfs ? 160 * MiB : 96 * MiB);
    const qint64 usedBefore = usedBytes(disk->path());

    CopyOptions options = JobRunner::quickOptions();
    options.preserve.hardLinks = true;
    const JobRunner::Run run = JobRunner::run({scratch.path("src")}, disk->path(), options);

    QVERIFY2(run.result.status == CopyStatus::Succeeded,
             qPrintable(FsHelpers::describeIssues(run.result)));
    QCOMPARE(run.result.itemsCopied, qint64(8)); // src, a, b, c, three names, plain
    // Totals count the data once.
    QCOMPARE(run.result.bytesTotal, Size + 5);
    QCOMPARE(run.samples.constLast().bytesTotal, Size + 5);
    QCOMPARE(run.samples.constLast().bytesDone, Size + 5);
    QCOMPARE(run.result.bytesWritten, Size + 5);
    // One inode, three names, its space used once.
    const struct stat first = statOf(disk->path("src/a/first"));
    const struct stat second = statOf(disk->path("src/b/second"));
    const struct stat third = statOf(disk->path("src/c/third"));
    QCOMPARE(qint64(first.st_nlink), qint64(3));
    QCOMPARE(second.st_ino, first.st_ino);
    QCOMPARE(third.st_ino, first.st_ino);
    QCOMPARE(qint64(first.st_size), Size);
    QVERIFY(qint64(first.st_blocks) * 512 >= Size && qint64(first.st_blocks) * 512 < Size + MiB);
    const qint64 used = usedBytes(disk->path()) - usedBefore;
    QVERIFY2(used >= Size && used < Size + 4 * MiB, qPrintable(QString::number(used)));
    QCOMPARE(FsHelpers::fileDigest(disk->path("src/c/third")),
             FsHelpers::fileDigest(scratch.path("src/a/first")));
    QCOMPARE(TestTree::readFile(disk->path("src/plain")), QByteArray("plain"));
    QVERIFY(TestTree::findPartFiles(disk->path()).isEmpty());
}

void TestHardLinks::cliArchiveKeepsHardLinks()
{
    Scratch scratch;
    QVERIFY(buildLinks(scratch.path("src"), 5 * MiB));
    FS_MOUNT(disk, FsKind::Ext4, 64 * MiB);

    const FsHelpers::ChildRun run =
        FsHelpers::runCli({"--archive", "--on-conflict", "overwrite", "--on-error", "skip",
                           scratch.path("src"), disk->path()});

    QVERIFY2(run.exitCode == 0, run.err.constData());
    QCOMPARE(qint64(statOf(disk->path("src/b/second")).st_nlink), qint64(3));
    QCOMPARE(statOf(disk->path("src/b/second")).st_ino, statOf(disk->path("src/a/first")).st_ino);
}

void TestHardLinks::destinationWithoutHardLinksGetsCopiesAndAWarning_data()
{
    QTest::addColumn<FsKind>("fs");
    QTest::newRow("vfat") << FsKind::Vfat;
    QTest::newRow("exfat") << FsKind::Exfat;
}

namespace {

QStringList linkWarnings(const CopyResult &result)
{
    QStringList warnings;
    for (const CopyIssue &issue : result.issues) {
        if (issue.operation == FileOperation::Link && !issue.isError())
            warnings << issue.message();
    }
    return warnings;
}

} // namespace

// The warning names the name that was not linked (the one to look for) and the copy it would
// have been linked to. The probe learned that link(2) fails there, so the preflight says it,
// in a dry run as before a copy, and the copy does not say it again.
void TestHardLinks::destinationWithoutHardLinksGetsCopiesAndAWarning()
{
    QFETCH(FsKind, fs);
    constexpr qint64 Size = 3 * MiB;
    Scratch scratch;
    QVERIFY(buildLinks(scratch.path("src"), Size));
    FS_MOUNT(disk, fs, 64 * MiB);
    // Pre-order: b/second is the first further name, c/third the one more.
    const QStringList expected{
        QStringLiteral("Warning: Cannot create hard link “%1” and 1 more item(s): copied as a "
                       "separate file, not as a hard link to “%2”: hard links cannot be kept "
                       "here")
            .arg(QFile::decodeName(disk->path("src/b/second")),
                 QFile::decodeName(disk->path("src/a/first")))};

    CopyOptions options = JobRunner::quickOptions();
    options.preserve.hardLinks = true;
    options.dryRun = true;
    const JobRunner::Run dry = JobRunner::run({scratch.path("src")}, disk->path(), options);
    QCOMPARE(dry.result.errorCount(), qint64(0));
    QCOMPARE(linkWarnings(dry.result), expected);
    QCOMPARE(FsHelpers::listNames(disk->path()), QList<QByteArray>{});

    options.dryRun = false;
    const JobRunner::Run run = JobRunner::run({scratch.path("src")}, disk->path(), options);

    QCOMPARE(run.result.errorCount(), qint64(0));
    QVERIFY2(run.result.status == CopyStatus::CompletedWithWarnings,
             qPrintable(FsHelpers::describeIssues(run.result)));
    QCOMPARE(run.result.itemsCopied, qint64(8));
    for (const QByteArray name : {"src/a/first", "src/b/second", "src/c/third"})
        QCOMPARE(FsHelpers::fileDigest(disk->path(name)),
                 FsHelpers::fileDigest(scratch.path("src/a/first")));
    QCOMPARE(linkWarnings(run.result), expected);
    QVERIFY(TestTree::findPartFiles(disk->path()).isEmpty());
    // Three copies of the data: the total grew to match, and progress ends exactly there.
    QCOMPARE(run.samples.constLast().bytesTotal, 3 * Size + 5);
    QCOMPARE(run.samples.constLast().bytesDone, 3 * Size + 5);
    for (const CopyProgress &sample : run.samples)
        QVERIFY(sample.bytesDone <= sample.bytesTotal);
}

void TestHardLinks::whenTheFirstNameFailsTheOthersStillShareOneInode()
{
    constexpr qint64 Size = 4 * MiB;
    Scratch scratch;
    QVERIFY(buildLinks(scratch.path("src"), Size));
    FS_MOUNT(disk, FsKind::Ext4, 64 * MiB);
    IoHooks hooks;
    hooks.beforeOpen = [](const QByteArray &source) {
        return source.endsWith("a/first") ? EACCES : 0;
    };

    CopyOptions options = JobRunner::quickOptions();
    options.preserve.hardLinks = true;
    const JobRunner::Run run =
        JobRunner::run({scratch.path("src")}, disk->path(), options, {}, hooks);

    QCOMPARE(run.result.status, CopyStatus::Failed);
    QCOMPARE(run.result.itemsFailed, qint64(1));
    QCOMPARE(run.result.errorCount(), qint64(1));
    QVERIFY(::access(disk->path("src/a/first").constData(), F_OK) != 0);
    const struct stat second = statOf(disk->path("src/b/second"));
    const struct stat third = statOf(disk->path("src/c/third"));
    QCOMPARE(third.st_ino, second.st_ino);
    QCOMPARE(qint64(second.st_nlink), qint64(2));
    QCOMPARE(FsHelpers::fileDigest(disk->path("src/c/third")),
             FsHelpers::fileDigest(scratch.path("src/a/first")));
    QCOMPARE(run.samples.constLast().bytesDone, run.samples.constLast().bytesTotal);
    for (const CopyProgress &sample : run.samples)
        QVERIFY(sample.bytesDone <= sample.bytesTotal);
}

void TestHardLinks::copiesOfHardLinksArePlanned_data()
{
    QTest::addColumn<FsKind>("fs");
    QTest::newRow("vfat") << FsKind::Vfat;
    QTest::newRow("exfat") << FsKind::Exfat;
}

// Where there are no hard links, each further name is a copy of its own, and the job's size
// says so from the start: 3 pairs of names of 1000, 2000 and 3000 bytes are 12000 bytes
// planned and 12000 copied (the summary said "11.7 KiB copied of 5.9 KiB planned"), in the
// dry run, the JSON result record and the final line alike.
void TestHardLinks::copiesOfHardLinksArePlanned()
{
    QFETCH(FsKind, fs);
    Scratch scratch;
    QVERIFY(FsHelpers::makeHardLinkPairs(scratch.path("pairs")));
    FS_MOUNT(disk, fs, 64 * MiB);
    const QList<QByteArray> arguments{"--progress", "json", "-a", scratch.path("pairs"),
                                      disk->path()};
    const FsHelpers::ChildRun dry = FsHelpers::runCli(QList<QByteArray>{"--dry-run"} + arguments);
    QVERIFY2(dry.exitCode == 0, dry.err.constData());
    QCOMPARE(FsHelpers::summaryFigures(dry).section(u',', 0, 0), QStringLiteral("planned 7/12000"));

    const FsHelpers::ChildRun run = FsHelpers::runCli(arguments);
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QCOMPARE(
        FsHelpers::summaryFigures(run),
        QStringLiteral("planned 7/12000, copied 7/12000, bytesTotal 12000, bytesCopied 12000"));
    for (const QByteArray name : {"p1", "p2", "p3"})
        QCOMPARE(FsHelpers::fileDigest(disk->path("pairs/" + name + "-link")),
                 FsHelpers::fileDigest(scratch.path("pairs/" + name)));
    // The final line (printed without --progress json) says the same.
    const FsHelpers::ChildRun text =
        FsHelpers::runCli({"-a", scratch.path("pairs"), disk->path("again")});
    QVERIFY2(text.exitCode == 0, text.err.constData());
    QVERIFY2(text.err.contains(": 7 copied (11.7 KiB), ")
                 && text.err.contains(", of 7 planned (11.7 KiB); "),
             text.err.constData());
}

void TestHardLinks::aKeptJobPlansTheCopiesOfHardLinks_data()
{
    QTest::addColumn<FsKind>("fs");
    QTest::newRow("vfat") << FsKind::Vfat;
    QTest::newRow("exfat") << FsKind::Exfat;
}

// The same copies of hard links in a job stopped resumably (SIGTERM with --resumable) while
// its big file is being written: the journal's entry was written before the preflight counted
// them, so --list-interrupted said 6000 bytes fewer than the job copies (and so did the
// window's queue). Its total is the job's: 12000 bytes of pairs and the big file; the resume
// completes byte for byte.
void TestHardLinks::aKeptJobPlansTheCopiesOfHardLinks()
{
    QFETCH(FsKind, fs);
    constexpr qint64 BigSize = 24 * MiB;
    QTemporaryDir state;
    QVERIFY(state.isValid());
    const QByteArray oldState = qgetenv("XDG_STATE_HOME");
    qputenv("XDG_STATE_HOME", QFile::encodeName(state.path()));
    const auto restore = qScopeGuard([&] { qputenv("XDG_STATE_HOME", oldState); });
    Scratch scratch;
    QVERIFY(FsHelpers::makeHardLinkPairs(scratch.path("src/pairs")));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/z-big"), BigSize, 402));
    FS_MOUNT(disk, fs, 64 * MiB);
    QProcess cli;
    cli.setProgram(QFile::decodeName(FsHelpers::cliPath()));
    cli.setArguments(FsHelpers::decodedArguments(
        {"--resumable", "--limit", "8M", "-a", scratch.path("src"), disk->path()}));
    cli.setStandardInputFile(QProcess::nullDevice());
    cli.start();
    QVERIFY(cli.waitForStarted());
    const auto reap = qScopeGuard([&] {
        cli.kill();
        cli.waitForFinished();
    });
    const QByteArray part = disk->path("src/.z-big.sluice-part");
    struct stat st = {};
    const QDeadlineTimer deadline(60000);
    while (!deadline.hasExpired() && cli.state() == QProcess::Running
           && ::stat(part.constData(), &st) != 0)
        cli.waitForFinished(5);
    QVERIFY2(::stat(part.constData(), &st) == 0, "the copy ended, or never made its part file");
    cli.terminate(); // SIGTERM: stops resumably
    QVERIFY(cli.waitForFinished(30000));
    QVERIFY2(cli.exitStatus() == QProcess::NormalExit && cli.exitCode() == 75,
             cli.readAllStandardError().constData());

    const FsHelpers::ChildRun listed =
        FsHelpers::runCli({"--list-interrupted", "--progress", "json"});
    QVERIFY2(listed.exitCode == 0, listed.err.constData());
    const QList<QByteArray> lines = listed.out.trimmed().split('\n');
    QCOMPARE(lines.size(), 1);
    const QJsonObject entry = QJsonDocument::fromJson(lines.first()).object();
    QCOMPARE(entry.value(u"totalBytes").toInteger(-1), 12000 + BigSize);
    QCOMPARE(entry.value(u"totalItems").toInteger(-1), 9);
    QVERIFY(entry.value(u"doneBytes").toInteger(-1) < 12000 + BigSize);

    const FsHelpers::ChildRun resumed = FsHelpers::runCli(
        {"--resume", entry.value(u"id").toString().toUtf8(), "--progress", "json"});
    QVERIFY2(resumed.exitCode == 0, resumed.err.constData());
    QCOMPARE(FsHelpers::summaryFigures(resumed).section(u',', 0, 0),
             QStringLiteral("planned 9/%1").arg(12000 + BigSize));
    for (const QByteArray name : {"p1", "p1-link", "p2", "p2-link", "p3", "p3-link"})
        QCOMPARE(FsHelpers::fileDigest(disk->path("src/pairs/" + name)),
                 FsHelpers::fileDigest(scratch.path("src/pairs/" + name)));
    QCOMPARE(FsHelpers::fileDigest(disk->path("src/z-big")),
             FsHelpers::fileDigest(scratch.path("src/z-big")));
    QCOMPARE(TestTree::findPartFiles(disk->path()), QList<QByteArray>());
}

QTEST_GUILESS_MAIN(TestHardLinks)
#include "tst_hardlinks.moc"
