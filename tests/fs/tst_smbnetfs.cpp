// Issue 15: an SMB destination. Each test starts its own Samba server on 127.0.0.1 and mounts
// it with smbnetfs (tests/fs/smbmount.h); what arrived is read on the server's side. On
// smbnetfs: an overwrite stays atomic (the old file survives a failed copy, a kill -9 and a
// cancel), collisions are decided and the no-replace fallback keeps someone else's file
// (smbnetfs has neither RENAME_NOREPLACE nor hard links: the name is checked right before a
// plain rename), moves delete sources only once copied, --verify reads the copy back,
// permission bits, owners and groups (smbnetfs answers fchown(2) with success and keeps
// nothing), extended attributes, ACLs and sub-second times SMB does not keep are warnings,
// names SMB refuses are refused before the first byte, the preflight names the file system
// and what it cannot do, and no flush reaches the server (smbd logs no SMB2 FLUSH), which the
// preflight says. As a source with -a, its files are read without listing their extended
// attributes (that request makes smbnetfs drop its connection to the server).

#include "fshelpers.h"
#include "jobrunner.h"
#include "nativepath.h"
#include "smbmount.h"
#include "testmount.h"
#include "testtree.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

#include <algorithm>
#include <csignal>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

using namespace Sluice;

class TestSmbnetfs final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void overwriteSurvivesAFailedCopy();
    void killAndCancelLeaveNoPartialFinalFile();
    void collisionsAndTheNoReplaceFallback();
    void moveDeletesSourcesOnceCopied();
    void verifyReadsTheCopyBack();
    void preflightNamesTheFileSystemAndWritesNothing();
    void metadataSmbCannotStoreIsAWarning();
    void ownersSmbDoesNotKeepAreAWarning();
    void anAclAloneIsReportedAsAnAcl();
    void archiveFromTheShareCopiesByteIdentically();
    void namesSmbRefusesAreRefusedBeforeTheFirstByte();
    void aNameThatIsNotUtf8IsRefusedAndTheRestCopies();
    void topLevelNamesThatAreNotUtf8NeverReachTheShare();
    void sourcePathsThatAreNotUtf8NeverReachTheShare();
    void namesReachedThroughLinksNeverReachTheShare();
    void serverNamesThatAreNotUtf8AreNotListed();
    void hardLinksBecomeCopiesAndTheDryRunSaysSo();
    void copiesOfHardLinksArePlanned();
    void noFlushReachesTheServer();

private:
    std::unique_ptr<Scratch> m_scratch;
};

void TestSmbnetfs::initTestCase()
{
    if (const QString reason = SmbMount::skipReason(); !reason.isEmpty())
        QSKIP(qPrintable(reason));
    m_scratch = std::make_unique<Scratch>();
    QVERIFY(TestTree::makePath(m_scratch->path("src/sub")));
    QVERIFY(TestTree::writePatternFile(m_scratch->path("src/big"), 16 * MiB, 161));
    QVERIFY(TestTree::writePatternFile(m_scratch->path("src/sub/small"), 70 * KiB, 162));
}

// An injected write error in the middle of the new version: the job fails, the old file on
// the server is untouched, no part file is left (smbnetfs cannot remove an open file: EBUSY).
void TestSmbnetfs::overwriteSurvivesAFailedCopy()
{
    SMB_MOUNT(server);
    QVERIFY(TestTree::makePath(server->serverPath("src")));
    QVERIFY(TestTree::writeFile(server->serverPath("src/big"), "the old version"));
    IoHooks hooks;
    hooks.beforeWrite = [](const QByteArray &, qint64 offset, qint64) {
        return offset >= 4 * MiB ? EIO : 0;
    };
    CopyOptions options = JobRunner::quickOptions();
    options.onError = ErrorPolicy::Skip;
    options.onCollision = CollisionPolicy::Overwrite;
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
void TestSmbnetfs::killAndCancelLeaveNoPartialFinalFile()
{
    SMB_MOUNT(server);
    QVERIFY(TestTree::makePath(server->serverPath("src")));
    QVERIFY(TestTree::writeFile(server->serverPath("src/big"), "old"));
    // Without the journal: a killed run's file in flight would be kept for --resume (fs-resume
    // covers that) and the next plain run would leave it alone; this test is about the part
    // files a plain run cleans up.
    const QStringList copy =
        QStringList{QStringLiteral("--no-journal"), QStringLiteral("--limit"),
                    QStringLiteral("16M"), QStringLiteral("--on-conflict"),
                    QStringLiteral("overwrite")}
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
    QVERIFY(TestTree::findPartFiles(server->serverPath()).isEmpty());

    const FsHelpers::ChildRun done =
        FsHelpers::runCli({"--on-conflict", "overwrite", m_scratch->path("src"), server->path()});
    QVERIFY2(done.exitCode == 0, done.err.constData());
    QCOMPARE(FsHelpers::fileDigest(server->serverPath("src/big")),
             FsHelpers::fileDigest(m_scratch->path("src/big")));
}

// smbnetfs has no RENAME_NOREPLACE (EINVAL) and no hard links (EPERM): a name someone creates
// on the server while the part file is written is found by the check right before the plain
// rename and decided again like any collision: their file stays, the copy takes a free name.
// SMB names ignore letter case, so "BIG" on the server is a collision for "big" too.
void TestSmbnetfs::collisionsAndTheNoReplaceFallback()
{
    SMB_MOUNT(server);
    QVERIFY(TestTree::makePath(server->serverPath("src/sub")));
    QVERIFY(TestTree::writeFile(server->serverPath("src/sub/SMALL"), "theirs"));
    CopyOptions options = JobRunner::quickOptions();
    options.onCollision = CollisionPolicy::Skip;
    const JobRunner::Run skipped =
        JobRunner::run({m_scratch->path("src")}, server->path(), options);
    QVERIFY2(skipped.result.errorCount() == 0,
             qPrintable(FsHelpers::describeIssues(skipped.result)));
    QCOMPARE(skipped.result.itemsSkipped, qint64(1));
    QCOMPARE(TestTree::readFile(server->serverPath("src/sub/SMALL")), QByteArray("theirs"));
    QCOMPARE(FsHelpers::listNames(server->serverPath("src/sub")),
             QList<QByteArray>{QByteArray("SMALL")});

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
    QCOMPARE(TestTree::readFile(server->serverPath("src/sub/SMALL")), QByteArray("theirs"));
    QCOMPARE(FsHelpers::fileDigest(server->serverPath("src/sub/small (2)")),
             FsHelpers::fileDigest(m_scratch->path("src/sub/small")));
    QCOMPARE(TestTree::findPartFiles(server->serverPath()), QList<QByteArray>{});
}

void TestSmbnetfs::moveDeletesSourcesOnceCopied()
{
    SMB_MOUNT(server);
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("move/deep")));
    QVERIFY(TestTree::writePatternFile(scratch.path("move/one"), 3 * MiB, 163));
    QVERIFY(TestTree::writePatternFile(scratch.path("move/deep/two"), 5000, 164));
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
void TestSmbnetfs::verifyReadsTheCopyBack()
{
    SMB_MOUNT(server);
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

// The dry run names fuse.smbnetfs and what its probe found it cannot do, before the first
// byte; its probe files are gone afterwards (smbnetfs renames and removes only closed files).
void TestSmbnetfs::preflightNamesTheFileSystemAndWritesNothing()
{
    SMB_MOUNT(server);
    const FsHelpers::ChildRun dry =
        FsHelpers::runCli({"--dry-run", "-a", m_scratch->path("src"), server->path()});
    QVERIFY2(dry.exitCode == 0, dry.err.constData());
    for (const char *said :
         {"the destination is on fuse.smbnetfs", "to the nearest 1 s only",
          "no rename without replacing (RENAME_NOREPLACE) and no hard links",
          "it does not keep permission bits", "it does not keep owners and groups",
          "no SMB2 FLUSH is sent", "free space cannot be checked: the file system reports no size"})
        QVERIFY2(dry.err.contains(said), dry.err.constData());
    QCOMPARE(FsHelpers::listNames(server->serverPath()), QList<QByteArray>{});
}

// A copy with -a keeps what SMB stores (data, whole seconds of the time, also after the rename
// that resets it) and warns about what it does not: permission bits, the extended attribute.
// A second run with "overwrite if newer" finds nothing newer.
void TestSmbnetfs::metadataSmbCannotStoreIsAWarning()
{
    SMB_MOUNT(server);
    Scratch scratch;
    const QByteArray tagged = scratch.path("tagged");
    QVERIFY(TestTree::writeFile(tagged, "tagged"));
    QCOMPARE(::chmod(tagged.constData(), 0600), 0);
    QCOMPARE(::setxattr(tagged.constData(), "user.colour", "blue", 4, 0), 0);
    const timespec times[2] = {{1'000'000'000, 700'000'000}, {1'000'000'000, 700'000'000}};
    QCOMPARE(::utimensat(AT_FDCWD, tagged.constData(), times, 0), 0);
    const FsHelpers::ChildRun copy = FsHelpers::runCli({"-a", tagged, server->path()});
    QVERIFY2(copy.exitCode == 0, copy.err.constData());
    QVERIFY2(copy.err.contains("completed with warnings"), copy.err.constData());
    // fchmod(2) returns 0 there; the probe saw the mode not kept, and the copy says it.
    QVERIFY2(copy.err.contains("it does not keep permission bits"), copy.err.constData());
    QVERIFY2(copy.err.contains("Cannot copy extended attributes"), copy.err.constData());
    QCOMPARE(TestTree::readFile(server->serverPath("tagged")), QByteArray("tagged"));
    struct stat st = {};
    QCOMPARE(::stat(server->serverPath("tagged").constData(), &st), 0);
    QCOMPARE(qint64(st.st_mtim.tv_sec), qint64(1'000'000'000));

    const FsHelpers::ChildRun again =
        FsHelpers::runCli({"-a", "--on-conflict", "newer", tagged, server->path()});
    QVERIFY2(again.exitCode == 0, again.err.constData());
    QVERIFY2(again.err.contains("0 copied"), again.err.constData());
}

// As root with -a, files and folders of user and group nobody: smbnetfs answers fchown(2) with
// success and keeps nothing (the share shows root, as smbd's "force user" writes them). The
// preflight says the file system does not keep owners and groups, and the copy names the
// items whose owner it read back wrong (one grouped warning); the data is all there and the
// exit status is 0, as for any metadata a file system cannot store.
void TestSmbnetfs::ownersSmbDoesNotKeepAreAWarning()
{
    SMB_MOUNT(server);
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("owned/sub")));
    QVERIFY(TestTree::writePatternFile(scratch.path("owned/one"), 300 * KiB, 165));
    QVERIFY(TestTree::writePatternFile(scratch.path("owned/sub/two"), 5000, 166));
    const QList<QByteArray> items = {"owned", "owned/one", "owned/sub", "owned/sub/two"};
    for (const QByteArray &item : items)
        QCOMPARE(
            ::chown(scratch.path(item).constData(), FsHelpers::nobodyUid(), FsHelpers::nobodyGid()),
            0);
    const FsHelpers::ChildRun copy =
        FsHelpers::runCli({"-a", scratch.path("owned"), server->path()});
    QVERIFY2(copy.exitCode == 0, copy.err.constData());
    QVERIFY2(copy.err.contains("completed with warnings"), copy.err.constData());
    QVERIFY2(copy.err.contains("the destination is on fuse.smbnetfs: ")
                 && copy.err.contains("; it does not keep owners and groups"),
             copy.err.constData());
    // One grouped warning for the four items, naming one of them.
    const QByteArray said = "” and 3 more item(s): the file system reported success but kept "
                            "another owner or group\n";
    int warnings = 0;
    for (const QByteArray &line : copy.err.split('\n')) {
        if (!line.startsWith("sluice-cli: Warning: Cannot set owner of “"))
            continue;
        ++warnings;
        bool named = false;
        for (const QByteArray &item : items)
            named = named
                    || line + '\n'
                           == "sluice-cli: Warning: Cannot set owner of “"
                                  + NativePath::toDisplay(server->path(item)).toUtf8() + said;
        QVERIFY2(named, line.constData());
    }
    QCOMPARE(warnings, 1);
    QCOMPARE(FsHelpers::fileDigest(server->serverPath("owned/one")),
             FsHelpers::fileDigest(scratch.path("owned/one")));
    QCOMPARE(FsHelpers::fileDigest(server->serverPath("owned/sub/two")),
             FsHelpers::fileDigest(scratch.path("owned/sub/two")));
    struct stat st = {};
    QCOMPARE(::stat(server->path("owned/one").constData(), &st), 0);
    QCOMPARE(st.st_uid, uid_t(0)); // what the mount shows: the owner was indeed not kept
}

// A file whose only extended attribute is its access ACL (setfacl -m u:nobody:r): FUSE without
// ACL support refuses system.posix_acl_access, and the warning says ACL, not "extended
// attributes".
void TestSmbnetfs::anAclAloneIsReportedAsAnAcl()
{
    SMB_MOUNT(server);
    Scratch scratch;
    const QByteArray file = scratch.path("acl-only");
    QVERIFY(TestTree::writeFile(file, "acl only"));
    const QString set =
        runTool(QStringLiteral("setfacl"),
                {QStringLiteral("-m"), QStringLiteral("u:nobody:r"), QFile::decodeName(file)});
    QVERIFY2(set.isEmpty(), qPrintable(set));
    char names[256] = {};
    const ssize_t listed = ::listxattr(file.constData(), names, sizeof names);
    QCOMPARE(QByteArray(names, int(qMax<ssize_t>(listed, 0))),
             QByteArray("system.posix_acl_access", 24)); // and nothing else
    const FsHelpers::ChildRun copy = FsHelpers::runCli({"-a", file, server->path()});
    QVERIFY2(copy.exitCode == 0, copy.err.constData());
    const QByteArray warning = "sluice-cli: Warning: Cannot copy the access control list (ACL) "
                               "of “"
                               + NativePath::toDisplay(server->path("acl-only")).toUtf8()
                               + "”: Operation not supported (EOPNOTSUPP)\n";
    QVERIFY2(copy.err.contains(warning), copy.err.constData());
    QVERIFY2(!copy.err.contains("extended attributes"), copy.err.constData());
    QCOMPARE(TestTree::readFile(server->serverPath("acl-only")), QByteArray("acl only"));
}

// The share as the source of -a onto tmpfs: smbnetfs's helper process for a server exits on a
// listxattr(2) (EIO, and every request to that server fails for seconds), so the first one
// made the next file's open fail. Sluice does not list them there: every file arrives byte for
// byte, with one warning that says why nothing of the kind was copied.
void TestSmbnetfs::archiveFromTheShareCopiesByteIdentically()
{
    SMB_MOUNT(server);
    QVERIFY(TestTree::makePath(server->serverPath("tree/sub/deeper")));
    QVERIFY(TestTree::writeFile(server->serverPath("tree/a"), "one"));
    QVERIFY(TestTree::writePatternFile(server->serverPath("tree/sub/b"), 300 * KiB, 167));
    QVERIFY(TestTree::writePatternFile(server->serverPath("tree/sub/deeper/c"), 2 * MiB, 168));
    QVERIFY(TestTree::writeFile(server->serverPath("tree/sub/deeper/d"), "two"));
    FS_MOUNT(disk, FsKind::Tmpfs, 64 * MiB);
    const FsHelpers::ChildRun copy = FsHelpers::runCli({"-a", server->path("tree"), disk->path()});
    QVERIFY2(copy.exitCode == 0, copy.err.constData());
    const QStringList differences = TestTree::compareTrees(
        server->serverPath("tree"), disk->path("tree"), {false, false, false});
    QVERIFY2(differences.isEmpty(), qPrintable(differences.join(u'\n')));
    QCOMPARE(FsHelpers::fileDigest(disk->path("tree/sub/deeper/c")),
             FsHelpers::fileDigest(server->serverPath("tree/sub/deeper/c")));
    QCOMPARE(copy.err.count("the source is on fuse.smbnetfs, where listing extended attributes "
                            "breaks the connection to the server: extended attributes and ACLs "
                            "are not copied from there"),
             1);
    QVERIFY2(!copy.err.contains("Input/output error"), copy.err.constData());
}

// "a:b" would make smbnetfs fail with EIO (and every other request for the next seconds):
// the preflight refuses that one item by name before the first byte; the rest is copied.
void TestSmbnetfs::namesSmbRefusesAreRefusedBeforeTheFirstByte()
{
    SMB_MOUNT(server);
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("names")));
    QVERIFY(TestTree::writeFile(scratch.path("names/a:b"), "colon"));
    QVERIFY(TestTree::writeFile(scratch.path("names/fine"), "fine"));
    const FsHelpers::ChildRun run = FsHelpers::runCli({scratch.path("names"), server->path()});
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains("a:b") && run.err.contains("fuse.smbnetfs cannot store"),
             run.err.constData());
    QCOMPARE(FsHelpers::listNames(server->serverPath("names")),
             QList<QByteArray>{QByteArray("fine")});
    QCOMPARE(TestTree::readFile(server->serverPath("names/fine")), QByteArray("fine"));
}

// SMB2 names are UTF-16: "a\xFF" made smbnetfs answer EIO, for it and then for every other
// request to that server for seconds (b and c failed too). The dry run and the preflight refuse
// it by name, shown with its byte escaped; b and c are copied; the job fails (exit 1).
void TestSmbnetfs::aNameThatIsNotUtf8IsRefusedAndTheRestCopies()
{
    SMB_MOUNT(server);
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("u8")));
    for (const QByteArray name : {"a\xff", "b", "c"})
        QVERIFY(TestTree::writeFile(scratch.path("u8/" + name), name));
    const QByteArray refused = "Check before copying “" + scratch.path("u8/a\\xFF")
                               + "”: the name is not valid UTF-8, and fuse.smbnetfs stores "
                                 "names as Unicode";
    const FsHelpers::ChildRun dry =
        FsHelpers::runCli({"--dry-run", scratch.path("u8"), server->path()});
    QCOMPARE(dry.exitCode, 1);
    QVERIFY2(dry.err.count(refused) == 1, dry.err.constData());
    QVERIFY2(dry.err.contains("dry run: failed (1 error); nothing was written"),
             dry.err.constData());
    QCOMPARE(FsHelpers::listNames(server->serverPath()), QList<QByteArray>{});

    const FsHelpers::ChildRun run = FsHelpers::runCli({scratch.path("u8"), server->path()});
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.count(refused) == 1, run.err.constData());
    QVERIFY2(!run.err.contains("Input/output error"), run.err.constData());
    // The folder and b and c copied, a\xFF failed (refused).
    QVERIFY2(run.err.contains("\nfailed: 3 copied (2 bytes), 0 merged, 0 skipped (0 bytes; 0 by "
                              "you, 0 by policy, 0 on error), 1 failed (2 bytes), of 4 planned"),
             run.err.constData());
    QCOMPARE(FsHelpers::listNames(server->serverPath("u8")), (QList<QByteArray>{"b", "c"}));
    QCOMPARE(TestTree::readFile(server->serverPath("u8/b")), QByteArray("b"));
    QCOMPARE(TestTree::readFile(server->serverPath("u8/c")), QByteArray("c"));
}

// A name that is not UTF-8 named on the command line: as the source, whose copy takes its
// name, as the copy's new name, or as a folder on the way to it ("nd\xFF/x"). A lookup of such
// a name (the newfstatat(2) of the destination that came before the check, or the kernel's
// path walk through the folder) made smbnetfs answer EIO, and then everything on that server
// for about 4 s: the copy right after it failed. The name is refused from what the folders
// above it say about their file system, without a system call on the name itself, so a copy
// started right after the refusal succeeds; in a dry run as in a copy.
void TestSmbnetfs::topLevelNamesThatAreNotUtf8NeverReachTheShare()
{
    SMB_MOUNT(server);
    Scratch scratch;
    QVERIFY(TestTree::writePatternFile(scratch.path("valid"), 300 * KiB, 169));
    const QList<FsHelpers::Refusal> cases = FsHelpers::notUtf8CommandLineNames(
        scratch.path(), scratch.path("valid"), server->path(), "fuse.smbnetfs");
    QCOMPARE(cases.size(), 3);
    QList<QByteArray> copies;
    // At once, not after the seconds smbnetfs needed to reconnect.
    const QString wrong = FsHelpers::checkRefusals(cases, [&]() -> QString {
        copies << "copy" + QByteArray::number(copies.size() + 1);
        const FsHelpers::ChildRun next =
            FsHelpers::runCli({scratch.path("valid"), server->path(copies.constLast())});
        if (next.exitCode != 0)
            return QString::fromUtf8(next.err);
        if (FsHelpers::fileDigest(server->serverPath(copies.constLast()))
            != FsHelpers::fileDigest(scratch.path("valid")))
            return QStringLiteral("the copy differs");
        return {};
    });
    QVERIFY2(wrong.isEmpty(), qPrintable(wrong));
    QCOMPARE(FsHelpers::listNames(server->serverPath()), copies);
}

// Copying from the share, a source named on the command line whose name (or a folder's on
// the way to it) is not UTF-8: its lookup broke the share as above (EIO, and the next copy
// failed). It is refused by name without a system call on it, the other source is copied,
// and a copy from the share right after works.
void TestSmbnetfs::sourcePathsThatAreNotUtf8NeverReachTheShare()
{
    SMB_MOUNT(server);
    Scratch scratch;
    QVERIFY(TestTree::writePatternFile(server->serverPath("b"), 100 * KiB, 171));
    for (const char *folder : {"out1", "out2", "next"})
        QVERIFY(TestTree::makePath(scratch.path(folder)));
    const QByteArray why = "the name is not valid UTF-8, and fuse.smbnetfs stores names as "
                           "Unicode: it is never looked up there, as that breaks the "
                           "connection to the server\n";
    const QList<FsHelpers::Refusal> cases{
        {{server->path("a\xff"), server->path("b"), scratch.path("out1")},
         1,
         "sluice-cli: Cannot inspect “" + server->path("a\\xFF") + "”: " + why},
        {{server->path("nd\xff/c"), server->path("b"), scratch.path("out2")},
         1,
         "sluice-cli: Cannot inspect “" + server->path("nd\\xFF/c") + "”: the folder “"
             + server->path("nd\\xFF") + "” in that path: " + why},
    };
    int next = 0;
    const QString wrong = FsHelpers::checkRefusals(cases, [&]() -> QString {
        const QByteArray copy = scratch.path("next/b" + QByteArray::number(++next));
        const FsHelpers::ChildRun run = FsHelpers::runCli({server->path("b"), copy});
        if (run.exitCode != 0)
            return QString::fromUtf8(run.err);
        return FsHelpers::fileDigest(copy) == FsHelpers::fileDigest(server->serverPath("b"))
                   ? QString()
                   : QStringLiteral("the copy differs");
    });
    QVERIFY2(wrong.isEmpty(), qPrintable(wrong));
    for (const char *folder : {"out1", "out2"}) {
        QCOMPARE(FsHelpers::listNames(scratch.path(folder)), QList<QByteArray>{"b"});
        QCOMPARE(FsHelpers::fileDigest(scratch.path(QByteArray(folder) + "/b")),
                 FsHelpers::fileDigest(server->serverPath("b")));
    }
}

// The same names reached through symbolic links on the local disk: a link to the share with
// the name after it ("lnk/nd\xFF/x"), a link whose target holds the name ("way" to
// "SHARE/nd\xFF"), a link reached through another one ("rel" to "lnk/nd\xFF"), the destination
// itself a link to such a name ("to" to "SHARE/n\xFF"), and a source through a link. The walk
// judged each name by the file system of the folder it started from (the local one), and the
// lookup after the link broke the share (EIO, and the copy after it failed for about 4 s).
// Each is refused, naming the path, where the link leads and why, and the next copy to the
// share works at once.
void TestSmbnetfs::namesReachedThroughLinksNeverReachTheShare()
{
    SMB_MOUNT(server);
    Scratch scratch;
    QVERIFY(TestTree::writePatternFile(scratch.path("valid"), 300 * KiB, 172));
    QVERIFY(TestTree::writePatternFile(server->serverPath("b"), 100 * KiB, 173));
    QVERIFY(TestTree::makePath(scratch.path("out")));
    const QList<std::pair<const char *, QByteArray>> links{{"lnk", server->path()},
                                                           {"way", server->path("nd\xff")},
                                                           {"rel", "lnk/nd\xff"},
                                                           {"to", server->path("n\xff")}};
    for (const auto &[name, target] : links)
        QCOMPARE(::symlink(target.constData(), scratch.path(name).constData()), 0);
    const QByteArray why = "the name is not valid UTF-8, and fuse.smbnetfs stores names as "
                           "Unicode";
    const QByteArray shown = NativePath::toDisplay(scratch.path()).toUtf8();
    const QByteArray share = NativePath::toDisplay(server->path()).toUtf8();
    auto leads = [&](const QByteArray &given, const QByteArray &real) {
        return "“" + shown + given + "” in that path leads to “" + share + real
               + "” through a symbolic link: " + why;
    };
    const QList<FsHelpers::Refusal> cases{
        {{scratch.path("valid"), scratch.path("lnk/nd\xff/x")},
         2,
         "sluice-cli: Cannot copy “" + shown
             + "/lnk/nd\\xFF/x”: " + leads("/lnk/nd\\xFF", "/nd\\xFF") + "\n"},
        {{scratch.path("valid"), scratch.path("way/x")},
         2,
         "sluice-cli: Cannot copy “" + shown + "/way/x”: " + leads("/way", "/nd\\xFF") + "\n"},
        {{scratch.path("valid"), scratch.path("rel/x")},
         2,
         "sluice-cli: Cannot copy “" + shown + "/rel/x”: " + leads("/rel", "/nd\\xFF") + "\n"},
        {{scratch.path("valid"), scratch.path("to")},
         2,
         "sluice-cli: Cannot copy “" + shown + "/to”: it leads to “" + share
             + "/n\\xFF” through a symbolic link: " + why + "\n"},
        {{scratch.path("lnk/nd\xff/c"), server->path("b"), scratch.path("out")},
         1,
         "sluice-cli: Cannot inspect “" + shown
             + "/lnk/nd\\xFF/c”: " + leads("/lnk/nd\\xFF", "/nd\\xFF")
             + ": it is never looked up there, as that breaks the connection to the server\n"},
    };
    QList<QByteArray> names{"b"};
    const QString wrong = FsHelpers::checkRefusals(cases, [&]() -> QString {
        names << "copy" + QByteArray::number(names.size());
        const FsHelpers::ChildRun next =
            FsHelpers::runCli({scratch.path("valid"), server->path(names.constLast())});
        if (next.exitCode != 0)
            return QString::fromUtf8(next.err);
        if (FsHelpers::fileDigest(server->serverPath(names.constLast()))
            != FsHelpers::fileDigest(scratch.path("valid")))
            return QStringLiteral("the copy differs");
        return {};
    });
    QVERIFY2(wrong.isEmpty(), qPrintable(wrong));
    std::sort(names.begin(), names.end());
    QCOMPARE(FsHelpers::listNames(server->serverPath()), names);
    QCOMPARE(FsHelpers::listNames(scratch.path("out")), QList<QByteArray>{"b"});
    QCOMPARE(FsHelpers::fileDigest(scratch.path("out/b")),
             FsHelpers::fileDigest(server->serverPath("b")));
}

// What the share shows of a name on the server that is not UTF-8: nothing. Samba converts
// every name it lists to UTF-16, fails on such a name ("Conversion error: illegal character"
// in its log) and leaves it out of the listing, so smbnetfs never lists it and a copy of its
// folder cannot know it is there (the README says so). Names that are UTF-8 but that Windows
// forbids are listed under a mangled 8.3 name.
void TestSmbnetfs::serverNamesThatAreNotUtf8AreNotListed()
{
    SMB_MOUNT(server);
    Scratch scratch;
    QVERIFY(TestTree::makePath(server->serverPath("src")));
    for (const QByteArray name : {"a\xff", "b", "caf\xc3\xa9", "lat\xe9n"})
        QVERIFY(TestTree::writeFile(server->serverPath("src/" + name), name));
    const FsHelpers::ChildRun run = FsHelpers::runCli({server->path("src"), scratch.path()});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QCOMPARE(FsHelpers::listNames(scratch.path("src")), (QList<QByteArray>{"b", "caf\xc3\xa9"}));
    for (const QByteArray name : {"a\xff", "lat\xe9n"})
        QVERIFY(server->serverLog().contains("Conversion error: illegal character: src/" + name));
}

// SMB has no hard links (smbnetfs answers link(2) with EPERM): with -a the further names of a
// file become copies of their own. The probe finds that out, so the dry run says it with the
// copy's words, and the copy says it once, before the first byte, without trying link(2).
void TestSmbnetfs::hardLinksBecomeCopiesAndTheDryRunSaysSo()
{
    SMB_MOUNT(server);
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("linked")));
    QVERIFY(TestTree::writePatternFile(scratch.path("linked/a"), 200 * KiB, 170));
    for (const char *name : {"linked/b", "linked/c"})
        QCOMPARE(::link(scratch.path("linked/a").constData(), scratch.path(name).constData()), 0);
    const QByteArray said = "sluice-cli: Warning: Cannot create hard link “"
                            + server->path("linked/b")
                            + "” and 1 more item(s): copied as a separate file, not as a hard "
                              "link to “"
                            + server->path("linked/a") + "”: hard links cannot be kept here\n";
    const FsHelpers::ChildRun dry =
        FsHelpers::runCli({"--dry-run", "-a", scratch.path("linked"), server->path()});
    QVERIFY2(dry.exitCode == 0, dry.err.constData());
    QVERIFY2(dry.err.count(said) == 1, dry.err.constData());
    QCOMPARE(FsHelpers::listNames(server->serverPath()), QList<QByteArray>{});

    const FsHelpers::ChildRun run =
        FsHelpers::runCli({"-a", scratch.path("linked"), server->path()});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QVERIFY2(run.err.count(said) == 1, run.err.constData());
    QVERIFY2(run.err.count("Cannot create hard link") == 1, run.err.constData());
    for (const char *name : {"linked/a", "linked/b", "linked/c"})
        QCOMPARE(FsHelpers::fileDigest(server->serverPath(name)),
                 FsHelpers::fileDigest(scratch.path("linked/a")));
}

// SMB has no hard links: each further name is a copy of its own, and the job's size counts
// it from the start (3 pairs of 1000, 2000 and 3000 bytes: 12000 bytes planned and copied,
// where the summary said "11.7 KiB copied of 5.9 KiB planned").
void TestSmbnetfs::copiesOfHardLinksArePlanned()
{
    SMB_MOUNT(server);
    Scratch scratch;
    QVERIFY(FsHelpers::makeHardLinkPairs(scratch.path("pairs")));
    const FsHelpers::ChildRun run =
        FsHelpers::runCli({"--progress", "json", "-a", scratch.path("pairs"), server->path()});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QCOMPARE(
        FsHelpers::summaryFigures(run),
        QStringLiteral("planned 7/12000, copied 7/12000, bytesTotal 12000, bytesCopied 12000"));
    for (const QByteArray name : {"p1", "p2", "p3"})
        QCOMPARE(FsHelpers::fileDigest(server->serverPath("pairs/" + name + "-link")),
                 FsHelpers::fileDigest(scratch.path("pairs/" + name)));
}

// What the mount really does with a flush: smbnetfs has no fsync handler, FUSE answers
// fsync(2) itself, and smbd sees the writes but never an SMB2 FLUSH. The copy still ends
// well, and says that "done" means the server has the data, not its disk.
void TestSmbnetfs::noFlushReachesTheServer()
{
    SMB_MOUNT(server);
    const FsHelpers::ChildRun run =
        FsHelpers::runCli({"--durability", "file", m_scratch->path("src"), server->path()});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QCOMPARE(FsHelpers::fileDigest(server->serverPath("src/big")),
             FsHelpers::fileDigest(m_scratch->path("src/big")));
    QVERIFY2(server->requestCount("SMB2_OP_WRITE") >= 16 * MiB / (1 * MiB),
             server->serverLog().right(3000).constData());
    QCOMPARE(server->requestCount("SMB2_OP_FLUSH"), 0);
    QVERIFY2(run.err.contains("no SMB2 FLUSH is sent"), run.err.constData());
    // The end says it too, right above the summary line, and so does the JSON end record.
    const QByteArray durability =
        "fuse.smbnetfs: smbnetfs does not pass a flush on to the server (no SMB2 FLUSH is "
        "sent): \"done\" means the server has received the data, possibly only in its memory";
    const QList<QByteArray> lines = run.err.trimmed().split('\n');
    QVERIFY(lines.size() >= 2);
    QCOMPARE(lines.at(lines.size() - 2), "not known to be on the server's disk: " + durability);
    QVERIFY2(lines.constLast().startsWith("completed") || lines.constLast().startsWith("succeeded"),
             run.err.constData());
    const FsHelpers::ChildRun json =
        FsHelpers::runCli({"--progress", "json", "--on-conflict", "overwrite",
                           m_scratch->path("src/sub"), server->path()});
    QVERIFY2(json.exitCode == 0, json.err.constData());
    const QJsonObject result =
        QJsonDocument::fromJson(json.out.trimmed().split('\n').constLast()).object();
    QCOMPARE(result.value(u"type").toString(), QStringLiteral("result"));
    QCOMPARE(result.value(u"summary").toObject().value(u"durability").toString(),
             QString::fromUtf8(durability));
}

QTEST_GUILESS_MAIN(TestSmbnetfs)
#include "tst_smbnetfs.moc"
