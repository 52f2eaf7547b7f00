// Issue 12: resuming interrupted copies with real sluice-cli processes on real file systems.
// kill -9 at 20 random moments of a 2 GiB copy and of a 20,000-file tree, each followed by
// --resume: the result is byte-identical, no part file is left, and what a resume writes
// again is at most one checkpoint window plus what was not yet durable (its write_bytes,
// from the kernel's I/O accounting of the process). A power loss (the image of an ext4 loop
// device copied while its page cache is still dirty) keeps what every checkpoint claims.
// SIGTERM with --resumable stops resumably; without it, it cancels and keeps nothing.

#include "copyoptions.h"
#include "fshelpers.h"
#include "jobjournal.h"
#include "journalwriter.h"
#include "sshfsmount.h"
#include "testmount.h"
#include "testtree.h"

#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QTest>

#include <algorithm>
#include <deque>
#include <functional>

#include <csignal>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace Sluice;

namespace {

// The big file is written at this rate (--limit), so that one second of copying, a checkpoint
// window when it is more than 64 MiB, is known: checkpoints come at most once per 64 MiB and
// per second (checkpointDue()).
constexpr qint64 BigFileRate = 160 * MiB;
// The most a checkpoint may lag behind the bytes written: two checkpoint windows (the writer
// goes on while the checkpoint thread's fdatasync runs, and waits for it one window later),
// each one second at that rate (5 % for the rate limiter's sampling), the chunks in flight
// (queue depth × chunk size, 8 MiB) and one chunk being written.
constexpr qint64 CheckpointWindow = 2 * std::max(CheckpointBytes, BigFileRate * 105 / 100);
constexpr qint64 InFlight = 9 * MiB;
// Besides file data a run dirties file-system metadata (inodes, folders, the ext4 journal
// is not counted, block bitmaps are) and writes its journal record (on tmpfs here, not
// counted): what a write_bytes comparison allows on top of the data.
constexpr qint64 MetadataSlack = 4 * MiB;

// One sluice-cli process, started with fork(2)/execv(2) so that wait4(2) reports its
// resource usage: ru_oublock is write_bytes / 512 of /proc/PID/io (proc(5), getrusage(2)).
class Cli final
{
public:
    /// Runs in @p workingDirectory when one is given.
    explicit Cli(const QList<QByteArray> &arguments, const QByteArray &workingDirectory = {})
    {
        QList<QByteArray> storage{FsHelpers::cliPath()};
        storage += arguments;
        std::vector<char *> argv;
        for (QByteArray &argument : storage)
            argv.push_back(argument.data());
        argv.push_back(nullptr);
        m_err = ::memfd_create("sluice-cli-err", MFD_CLOEXEC);
        m_out = ::memfd_create("sluice-cli-out", MFD_CLOEXEC);
        m_pid = ::fork();
        if (m_pid == 0) {
            const int devNull = ::open("/dev/null", O_RDWR);
            ::dup2(devNull, STDIN_FILENO);
            ::dup2(m_out, STDOUT_FILENO);
            ::dup2(m_err, STDERR_FILENO);
            if (!workingDirectory.isEmpty() && ::chdir(workingDirectory.constData()) != 0)
                ::_exit(126);
            ::execv(argv[0], argv.data());
            ::_exit(127);
        }
    }
    ~Cli()
    {
        if (m_pid > 0 && !m_reaped) {
            ::kill(m_pid, SIGKILL);
            wait();
        }
        ::close(m_err);
        ::close(m_out);
    }
    Q_DISABLE_COPY_MOVE(Cli)

    pid_t pid() const { return m_pid; }
    /// write_bytes of the live process (proc(5)), or -1.
    qint64 liveWriteBytes() const
    {
        QFile io(QStringLiteral("/proc/%1/io").arg(m_pid));
        if (!io.open(QIODevice::ReadOnly))
            return -1;
        for (const QByteArray &line : io.readAll().split('\n')) {
            if (line.startsWith("write_bytes:"))
                return line.mid(12).trimmed().toLongLong();
        }
        return -1;
    }
    void signal(int number) const { ::kill(m_pid, number); }
    /// Waits for the process; fills exitCode/signal/writeBytes/err.
    void wait()
    {
        int status = 0;
        rusage usage = {};
        while (::wait4(m_pid, &status, 0, &usage) < 0 && errno == EINTR) {
        }
        m_reaped = true;
        exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        killedBy = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
        writeBytes = qint64(usage.ru_oublock) * 512;
        err = contentOf(m_err);
        out = contentOf(m_out);
    }
    /// What it wrote to its standard error so far (also while it runs).
    QByteArray currentErr() const { return contentOf(m_err); }
    /// Its --progress json end record ({"type":"result",...}), once it ended.
    QJsonObject resultRecord() const
    {
        const QList<QByteArray> lines = out.trimmed().split('\n');
        const QJsonObject last = QJsonDocument::fromJson(lines.last()).object();
        return last.value(QStringLiteral("type")).toString() == QLatin1String("result")
                   ? last
                   : QJsonObject();
    }
    /// Not ended yet (waitid(2) with WNOWAIT: it stays to be reaped by wait()).
    bool running() const
    {
        siginfo_t info = {};
        return !m_reaped && ::waitid(P_PID, id_t(m_pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0
               && info.si_pid == 0;
    }

    int exitCode = -1;
    int killedBy = 0;
    qint64 writeBytes = 0;
    QByteArray err;
    QByteArray out;

private:
    static QByteArray contentOf(int fd)
    {
        QByteArray bytes;
        const off_t size = ::lseek(fd, 0, SEEK_END);
        bytes.resize(qsizetype(std::max<off_t>(size, 0)));
        if (size > 0 && ::pread(fd, bytes.data(), std::size_t(size), 0) != size)
            return "(its output could not be read)";
        return bytes;
    }

    pid_t m_pid = -1;
    int m_out = -1;
    int m_err = -1;
    bool m_reaped = false;
};

qint64 sizeOf(const QByteArray &path)
{
    struct stat st = {};
    return ::stat(path.constData(), &st) == 0 ? qint64(st.st_size) : -1;
}

// The entries --list-interrupted --progress json prints.
QList<QJsonObject> interrupted()
{
    const FsHelpers::ChildRun run = FsHelpers::runCli({"--list-interrupted", "--progress", "json"});
    QList<QJsonObject> entries;
    for (const QByteArray &line : run.out.split('\n')) {
        if (!line.isEmpty())
            entries << QJsonDocument::fromJson(line).object();
    }
    return entries;
}

// The one entry of the journal folder, read the way a resume reads it, also while its owner
// holds it (white-box: journalwriter.h).
std::optional<JournalRecord> onlyRecord()
{
    const QStringList names =
        QDir(JobJournal::folder()).entryList({QStringLiteral("*.job")}, QDir::Files);
    const UniqueFd folder = openJournalFolder(false);
    if (names.size() != 1 || !folder)
        return std::nullopt;
    return readJournalRecord(folder.get(), names.first().chopped(4), nullptr);
}

// The regular files in @p folder by final name (part files left out), as full paths.
QSet<QByteArray> finalFiles(const QByteArray &folder)
{
    QSet<QByteArray> files;
    for (const QByteArray &name : FsHelpers::listNames(folder)) {
        struct stat st = {};
        const QByteArray path = folder + '/' + name;
        if (!name.endsWith(".sluice-part") && ::lstat(path.constData(), &st) == 0
            && S_ISREG(st.st_mode))
            files.insert(path);
    }
    return files;
}

// The entries of every kind but folders in @p folder by final name, as paths under
// @p namedAs (the folder as the copier names it: an sshfs mount's path for the server's own
// folder, which shows a new name at once, where the mount may list from its cache). Part
// files are left out, and so are libfuse's ".fuse_hidden…" names: a file removed through
// sshfs while it is open (a hard link's part name, held open until its rename) is renamed
// so on the server until it is closed.
QSet<QByteArray> finalEntries(const QByteArray &folder, const QByteArray &namedAs)
{
    QSet<QByteArray> entries;
    for (const QByteArray &name : FsHelpers::listNames(folder)) {
        struct stat st = {};
        if (!name.endsWith(".sluice-part") && !name.startsWith(".fuse_hidden")
            && ::lstat((folder + '/' + name).constData(), &st) == 0 && !S_ISDIR(st.st_mode))
            entries.insert(namedAs + '/' + name);
    }
    return entries;
}

// What a kill -9 left: the final names there were, and the journal's record at that moment.
struct Killed
{
    QSet<QByteArray> present;
    JournalRecord record;
    /// Of present, the names no record named.
    QSet<QByteArray> unrecorded;
};

/// Decides, from the final names present and those no record names yet, whether to kill.
using KillWhen =
    std::function<bool(const QSet<QByteArray> &present, const QSet<QByteArray> &unrecorded)>;

// Each time a new final name appears in @p folder (listed there, named under @p namedAs) the
// copier @p cli is stopped (SIGSTOP) and the journal read; it is killed (SIGKILL) once @p when
// says so, else it goes on (SIGCONT). Fails the test when the copy ends first.
void killWhen(Cli &cli, const QByteArray &folder, const QByteArray &namedAs, const KillWhen &when,
              Killed &killed)
{
    qsizetype seen = 0;
    for (;;) {
        QVERIFY(QTest::qWaitFor(
            [&] { return finalEntries(folder, namedAs).size() > seen || !cli.running(); }, 60000));
        QVERIFY2(cli.running(), "the copy ended before the moment to kill it came");
        cli.signal(SIGSTOP);
        QVERIFY(QTest::qWaitFor([&] { return TestTree::processState(cli.pid()) == 'T'; }, 10000));
        killed.present = finalEntries(folder, namedAs);
        seen = killed.present.size();
        const std::optional<JournalRecord> record = onlyRecord();
        killed.unrecorded = killed.present;
        if (record) {
            for (const JournalFinished &item : std::as_const(record->finished))
                killed.unrecorded.remove(item.destination);
        }
        if (record && when(killed.present, killed.unrecorded)) {
            killed.record = *record;
            break;
        }
        cli.signal(SIGCONT);
    }
    cli.signal(SIGKILL);
    cli.wait();
    QCOMPARE(cli.killedBy, SIGKILL);
}

// The count @p field ("items", "bytes") of @p fate ("copied", "skippedByPolicy"...) in the
// summary of a --progress json end record.
qint64 tally(const QJsonObject &result, const char *fate, const char *field)
{
    return result.value(QStringLiteral("summary"))
        .toObject()
        .value(QLatin1String(fate))
        .toObject()
        .value(QLatin1String(field))
        .toInteger();
}

// The issues of a --progress json end record besides the removal of a stale part file (the
// part file of a small file being written when the copy was killed) and those of an
// operation in @p alsoExpected, as text.
QStringList unexpectedIssues(const QJsonObject &result, const QStringList &alsoExpected = {})
{
    QStringList others;
    for (const auto &issue : result.value(QStringLiteral("issues")).toArray()) {
        const QString operation = issue.toObject().value(QStringLiteral("operation")).toString();
        if (operation != QLatin1String("Cleaned up") && !alsoExpected.contains(operation))
            others.append(QString::fromUtf8(QJsonDocument(issue.toObject()).toJson()));
    }
    return others;
}

// Runs `sluice-cli --resume --progress json` (every interrupted copy) to its end and checks
// that it went cleanly: exit 0, an end record, no issue besides what unexpectedIssues() lets
// through (and operations in @p alsoExpected), nothing skipped or failed. @p result: the end
// record; @p out (when given): all it printed on stdout.
void resumeCleanly(QJsonObject &result, const QStringList &alsoExpected = {},
                   QByteArray *out = nullptr)
{
    Cli resumed({"--resume", "--progress", "json"});
    resumed.wait();
    if (out)
        *out = resumed.out;
    QVERIFY2(resumed.exitCode == 0, resumed.err.constData());
    result = resumed.resultRecord();
    QVERIFY2(!result.isEmpty(), resumed.out.constData());
    const QStringList others = unexpectedIssues(result, alsoExpected);
    QVERIFY2(others.isEmpty(), qPrintable(others.join(u'\n')));
    QCOMPARE(result.value(QStringLiteral("itemsSkipped")).toInteger(), 0);
    QCOMPARE(result.value(QStringLiteral("itemsFailed")).toInteger(), 0);
    QCOMPARE(tally(result, "skippedByPolicy", "items"), 0);
}

// How often @p needle occurs in @p haystack.
qsizetype occurrences(const QByteArray &haystack, const QByteArray &needle)
{
    qsizetype count = 0;
    for (qsizetype at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1))
        ++count;
    return count;
}

// Regular files below @p root, with their sizes (final names only).
qint64 finalFileBytes(const QByteArray &root)
{
    qint64 bytes = 0;
    QDirIterator it(QFile::decodeName(root), QDir::Files | QDir::Hidden | QDir::NoSymLinks,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QFileInfo info = it.nextFileInfo();
        if (!info.fileName().endsWith(QLatin1String(".sluice-part")))
            bytes += info.size();
    }
    return bytes;
}

} // namespace

class TestResume final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void sigtermWithResumableStopsAndResumes();
    void sigtermWithoutResumableKeepsNothing();
    void killNineDuringBigFile();
    void killNineDuringSmallFileTree();
    void powerLossKeepsWhatCheckpointsClaim();
    void resumedMoveFinishesFilesTheKillLeftUnrecorded();
    void resumeRelinksHardLinksTheKillLeftUnrecorded_data();
    void resumeRelinksHardLinksTheKillLeftUnrecorded();
    void resumeCountsLinksAndFifosTheKillLeftUnrecorded();
    void resumedChecksumFileListsEveryFileOnce();
    void unwritableJournalIsSaidAtOnce_data();
    void unwritableJournalIsSaidAtOnce();

private:
    /// A journal folder of its own on tmpfs (its writes do not count in write_bytes).
    void useFreshJournal();
    std::unique_ptr<TestMount> m_state;
};

void TestResume::initTestCase()
{
    FS_REQUIRE_ROOT();
}

void TestResume::useFreshJournal()
{
    m_state.reset();
    QString error;
    m_state = TestMount::create(FsKind::Tmpfs, 64 * MiB, error);
    QVERIFY2(m_state, qPrintable(error));
    qputenv("XDG_STATE_HOME", m_state->path());
}

void TestResume::sigtermWithResumableStopsAndResumes()
{
    useFreshJournal();
    FS_MOUNT(source, FsKind::Tmpfs, 320 * MiB);
    FS_MOUNT(disk, FsKind::Ext4, 512 * MiB);
    QVERIFY(TestTree::makePath(source->path("src")));
    QVERIFY(TestTree::writePatternFile(source->path("src/a-small"), 3000, 1));
    QVERIFY(TestTree::writePatternFile(source->path("src/big"), 256 * MiB, 2));
    const QByteArray part = disk->path("src/.big.sluice-part");

    // Started with relative paths in the destination's folder; resumed from another folder
    // (the journal records absolute paths).
    const QByteArray relativeSource =
        QFile::encodeName(QDir(QFile::decodeName(disk->path()))
                              .relativeFilePath(QFile::decodeName(source->path("src"))));
    QVERIFY(!relativeSource.startsWith('/'));
    Cli first({"--resumable", "--limit", "64M", "--on-conflict", "skip", "--on-error", "skip",
               relativeSource, "."},
              disk->path());
    QVERIFY(QTest::qWaitFor([&] { return sizeOf(part) >= 80 * MiB; }, 60000));
    first.signal(SIGTERM);
    first.wait();
    QCOMPARE(first.exitCode, 75);
    const QList<QJsonObject> entries = interrupted();
    QCOMPARE(entries.size(), 1);
    const QString id = entries.first().value(QStringLiteral("id")).toString();
    QVERIFY2(first.err.contains("stopped; resume with sluice-cli --resume " + id.toUtf8()),
             first.err.constData());
    // The last checkpoint covers everything written: the part file is exactly that long.
    const qint64 kept = sizeOf(part);
    QVERIFY(kept >= 80 * MiB);
    QCOMPARE(entries.first().value(QStringLiteral("doneBytes")).toInteger(), kept + 3000);

    // Ctrl+C (SIGINT) during the resume stops it resumably again: cancelling would throw
    // away what both runs copied (found by a fresh tester: it cancelled).
    Cli again({"--resume", id.toUtf8()});
    QVERIFY(QTest::qWaitFor([&] { return sizeOf(part) >= kept + 32 * MiB; }, 60000));
    again.signal(SIGINT);
    again.wait();
    QVERIFY2(again.exitCode == 75, again.err.constData());
    const QList<QJsonObject> still = interrupted();
    QCOMPARE(still.size(), 1);
    QCOMPARE(still.first().value(QStringLiteral("id")).toString(), id);
    const qint64 keptAgain = sizeOf(part);
    QVERIFY(keptAgain >= kept + 32 * MiB);
    QCOMPARE(still.first().value(QStringLiteral("doneBytes")).toInteger(), keptAgain + 3000);

    Cli resumed({"--resume", id.toUtf8()});
    resumed.wait();
    QVERIFY2(resumed.exitCode == 0, resumed.err.constData());
    QVERIFY2(resumed.writeBytes <= 256 * MiB - keptAgain + MetadataSlack,
             qPrintable(QString::number(resumed.writeBytes)));
    QCOMPARE(FsHelpers::fileDigest(disk->path("src/big")),
             FsHelpers::fileDigest(source->path("src/big")));
    QCOMPARE(TestTree::readFile(disk->path("src/a-small")),
             TestTree::readFile(source->path("src/a-small")));
    QVERIFY(TestTree::findPartFiles(disk->path()).isEmpty());
    QVERIFY(interrupted().isEmpty());
}

void TestResume::sigtermWithoutResumableKeepsNothing()
{
    useFreshJournal();
    FS_MOUNT(source, FsKind::Tmpfs, 160 * MiB);
    FS_MOUNT(disk, FsKind::Ext4, 256 * MiB);
    QVERIFY(TestTree::writePatternFile(source->path("big"), 128 * MiB, 3));
    Cli cli({"--limit", "64M", "--on-conflict", "skip", "--on-error", "skip", source->path("big"),
             disk->path()});
    QVERIFY(
        QTest::qWaitFor([&] { return sizeOf(disk->path(".big.sluice-part")) >= 32 * MiB; }, 60000));
    cli.signal(SIGTERM);
    cli.wait();
    QCOMPARE(cli.exitCode, 130);
    QVERIFY(TestTree::findPartFiles(disk->path()).isEmpty());
    QVERIFY(interrupted().isEmpty());
}

void TestResume::killNineDuringBigFile()
{
    useFreshJournal();
    constexpr qint64 Total = 2 * GiB;
    FS_MOUNT(source, FsKind::Tmpfs, Total + 64 * MiB);
    FS_MOUNT(disk, FsKind::Ext4, Total + 512 * MiB);
    QVERIFY(TestTree::writePatternFile(source->path("big"), Total, 4));
    const QByteArray part = disk->path(".big.sluice-part");
    QRandomGenerator random(20261201);
    QList<qint64> moments;
    for (int i = 0; i < 20; ++i)
        moments << qint64(random.bounded(double(Total)));
    std::sort(moments.begin(), moments.end());

    qint64 lastWritten = 0; // P: the part's size when the previous run died
    qint64 lastDurable = 0; // C: the checkpoint it left
    for (int round = 0; round <= moments.size(); ++round) {
        const bool last = round == moments.size();
        Cli cli(round == 0
                    ? QList<QByteArray>{"--on-conflict", "skip", "--on-error", "skip", "--limit",
                                        QByteArray::number(BigFileRate / MiB) + "M",
                                        source->path("big"), disk->path()}
                    : QList<QByteArray>{"--resume"});
        if (last) {
            cli.wait();
            QVERIFY2(cli.exitCode == 0, cli.err.constData());
            QVERIFY2(cli.writeBytes <= Total - lastDurable + MetadataSlack,
                     qPrintable(QStringLiteral("the last resume wrote %1 bytes after a checkpoint "
                                               "at %2")
                                    .arg(cli.writeBytes)
                                    .arg(lastDurable)));
            break;
        }
        // Past this round's moment, and past where the previous run got.
        const qint64 target = std::max(moments.at(round), lastWritten + 4 * MiB);
        QVERIFY2(QTest::qWaitFor([&] { return sizeOf(part) >= target || !cli.running(); }, 120000),
                 qPrintable(QStringLiteral("round %1 never reached %2").arg(round).arg(target)));
        cli.signal(SIGKILL);
        cli.wait();
        QVERIFY2(cli.killedBy == SIGKILL, cli.err.constData());
        const qint64 written = sizeOf(part);
        const QList<QJsonObject> entries = interrupted();
        QCOMPARE(entries.size(), 1);
        const qint64 durable = entries.first().value(QStringLiteral("doneBytes")).toInteger();
        QVERIFY2(durable <= written && written - durable <= CheckpointWindow + InFlight,
                 qPrintable(QStringLiteral("round %1: written %2, checkpoint %3")
                                .arg(round)
                                .arg(written)
                                .arg(durable)));
        // The run wrote from the previous checkpoint on, not from zero.
        QVERIFY2(cli.writeBytes <= written - lastDurable + MetadataSlack,
                 qPrintable(QStringLiteral("round %1 wrote %2 bytes, from %3 to %4")
                                .arg(round)
                                .arg(cli.writeBytes)
                                .arg(lastDurable)
                                .arg(written)));
        lastWritten = written;
        lastDurable = durable;
    }
    QCOMPARE(FsHelpers::fileDigest(disk->path("big")), FsHelpers::fileDigest(source->path("big")));
    QVERIFY(TestTree::findPartFiles(disk->path()).isEmpty());
    QVERIFY(interrupted().isEmpty());
}

void TestResume::killNineDuringSmallFileTree()
{
    useFreshJournal();
    constexpr int Folders = 100;
    constexpr int FilesPerFolder = 200;
    constexpr qint64 FileSize = 4 * KiB;
    FS_MOUNT(source, FsKind::Tmpfs, 256 * MiB);
    FS_MOUNT(disk, FsKind::Ext4, 512 * MiB);
    for (int folder = 0; folder < Folders; ++folder) {
        const QByteArray path = source->path("tree/d" + QByteArray::number(folder));
        QVERIFY(TestTree::makePath(path));
        for (int file = 0; file < FilesPerFolder; ++file)
            QVERIFY(TestTree::writePatternFile(path + "/f" + QByteArray::number(file), FileSize,
                                               quint32(folder * 1000 + file)));
    }
    constexpr qint64 Total = qint64(Folders) * FilesPerFolder * FileSize;
    QRandomGenerator random(12);

    // What the previous run wrote in its last 1.5 s: the most a resume may write again (one
    // second between records, and the records' own syncfs).
    qint64 notRecorded = 0;
    qint64 presentBefore = 0;
    for (int round = 0; round <= 20; ++round) {
        const bool last = round == 20;
        Cli cli(round == 0 ? QList<QByteArray>{"--on-conflict", "overwrite", "--on-error", "skip",
                                               source->path("tree"), disk->path()}
                           : QList<QByteArray>{"--resume"});
        std::deque<std::pair<qint64, qint64>> history; // (ms, write_bytes)
        QElapsedTimer clock;
        clock.start();
        if (!last) {
            const qint64 target = 1 * MiB + qint64(random.bounded(5 * 1024)) * KiB;
            QVERIFY(QTest::qWaitFor(
                [&] {
                    const qint64 now = cli.liveWriteBytes();
                    history.emplace_back(clock.elapsed(), now);
                    while (history.size() > 1 && clock.elapsed() - history.front().first > 1500)
                        history.pop_front();
                    return now >= target || !cli.running();
                },
                120000));
            cli.signal(SIGKILL);
        }
        cli.wait();
        const qint64 present = finalFileBytes(disk->path("tree"));
        const qint64 fresh = present - presentBefore; // files this run completed
        // Creating a 4 KiB file dirties about 0.3 KiB of ext4 metadata (inode table, folder
        // blocks, bitmaps; measured 6 MiB for 18,500 files): an eighth is allowed for it.
        QVERIFY2(cli.writeBytes - fresh <= notRecorded + fresh / 8 + MetadataSlack,
                 qPrintable(QStringLiteral("round %1 wrote %2 bytes for %3 bytes of new files; "
                                           "%4 bytes were not yet recorded")
                                .arg(round)
                                .arg(cli.writeBytes)
                                .arg(fresh)
                                .arg(notRecorded)));
        if (last) {
            QVERIFY2(cli.exitCode == 0, cli.err.constData());
            break;
        }
        notRecorded = history.empty() ? 0 : cli.writeBytes - history.front().second;
        presentBefore = present;
    }
    QCOMPARE(finalFileBytes(disk->path("tree")), Total);
    const QStringList differences =
        TestTree::compareTrees(source->path("tree"), disk->path("tree"), {true, true, false});
    QVERIFY2(differences.isEmpty(), qPrintable(differences.mid(0, 10).join(u'\n')));
    QVERIFY(TestTree::findPartFiles(disk->path()).isEmpty());
    QVERIFY(interrupted().isEmpty());
}

// What a power cut leaves: the copy of the loop device's backing file is taken right after
// kill -9, before anything syncs the destination, so what the destination's page cache still
// held (the part file's pages beyond the flush-behind window in flight, and with commit=60 its
// size and extents not yet in ext4's journal unless an fdatasync put them there) is not in it;
// what had reached the loop device is. The copy is not an atomic snapshot: write-back that
// continues while cp reads may or may not be in it, as with a power cut during write-back.
// ext4 replays its journal when the copy is mounted (at the same place, with the same UUID).
// It proves: the checkpoint the journal holds claims no byte the "powered-off" device lacks,
// and resuming from that device gives the complete file.
void TestResume::powerLossKeepsWhatCheckpointsClaim()
{
    useFreshJournal();
    constexpr qint64 Total = 512 * MiB;
    FS_MOUNT(source, FsKind::Tmpfs, Total + 64 * MiB);
    FS_MOUNT_WITH(disk, FsKind::Ext4, Total + 512 * MiB, "commit=60");
    QVERIFY(TestTree::writePatternFile(source->path("big"), Total, 5));
    const QByteArray part = disk->path(".big.sluice-part");

    // At the rate of the big file (a checkpoint needs one second), 300 MiB are past the first.
    Cli cli({"--on-conflict", "skip", "--on-error", "skip", "--limit",
             QByteArray::number(BigFileRate / MiB) + "M", source->path("big"), disk->path()});
    QVERIFY(QTest::qWaitFor([&] { return sizeOf(part) >= 300 * MiB || !cli.running(); }, 120000));
    cli.signal(SIGKILL);
    cli.wait();
    QCOMPARE(cli.killedBy, SIGKILL);
    const qint64 written = sizeOf(part);
    const QByteArray image = disk->path().chopped(4) + "/image"; // TestMount: <base>/mnt, /image
    QCOMPARE(
        runTool(QStringLiteral("cp"), {QStringLiteral("--sparse=always"), QFile::decodeName(image),
                                       QFile::decodeName(image + ".lost")}),
        QString());
    const QList<QJsonObject> entries = interrupted();
    QCOMPARE(entries.size(), 1);
    const qint64 durable = entries.first().value(QStringLiteral("doneBytes")).toInteger();
    QVERIFY(durable > 0);

    // Power back on: the device as it was copied.
    QCOMPARE(disk->unmount(), QString());
    QVERIFY(::rename((image + ".lost").constData(), image.constData()) == 0);
    QCOMPARE(disk->remount(), QString());
    const qint64 survived = sizeOf(part);
    qInfo("written %lld, checkpoint %lld, part file after the power loss %lld bytes",
          static_cast<long long>(written), static_cast<long long>(durable),
          static_cast<long long>(survived));
    QVERIFY2(survived >= durable, "the checkpoint claims bytes the device does not have");
    {
        QFile copy(QFile::decodeName(part));
        QFile original(QFile::decodeName(source->path("big")));
        QVERIFY(copy.open(QIODevice::ReadOnly) && original.open(QIODevice::ReadOnly));
        for (qint64 offset = 0; offset < durable; offset += 4 * MiB) {
            const qint64 length = std::min(4 * MiB, durable - offset);
            QVERIFY2(copy.read(length) == original.read(length),
                     qPrintable(QStringLiteral("the checkpoint claims bytes at %1 that the "
                                               "device holds differently")
                                    .arg(offset)));
        }
    }

    Cli resumed({"--resume"});
    resumed.wait();
    QVERIFY2(resumed.exitCode == 0, resumed.err.constData());
    QVERIFY2(resumed.writeBytes <= Total - durable + MetadataSlack,
             qPrintable(QString::number(resumed.writeBytes)));
    QCOMPARE(FsHelpers::fileDigest(disk->path("big")), FsHelpers::fileDigest(source->path("big")));
    QVERIFY(TestTree::findPartFiles(disk->path()).isEmpty());
    QVERIFY(interrupted().isEmpty());
}

// Issue 12: a move killed right after files got their final names, before a journal record
// named them (records come at most once a second, after a syncfs). Their sources are still
// there (a move removes sources once their folder is complete and durable). The resume must
// find those copies complete (same size, times and bytes as the source, written since the job
// started), make them durable, remove their sources and count them as copied, not skip them
// "by policy" and keep the sources. The end record's counts are exact.
void TestResume::resumedMoveFinishesFilesTheKillLeftUnrecorded()
{
    useFreshJournal();
    constexpr int Files = 24;
    constexpr qint64 FileSize = 2 * MiB;
    FS_MOUNT(source, FsKind::Tmpfs, 128 * MiB);
    FS_MOUNT(disk, FsKind::Ext4, 256 * MiB);
    QVERIFY(TestTree::makePath(source->path("src")));
    QHash<QByteArray, QByteArray> digests; // by name
    for (int i = 0; i < Files; ++i) {
        const QByteArray name = 'f' + QByteArray::number(i).rightJustified(2, '0');
        QVERIFY(TestTree::writePatternFile(source->path("src/" + name), FileSize, quint32(70 + i)));
        digests.insert(name, FsHelpers::fileDigest(source->path("src/" + name)));
    }
    Cli first({"--move", "--limit", "8M", "--on-conflict", "skip", "--on-error", "skip",
               source->path("src"), disk->path()});
    // Killed once a final name is there that no record names yet.
    Killed killed;
    killWhen(
        first, disk->path("src"), disk->path("src"),
        [](const QSet<QByteArray> &, const QSet<QByteArray> &unrecorded) {
            return !unrecorded.isEmpty();
        },
        killed);
    if (QTest::currentTestFailed())
        return;
    const QSet<QByteArray> &present = killed.present;
    const JournalRecord &record = killed.record;
    QCOMPARE(finalFiles(source->path("src")).size(), Files); // not one source removed yet
    QVERIFY(qsizetype(record.finished.size()) < present.size());
    // The file in flight continues after its checkpoint when its part file is still there.
    qint64 adopted = 0;
    if (record.inFlight && !present.contains(record.inFlight->destination))
        adopted = record.inFlight->durable;
    const qint64 finishedBefore = present.size();

    // The one warning there may be: the part file of a small file that was being written
    // (no checkpoint names it) is removed as any stale part file.
    QJsonObject result;
    resumeCleanly(result);
    if (QTest::currentTestFailed())
        return;
    const QJsonArray issues = result.value(QStringLiteral("issues")).toArray();
    QVERIFY(issues.size() <= 1);
    QCOMPARE(result.value(QStringLiteral("status")).toString(),
             issues.isEmpty() ? QStringLiteral("succeeded")
                              : QStringLiteral("completed with warnings"));
    QCOMPARE(result.value(QStringLiteral("itemsTotal")).toInteger(), Files + 1);
    QCOMPARE(result.value(QStringLiteral("itemsCopied")).toInteger(), Files + 1); // + src, merged
    QCOMPARE(tally(result, "copied", "items"), Files);
    QCOMPARE(tally(result, "copied", "bytes"), Files * FileSize);
    QCOMPARE(tally(result, "merged", "items"), 1);
    QCOMPARE(result.value(QStringLiteral("bytesTotal")).toInteger(), Files * FileSize);
    QCOMPARE(result.value(QStringLiteral("bytesCopied")).toInteger(), Files * FileSize);
    QCOMPARE(result.value(QStringLiteral("itemsResumed")).toInteger(), finishedBefore);
    QCOMPARE(result.value(QStringLiteral("bytesResumed")).toInteger(),
             finishedBefore * FileSize + adopted);
    QCOMPARE(result.value(QStringLiteral("bytesWritten")).toInteger(),
             (Files - finishedBefore) * FileSize - adopted);

    // Moved: every source gone, every copy the source's bytes.
    QVERIFY(::access(source->path("src").constData(), F_OK) != 0);
    QCOMPARE(finalFiles(disk->path("src")).size(), Files);
    for (auto it = digests.cbegin(); it != digests.cend(); ++it)
        QCOMPARE(FsHelpers::fileDigest(disk->path("src/" + it.key())), it.value());
    QVERIFY(TestTree::findPartFiles(disk->path()).isEmpty());
    QVERIFY(interrupted().isEmpty());
}

void TestResume::resumeRelinksHardLinksTheKillLeftUnrecorded_data()
{
    QTest::addColumn<bool>("sshfs");
    QTest::addColumn<bool>("bothNames");
    QTest::newRow("ext4, first name unrecorded") << false << false;
    QTest::newRow("ext4, both names unrecorded") << false << true;
    QTest::newRow("sshfs, first name unrecorded") << true << false;
    QTest::newRow("sshfs, both names unrecorded") << true << true;
}

// Issue 12 with hard links kept (-a): a move killed while names of linked files had their
// final names and no record named them yet. The "a" names' second names ("z") come after
// every other name: killed with an "a" name unrecorded, the resume writes its "z" name, which
// must become a link to the copy the resume proved (on sshfs, whole-second times and a change
// time that is the modification time, 57 of 300 pairs became two files and sources stayed).
// A "b" name's second name ("bNl") follows it at once: killed with both unrecorded, the
// resume must take the link for done too, not skip it by policy and keep its source. sshfs
// numbers each name apart, so link counts and inodes are read in the server's own folder.
void TestResume::resumeRelinksHardLinksTheKillLeftUnrecorded()
{
    QFETCH(bool, sshfs);
    QFETCH(bool, bothNames);
    useFreshJournal();
    constexpr int Pairs = 6;
    constexpr qint64 FileSize = 2 * MiB;
    FS_MOUNT(source, FsKind::Tmpfs, 96 * MiB);
    std::unique_ptr<TestMount> disk;
    std::unique_ptr<SshfsMount> server;
    QString error;
    if (sshfs) {
        if (const QString why = SshfsMount::skipReason(); !why.isEmpty())
            QSKIP(qPrintable(why));
        server = SshfsMount::create(error);
        QVERIFY2(server, qPrintable(error));
    } else {
        disk = TestMount::create(FsKind::Ext4, 256 * MiB, error);
        QVERIFY2(disk, qPrintable(error));
    }
    const QByteArray target = sshfs ? server->path() : disk->path();
    const QByteArray onDisk = (sshfs ? server->serverPath() : disk->path()) + "/src";
    const QByteArray copied = target + "/src"; // the copy's folder as sluice-cli names it
    QVERIFY(TestTree::makePath(source->path("src")));
    QList<std::pair<QByteArray, QByteArray>> pairs; // first name, second name
    for (int i = 0; i < Pairs; ++i) {
        const QByteArray number = QByteArray::number(i);
        pairs.append({'a' + number, 'z' + number});
        pairs.append({'b' + number, 'b' + number + 'l'});
    }
    QHash<QByteArray, QByteArray> digests; // by name
    for (qsizetype i = 0; i < pairs.size(); ++i) {
        const auto &[firstName, secondName] = pairs.at(i);
        const QByteArray path = source->path("src/" + firstName);
        QVERIFY(TestTree::writePatternFile(path, FileSize, quint32(300 + i)));
        QCOMPARE(::link(path.constData(), source->path("src/" + secondName).constData()), 0);
        digests.insert(firstName, FsHelpers::fileDigest(path));
        digests.insert(secondName, digests.value(firstName));
    }
    Cli move({"-a", "--move", "--limit", "8M", "--on-conflict", "skip", "--on-error", "skip",
              source->path("src"), target});
    Killed killed;
    killWhen(
        move, onDisk, copied,
        [&](const QSet<QByteArray> &, const QSet<QByteArray> &unrecorded) {
            for (int i = 0; i < Pairs; ++i) {
                const QByteArray name = copied + (bothNames ? "/b" : "/a") + QByteArray::number(i);
                if (unrecorded.contains(name) && (!bothNames || unrecorded.contains(name + 'l')))
                    return true;
            }
            return false;
        },
        killed);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(finalFiles(source->path("src")).size(), 2 * pairs.size()); // none removed yet

    // sshfs: the preflight's word on what the file system cannot do.
    QJsonObject result;
    QByteArray resumedOut;
    resumeCleanly(result, {QStringLiteral("Check before copying")}, &resumedOut);
    if (QTest::currentTestFailed())
        return;
    QStringList present;
    for (const QByteArray &name : std::as_const(killed.present))
        present.append(QString::fromUtf8(name)
                       + (killed.unrecorded.contains(name) ? QStringLiteral("*") : QString()));
    QVERIFY2(result.value(QStringLiteral("itemsResumed")).toInteger()
                 == qint64(killed.present.size()),
             qPrintable(present.join(u' ') + u'\n' + QString::fromUtf8(resumedOut)));

    // Moved: no source left; every name with its bytes, each pair one file with two names.
    QVERIFY(::access(source->path("src").constData(), F_OK) != 0);
    QList<QByteArray> names = digests.keys();
    std::sort(names.begin(), names.end());
    const QList<QByteArray> there = FsHelpers::listNames(onDisk);
    QVERIFY2(there == names, there.join(' ').constData());
    for (auto it = digests.cbegin(); it != digests.cend(); ++it)
        QCOMPARE(FsHelpers::fileDigest(onDisk + '/' + it.key()), it.value());
    for (const auto &[firstName, secondName] : std::as_const(pairs)) {
        struct stat one = {};
        struct stat other = {};
        QCOMPARE(::lstat((onDisk + '/' + firstName).constData(), &one), 0);
        QCOMPARE(::lstat((onDisk + '/' + secondName).constData(), &other), 0);
        QVERIFY2(one.st_ino == other.st_ino,
                 qPrintable(QStringLiteral("%1 and %2 are two files")
                                .arg(QString::fromUtf8(firstName), QString::fromUtf8(secondName))));
        QCOMPARE(one.st_nlink, nlink_t(2));
    }
    QVERIFY(TestTree::findPartFiles(onDisk).isEmpty());
    QVERIFY(interrupted().isEmpty());
}

// Issue 12: symbolic links and FIFOs a killed move had put in place before a record named
// them. The resume counts them as done (of the source's kind, a link with its target, created
// since the job started), as it does regular files, instead of leaving them to the collision
// policy ("exists, skipped", their sources kept, or a question with --on-conflict ask).
void TestResume::resumeCountsLinksAndFifosTheKillLeftUnrecorded()
{
    useFreshJournal();
    constexpr int Files = 8;
    FS_MOUNT(source, FsKind::Tmpfs, 64 * MiB);
    FS_MOUNT(disk, FsKind::Ext4, 128 * MiB);
    QVERIFY(TestTree::makePath(source->path("src")));
    QHash<QByteArray, QByteArray> digests; // by name
    for (int i = 0; i < Files; ++i) {
        const QByteArray name = 'f' + QByteArray::number(i);
        QVERIFY(TestTree::writePatternFile(source->path("src/" + name), 2 * MiB, quint32(500 + i)));
        digests.insert(name, FsHelpers::fileDigest(source->path("src/" + name)));
        // After each file in plan order: its link ("fNl"), then a FIFO ("fNp").
        QCOMPARE(::symlink(name.constData(), source->path("src/" + name + 'l').constData()), 0);
        QCOMPARE(::mkfifo(source->path("src/" + name + 'p').constData(), 0640), 0);
    }
    const QByteArray copied = disk->path("src");
    Cli move({"--move", "--limit", "8M", "--on-conflict", "skip", "--on-error", "skip",
              source->path("src"), disk->path()});
    Killed killed;
    killWhen(
        move, copied, copied,
        [&](const QSet<QByteArray> &, const QSet<QByteArray> &unrecorded) {
            for (int i = 0; i < Files; ++i) {
                const QByteArray name = copied + "/f" + QByteArray::number(i);
                if (unrecorded.contains(name + 'l') && unrecorded.contains(name + 'p'))
                    return true;
            }
            return false;
        },
        killed);
    if (QTest::currentTestFailed())
        return;

    QJsonObject result;
    resumeCleanly(result);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(result.value(QStringLiteral("itemsResumed")).toInteger(),
             qint64(killed.present.size()));

    QVERIFY(::access(source->path("src").constData(), F_OK) != 0);
    QCOMPARE(FsHelpers::listNames(copied).size(), 3 * Files);
    for (int i = 0; i < Files; ++i) {
        const QByteArray name = 'f' + QByteArray::number(i);
        QCOMPARE(FsHelpers::fileDigest(copied + '/' + name), digests.value(name));
        char link[64] = {};
        QCOMPARE(::readlink((copied + '/' + name + 'l').constData(), link, sizeof link - 1),
                 ssize_t(name.size()));
        QCOMPARE(QByteArray(link), name);
        struct stat fifo = {};
        QCOMPARE(::lstat((copied + '/' + name + 'p').constData(), &fifo), 0);
        QVERIFY(S_ISFIFO(fifo.st_mode));
    }
    QVERIFY(TestTree::findPartFiles(copied).isEmpty());
    QVERIFY(interrupted().isEmpty());
}

// Issue 12: the checksum file of a resumed job lists every file of the job exactly once:
// those the killed run recorded (their digest kept in the journal), those it finished without
// a record (hashed while the resume compares them with the source), the one in flight and
// the rest. The killed run wrote none (it is written at the end); xxh128sum -c accepts it.
void TestResume::resumedChecksumFileListsEveryFileOnce()
{
    useFreshJournal();
    constexpr int Files = 16;
    FS_MOUNT(source, FsKind::Tmpfs, 64 * MiB);
    FS_MOUNT(disk, FsKind::Ext4, 128 * MiB);
    QVERIFY(TestTree::makePath(source->path("src")));
    QSet<QByteArray> expected; // the copies' paths
    for (int i = 0; i < Files; ++i) {
        const QByteArray name = 'g' + QByteArray::number(i).rightJustified(2, '0');
        QVERIFY(TestTree::writePatternFile(source->path("src/" + name), 2 * MiB, quint32(700 + i)));
        expected.insert(disk->path("src/" + name));
    }
    const QByteArray manifest = disk->path("sums.xxh128");
    Cli copy({"--verify", "xxh3", "--checksum-file", manifest, "--limit", "8M", "--on-conflict",
              "skip", "--on-error", "skip", source->path("src"), disk->path()});
    // Killed with files recorded and others finished but not recorded yet.
    Killed killed;
    killWhen(
        copy, disk->path("src"), disk->path("src"),
        [](const QSet<QByteArray> &present, const QSet<QByteArray> &unrecorded) {
            return !unrecorded.isEmpty() && unrecorded.size() < present.size();
        },
        killed);
    if (QTest::currentTestFailed())
        return;
    QVERIFY(::access(manifest.constData(), F_OK) != 0);

    Cli resumed({"--resume"});
    resumed.wait();
    QVERIFY2(resumed.exitCode == 0, resumed.err.constData());
    const QList<QByteArray> lines = TestTree::readFile(manifest).split('\n');
    QCOMPARE(lines.size(), Files + 1); // each line ends with a newline
    QVERIFY(lines.last().isEmpty());
    QSet<QByteArray> listed;
    for (qsizetype i = 0; i + 1 < lines.size(); ++i) {
        QCOMPARE(lines.at(i).indexOf("  "), 32); // 128 bits in hex, two spaces, the path
        listed.insert(lines.at(i).mid(34));
    }
    QCOMPARE(listed, expected);
    const QString checked = FsHelpers::checkManifest(QStringLiteral("xxh128sum"), manifest);
    QVERIFY2(checked.isEmpty(), qPrintable(checked));
    QVERIFY(interrupted().isEmpty());
}

void TestResume::unwritableJournalIsSaidAtOnce_data()
{
    QTest::addColumn<QString>("state");
    QTest::addColumn<QByteArray>("failedPath"); // below XDG_STATE_HOME
    QTest::addColumn<QByteArray>("cause");
    QTest::newRow("read-only") << QStringLiteral("read-only") << QByteArray("/sluice/jobs")
                               << QByteArray("Read-only file system (EROFS)");
    QTest::newRow("full") << QStringLiteral("full") << QByteArray("/sluice/jobs/")
                          << QByteArray("No space left on device (ENOSPC)");
    QTest::newRow("a file in its place") << QStringLiteral("file") << QByteArray("/sluice/jobs")
                                         << QByteArray("Not a directory (ENOTDIR)");
}

// Issue 12: a journal that cannot be written. The copy goes on and says once, at once (not
// only at its end: after a kill -9 there is no end), that it cannot be resumed, naming the
// journal, the operation and the cause; SIGTERM with --resumable then cannot keep the copy,
// says so and cancels (exit 130), keeping neither a part file nor an entry.
void TestResume::unwritableJournalIsSaidAtOnce()
{
    QFETCH(QString, state);
    QFETCH(QByteArray, failedPath);
    QFETCH(QByteArray, cause);
    m_state.reset();
    FS_MOUNT(stateMount, FsKind::Tmpfs, 32 * MiB);
    qputenv("XDG_STATE_HOME", stateMount->path());
    if (state == QLatin1String("file")) {
        QVERIFY(TestTree::writeFile(stateMount->path("sluice"), "not a folder"));
    } else {
        QVERIFY(TestTree::makePath(stateMount->path("sluice/jobs"), 0700));
        if (state == QLatin1String("full"))
            QVERIFY(stateMount->leaveFree(0));
        else
            QCOMPARE(runTool(QStringLiteral("mount"),
                             {QStringLiteral("-o"), QStringLiteral("remount,ro"),
                              QFile::decodeName(stateMount->path())}),
                     QString());
    }
    FS_MOUNT(source, FsKind::Tmpfs, 96 * MiB);
    FS_MOUNT(disk, FsKind::Tmpfs, 96 * MiB);
    QVERIFY(TestTree::makePath(source->path("small")));
    QVERIFY(TestTree::writePatternFile(source->path("small/a"), 5000, 1));
    QVERIFY(TestTree::writePatternFile(source->path("big"), 64 * MiB, 2));
    const QByteArray said =
        "sluice-cli: Warning: Cannot write the journal “" + stateMount->path() + failedPath;
    const QByteArray notResumable = "the copy cannot be resumed after an interruption: " + cause;

    Cli copy({"--progress", "json", "--on-conflict", "skip", "--on-error", "skip",
              source->path("small"), disk->path()});
    copy.wait();
    QVERIFY2(copy.exitCode == 0, copy.err.constData());
    QCOMPARE(TestTree::readFile(disk->path("small/a")),
             TestTree::readFile(source->path("small/a")));
    QVERIFY2(occurrences(copy.err, said) == 1, copy.err.constData());
    QVERIFY2(occurrences(copy.err, notResumable) == 1, copy.err.constData());
    const QJsonObject result = copy.resultRecord();
    QCOMPARE(result.value(QStringLiteral("status")).toString(),
             QStringLiteral("completed with warnings"));
    const QJsonArray issues = result.value(QStringLiteral("issues")).toArray();
    QCOMPARE(issues.size(), 1);
    const QJsonObject issue = issues.first().toObject();
    QCOMPARE(issue.value(QStringLiteral("severity")).toString(), QStringLiteral("warning"));
    QCOMPARE(issue.value(QStringLiteral("operation")).toString(),
             QStringLiteral("Cannot write the journal"));
    QVERIFY2(issue.value(QStringLiteral("message")).toString().contains(QString::fromUtf8(cause)),
             qPrintable(issue.value(QStringLiteral("message")).toString()));

    // --resumable: said at once, while copying; SIGTERM cannot keep the copy and cancels it.
    Cli stopped({"--resumable", "--limit", "32M", "--on-conflict", "skip", "--on-error", "skip",
                 source->path("big"), disk->path()});
    QVERIFY(QTest::qWaitFor(
        [&] { return sizeOf(disk->path(".big.sluice-part")) >= 8 * MiB || !stopped.running(); },
        60000));
    QVERIFY2(occurrences(stopped.currentErr(), notResumable) == 1,
             stopped.currentErr().constData());
    stopped.signal(SIGTERM);
    stopped.wait();
    QCOMPARE(stopped.exitCode, 130);
    QVERIFY2(occurrences(stopped.err, notResumable) == 1, stopped.err.constData());
    QVERIFY2(occurrences(stopped.err, "the copy could not be kept to resume later, so it was "
                                      "cancelled")
                 == 1,
             stopped.err.constData());
    QVERIFY(!stopped.err.contains("resume with sluice-cli --resume"));
    QVERIFY(TestTree::findPartFiles(disk->path()).isEmpty());
    QVERIFY(::access(disk->path("big").constData(), F_OK) != 0);
    QVERIFY(interrupted().isEmpty());
    if (state == QLatin1String("full")) { // nothing half-written stays behind
        const QStringList left = QDir(QFile::decodeName(stateMount->path("sluice/jobs")))
                                     .entryList(QDir::Files | QDir::Hidden | QDir::System);
        QVERIFY2(left.isEmpty(), qPrintable(left.join(u' ')));
    }
}

QTEST_GUILESS_MAIN(TestResume)
#include "tst_resume.moc"
