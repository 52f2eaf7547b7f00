// Metadata preserved exactly on ext4 — what stat, getfattr and getfacl show is the same for
// the copy as for the source — and, onto file systems that cannot hold it (FAT, exFAT), the
// data is copied with grouped warnings: "completed with warnings", never "failed".

#include "fshelpers.h"
#include "jobrunner.h"
#include "testmount.h"
#include "testtree.h"

#include <QDateTime>
#include <QProcess>
#include <QTest>

#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

using namespace Sluice;

namespace {

// What `stat` shows of every entry below @p root, one line each, sorted by relative path:
// type and permission bits, owner, size, link count, access and modification times (ns).
QStringList statLines(const QByteArray &root, const QByteArray &relative = {})
{
    QStringList lines;
    const QByteArray folder = relative.isEmpty() ? root : root + '/' + relative;
    DIR *dir = ::opendir(folder.constData());
    QList<QByteArray> names;
    while (dir) {
        const dirent *entry = ::readdir(dir);
        if (!entry)
            break;
        const QByteArray name(entry->d_name);
        if (name != "." && name != ".." && name != "lost+found")
            names << name;
    }
    if (dir)
        ::closedir(dir);
    std::sort(names.begin(), names.end());
    for (const QByteArray &name : names) {
        const QByteArray path = relative.isEmpty() ? name : relative + '/' + name;
        struct stat st = {};
        ::lstat((root + '/' + path).constData(), &st);
        auto ns = [](const timespec &t) {
            return QStringLiteral("%1.%2").arg(t.tv_sec).arg(t.tv_nsec, 9, 10, QLatin1Char('0'));
        };
        // A symlink's atime moves whenever it is read (readlink); only its mtime is compared.
        lines << QStringLiteral("%1 mode=%2 uid=%3 gid=%4 size=%5 links=%6 atime=%7 mtime=%8")
                     .arg(QString::fromUtf8(path))
                     .arg(st.st_mode, 0, 8)
                     .arg(st.st_uid)
                     .arg(st.st_gid)
                     .arg(S_ISDIR(st.st_mode) ? 0 : qint64(st.st_size))
                     .arg(qint64(st.st_nlink))
                     .arg(S_ISLNK(st.st_mode) ? QStringLiteral("-") : ns(st.st_atim))
                     .arg(ns(st.st_mtim));
        if (S_ISDIR(st.st_mode))
            lines += statLines(root, path);
    }
    return lines;
}

// A tool's output over a tree, run from inside it, with its per-file blocks sorted (the
// tools list entries in directory order, which differs between two folders).
QString toolOutput(const QString &program, const QStringList &arguments, const QByteArray &root)
{
    QProcess process;
    process.setWorkingDirectory(QFile::decodeName(root));
    process.start(program, arguments);
    if (!process.waitForFinished(60000) || process.exitCode() != 0)
        return QStringLiteral("%1 failed: %2")
            .arg(program, QString::fromLocal8Bit(process.readAllStandardError()));
    QStringList blocks = QString::fromLocal8Bit(process.readAllStandardOutput())
                             .split(QStringLiteral("\n\n"), Qt::SkipEmptyParts);
    blocks.removeIf(
        [](const QString &block) { return block.contains(QLatin1String("lost+found")); });
    std::sort(blocks.begin(), blocks.end());
    return blocks.join(QStringLiteral("\n\n"));
}

QString getfattr(const QByteArray &root)
{
    return toolOutput(QStringLiteral("getfattr"),
                      {QStringLiteral("-R"), QStringLiteral("-d"), QStringLiteral("-h"),
                       QStringLiteral("-m"), QStringLiteral("-"), QStringLiteral(".")},
                      root);
}

QString getfacl(const QByteArray &root)
{
    return toolOutput(
        QStringLiteral("getfacl"),
        {QStringLiteral("-R"), QStringLiteral("-p"), QStringLiteral("-n"), QStringLiteral(".")},
        root);
}

bool setTimes(const QByteArray &path, qint64 accessAgo, qint64 modifyAgo, long nanoseconds)
{
    // Access after modification and within a day: relatime will not move it when read.
    const qint64 now = QDateTime::currentSecsSinceEpoch();
    const timespec times[2] = {{time_t(now - accessAgo), nanoseconds},
                               {time_t(now - modifyAgo), nanoseconds / 3}};
    return ::utimensat(AT_FDCWD, path.constData(), times, AT_SYMLINK_NOFOLLOW) == 0;
}

bool run(const QString &program, const QStringList &arguments)
{
    return runTool(program, arguments).isEmpty();
}

// A tree with every kind of metadata ext4 keeps. Returns the first step that failed, or "".
QString buildMetadataTree(const QByteArray &root)
{
    QString failed;
    int step = 0;
    auto check = [&](bool ok) {
        ++step;
        if (!ok && failed.isEmpty())
            failed = QStringLiteral("step %1: %2")
                         .arg(step)
                         .arg(QString::fromLocal8Bit(std::strerror(errno)));
        return ok;
    };
    const QByteArray t = root + "/tree";
    check(TestTree::makePath(t + "/shared") && TestTree::makePath(t + "/sticky"));
    check(TestTree::writePatternFile(t + "/setuid", 100 * KiB, 601));
    check(TestTree::writePatternFile(t + "/shared/acl-file", 2 * MiB + 1, 602));
    check(TestTree::writeFile(t + "/xattrs", "xattrs"));
    check(TestTree::writeFile(t + "/sticky/empty", {}));
    check(::symlink("shared/acl-file", (t + "/link").constData()) == 0);
    check(::mkfifo((t + "/fifo").constData(), 0620) == 0);
    check(::chown((t + "/setuid").constData(), 1234, 5678) == 0);
    check(::chmod((t + "/setuid").constData(), 06751) == 0);
    check(::chown((t + "/shared").constData(), 1234, 5678) == 0);
    check(::chmod((t + "/shared").constData(), 02775) == 0);
    check(::chmod((t + "/sticky").constData(), 01777) == 0);
    check(::chown((t + "/xattrs").constData(), 4321, 8765) == 0);
    check(::chmod((t + "/xattrs").constData(), 0604) == 0);
    check(::lchown((t + "/link").constData(), 1234, 8765) == 0);
    check(::chown((t + "/fifo").constData(), 4321, 5678) == 0);
    const QByteArray binary("\x00\x01\xff value with a NUL", 20);
    const QByteArray large(3000, 'L');
    check(::setxattr((t + "/xattrs").constData(), "user.text", "hello", 5, 0) == 0);
    check(
        ::setxattr((t + "/xattrs").constData(), "user.binary", binary.constData(), binary.size(), 0)
        == 0);
    check(::setxattr((t + "/xattrs").constData(), "user.large", large.constData(), large.size(), 0)
          == 0);
    check(::setxattr((t + "/xattrs").constData(), "user.empty", "", 0, 0) == 0);
    check(::setxattr((t + "/xattrs").constData(), "trusted.root-only", "t", 1, 0) == 0);
    check(::setxattr((t + "/shared").constData(), "user.on-a-folder", "dir", 3, 0) == 0);
    // ACLs: an access ACL on a file, access and default ACLs on a folder.
    check(run(QStringLiteral("setfacl"),
              {QStringLiteral("-m"), QStringLiteral("u:1234:rw-,g:5678:r--,u:99:---"),
               QFile::decodeName(t + "/shared/acl-file")}));
    check(run(QStringLiteral("setfacl"),
              {QStringLiteral("-m"), QStringLiteral("u:4321:rwx,g:8765:r-x"), QStringLiteral("-d"),
               QStringLiteral("-m"), QStringLiteral("g:5678:rwx,o::---"),
               QFile::decodeName(t + "/shared")}));
    // Times last, children before their folders, each with its own nanoseconds.
    long nanoseconds = 123456789;
    for (const QByteArray name : {"setuid", "shared/acl-file", "xattrs", "sticky/empty", "link",
                                  "fifo", "shared", "sticky", ""}) {
        const QByteArray path = name.isEmpty() ? t : t + '/' + name;
        check(setTimes(path, 3600 + nanoseconds % 1000, 7200 + nanoseconds % 977, nanoseconds));
        nanoseconds = (nanoseconds * 7 + 11) % 1000000000;
    }
    return failed;
}

} // namespace

class TestMetadata final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { FS_REQUIRE_ROOT(); }
    void archiveKeepsStatXattrsAndAclsExactly_data();
    void archiveKeepsStatXattrsAndAclsExactly();
    void setUidAndSetGidAreDroppedWhenTheOwnerIsNotKept();
    void ownersThatHoldGiveNoOwnerWarning();
    void fatRefusesMetadataWithGroupedWarningsNotFailure_data();
    void fatRefusesMetadataWithGroupedWarningsNotFailure();
};

void TestMetadata::archiveKeepsStatXattrsAndAclsExactly_data()
{
    QTest::addColumn<bool>("throughCli");
    QTest::addColumn<Engine>("engine");
    QTest::newRow("CopyJob, auto") << false << Engine::Auto;
    QTest::newRow("CopyJob, stream") << false << Engine::Stream;
    QTest::newRow("sluice-cli --archive") << true << Engine::Auto;
}

void TestMetadata::archiveKeepsStatXattrsAndAclsExactly()
{
    QFETCH(bool, throughCli);
    QFETCH(Engine, engine);
    // noatime: listing a folder whose ctime is newer than its atime moves the atime
    // (relatime), so the snapshots below and the copy's own scan would disagree.
    FS_MOUNT_WITH(sourceDisk, FsKind::Ext4, 64 * MiB, QByteArray("noatime"));
    FS_MOUNT_WITH(disk, FsKind::Ext4, 64 * MiB, QByteArray("noatime"));
    const QString built = buildMetadataTree(sourceDisk->path());
    QVERIFY2(built.isEmpty(), qPrintable(built));
    const QStringList statBefore = statLines(sourceDisk->path());
    const QString xattrsBefore = getfattr(sourceDisk->path());
    const QString aclsBefore = getfacl(sourceDisk->path());
    QVERIFY2(xattrsBefore.contains(QStringLiteral("user.binary"))
                 && xattrsBefore.contains(QStringLiteral("system.posix_acl_default")),
             qPrintable(xattrsBefore));
    QVERIFY2(aclsBefore.contains(QStringLiteral("user:1234:rw-")), qPrintable(aclsBefore));

    if (throughCli) {
        const FsHelpers::ChildRun cli =
            FsHelpers::runCli({"--archive", "--on-conflict", "overwrite", "--on-error", "skip",
                               sourceDisk->path("tree"), disk->path()});
        QVERIFY2(cli.exitCode == 0 && cli.err.contains("succeeded"), cli.err.constData());
    } else {
        CopyOptions options = JobRunner::quickOptions();
        options.preserve = PreserveOptions::archive();
        options.engine = engine;
        const JobRunner::Run job =
            JobRunner::run({sourceDisk->path("tree")}, disk->path(), options);
        QVERIFY2(job.result.status == CopyStatus::Succeeded,
                 qPrintable(FsHelpers::describeIssues(job.result)));
    }

    QCOMPARE(statLines(disk->path()), statBefore);
    QCOMPARE(getfattr(disk->path()), xattrsBefore);
    QCOMPARE(getfacl(disk->path()), aclsBefore);
    // The source was only read.
    QCOMPARE(statLines(sourceDisk->path()), statBefore);
    QCOMPARE(getfattr(sourceDisk->path()), xattrsBefore);
}

void TestMetadata::setUidAndSetGidAreDroppedWhenTheOwnerIsNotKept()
{
    FS_MOUNT(disk, FsKind::Ext4, 64 * MiB);
    QVERIFY(TestTree::makePath(disk->path("src")));
    QVERIFY(TestTree::makePath(disk->path("out")));
    QVERIFY(TestTree::writeFile(disk->path("src/tool"), "#!/bin/sh\n"));
    QVERIFY(::chown(disk->path("src/tool").constData(), 1234, 5678) == 0);
    QVERIFY(::chmod(disk->path("src/tool").constData(), 06755) == 0);

    const JobRunner::Run job =
        JobRunner::run({disk->path("src")}, disk->path("out"), JobRunner::quickOptions());

    QCOMPARE(job.result.status, CopyStatus::Succeeded);
    struct stat st = {};
    QVERIFY(::lstat(disk->path("out/src/tool").constData(), &st) == 0);
    QCOMPARE(st.st_uid, ::geteuid());
    QCOMPARE(st.st_mode & 07777, mode_t(0755)); // neither set-user-ID nor set-group-ID
}

// The control for fs-smbnetfs's ownersSmbDoesNotKeepAreAWarning: on tmpfs, root's -a keeps
// user and group nobody, the probe sees them kept, and nothing warns about owners.
void TestMetadata::ownersThatHoldGiveNoOwnerWarning()
{
    FS_MOUNT(disk, FsKind::Tmpfs, 64 * MiB);
    QVERIFY(TestTree::makePath(disk->path("src/sub")));
    QVERIFY(TestTree::writePatternFile(disk->path("src/one"), 300 * KiB, 611));
    QVERIFY(TestTree::writeFile(disk->path("src/sub/two"), "two"));
    for (const QByteArray item : {"src", "src/one", "src/sub", "src/sub/two"})
        QCOMPARE(
            ::chown(disk->path(item).constData(), FsHelpers::nobodyUid(), FsHelpers::nobodyGid()),
            0);
    QVERIFY(TestTree::makePath(disk->path("out")));

    const FsHelpers::ChildRun copy =
        FsHelpers::runCli({"-a", disk->path("src"), disk->path("out")});

    QVERIFY2(copy.exitCode == 0, copy.err.constData());
    QVERIFY2(!copy.err.contains("owners and groups") && !copy.err.contains("Cannot set owner"),
             copy.err.constData());
    QVERIFY2(!copy.err.contains("Warning"), copy.err.constData());
    for (const QByteArray item : {"out/src", "out/src/one", "out/src/sub", "out/src/sub/two"}) {
        struct stat st = {};
        QVERIFY(::lstat(disk->path(item).constData(), &st) == 0);
        QCOMPARE(st.st_uid, FsHelpers::nobodyUid());
        QCOMPARE(st.st_gid, FsHelpers::nobodyGid());
    }
    QCOMPARE(FsHelpers::fileDigest(disk->path("out/src/one")),
             FsHelpers::fileDigest(disk->path("src/one")));
}

void TestMetadata::fatRefusesMetadataWithGroupedWarningsNotFailure_data()
{
    QTest::addColumn<FsKind>("fs");
    QTest::addColumn<bool>("throughCli");
    for (const FsKind fs : {FsKind::Vfat, FsKind::Exfat}) {
        QTest::addRow("%s", qPrintable(fsKindName(fs))) << fs << false;
        QTest::addRow("%s, sluice-cli", qPrintable(fsKindName(fs))) << fs << true;
    }
}

void TestMetadata::fatRefusesMetadataWithGroupedWarningsNotFailure()
{
    QFETCH(FsKind, fs);
    QFETCH(bool, throughCli);
    FS_MOUNT(sourceDisk, FsKind::Ext4, 64 * MiB);
    const QString built = buildMetadataTree(sourceDisk->path());
    QVERIFY2(built.isEmpty(), qPrintable(built));
    // FAT holds neither links nor FIFOs (fs-symlinks and fs-special cover those).
    QVERIFY(::unlink(sourceDisk->path("tree/link").constData()) == 0);
    QVERIFY(::unlink(sourceDisk->path("tree/fifo").constData()) == 0);
    FS_MOUNT(disk, fs, 64 * MiB);

    if (throughCli) {
        const FsHelpers::ChildRun cli =
            FsHelpers::runCli({"--archive", "--on-conflict", "overwrite", "--on-error", "skip",
                               sourceDisk->path("tree"), disk->path()});
        QVERIFY2(cli.exitCode == 0, cli.err.constData());
        QVERIFY2(cli.err.contains("completed with warnings") || cli.err.contains("warnings"),
                 cli.err.constData());
    } else {
        CopyOptions options = JobRunner::quickOptions();
        options.preserve = PreserveOptions::archive();
        const JobRunner::Run job =
            JobRunner::run({sourceDisk->path("tree")}, disk->path(), options);
        QVERIFY2(job.result.status == CopyStatus::CompletedWithWarnings,
                 qPrintable(FsHelpers::describeIssues(job.result)));
        QCOMPARE(job.result.errorCount(), qint64(0));
        QCOMPARE(job.result.itemsCopied, qint64(7));
        // Grouped: one warning per kind of refusal, however many items it concerned.
        QSet<QPair<int, int>> kinds;
        for (const CopyIssue &issue : job.result.issues) {
            if (issue.operation == FileOperation::Preflight)
                continue;
            const QPair<int, int> kind(int(issue.operation), issue.errorCode);
            QVERIFY2(!kinds.contains(kind), qPrintable(FsHelpers::describeIssues(job.result)));
            kinds.insert(kind);
        }
        QVERIFY2(!kinds.isEmpty(), qPrintable(FsHelpers::describeIssues(job.result)));
    }
    // The data is all there.
    const QStringList differences =
        TestTree::compareTrees(sourceDisk->path("tree"), disk->path("tree"), {false, false, false});
    QVERIFY2(differences.isEmpty(), qPrintable(differences.join(u'\n')));
    QVERIFY(TestTree::findPartFiles(disk->path()).isEmpty());
}

QTEST_GUILESS_MAIN(TestMetadata)
#include "tst_metadata.moc"
