// Issue 15: a network destination. Each test starts its own OpenSSH server on 127.0.0.1 and
// mounts it with sshfs (tests/fs/sshfsmount.h); what arrived is read on the server's side.
// On sshfs: an overwrite stays atomic (the old file survives a failed copy, a kill -9 and a
// cancel), collisions are decided and RENAME_NOREPLACE's fallback keeps someone else's
// file, moves delete sources only once copied, --verify reads the copy back, metadata sftp
// cannot store is a warning, the preflight names the file system and what it cannot do, and
// every file is fsynced on the server (syncfs(2) does not reach it), as the server's log shows.

#include "fshelpers.h"
#include "iohooks.h"
#include "jobrunner.h"
#include "sshfsmount.h"
#include "testtree.h"

#include <QDeadlineTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QScopeGuard>
#include <QTest>

#include <csignal>
#include <ctime>
#include <fcntl.h>
#include <functional>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

using namespace Sluice;

class TestSshfs final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void overwriteSurvivesAFailedCopy();
    void killAndCancelLeaveNoPartialFinalFile();
    void collisionsAndTheNoReplaceFallback();
    void moveDeletesSourcesOnceCopied();
    void hardLinksWithArchiveAreKept();
    void verifyReadsTheCopyBack();
    void preflightNamesTheFileSystemAndMetadataIsAWarning();
    void everyFileIsFsyncedOnTheServer();
    void ownersAsRootOverSftpAreKept();
    void linkTimesAndOwnersNeverReachTheTarget();
    void relativeAndDanglingLinksAreCopied();
    void fifoIsRefusedBeforeTheFirstByte();
    void followSymlinksMountNeverMergesIntoAnExistingFolder();
    void folderReplacedByALinkMidCopyIsNotWrittenThrough();
    void followSymlinksFolderSwappedMidCopyIsNotWrittenThrough();
    void folderAboveSwappedForALinkToSameNamedFoldersIsNotWrittenThrough();
    void followSymlinksSwapBetweenCheckAndCreateLeavesTheLookAlikeAlone();
    void folderAboveSwappedBetweenCheckAndCreateLeavesTheLookAlikeAlone();
    void copyAndMergeWithEightWorkersRaiseNoFalseAlarm();
    void dryRunSaysLinksLoseTheirTimes();
    void partFilesLeftInASwappedFolderAreNamed();

private:
    std::unique_ptr<Scratch> m_scratch;
};

void TestSshfs::initTestCase()
{
    if (const QString reason = SshfsMount::skipReason(); !reason.isEmpty())
        QSKIP(qPrintable(reason));
    m_scratch = std::make_unique<Scratch>();
    QVERIFY(TestTree::makePath(m_scratch->path("src/sub")));
    QVERIFY(TestTree::writePatternFile(m_scratch->path("src/big"), 16 * MiB, 151));
    QVERIFY(TestTree::writePatternFile(m_scratch->path("src/sub/small"), 70 * KiB, 152));
}

// An injected write error in the middle of the new version: the job fails, the old file on
// the server is untouched, no part file is left.
void TestSshfs::overwriteSurvivesAFailedCopy()
{
    SSHFS_MOUNT(server, QString());
    QVERIFY(TestTree::makePath(server->serverPath("src")));
    QVERIFY(TestTree::writeFile(server->serverPath("src/big"), "the old version"));
    IoHooks hooks;
    hooks.beforeWrite = [](const QByteArray &, qint64 offset, qint64) {
        return offset >= 4 * MiB ? EIO : 0;
    };
    CopyOptions options = JobRunner::quickOptions();
    options.onError = ErrorPolicy::Skip;
    const JobRunner::Run run =
        JobRunner::run({m_scratch->path("src")}, server->path(), options, {}, hooks);
    QCOMPARE(run.result.status, CopyStatus::Failed);
    QVERIFY(FsHelpers::findError(run.result, "src/big"));
    QCOMPARE(TestTree::readFile(server->serverPath("src/big")), QByteArray("the old version"));
    QCOMPARE(FsHelpers::fileDigest(server->serverPath("src/sub/small")),
             FsHelpers::fileDigest(m_scratch->path("src/sub/small")));
    QVERIFY(TestTree::findPartFiles(server->serverPath()).isEmpty());
}

// kill -9 mid-file leaves the old version (and a part file the next run removes); SIGINT
// mid-file removes the part file and exits 130. Never a partial file at the final name.
void TestSshfs::killAndCancelLeaveNoPartialFinalFile()
{
    SSHFS_MOUNT(server, QString());
    QVERIFY(TestTree::makePath(server->serverPath("src")));
    QVERIFY(TestTree::writeFile(server->serverPath("src/big"), "old"));
    const QStringList copy =
        QStringList{QStringLiteral("--limit"), QStringLiteral("16M"),
                    QStringLiteral("--on-conflict"), QStringLiteral("overwrite")}
        + FsHelpers::decodedArguments({m_scratch->path("src"), server->path()});
    const FsHelpers::Interrupted killed = FsHelpers::interruptCli(copy, 4 * MiB, SIGKILL);
    QVERIFY(killed.signalled);
    QCOMPARE(killed.status, QProcess::CrashExit);
    QCOMPARE(TestTree::readFile(server->serverPath("src/big")), QByteArray("old"));

    const FsHelpers::Interrupted cancelled = FsHelpers::interruptCli(copy, 4 * MiB, SIGINT);
    QVERIFY(cancelled.signalled);
    QCOMPARE(cancelled.exitCode, 130);
    QCOMPARE(TestTree::readFile(server->serverPath("src/big")), QByteArray("old"));
    // The cancelled run removed its own part file and the one the killed run left for "big".
    // So did its merge into "src" with the sentinel the killed run left there.
    QVERIFY(TestTree::findPartFiles(server->serverPath()).isEmpty());

    const FsHelpers::ChildRun done =
        FsHelpers::runCli({"--on-conflict", "overwrite", m_scratch->path("src"), server->path()});
    QVERIFY2(done.exitCode == 0, done.err.constData());
    QCOMPARE(FsHelpers::fileDigest(server->serverPath("src/big")),
             FsHelpers::fileDigest(m_scratch->path("src/big")));
}

// sshfs has no RENAME_NOREPLACE (EINVAL): a name someone creates on the server while the part
// file is written is found by the fallback (a hard link, which sftp has) and decided again
// like any collision: their file stays, the copy takes a free name.
void TestSshfs::collisionsAndTheNoReplaceFallback()
{
    SSHFS_MOUNT(server, QString());
    QVERIFY(TestTree::makePath(server->serverPath("src/sub")));
    QVERIFY(TestTree::writeFile(server->serverPath("src/sub/small"), "theirs"));
    CopyOptions options = JobRunner::quickOptions();
    options.onCollision = CollisionPolicy::Skip;
    const JobRunner::Run skipped =
        JobRunner::run({m_scratch->path("src")}, server->path(), options);
    QCOMPARE(skipped.result.itemsSkipped, qint64(1));
    QCOMPARE(TestTree::readFile(server->serverPath("src/sub/small")), QByteArray("theirs"));

    // Through the mount, so that sshfs's cache of names knows it is gone.
    QVERIFY(::unlink(server->path("src/big").constData()) == 0);
    IoHooks hooks;
    hooks.afterPartCreated = [&](const QByteArray &part) {
        if (part.endsWith(".big.sluice-part"))
            TestTree::writeFile(server->serverPath("src/big"), "raced in");
    };
    options.onCollision = CollisionPolicy::Rename;
    const JobRunner::Run raced =
        JobRunner::run({m_scratch->path("src")}, server->path(), options, {}, hooks);
    QVERIFY2(raced.result.errorCount() == 0, qPrintable(FsHelpers::describeIssues(raced.result)));
    QCOMPARE(TestTree::readFile(server->serverPath("src/big")), QByteArray("raced in"));
    QCOMPARE(FsHelpers::fileDigest(server->serverPath("src/big (2)")),
             FsHelpers::fileDigest(m_scratch->path("src/big")));
    QCOMPARE(TestTree::readFile(server->serverPath("src/sub/small")), QByteArray("theirs"));
    QCOMPARE(FsHelpers::fileDigest(server->serverPath("src/sub/small (2)")),
             FsHelpers::fileDigest(m_scratch->path("src/sub/small")));
    QVERIFY(TestTree::findPartFiles(server->serverPath()).isEmpty());
}

void TestSshfs::moveDeletesSourcesOnceCopied()
{
    SSHFS_MOUNT(server, QString());
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("move/deep")));
    QVERIFY(TestTree::writePatternFile(scratch.path("move/one"), 3 * MiB, 153));
    QVERIFY(TestTree::writePatternFile(scratch.path("move/deep/two"), 5000, 154));
    const QByteArray one = FsHelpers::fileDigest(scratch.path("move/one"));
    const QByteArray two = FsHelpers::fileDigest(scratch.path("move/deep/two"));
    const FsHelpers::ChildRun run =
        FsHelpers::runCli({"--move", scratch.path("move"), server->path()});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QCOMPARE(::access(scratch.path("move").constData(), F_OK), -1);
    QCOMPARE(FsHelpers::fileDigest(server->serverPath("move/one")), one);
    QCOMPARE(FsHelpers::fileDigest(server->serverPath("move/deep/two")), two);
}

// --verify re-reads the copy through the mount; a copy corrupted before that is an error and
// never gets the final name.
// sshfs without -o use_ino numbers each name apart: the two names of a hard link show two
// st_ino, so the part name of the second name could never pass for a link to the first copy
// (every -a copy of hard links failed: "replaced or removed by someone else"). The probe sees
// it and the part name is proved another way; sftp's hardlink@openssh.com keeps the link.
void TestSshfs::hardLinksWithArchiveAreKept()
{
    SSHFS_MOUNT(server, QString());
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("hl")));
    QVERIFY(TestTree::writeFile(scratch.path("hl/a"), "h\n"));
    QCOMPARE(::link(scratch.path("hl/a").constData(), scratch.path("hl/b").constData()), 0);
    const FsHelpers::ChildRun copy =
        FsHelpers::runCli({"-a", "--progress", "none", scratch.path("hl"), server->path()});
    QVERIFY2(copy.exitCode == 0, copy.err.constData());
    // Only the preflight's word on sshfs, the same on durability at the end, and the summary.
    const QList<QByteArray> lines = copy.err.trimmed().split('\n');
    QVERIFY2(lines.size() == 3, copy.err.constData());
    QVERIFY2(lines.at(0).startsWith("sluice-cli: Warning: Check before copying “" + server->path()
                                    + "”: the destination is on fuse.sshfs: "),
             copy.err.constData());
    QCOMPARE(lines.at(1), "not known to be on the server's disk: fuse.sshfs: a flush reaches the "
                          "server's disk only when its SFTP server offers fsync@openssh.com "
                          "(OpenSSH does), which the client cannot see: \"done\" may mean the "
                          "server has the data in memory");
    QVERIFY2(lines.at(2).startsWith("completed with warnings: 3 copied (2 bytes), 0 merged, 0 "
                                    "skipped (0 bytes; 0 by you, 0 by policy, 0 on error), 0 "
                                    "failed (0 bytes), of 3 planned (2 bytes);"),
             copy.err.constData());
    QCOMPARE(TestTree::readFile(server->serverPath("hl/a")), QByteArray("h\n"));
    QCOMPARE(TestTree::readFile(server->serverPath("hl/b")), QByteArray("h\n"));
    struct stat a = {};
    struct stat b = {};
    QCOMPARE(::lstat(server->serverPath("hl/a").constData(), &a), 0);
    QCOMPARE(::lstat(server->serverPath("hl/b").constData(), &b), 0);
    QCOMPARE(b.st_ino, a.st_ino); // one file on the server, with two names
    QCOMPARE(a.st_nlink, nlink_t(2));
    QCOMPARE(FsHelpers::listNames(server->serverPath("hl")), (QList<QByteArray>{"a", "b"}));
    // Through the mount the two names show two numbers: what the probe found.
    struct stat ma = {};
    struct stat mb = {};
    QCOMPARE(::lstat(server->path("hl/a").constData(), &ma), 0);
    QCOMPARE(::lstat(server->path("hl/b").constData(), &mb), 0);
    QVERIFY(ma.st_ino != mb.st_ino);
}

void TestSshfs::verifyReadsTheCopyBack()
{
    SSHFS_MOUNT(server, QString());
    const FsHelpers::ChildRun good =
        FsHelpers::runCli({"--verify", "xxh3", m_scratch->path("src/sub/small"), server->path()});
    QVERIFY2(good.exitCode == 0, good.err.constData());
    QCOMPARE(FsHelpers::fileDigest(server->serverPath("small")),
             FsHelpers::fileDigest(m_scratch->path("src/sub/small")));

    IoHooks hooks;
    hooks.beforeVerify = [](int partFd, const QByteArray &) {
        [[maybe_unused]] const ssize_t done = ::pwrite(partFd, "bad!", 4, 100);
    };
    CopyOptions options = JobRunner::quickOptions();
    options.verify = VerifyAlgorithm::Xxh3;
    const JobRunner::Run bad =
        JobRunner::run({m_scratch->path("src/big")}, server->path(), options, {}, hooks);
    QCOMPARE(bad.result.status, CopyStatus::Failed);
    const CopyIssue *error = FsHelpers::findError(bad.result, "/big");
    QVERIFY2(error && error->operation == FileOperation::Verify,
             qPrintable(FsHelpers::describeIssues(bad.result)));
    QCOMPARE(::access(server->serverPath("big").constData(), F_OK), -1);
    QVERIFY(TestTree::findPartFiles(server->serverPath()).isEmpty());
}

// The dry run names fuse.sshfs and what it cannot do before the first byte (and writes
// nothing); a real copy with -a warns about the extended attribute sftp cannot store.
void TestSshfs::preflightNamesTheFileSystemAndMetadataIsAWarning()
{
    SSHFS_MOUNT(server, QString());
    Scratch scratch;
    QVERIFY(TestTree::writeFile(scratch.path("tagged"), "tagged"));
    QCOMPARE(::setxattr(scratch.path("tagged").constData(), "user.colour", "blue", 4, 0), 0);
    const FsHelpers::ChildRun dry =
        FsHelpers::runCli({"--dry-run", "-a", scratch.path("tagged"), server->path()});
    QVERIFY2(dry.exitCode == 0, dry.err.constData());
    QVERIFY2(dry.err.contains("the destination is on fuse.sshfs"), dry.err.constData());
    QVERIFY2(dry.err.contains("to the nearest 1 s only"), dry.err.constData());
    QVERIFY2(dry.err.contains("RENAME_NOREPLACE"), dry.err.constData());
    QVERIFY2(dry.err.contains("fsync@openssh.com"), dry.err.constData());
    QCOMPARE(FsHelpers::listNames(server->serverPath()), QList<QByteArray>{});

    const FsHelpers::ChildRun copy =
        FsHelpers::runCli({"-a", scratch.path("tagged"), server->path()});
    QVERIFY2(copy.exitCode == 0, copy.err.constData());
    QVERIFY2(copy.err.contains("completed with warnings"), copy.err.constData());
    QVERIFY2(copy.err.contains("extended attributes") || copy.err.contains("attributes"),
             copy.err.constData());
    QCOMPARE(TestTree::readFile(server->serverPath("tagged")), QByteArray("tagged"));
    QCOMPARE(::getxattr(server->serverPath("tagged").constData(), "user.colour", nullptr, 0),
             ssize_t(-1));
}

// What the mount really does with a flush: sshfs passes fsync(2) to the server as
// fsync@openssh.com (the server logs it), and syncfs(2) not at all. Under the default
// durability (job) every file is therefore fsynced on its own on sshfs.
void TestSshfs::everyFileIsFsyncedOnTheServer()
{
    SSHFS_MOUNT(server, QString());
    const FsHelpers::ChildRun run = FsHelpers::runCli({m_scratch->path("src"), server->path()});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const QByteArray log = server->serverLog();
    for (const QByteArray name : {"big", "sub/small"}) {
        const QByteArray part = server->serverPath("src/" + name);
        const QByteArray partName = part.left(part.lastIndexOf('/') + 1) + '.'
                                    + part.mid(part.lastIndexOf('/') + 1) + ".sluice-part";
        QVERIFY2(log.contains("fsync \"" + partName + '"'), log.right(3000).constData());
    }
    QVERIFY2(run.err.contains("fsync@openssh.com"), run.err.constData());
}

// Root's -a over sftp: sshfs sends the owner and group (SSH_FXP_SETSTAT with uid and gid), the
// test's sftp-server runs as root and applies them, and sshfs shows the server's numbers
// (no idmap): the probe and every copy read them back as set, so nothing warns about owners.
void TestSshfs::ownersAsRootOverSftpAreKept()
{
    SSHFS_MOUNT(server, QString());
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("owned/sub")));
    QVERIFY(TestTree::writePatternFile(scratch.path("owned/one"), 300 * KiB, 171));
    QVERIFY(TestTree::writeFile(scratch.path("owned/sub/two"), "two"));
    const QList<QByteArray> items = {"owned", "owned/one", "owned/sub", "owned/sub/two"};
    for (const QByteArray &item : items)
        QCOMPARE(
            ::chown(scratch.path(item).constData(), FsHelpers::nobodyUid(), FsHelpers::nobodyGid()),
            0);
    const FsHelpers::ChildRun copy =
        FsHelpers::runCli({"-a", scratch.path("owned"), server->path()});
    QVERIFY2(copy.exitCode == 0, copy.err.constData());
    QVERIFY2(!copy.err.contains("owners and groups") && !copy.err.contains("Cannot set owner"),
             copy.err.constData());
    for (const QByteArray &item : items) {
        struct stat st = {};
        QCOMPARE(::lstat(server->serverPath(item).constData(), &st), 0);
        QCOMPARE(st.st_uid, FsHelpers::nobodyUid());
        QCOMPARE(st.st_gid, FsHelpers::nobodyGid());
    }
    QCOMPARE(FsHelpers::fileDigest(server->serverPath("owned/one")),
             FsHelpers::fileDigest(scratch.path("owned/one")));
}

namespace {

const timespec Y2000[2] = {{946'684'800, 0}, {946'684'800, 0}};
const timespec Y2010[2] = {{1'262'304'000, 0}, {1'262'304'000, 0}};

// The grouped warning for links whose times and owners are not set on sshfs, naming the first
// of them and how many @p more.
QByteArray linkWarning(const QByteArray &firstLink, int more = 0)
{
    return "Warning: Cannot set times of “" + firstLink + "”"
           + (more > 0 ? " and " + QByteArray::number(more) + " more item(s)" : QByteArray())
           + ": fuse.sshfs changes the file a symbolic link points to when the link's times or "
             "owner are set: symbolic links are copied there without their times and owners";
}

QByteArray readLink(const QByteArray &path)
{
    char target[4096];
    const ssize_t length = ::readlink(path.constData(), target, sizeof target);
    return length < 0 ? QByteArray() : QByteArray(target, int(length));
}

} // namespace

// SFTP's SETSTAT follows links, and sshfs sets a link's times and owner with it: the probe
// finds that out, and a link's times and owner are never set there. A link to a file outside
// the destination, copied with -a as root, leaves that file's owner, mode and time alone.
void TestSshfs::linkTimesAndOwnersNeverReachTheTarget()
{
    SSHFS_MOUNT(server, QString());
    Scratch scratch; // on the server's own disk, outside the folder it exports
    const QByteArray victim = scratch.path("victim");
    QVERIFY(TestTree::writeFile(victim, "secret"));
    QCOMPARE(::chmod(victim.constData(), 0600), 0);
    QCOMPARE(::utimensat(AT_FDCWD, victim.constData(), Y2000, 0), 0);
    struct stat before = {};
    QCOMPARE(::stat(victim.constData(), &before), 0);
    QVERIFY(TestTree::makePath(scratch.path("lk/sl")));
    const QByteArray evil = scratch.path("lk/sl/evil");
    QCOMPARE(::symlink(victim.constData(), evil.constData()), 0);
    QCOMPARE(::lchown(evil.constData(), FsHelpers::nobodyUid(), FsHelpers::nobodyGid()), 0);
    QCOMPARE(::utimensat(AT_FDCWD, evil.constData(), Y2010, AT_SYMLINK_NOFOLLOW), 0);

    const FsHelpers::ChildRun run =
        FsHelpers::runCli({"-a", scratch.path("lk/sl"), server->path()});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QVERIFY2(run.err.contains(linkWarning(server->path("sl/evil"))), run.err.constData());
    struct stat after = {};
    QCOMPARE(::stat(victim.constData(), &after), 0);
    QCOMPARE(after.st_uid, before.st_uid);
    QCOMPARE(after.st_gid, before.st_gid);
    QCOMPARE(after.st_mode, before.st_mode);
    QCOMPARE(after.st_mtim.tv_sec, before.st_mtim.tv_sec);
    QCOMPARE(after.st_mtim.tv_nsec, before.st_mtim.tv_nsec);
    QCOMPARE(TestTree::readFile(victim), QByteArray("secret"));
    QCOMPARE(readLink(server->serverPath("sl/evil")), victim);
    QVERIFY(TestTree::findPartFiles(server->serverPath()).isEmpty());
}

// A relative link to a file already in the destination, and a dangling one: both copied with
// their target text (sshfs has no RENAME_NOREPLACE; the link is put in place all the same),
// the target's time untouched, exit status 0 with the warning about link times.
void TestSshfs::relativeAndDanglingLinksAreCopied()
{
    SSHFS_MOUNT(server, QString());
    QVERIFY(TestTree::makePath(server->serverPath("sl")));
    const QByteArray target = server->serverPath("sl/target");
    QVERIFY(TestTree::writeFile(target, "t"));
    QCOMPARE(::utimensat(AT_FDCWD, target.constData(), Y2000, 0), 0);
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("sl")));
    QCOMPARE(::symlink("target", scratch.path("sl/good").constData()), 0);
    QCOMPARE(::symlink("/nonexistent-sluice-target", scratch.path("sl/dangling").constData()), 0);
    for (const char *link : {"sl/good", "sl/dangling"})
        QCOMPARE(::utimensat(AT_FDCWD, scratch.path(link).constData(), Y2010, AT_SYMLINK_NOFOLLOW),
                 0);

    const FsHelpers::ChildRun run = FsHelpers::runCli({scratch.path("sl"), server->path()});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QVERIFY2(run.err.contains(linkWarning(server->path("sl/dangling"), 1))
                 || run.err.contains(linkWarning(server->path("sl/good"), 1)),
             run.err.constData());
    QCOMPARE(readLink(server->serverPath("sl/good")), QByteArray("target"));
    QCOMPARE(readLink(server->serverPath("sl/dangling")), QByteArray("/nonexistent-sluice-target"));
    struct stat st = {};
    QCOMPARE(::stat(target.constData(), &st), 0);
    QCOMPARE(st.st_mtim.tv_sec, Y2000[1].tv_sec);
    QCOMPARE(TestTree::readFile(target), QByteArray("t"));
    QCOMPARE(FsHelpers::listNames(server->serverPath("sl")),
             (QList<QByteArray>{"dangling", "good", "target"}));
}

// SFTP cannot make a FIFO (sshfs: EPERM): the dry run and the preflight of a real run refuse it
// by name before the first byte; the rest is copied.
void TestSshfs::fifoIsRefusedBeforeTheFirstByte()
{
    SSHFS_MOUNT(server, QString());
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("sp")));
    QCOMPARE(::mkfifo(scratch.path("sp/fifo").constData(), 0644), 0);
    QVERIFY(TestTree::writeFile(scratch.path("sp/file"), "file"));
    const QByteArray refusal =
        "“" + scratch.path("sp/fifo") + "”: fuse.sshfs cannot store FIFOs, sockets or device nodes";

    const FsHelpers::ChildRun dry =
        FsHelpers::runCli({"--dry-run", scratch.path("sp"), server->path()});
    QCOMPARE(dry.exitCode, 1);
    QVERIFY2(dry.err.contains(refusal), dry.err.constData());
    QCOMPARE(FsHelpers::listNames(server->serverPath()), QList<QByteArray>{});

    const FsHelpers::ChildRun run = FsHelpers::runCli({scratch.path("sp"), server->path()});
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains(refusal), run.err.constData());
    QVERIFY2(!run.err.contains("EPERM"), run.err.constData());
    QCOMPARE(FsHelpers::listNames(server->serverPath("sp")), QList<QByteArray>{"file"});
    QCOMPARE(TestTree::readFile(server->serverPath("sp/file")), QByteArray("file"));
}

namespace {

// What a folder and the entries in it are, to compare exactly before and after a copy.
struct FolderState
{
    QList<QByteArray> names;
    QList<QByteArray> contents;
    QList<QByteArray> stats; ///< mode, owner, size, modification time of the folder and each entry

    bool operator==(const FolderState &other) const
    {
        return names == other.names && contents == other.contents && stats == other.stats;
    }
};

QByteArray statLine(const QByteArray &path)
{
    struct stat st = {};
    if (::lstat(path.constData(), &st) != 0)
        return "missing";
    return QByteArray::number(st.st_mode, 8) + ' ' + QByteArray::number(st.st_uid) + ' '
           + QByteArray::number(st.st_gid) + ' ' + QByteArray::number(qint64(st.st_size)) + ' '
           + QByteArray::number(qint64(st.st_mtim.tv_sec)) + '.'
           + QByteArray::number(qint64(st.st_mtim.tv_nsec));
}

FolderState folderState(const QByteArray &folder)
{
    FolderState state;
    state.names = FsHelpers::listNames(folder);
    state.stats.append(statLine(folder));
    for (const QByteArray &name : state.names) {
        state.contents.append(TestTree::readFile(folder + '/' + name));
        state.stats.append(statLine(folder + '/' + name));
    }
    return state;
}

} // namespace

// sshfs -o follow_symlinks asks the server with STAT, so a link there looks like its target
// and a folder link planted in the destination looks like a folder: merging into it wrote
// files outside the destination and gave the outside folder the source folder's mode (777),
// exit 0. The probe sees links followed; the dry run and the preflight refuse that merge by
// name; the outside folder keeps its contents, mode and times exactly; a planted file link is
// replaced by the copy (the rename replaces the name on the server), its target untouched; new
// folders and files are copied.
void TestSshfs::followSymlinksMountNeverMergesIntoAnExistingFolder()
{
    SSHFS_MOUNT(server, QStringLiteral("follow_symlinks"));
    Scratch outside; // the server's own disk, outside the folder it exports
    const QByteArray elsewhere = outside.path("elsewhere");
    QVERIFY(TestTree::makePath(elsewhere));
    QVERIFY(TestTree::writeFile(elsewhere + "/keep", "kept"));
    QCOMPARE(::utimensat(AT_FDCWD, (elsewhere + "/keep").constData(), Y2000, 0), 0);
    QCOMPARE(::chmod(elsewhere.constData(), 0750), 0);
    QCOMPARE(::utimensat(AT_FDCWD, elsewhere.constData(), Y2000, 0), 0);
    const QByteArray victim = outside.path("victim");
    QVERIFY(TestTree::writeFile(victim, "secret"));
    QCOMPARE(::chmod(victim.constData(), 0600), 0);
    QCOMPARE(::utimensat(AT_FDCWD, victim.constData(), Y2000, 0), 0);
    QVERIFY(TestTree::makePath(server->serverPath("dest")));
    QCOMPARE(::symlink(elsewhere.constData(), server->serverPath("dest/sub").constData()), 0);
    QCOMPARE(::symlink(victim.constData(), server->serverPath("dest/top").constData()), 0);
    const FolderState outsideBefore = folderState(elsewhere);
    const QByteArray victimBefore = statLine(victim);

    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("src/sub")));
    QVERIFY(TestTree::writeFile(scratch.path("src/sub/a"), "into the link"));
    QCOMPARE(::chmod(scratch.path("src/sub").constData(), 0777), 0);
    QVERIFY(TestTree::makePath(scratch.path("src/fresh/deep")));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/fresh/deep/b"), 300 * KiB, 181));
    QVERIFY(TestTree::writeFile(scratch.path("src/top"), "the new top"));
    const QList<QByteArray> copy = {"--on-conflict",         "overwrite",
                                    scratch.path("src/sub"), scratch.path("src/fresh"),
                                    scratch.path("src/top"), server->path("dest")};
    const QByteArray refusal = "“" + scratch.path("src/sub") + "”: the folder “"
                               + server->path("dest/sub")
                               + "” already exists on fuse.sshfs, which shows a symbolic link on "
                                 "the server as what it points to (mounted with -o "
                                 "follow_symlinks): it may be a link to a folder elsewhere on the "
                                 "server, so nothing is copied into it; remount without "
                                 "follow_symlinks to copy into existing folders";

    const FsHelpers::ChildRun dry = FsHelpers::runCli(QList<QByteArray>{"--dry-run"} + copy);
    QCOMPARE(dry.exitCode, 1);
    QVERIFY2(dry.err.contains(refusal), dry.err.constData());
    QVERIFY2(dry.err.contains("it follows symbolic links (a link on the server looks like what "
                              "it points to: sshfs -o follow_symlinks), so existing folders there "
                              "are never copied into"),
             dry.err.constData());
    QCOMPARE(FsHelpers::listNames(server->serverPath("dest")), (QList<QByteArray>{"sub", "top"}));

    const FsHelpers::ChildRun run = FsHelpers::runCli(copy);
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains(refusal), run.err.constData());
    QVERIFY(folderState(elsewhere) == outsideBefore);
    QCOMPARE(FsHelpers::listNames(elsewhere), QList<QByteArray>{"keep"});
    QCOMPARE(statLine(victim), victimBefore);
    QCOMPARE(TestTree::readFile(victim), QByteArray("secret"));
    QCOMPARE(readLink(server->serverPath("dest/sub")), elsewhere);
    struct stat top = {};
    QCOMPARE(::lstat(server->serverPath("dest/top").constData(), &top), 0);
    QVERIFY(S_ISREG(top.st_mode)); // the link's name now holds the copy
    QCOMPARE(TestTree::readFile(server->serverPath("dest/top")), QByteArray("the new top"));
    QCOMPARE(FsHelpers::fileDigest(server->serverPath("dest/fresh/deep/b")),
             FsHelpers::fileDigest(scratch.path("src/fresh/deep/b")));
    QCOMPARE(FsHelpers::listNames(server->serverPath("dest")),
             (QList<QByteArray>{"fresh", "sub", "top"}));
    QVERIFY(TestTree::findPartFiles(server->serverPath()).isEmpty());
}

namespace {

// Copies @p arguments with sluice-cli (JSON progress, --limit 4M), stops it (SIGTSTP) once
// @p pauseAt bytes were written, runs @p swap while it is stopped, continues it (SIGCONT) and
// waits for its end into @p run. A step that fails fails the test (QTest::currentTestFailed()).
void copyWithASwapMidway(const QList<QByteArray> &arguments, qint64 pauseAt,
                         const std::function<void()> &swap, FsHelpers::ChildRun &run)
{
    QProcess cli;
    // A process group of its own: the kernel discards SIGTSTP's stop in an orphaned one.
    cli.setChildProcessModifier([] { ::setpgid(0, 0); });
    cli.setProgram(QFile::decodeName(FsHelpers::cliPath()));
    cli.setArguments(QStringList{QStringLiteral("--progress"), QStringLiteral("json"),
                                 QStringLiteral("--limit"), QStringLiteral("4M")}
                     + FsHelpers::decodedArguments(arguments));
    cli.setStandardInputFile(QProcess::nullDevice());
    cli.start();
    QVERIFY(cli.waitForStarted());
    const pid_t pid = pid_t(cli.processId());
    const auto stop = qScopeGuard([&] {
        ::kill(pid, SIGCONT);
        cli.kill();
        cli.waitForFinished();
    });
    qint64 written = 0;
    QByteArray pending;
    const QDeadlineTimer deadline(60000);
    while (written < pauseAt && !deadline.hasExpired() && cli.state() == QProcess::Running) {
        cli.waitForReadyRead(100);
        pending += cli.readAllStandardOutput();
        for (qsizetype end = pending.indexOf('\n'); end >= 0; end = pending.indexOf('\n')) {
            const QJsonObject line = QJsonDocument::fromJson(pending.left(end)).object();
            pending.remove(0, end + 1);
            if (line.value(QStringLiteral("type")).toString() == QLatin1String("progress"))
                written = line.value(QStringLiteral("bytesWritten")).toInteger();
        }
    }
    QVERIFY2(written >= pauseAt && written < pauseAt + 7 * MiB,
             qPrintable(QString::number(written)));
    QCOMPARE(::kill(pid, SIGTSTP), 0);
    QTRY_COMPARE(TestTree::processState(pid), 'T');
    swap();
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(::kill(pid, SIGCONT), 0);
    QVERIFY(cli.waitForFinished(60000));
    run.exitCode = cli.exitStatus() == QProcess::NormalExit ? cli.exitCode() : -1;
    run.err = cli.readAllStandardError();
}

// Renames @p folder on the server to @p movedTo and puts a symbolic link to @p target in its
// place.
void swapForALink(const QByteArray &folder, const QByteArray &movedTo, const QByteArray &target)
{
    QCOMPARE(::rename(folder.constData(), movedTo.constData()), 0);
    QCOMPARE(::symlink(target.constData(), folder.constData()), 0);
}

// Three files of 2, 8 and 2 MiB in @p folder: at 4 MiB/s, 3 MiB in is the middle of the second.
void writeThreeFiles(const QByteArray &folder, quint32 seed)
{
    QVERIFY(TestTree::makePath(folder));
    QVERIFY(TestTree::writePatternFile(folder + "/a", 2 * MiB, seed));
    QVERIFY(TestTree::writePatternFile(folder + "/b", 8 * MiB, seed + 1));
    QVERIFY(TestTree::writePatternFile(folder + "/c", 2 * MiB, seed + 2));
}

QByteArray anotherFolder(const QByteArray &folder)
{
    return "the folder “" + folder
           + "” on the server is no longer the folder this copy writes into";
}

} // namespace

// Plain sshfs names every request by path, so a folder descriptor does not pin the folder: a
// destination folder renamed away on the server and replaced by a link redirected the files
// written after it to where the link points. The copy is paused (SIGTSTP) in the middle of
// the second of three files, the folder swapped on the server, the copy continued (SIGCONT):
// the second file is not renamed through the link, the third not created there, nothing
// reaches the link's target (contents, mode, times), and the job says so and exits 1.
void TestSshfs::folderReplacedByALinkMidCopyIsNotWrittenThrough()
{
    SSHFS_MOUNT(server, QString());
    Scratch outside;
    const QByteArray target = outside.path("target");
    QVERIFY(TestTree::makePath(target));
    QCOMPARE(::chmod(target.constData(), 0750), 0);
    QCOMPARE(::utimensat(AT_FDCWD, target.constData(), Y2000, 0), 0);
    const FolderState targetBefore = folderState(target);
    Scratch scratch;
    writeThreeFiles(scratch.path("sw/d"), 191);
    FsHelpers::ChildRun run;
    copyWithASwapMidway(
        {scratch.path("sw"), server->path()}, 3 * MiB,
        [&] { swapForALink(server->serverPath("sw/d"), server->serverPath("sw/d.moved"), target); },
        run);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains("the folder “" + server->path("sw/d")
                              + "” was replaced by a symbolic link on the server"),
             run.err.constData());
    QVERIFY2(run.err.contains(server->path("sw/d/c")), run.err.constData());
    QVERIFY(folderState(target) == targetBefore);
    QCOMPARE(FsHelpers::listNames(target), QList<QByteArray>{});
    QCOMPARE(FsHelpers::fileDigest(server->serverPath("sw/d.moved/a")),
             FsHelpers::fileDigest(scratch.path("sw/d/a")));
    QCOMPARE(::access(server->serverPath("sw/d.moved/b").constData(), F_OK), -1);
    QCOMPARE(::access(server->serverPath("sw/d.moved/c").constData(), F_OK), -1);
}

// sshfs -o follow_symlinks asks the server with STAT, so a folder the copy made, swapped on the
// server mid-copy for a link to a folder outside, still reads back as a folder: the second
// and third files went to the outside folder, which got the source folder's mode and time.
// The outside folder has the mode and owner of a folder the copy makes (0700, root), so only
// its older modification time tells it apart. Nothing reaches it; exit status 1, naming the
// folder.
void TestSshfs::followSymlinksFolderSwappedMidCopyIsNotWrittenThrough()
{
    SSHFS_MOUNT(server, QStringLiteral("follow_symlinks"));
    Scratch outside;
    const QByteArray target = outside.path("target");
    QVERIFY(TestTree::makePath(target));
    QCOMPARE(::chmod(target.constData(), 0700), 0);
    QVERIFY(TestTree::writeFile(target + "/theirs", "theirs"));
    QCOMPARE(::utimensat(AT_FDCWD, (target + "/theirs").constData(), Y2000, 0), 0);
    QCOMPARE(::utimensat(AT_FDCWD, target.constData(), Y2000, 0), 0);
    const FolderState targetBefore = folderState(target);
    Scratch scratch;
    writeThreeFiles(scratch.path("fw/d"), 194);
    QCOMPARE(::chmod(scratch.path("fw/d").constData(), 0755), 0);
    FsHelpers::ChildRun run;
    copyWithASwapMidway(
        {scratch.path("fw"), server->path()}, 3 * MiB,
        [&] { swapForALink(server->serverPath("fw/d"), server->serverPath("fw/d.moved"), target); },
        run);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(FsHelpers::listNames(target), QList<QByteArray>{"theirs"});
    QVERIFY(folderState(target) == targetBefore);
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains(anotherFolder(server->path("fw/d"))), run.err.constData());
    QVERIFY2(run.err.contains(server->path("fw/d/c")), run.err.constData());
    QCOMPARE(FsHelpers::fileDigest(server->serverPath("fw/d.moved/a")),
             FsHelpers::fileDigest(scratch.path("fw/d/a")));
    QCOMPARE(::access(server->serverPath("fw/d.moved/b").constData(), F_OK), -1);
    QCOMPARE(::access(server->serverPath("fw/d.moved/c").constData(), F_OK), -1);
}

// Plain sshfs: while up/a/b is written, up/a is swapped on the server for a link to a place
// that holds a folder b of its own. The path up/a/b then leads to a real folder, so the type
// check passed and the rest went there (a tester saw 17 files land, and that folder get the
// source's mode and times). That folder's time is later than anything the copy saw (set a day
// ahead), so only its mode (0755, where the copy makes 0700) tells it apart. Nothing reaches
// it; exit status 1, naming the folder.
void TestSshfs::folderAboveSwappedForALinkToSameNamedFoldersIsNotWrittenThrough()
{
    SSHFS_MOUNT(server, QString());
    Scratch outside;
    const QByteArray elsewhere = outside.path("elsewhere");
    QVERIFY(TestTree::makePath(elsewhere + "/b"));
    QCOMPARE(::chmod((elsewhere + "/b").constData(), 0755), 0);
    QVERIFY(TestTree::writeFile(elsewhere + "/b/theirs", "theirs"));
    const timespec dayAhead[2] = {{::time(nullptr) + 86400, 0}, {::time(nullptr) + 86400, 0}};
    QCOMPARE(::utimensat(AT_FDCWD, (elsewhere + "/b").constData(), dayAhead, 0), 0);
    QCOMPARE(::utimensat(AT_FDCWD, elsewhere.constData(), Y2000, 0), 0);
    const FolderState elsewhereBefore = folderState(elsewhere);
    const FolderState sameNamedBefore = folderState(elsewhere + "/b");
    Scratch scratch;
    writeThreeFiles(scratch.path("up/a/b"), 197);
    FsHelpers::ChildRun run;
    copyWithASwapMidway(
        {scratch.path("up"), server->path()}, 3 * MiB,
        [&] {
            swapForALink(server->serverPath("up/a"), server->serverPath("up/a.moved"), elsewhere);
        },
        run);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(FsHelpers::listNames(elsewhere + "/b"), QList<QByteArray>{"theirs"});
    QVERIFY(folderState(elsewhere + "/b") == sameNamedBefore);
    QVERIFY(folderState(elsewhere) == elsewhereBefore);
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains(anotherFolder(server->path("up/a/b"))), run.err.constData());
    QVERIFY2(run.err.contains(server->path("up/a/b/c")), run.err.constData());
    QCOMPARE(FsHelpers::fileDigest(server->serverPath("up/a.moved/b/a")),
             FsHelpers::fileDigest(scratch.path("up/a/b/a")));
    QCOMPARE(::access(server->serverPath("up/a.moved/b/b").constData(), F_OK), -1);
    QCOMPARE(::access(server->serverPath("up/a.moved/b/c").constData(), F_OK), -1);
}

namespace {

// A folder like ~/.ssh on the server: mode 0700, owned by the copying user (root here), as a
// folder the copy makes is until its contents are done; one entry, all dated 2000.
void makeLookAlike(const QByteArray &folder)
{
    QVERIFY(TestTree::makePath(folder));
    QCOMPARE(::chmod(folder.constData(), 0700), 0);
    QVERIFY(TestTree::writeFile(folder + "/id_ed25519", "private key"));
    QCOMPARE(::chmod((folder + "/id_ed25519").constData(), 0600), 0);
    QCOMPARE(::utimensat(AT_FDCWD, (folder + "/id_ed25519").constData(), Y2000, 0), 0);
    QCOMPARE(::utimensat(AT_FDCWD, folder.constData(), Y2000, 0), 0);
}

// Copies the folder @p source into @p destination in this process, one file at a time,
// and runs @p swap once, right after the check of the destination folder that comes before
// the create of @p entry (IoHooks::afterFolderChecked): the swap lands in the instant
// between that check and the create, every time.
JobRunner::Run copyWithASwapAfterTheCheck(const QByteArray &source, const QByteArray &destination,
                                          const QByteArray &entry,
                                          const std::function<void()> &swap)
{
    CopyOptions options = JobRunner::quickOptions();
    options.smallFileWorkers = 1;
    IoHooks hooks;
    auto swapped = std::make_shared<std::atomic<bool>>(false);
    hooks.afterFolderChecked = [entry, swap, swapped](const QByteArray &entryPath) {
        if (entryPath == entry && !swapped->exchange(true))
            swap();
    };
    JobRunner::Run run = JobRunner::run({source}, destination, options, {}, hooks);
    if (!swapped->load())
        qWarning("the swap never happened");
    return run;
}

// The names in @p folder but the one sentinel the copy made there (".sluice-guard-…"), which
// stays in a folder found replaced: the path that would remove it leads elsewhere.
QList<QByteArray> namesBesideTheSentinel(const QByteArray &folder)
{
    QList<QByteArray> names = FsHelpers::listNames(folder);
    const qsizetype before = names.size();
    names.removeIf([](const QByteArray &name) { return name.startsWith(".sluice-guard-"); });
    if (before - names.size() != 1)
        names.append("(not one sentinel)");
    return names;
}

QString allMessages(const JobRunner::Run &run)
{
    QStringList messages;
    for (const CopyIssue &issue : run.result.issues)
        messages.append(issue.message());
    return messages.join(QLatin1Char('\n'));
}

// What the look-alike @p folder must hold after a copy that was stopped there: its entry as
// before, the one reported part file @p stray (empty) and nothing else; its mode as before
// and none of the source folder's time (2010).
void checkLookAlike(const QByteArray &folder, const QByteArray &stray, const QByteArray &keyBefore)
{
    QCOMPARE(FsHelpers::listNames(folder), (QList<QByteArray>{stray, "id_ed25519"}));
    QCOMPARE(statLine(folder + "/id_ed25519"), keyBefore);
    QCOMPARE(TestTree::readFile(folder + "/id_ed25519"), QByteArray("private key"));
    QCOMPARE(TestTree::readFile(folder + '/' + stray), QByteArray());
    struct stat st = {};
    QCOMPARE(::lstat(folder.constData(), &st), 0);
    QCOMPARE(st.st_mode, mode_t(S_IFDIR | 0700));
    QVERIFY(st.st_mtim.tv_sec != Y2010[1].tv_sec);
}

} // namespace

// Issue 15 (a fresh tester): on sshfs -o follow_symlinks, the destination folder swapped for
// a link to a folder like ~/.ssh (0700, the copying user's) in the instant between the check
// and the create. The identity check cannot tell them apart, and the copy's own part file
// moves that folder's time forward: the third file landed in it, it got the source folder's
// mode and times, exit 0. The folder's hidden sentinel is not there: the part file made in
// that instant is reported (and left, empty), nothing else reaches the look-alike, the job
// fails (exit status 1) naming the folder.
void TestSshfs::followSymlinksSwapBetweenCheckAndCreateLeavesTheLookAlikeAlone()
{
    SSHFS_MOUNT(server, QStringLiteral("follow_symlinks"));
    Scratch outside;
    const QByteArray ssh = outside.path("ssh");
    makeLookAlike(ssh);
    const QByteArray keyBefore = statLine(ssh + "/id_ed25519");
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("fc/d")));
    for (const char *name : {"a", "b", "c"})
        QVERIFY(TestTree::writeFile(scratch.path("fc/d/") + name, QByteArray("file ") + name));
    QCOMPARE(::chmod(scratch.path("fc/d").constData(), 0755), 0);
    QCOMPARE(::utimensat(AT_FDCWD, scratch.path("fc/d").constData(), Y2010, 0), 0);

    const JobRunner::Run run =
        copyWithASwapAfterTheCheck(scratch.path("fc"), server->path(), server->path("fc/d/c"), [&] {
            swapForALink(server->serverPath("fc/d"), server->serverPath("fc/d.moved"), ssh);
        });
    QVERIFY(!run.timedOut);
    checkLookAlike(ssh, ".c.sluice-part", keyBefore);
    QCOMPARE(run.result.status, CopyStatus::Failed);
    const QString said = allMessages(run);
    QVERIFY2(said.contains(QString::fromUtf8(anotherFolder(server->path("fc/d")))),
             qPrintable(said));
    QVERIFY2(said.contains(QString::fromUtf8("“" + server->path("fc/d/.c.sluice-part")
                                             + "” was made before this was seen")),
             qPrintable(said));
    QCOMPARE(namesBesideTheSentinel(server->serverPath("fc/d.moved")),
             (QList<QByteArray>{"a", "b"}));
    QCOMPARE(TestTree::readFile(server->serverPath("fc/d.moved/b")), QByteArray("file b"));
}

// The same on plain sshfs, a folder above swapped: while up/a/b is written, up/a becomes a
// link to a place with a folder b like ~/.ssh. Only the part file made in that instant
// reaches it, reported; exit status 1, naming the folder.
void TestSshfs::folderAboveSwappedBetweenCheckAndCreateLeavesTheLookAlikeAlone()
{
    SSHFS_MOUNT(server, QString());
    Scratch outside;
    const QByteArray home = outside.path("home");
    makeLookAlike(home + "/b");
    QCOMPARE(::utimensat(AT_FDCWD, home.constData(), Y2000, 0), 0);
    const QByteArray keyBefore = statLine(home + "/b/id_ed25519");
    const QByteArray homeBefore = statLine(home);
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("ua/a/b")));
    for (const char *name : {"a", "b", "c"})
        QVERIFY(TestTree::writeFile(scratch.path("ua/a/b/") + name, QByteArray("file ") + name));
    QCOMPARE(::chmod(scratch.path("ua/a/b").constData(), 0755), 0);
    QCOMPARE(::utimensat(AT_FDCWD, scratch.path("ua/a/b").constData(), Y2010, 0), 0);

    const JobRunner::Run run = copyWithASwapAfterTheCheck(
        scratch.path("ua"), server->path(), server->path("ua/a/b/c"),
        [&] { swapForALink(server->serverPath("ua/a"), server->serverPath("ua/a.moved"), home); });
    QVERIFY(!run.timedOut);
    checkLookAlike(home + "/b", ".c.sluice-part", keyBefore);
    QCOMPARE(FsHelpers::listNames(home), QList<QByteArray>{"b"});
    QCOMPARE(statLine(home), homeBefore);
    QCOMPARE(run.result.status, CopyStatus::Failed);
    const QString said = allMessages(run);
    QVERIFY2(said.contains(QString::fromUtf8(anotherFolder(server->path("ua/a/b")))),
             qPrintable(said));
    QVERIFY2(said.contains(QString::fromUtf8("“" + server->path("ua/a/b/.c.sluice-part")
                                             + "” was made before this was seen")),
             qPrintable(said));
    QCOMPARE(namesBesideTheSentinel(server->serverPath("ua/a.moved/b")),
             (QList<QByteArray>{"a", "b"}));
}

// The control for the swaps above: with --workers 8 on plain sshfs, 400 small files into a
// folder the copy makes (its time moves with every entry, seen by eight workers at once) and
// merges into two existing folders, one from 2000 and one dated an hour ahead of the server's
// clock (its time steps back to the present with the first entry): no folder is taken for
// another one, every file arrives, the merged folders get the source's mode and time, exit 0.
void TestSshfs::copyAndMergeWithEightWorkersRaiseNoFalseAlarm()
{
    SSHFS_MOUNT(server, QString());
    Scratch scratch;
    const QList<QByteArray> folders = {"many/made", "many/old", "many/ahead"};
    QList<QByteArray> files;
    for (const QByteArray &folder : folders) {
        QVERIFY(TestTree::makePath(scratch.path(folder)));
        const int count = folder == "many/made" ? 400 : 100;
        for (int i = 0; i < count; ++i) {
            const QByteArray file = folder + "/f" + QByteArray::number(i);
            QVERIFY(TestTree::writePatternFile(scratch.path(file), 1000 + 37 * i, quint32(i)));
            files.append(file);
        }
        QCOMPARE(::chmod(scratch.path(folder).constData(), 0751), 0);
        QCOMPARE(::utimensat(AT_FDCWD, scratch.path(folder).constData(), Y2010, 0), 0);
    }
    QVERIFY(TestTree::makePath(server->serverPath("many/old"), 0755));
    QVERIFY(TestTree::writeFile(server->serverPath("many/old/theirs"), "theirs"));
    QCOMPARE(::utimensat(AT_FDCWD, server->serverPath("many/old").constData(), Y2000, 0), 0);
    QVERIFY(TestTree::makePath(server->serverPath("many/ahead"), 0755));
    const timespec hourAhead[2] = {{::time(nullptr) + 3600, 0}, {::time(nullptr) + 3600, 0}};
    QCOMPARE(::utimensat(AT_FDCWD, server->serverPath("many/ahead").constData(), hourAhead, 0), 0);

    const FsHelpers::ChildRun run = FsHelpers::runCli(
        {"--workers", "8", "--progress", "none", scratch.path("many"), server->path()});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QVERIFY2(!run.err.contains("is no longer the folder") && !run.err.contains("was replaced")
                 && !run.err.contains("no longer there"),
             run.err.constData());
    for (const QByteArray &file : files)
        QCOMPARE(TestTree::readFile(server->serverPath(file)),
                 TestTree::readFile(scratch.path(file)));
    QCOMPARE(TestTree::readFile(server->serverPath("many/old/theirs")), QByteArray("theirs"));
    for (const QByteArray &folder : folders) {
        struct stat st = {};
        QCOMPARE(::stat(server->serverPath(folder).constData(), &st), 0);
        QCOMPARE(st.st_mode & 07777, mode_t(0751));
        QCOMPARE(st.st_mtim.tv_sec, Y2010[1].tv_sec);
    }
}

// What the copy says about links whose times and owner are not set there, the dry run says
// too, in the same words, once; the copy says it once, before the first byte.
void TestSshfs::dryRunSaysLinksLoseTheirTimes()
{
    SSHFS_MOUNT(server, QString());
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("lt/sub")));
    QVERIFY(TestTree::writeFile(scratch.path("lt/file"), "file"));
    for (const char *link : {"lt/one", "lt/sub/two", "lt/sub/three"})
        QCOMPARE(::symlink("file", scratch.path(link).constData()), 0);
    // Pre-order, names sorted: lt/one first, then lt/sub/three and lt/sub/two.
    const QByteArray said = "sluice-cli: " + linkWarning(server->path("lt/one"), 2) + '\n';

    const FsHelpers::ChildRun dry =
        FsHelpers::runCli({"--dry-run", "-a", scratch.path("lt"), server->path()});
    QVERIFY2(dry.exitCode == 0, dry.err.constData());
    QVERIFY2(dry.err.count(said) == 1, dry.err.constData());
    QCOMPARE(FsHelpers::listNames(server->serverPath()), QList<QByteArray>{});

    const FsHelpers::ChildRun run = FsHelpers::runCli({"-a", scratch.path("lt"), server->path()});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QVERIFY2(run.err.count(said) == 1, run.err.constData());
    QVERIFY2(run.err.count("Cannot set times of") == 1, run.err.constData());
    QCOMPARE(readLink(server->serverPath("lt/sub/two")), QByteArray("file"));
}

// The folder swapped for a link mid-copy as above: the part file of the file being copied went
// with the folder the server moved aside, where the copy cannot reach it (a removal through the
// folder's descriptor goes to the link), and nothing named it. Each part file left there is
// named in a warning of its own, with the folder it was in, so that the user can remove it.
void TestSshfs::partFilesLeftInASwappedFolderAreNamed()
{
    SSHFS_MOUNT(server, QString());
    Scratch outside;
    const QByteArray target = outside.path("target");
    QVERIFY(TestTree::makePath(target));
    Scratch scratch;
    writeThreeFiles(scratch.path("pw/d"), 231);
    FsHelpers::ChildRun run;
    copyWithASwapMidway(
        {scratch.path("pw"), server->path()}, 3 * MiB,
        [&] { swapForALink(server->serverPath("pw/d"), server->serverPath("pw/d.moved"), target); },
        run);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(run.exitCode, 1);
    QCOMPARE(FsHelpers::listNames(target), QList<QByteArray>{});
    QList<QByteArray> parts;
    for (const QByteArray &name : FsHelpers::listNames(server->serverPath("pw/d.moved"))) {
        if (name.endsWith(".sluice-part") && !name.startsWith(".sluice-guard-"))
            parts << name; // the folder's sentinel stays there too (folderguard.h)
    }
    QCOMPARE(parts, QList<QByteArray>{".b.sluice-part"});
    for (const QByteArray &name : std::as_const(parts)) {
        const QByteArray said = "sluice-cli: Warning: Cannot remove “" + server->path("pw/d/")
                                + name + "”: this part file stays in the folder that was at “"
                                + server->path("pw/d")
                                + "” until it was replaced on the server; remove it where that "
                                  "folder is now\n";
        QVERIFY2(run.err.count(said) == 1, run.err.constData());
    }
}

QTEST_GUILESS_MAIN(TestSshfs)
#include "tst_sshfs.moc"
