// Issue 15, sshfs mounted with -o follow_symlinks (a link on the server looks like what it
// points to): resuming a copy onto such a mount, and moving from one. Each test starts its own
// OpenSSH server on 127.0.0.1 and mounts it with sshfs (tests/fs/sshfsmount.h); what arrived is
// read on the server's side. A first copy is killed with SIGKILL once its journal entry records
// a checkpoint of the big file (the entry read as a resume reads it, white-box:
// core/job/journalwriter.h); its resume copies into the folders that copy made. A resume
// refused before its first byte keeps the entry and the part file for a later try. A move of a
// folder from such a mount is refused before the first byte: a link to a folder there looks
// like a folder, and moving it would remove the files of the folder it points to.

#include "fshelpers.h"
#include "jobjournal.h"
#include "jobrunner.h"
#include "journalwriter.h"
#include "sshfsmount.h"
#include "testtree.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QProcess>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <climits>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace Sluice;

namespace {

// The big file is written at this rate (--limit): its first checkpoint (64 MiB and one second,
// checkpointDue()) comes after about two seconds, the end after four.
constexpr qint64 BigFileSize = 128 * MiB;
constexpr char BigFileRate[] = "32M";

// The one entry of the journal folder, read as a resume reads it (also while its owner runs).
std::optional<JournalRecord> onlyRecord(QString *id = nullptr)
{
    const QStringList names =
        QDir(JobJournal::folder()).entryList({QStringLiteral("*.job")}, QDir::Files);
    const UniqueFd folder = openJournalFolder(false);
    if (names.size() != 1 || !folder)
        return std::nullopt;
    if (id)
        *id = names.first().chopped(4);
    return readJournalRecord(folder.get(), names.first().chopped(4), nullptr);
}

qint64 sizeOf(const QByteArray &path)
{
    struct stat st = {};
    return ::stat(path.constData(), &st) == 0 ? qint64(st.st_size) : -1;
}

// Every file below @p root by relative path, with its size and content (a symbolic link: its
// target), for "nothing changed".
QMap<QByteArray, QByteArray> filesBelow(const QByteArray &root)
{
    QMap<QByteArray, QByteArray> files;
    const QList<QByteArray> names = FsHelpers::listNames(root);
    for (const QByteArray &name : names) {
        const QByteArray path = root + '/' + name;
        struct stat st = {};
        if (::lstat(path.constData(), &st) != 0)
            continue;
        if (S_ISLNK(st.st_mode)) {
            QByteArray target(PATH_MAX, '\0');
            const ssize_t length = ::readlink(path.constData(), target.data(), target.size());
            files.insert(name, "-> " + target.left(qsizetype(std::max<ssize_t>(length, 0))));
        } else if (S_ISDIR(st.st_mode)) {
            const QMap<QByteArray, QByteArray> inner = filesBelow(path);
            for (auto it = inner.cbegin(); it != inner.cend(); ++it)
                files.insert(name + '/' + it.key(), it.value());
        } else {
            files.insert(name, QByteArray::number(qint64(st.st_size)) + ' '
                                   + FsHelpers::fileDigest(path));
        }
    }
    return files;
}

} // namespace

class TestSshfsResume final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void resumeOntoFollowSymlinksMountCompletes();
    void resumeRefusedBeforeTheFirstByteKeepsEntryAndPartFile();
    void resumeAfterAKillBeforeTheFirstCheckpointCompletes();
    void resumeAfterAKillBetweenAFoldersMkdirAndItsRecordCompletes();
    void moveOfFolderFromFollowSymlinksSourceIsRefused();

private:
    /// Copies m_source's "src" into @p destination (a folder on @p server) and kills the copy
    /// with SIGKILL once its entry records a checkpoint of "big"; @p id is the entry's.
    void copyAndKill(const SshfsMount &server, QString &id);

    std::unique_ptr<Scratch> m_source;
    std::unique_ptr<QTemporaryDir> m_state;
};

void TestSshfsResume::initTestCase()
{
    if (const QString reason = SshfsMount::skipReason(); !reason.isEmpty())
        QSKIP(qPrintable(reason));
    m_source = std::make_unique<Scratch>();
    QVERIFY(TestTree::makePath(m_source->path("src/sub/deeper")));
    QVERIFY(TestTree::writePatternFile(m_source->path("src/a-small"), 3000, 201));
    QVERIFY(TestTree::writePatternFile(m_source->path("src/sub/s1"), 70 * KiB, 202));
    QVERIFY(TestTree::writePatternFile(m_source->path("src/sub/deeper/s2"), 5 * KiB, 203));
    QVERIFY(TestTree::writePatternFile(m_source->path("src/big"), BigFileSize, 204));
    QVERIFY(TestTree::writePatternFile(m_source->path("src/z-after"), 4000, 205));
}

// A journal folder of each test's own.
void TestSshfsResume::init()
{
    m_state = std::make_unique<QTemporaryDir>();
    QVERIFY(m_state->isValid());
    qputenv("XDG_STATE_HOME", QFile::encodeName(m_state->path()));
}

void TestSshfsResume::copyAndKill(const SshfsMount &server, QString &id)
{
    QVERIFY(TestTree::makePath(server.serverPath("dest")));
    QProcess cli;
    cli.setProgram(QFile::decodeName(FsHelpers::cliPath()));
    cli.setArguments(QStringList{QStringLiteral("--limit"), QLatin1String(BigFileRate)}
                     + FsHelpers::decodedArguments({m_source->path("src"), server.path("dest")}));
    cli.setStandardInputFile(QProcess::nullDevice());
    cli.start();
    QVERIFY(cli.waitForStarted());
    const auto reap = qScopeGuard([&] {
        cli.kill();
        cli.waitForFinished();
    });
    // The known point: the entry names a durable prefix of the big file.
    std::optional<JournalRecord> record;
    const QDeadlineTimer deadline(60000);
    while (!deadline.hasExpired() && cli.state() == QProcess::Running) {
        record = onlyRecord(&id);
        if (record && record->inFlight && record->inFlight->durable > 0)
            break;
        record.reset();
        cli.waitForFinished(20);
    }
    QVERIFY2(record, "the copy ended, or never checkpointed, before the moment to kill it");
    cli.kill(); // SIGKILL
    QVERIFY(cli.waitForFinished(10000));
    QCOMPARE(cli.exitStatus(), QProcess::CrashExit);
    // What the entry holds for the resume: the part file and the folders the copy made.
    record = onlyRecord();
    QVERIFY(record && record->inFlight);
    QCOMPARE(record->inFlight->part, server.path("dest/src/.big.sluice-part"));
    QVERIFY2(sizeOf(server.serverPath("dest/src/.big.sluice-part")) >= record->inFlight->durable,
             qPrintable(QString::number(record->inFlight->durable)));
    QByteArrayList folders;
    for (const JournalFolder &folder : std::as_const(record->folders))
        folders << folder.destination;
    QVERIFY2(folders.contains(server.path("dest/src")), folders.join(' ').constData());
}

// The resume refused the folder its own first run made ("already exists" on a mount that
// follows links), removed its entry and left the part file. The journal records the folders a
// job makes there with their identity, and the resume copies into them: byte-identical, no part
// file left, the entry gone once the copy succeeded (and not before).
void TestSshfsResume::resumeOntoFollowSymlinksMountCompletes()
{
    SSHFS_MOUNT(server, QStringLiteral("follow_symlinks"));
    QString id;
    copyAndKill(*server, id);
    if (QTest::currentTestFailed())
        return;
    const QList<InterruptedJob> before = JobJournal::interrupted();
    QCOMPARE(before.size(), 1);
    QCOMPARE(before.first().id, id);

    const FsHelpers::ChildRun resumed = FsHelpers::runCli({"--resume", id.toUtf8()});
    QVERIFY2(resumed.exitCode == 0, resumed.err.constData());
    QVERIFY2(!resumed.err.contains("already exists"), resumed.err.constData());
    QCOMPARE(FsHelpers::compareDeep(m_source->path("src"), server->serverPath("dest/src")),
             QStringList());
    for (const char *file : {"a-small", "sub/s1", "sub/deeper/s2", "big", "z-after"})
        QCOMPARE(FsHelpers::fileDigest(server->serverPath("dest/src/") + file),
                 FsHelpers::fileDigest(m_source->path("src/") + file));
    QCOMPARE(TestTree::findPartFiles(server->serverPath()), QList<QByteArray>());
    QCOMPARE(JobJournal::interrupted().size(), 0);
    QCOMPARE(QDir(JobJournal::folder()).entryList(QDir::Files | QDir::Hidden), QStringList());
}

// Killed before the first checkpoint of the big file (its part file has appeared on the
// server, the entry names no durable byte of it): the folders the copy made were to be
// recorded with the next record, none had come, so the resume refused the copy's own folder
// ("already exists" on a mount that follows links) and could never succeed. Each folder made
// there is in the entry before anything is written into it, and the resume completes:
// byte-identical, no part file left, the entry gone.
void TestSshfsResume::resumeAfterAKillBeforeTheFirstCheckpointCompletes()
{
    SSHFS_MOUNT(server, QStringLiteral("follow_symlinks"));
    QVERIFY(TestTree::makePath(server->serverPath("dest")));
    QProcess cli;
    cli.setProgram(QFile::decodeName(FsHelpers::cliPath()));
    cli.setArguments(QStringList{QStringLiteral("--limit"), QLatin1String(BigFileRate)}
                     + FsHelpers::decodedArguments({m_source->path("src"), server->path("dest")}));
    cli.setStandardInputFile(QProcess::nullDevice());
    cli.start();
    QVERIFY(cli.waitForStarted());
    const auto reap = qScopeGuard([&] {
        cli.kill();
        cli.waitForFinished();
    });
    const QByteArray part = server->serverPath("dest/src/.big.sluice-part");
    const QDeadlineTimer deadline(60000);
    while (!deadline.hasExpired() && cli.state() == QProcess::Running && sizeOf(part) < 0)
        cli.waitForFinished(5);
    QVERIFY2(sizeOf(part) >= 0, "the copy ended, or never made its part file");
    cli.kill(); // SIGKILL
    QVERIFY(cli.waitForFinished(10000));
    QCOMPARE(cli.exitStatus(), QProcess::CrashExit);
    QString id;
    const std::optional<JournalRecord> record = onlyRecord(&id);
    QVERIFY(record);
    QVERIFY2(!record->inFlight || record->inFlight->durable == 0,
             "killed after the first checkpoint: not the moment this test is for");
    QVERIFY(sizeOf(part) >= 0);

    const FsHelpers::ChildRun resumed = FsHelpers::runCli({"--resume", id.toUtf8()});
    QVERIFY2(resumed.exitCode == 0, resumed.err.constData());
    QVERIFY2(!resumed.err.contains("already exists"), resumed.err.constData());
    QCOMPARE(FsHelpers::compareDeep(m_source->path("src"), server->serverPath("dest/src")),
             QStringList());
    for (const char *file : {"a-small", "sub/s1", "sub/deeper/s2", "big", "z-after"})
        QCOMPARE(FsHelpers::fileDigest(server->serverPath("dest/src/") + file),
                 FsHelpers::fileDigest(m_source->path("src/") + file));
    QCOMPARE(TestTree::findPartFiles(server->serverPath()), QList<QByteArray>());
    QCOMPARE(JobJournal::interrupted().size(), 0);
    QCOMPARE(QDir(JobJournal::folder()).entryList(QDir::Files | QDir::Hidden), QStringList());
}

// Issue 15: a kill -9 between the mkdir of a folder on a follow_symlinks mount and its journal
// record left a folder no record named, which every resume refused for ever ("already exists").
// The journal names it as about to be made before the mkdir (mode 0): the resume finds it
// empty, makes it afresh and copies everything.
void TestSshfsResume::resumeAfterAKillBetweenAFoldersMkdirAndItsRecordCompletes()
{
    SSHFS_MOUNT(server, QStringLiteral("follow_symlinks"));
    QVERIFY(TestTree::makePath(server->serverPath("dest")));
    QProcess copy;
    copy.setProgram(QStringLiteral(SLUICE_KILLEDCOPY_PATH));
    copy.setArguments(FsHelpers::decodedArguments(
        {m_source->path("src"), server->path("dest"), server->path("dest/src/sub")}));
    copy.setStandardInputFile(QProcess::nullDevice());
    copy.start();
    QVERIFY(copy.waitForFinished(120000));
    QCOMPARE(copy.exitStatus(), QProcess::CrashExit); // SIGKILL, in that instant
    QCOMPARE(FsHelpers::listNames(server->serverPath("dest/src/sub")), QList<QByteArray>{});
    QString id;
    const std::optional<JournalRecord> record = onlyRecord(&id);
    QVERIFY(record);
    const auto pending = std::find_if(record->folders.cbegin(), record->folders.cend(),
                                      [&](const JournalFolder &folder) {
                                          return folder.destination == server->path("dest/src/sub");
                                      });
    QVERIFY(pending != record->folders.cend());
    QVERIFY(pending->pending());

    const FsHelpers::ChildRun resumed = FsHelpers::runCli({"--resume", id.toUtf8()});
    QVERIFY2(resumed.exitCode == 0, resumed.err.constData());
    QVERIFY2(!resumed.err.contains("already exists"), resumed.err.constData());
    QCOMPARE(FsHelpers::compareDeep(m_source->path("src"), server->serverPath("dest/src")),
             QStringList());
    for (const char *file : {"a-small", "sub/s1", "sub/deeper/s2", "big", "z-after"})
        QCOMPARE(FsHelpers::fileDigest(server->serverPath("dest/src/") + file),
                 FsHelpers::fileDigest(m_source->path("src/") + file));
    QCOMPARE(TestTree::findPartFiles(server->serverPath()), QList<QByteArray>());
    QCOMPARE(JobJournal::interrupted().size(), 0);
}

// A resume that fails before its first byte (here the folder the first run made no longer shows
// the identity recorded for it: its mode changed, so the preflight refuses it as it would any
// existing folder there) keeps its entry and its part file untouched, and says so; once the
// cause is gone, the same entry resumes and completes.
void TestSshfsResume::resumeRefusedBeforeTheFirstByteKeepsEntryAndPartFile()
{
    SSHFS_MOUNT(server, QStringLiteral("follow_symlinks"));
    QString id;
    copyAndKill(*server, id);
    if (QTest::currentTestFailed())
        return;
    const QByteArray part = server->serverPath("dest/src/.big.sluice-part");
    const qint64 partSize = sizeOf(part);
    const QByteArray partDigest = FsHelpers::fileDigest(part);
    const JournalRecord killed = *onlyRecord();
    // Through the mount, so that sshfs does not answer from its cache.
    QCOMPARE(::chmod(server->path("dest/src").constData(), 0750), 0);

    const FsHelpers::ChildRun refused = FsHelpers::runCli({"--resume", id.toUtf8()});
    QCOMPARE(refused.exitCode, 1);
    QVERIFY2(refused.err.contains("the folder “" + server->path("dest/src")
                                  + "” already exists on fuse.sshfs"),
             refused.err.constData());
    QVERIFY2(refused.err.contains("the interrupted copy " + id.toUtf8()
                                  + " is kept: resume it again once the problem above is solved"),
             refused.err.constData());
    QCOMPARE(sizeOf(part), partSize);
    QCOMPARE(FsHelpers::fileDigest(part), partDigest);
    const QList<InterruptedJob> kept = JobJournal::interrupted();
    QCOMPARE(kept.size(), 1);
    QCOMPARE(kept.first().id, id);
    QCOMPARE(kept.first().doneBytes, killed.doneBytes);
    QCOMPARE(kept.first().doneItems, killed.doneItems);
    const std::optional<JournalRecord> after = onlyRecord();
    QVERIFY(after && after->inFlight);
    QCOMPARE(after->inFlight->durable, killed.inFlight->durable);
    QCOMPARE(after->inFlight->part, killed.inFlight->part);
    QCOMPARE(after->finished.size(), killed.finished.size());
    QCOMPARE(FsHelpers::listNames(server->serverPath("dest")), QList<QByteArray>{"src"});

    QCOMPARE(::chmod(server->path("dest/src").constData(), 0700), 0);
    const FsHelpers::ChildRun resumed = FsHelpers::runCli({"--resume", id.toUtf8()});
    QVERIFY2(resumed.exitCode == 0, resumed.err.constData());
    QCOMPARE(FsHelpers::compareDeep(m_source->path("src"), server->serverPath("dest/src")),
             QStringList());
    QCOMPARE(TestTree::findPartFiles(server->serverPath()), QList<QByteArray>());
    QCOMPARE(JobJournal::interrupted().size(), 0);
}

// Moving from a mount that follows links: a link to a folder outside the tree looked like a
// folder, so the move removed the files of the link's target and then said "the copy is
// complete; the original stays". Now the dry run and the preflight refuse to move a folder from
// such a mount, by name, before the first byte, and the link's target keeps every file (names,
// sizes, contents); a single file (also a link to a file) is moved as usual: unlink(2) removes
// the name, never the file a link points to.
void TestSshfsResume::moveOfFolderFromFollowSymlinksSourceIsRefused()
{
    SSHFS_MOUNT(server, QStringLiteral("follow_symlinks"));
    Scratch outside; // the server's own disk, outside the folder it exports
    const QByteArray target = outside.path("target");
    QVERIFY(TestTree::makePath(target + "/inner"));
    QVERIFY(TestTree::writePatternFile(target + "/t1", 40 * KiB, 211));
    QVERIFY(TestTree::writeFile(target + "/inner/t2", "kept outside"));
    const QByteArray victim = outside.path("victim");
    QVERIFY(TestTree::writeFile(victim, "a file elsewhere"));
    QVERIFY(TestTree::makePath(server->serverPath("src/real")));
    QVERIFY(TestTree::writePatternFile(server->serverPath("src/real/r1"), 10 * KiB, 212));
    QVERIFY(TestTree::writeFile(server->serverPath("src/top"), "top"));
    QCOMPARE(::symlink(target.constData(), server->serverPath("src/linked").constData()), 0);
    QVERIFY(TestTree::writeFile(server->serverPath("single"), "one file"));
    QCOMPARE(::symlink(victim.constData(), server->serverPath("filelink").constData()), 0);
    const QMap<QByteArray, QByteArray> targetBefore = filesBelow(target);
    QCOMPARE(targetBefore.size(), 2);
    const QMap<QByteArray, QByteArray> sourceBefore = filesBelow(server->serverPath("src"));
    Scratch local;
    const QByteArray refusal = "“" + server->path("src")
                               + "”: the source is on fuse.sshfs, which shows a symbolic link on "
                                 "the server as what it points to (mounted with -o "
                                 "follow_symlinks): a link to a folder cannot be told from a "
                                 "folder there, and moving it would remove the files of the "
                                 "folder it points to, outside what you chose; nothing of it is "
                                 "moved. Copy it instead, or remount without follow_symlinks to "
                                 "move folders";

    const FsHelpers::ChildRun dry =
        FsHelpers::runCli({"--dry-run", "--move", server->path("src"), local.path()});
    QCOMPARE(dry.exitCode, 1);
    QVERIFY2(dry.err.contains(refusal), dry.err.constData());
    const FsHelpers::ChildRun run =
        FsHelpers::runCli({"--move", server->path("src"), local.path()});
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains(refusal), run.err.constData());
    QVERIFY2(!run.err.contains("the original stays"), run.err.constData());
    QCOMPARE(filesBelow(target), targetBefore);
    QCOMPARE(filesBelow(server->serverPath("src")), sourceBefore);
    QCOMPARE(FsHelpers::listNames(local.path()), QList<QByteArray>());

    // Files: the copy holds the content, the name is gone from the server, a link's target stays.
    const FsHelpers::ChildRun files = FsHelpers::runCli(
        {"--move", server->path("single"), server->path("filelink"), local.path()});
    QVERIFY2(files.exitCode == 0, files.err.constData());
    QCOMPARE(TestTree::readFile(local.path("single")), QByteArray("one file"));
    QCOMPARE(TestTree::readFile(local.path("filelink")), QByteArray("a file elsewhere"));
    struct stat st = {};
    QCOMPARE(::lstat(server->serverPath("single").constData(), &st), -1);
    QCOMPARE(::lstat(server->serverPath("filelink").constData(), &st), -1);
    QCOMPARE(TestTree::readFile(victim), QByteArray("a file elsewhere"));
    QCOMPARE(filesBelow(target), targetBefore);
}

QTEST_GUILESS_MAIN(TestSshfsResume)
#include "tst_sshfsresume.moc"
