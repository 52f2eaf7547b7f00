// Issue 12: the job journal. A record torn at any byte or with any byte flipped is never
// trusted; an entry is "interrupted" exactly when no process holds its lock; a job stopped
// with stopResumable() keeps its part file and entry and resumes after its checkpoint; a
// cancelled one keeps neither; a source changed between the stop and the resume starts again
// from zero, and says why.

#include "jobjournal.h"
#include "jobrunner.h"
#include "journalentry.h"
#include "journalwriter.h"
#include "testtree.h"
#include "writergate.h"

#include <QDir>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

using namespace Sluice;

namespace {

JournalRecord sampleRecord()
{
    JournalRecord record;
    record.request.sources = {"/src/a", "/src/b c"};
    record.request.destination = "/dst";
    record.request.destinationFolders = {"/dst", "/dst"};
    record.request.destinationNames = {"a", "b c"};
    record.options.move = true;
    record.options.verify = VerifyAlgorithm::Xxh3;
    record.options.onCollision = CollisionPolicy::Rename;
    record.options.filter.rules = {{FilterRule::Action::Exclude, "*.o"}};
    record.options.filter.newerThanNs = 1234;
    record.planIdentity = "abc123";
    record.totalBytes = 5 * GiB;
    record.totalItems = 20000;
    record.doneBytes = 3 * GiB;
    record.doneItems = 2;
    record.writtenAtMs = 1'700'000'000'000;
    record.finished = {{"/dst/a/x", 1, 2, 3, 4, 5, 6, "0123456789abcdef0123456789abcdef"},
                       {"/dst/a/y", 7, 8, 9, 10, 11, 12, {}}};
    JournalCheckpoint checkpoint;
    checkpoint.source = "/src/b c/big";
    checkpoint.destination = "/dst/b c/big";
    checkpoint.part = "/dst/b c/.big.sluice-part";
    checkpoint.durable = 2 * GiB;
    checkpoint.sourceSize = 4 * GiB;
    checkpoint.sourceMtimeNs = 99;
    checkpoint.sourceCtimeNs = 100;
    checkpoint.sourceIno = 101;
    checkpoint.sourceDev = 102;
    checkpoint.partIno = 103;
    checkpoint.partDev = 104;
    record.inFlight = checkpoint;
    JournalFolder folder;
    folder.destination = "/dst/a";
    folder.mode = 040700;
    folder.uid = 1000;
    folder.gid = 1001;
    folder.mtimeSeconds = 1'764'600'000;
    folder.mtimeNanoseconds = 250;
    record.folders = {folder};
    return record;
}

CopyOptions stoppableOptions()
{
    CopyOptions options = JobRunner::quickOptions();
    options.smallFileWorkers = 1; // one order: the small file is finished before the big one
    return options;
}

// Builds src/{a-small, b-big, c-after}.
bool buildSource(const Scratch &scratch)
{
    return TestTree::makePath(scratch.path("src")) && TestTree::makePath(scratch.path("out"))
           && TestTree::writePatternFile(scratch.path("src/a-small"), 1000, 11)
           && TestTree::writePatternFile(scratch.path("src/b-big"), 96 * MiB, 12)
           && TestTree::writePatternFile(scratch.path("src/c-after"), 2 * MiB, 13);
}

// Runs a job for @p request, held at @p at bytes of b-big, and ends it with @p stop.
CopyResult stopWhenWriting(const CopyRequest &request, const CopyOptions &options, qint64 at,
                           void (CopyJob::*stop)())
{
    WriterGate gate(at, "b-big");
    CopyJob job(request, options);
    job.setIoHooks(gate.hooks());
    QSignalSpy finished(&job, &CopyJob::finished);
    job.start();
    if (!gate.waitUntilReached(60000))
        return {};
    (job.*stop)();
    gate.open();
    if (!QTest::qWaitFor([&] { return finished.size() == 1; }, 60000))
        return {};
    return finished.first().first().value<CopyResult>();
}

// Runs a job over src → out, held at 48 MiB of b-big, and ends it with @p stop.
CopyResult stopAtHalf(const Scratch &scratch, const CopyOptions &options, void (CopyJob::*stop)())
{
    return stopWhenWriting({{scratch.path("src")}, scratch.path("out")}, options, 48 * MiB, stop);
}

JobRunner::Run resume(const InterruptedJob &entry)
{
    CopyOptions options = entry.options;
    options.resumeId = entry.id;
    return JobRunner::run(entry.request.sources, entry.request.destination, options);
}

QStringList journalFiles()
{
    return QDir(JobJournal::folder())
        .entryList(QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot | QDir::System);
}

} // namespace

class TestJournal final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void recordRoundTrips();
    void tornRecordIsNeverTrusted();
    void flippedByteIsNeverTrusted();
    void damagedEntryIsSetAsideWithOneProblem();
    void entryOfAnotherVersionIsLeftInPlace();
    void staleTemporaryIsRemovedUnlessItsWriterLives();
    void entryIsInterruptedOnlyWithoutAnOwner();
    void keptForLaterIsListedAndDiscarded();
    void stopResumableKeepsPartAndEntryAndResumes();
    void resumeThatCannotStartKeepsTheEntry();
    void cancelRemovesPartAndEntry();
    void noJournalRecordsNothing();
    void checkpointNeedsBothLimits();
    void fileCopiedAgainIsCountedOnce();
    void changedSourceRestartsFromZero_data();
    void changedSourceRestartsFromZero();

private:
    QTemporaryDir m_state;
};

void TestJournal::initTestCase()
{
    QVERIFY(m_state.isValid());
    qputenv("XDG_STATE_HOME", QFile::encodeName(m_state.path()));
    QCOMPARE(JobJournal::folder(), m_state.path() + QStringLiteral("/sluice/jobs"));
}

void TestJournal::init()
{
    QDir(JobJournal::folder()).removeRecursively();
}

void TestJournal::recordRoundTrips()
{
    const JournalRecord record = sampleRecord();
    QString problem;
    const std::optional<JournalRecord> back =
        decodeJournalRecord(encodeJournalRecord(record), &problem);
    QVERIFY2(back, qPrintable(problem));
    QCOMPARE(back->request.sources, record.request.sources);
    QCOMPARE(back->request.destinationNames, record.request.destinationNames);
    QCOMPARE(back->options.move, true);
    QCOMPARE(back->options.verify, VerifyAlgorithm::Xxh3);
    QCOMPARE(back->options.onCollision, CollisionPolicy::Rename);
    QVERIFY(back->options.filter == record.options.filter);
    QCOMPARE(back->totalBytes, 5 * GiB);
    QCOMPARE(back->finished.size(), 2);
    QCOMPARE(back->finished.at(1).destination, QByteArray("/dst/a/y"));
    QCOMPARE(back->finished.at(1).sourceMtimeNs, qint64(12));
    // The digest a resume's checksum file lists (version 2), and none for an unverified file.
    QCOMPARE(back->finished.at(0).digest, QByteArray("0123456789abcdef0123456789abcdef"));
    QVERIFY(back->finished.at(1).digest.isEmpty());
    QVERIFY(back->inFlight);
    QCOMPARE(back->inFlight->durable, 2 * GiB);
    QCOMPARE(back->inFlight->partDev, quint64(104));
    // A folder made on a file system that follows links (version 3), with its identity.
    QCOMPARE(back->folders.size(), 1);
    QCOMPARE(back->folders.at(0).destination, QByteArray("/dst/a"));
    QCOMPARE(back->folders.at(0).mode, quint32(040700));
    QCOMPARE(back->folders.at(0).uid, quint32(1000));
    QCOMPARE(back->folders.at(0).gid, quint32(1001));
    QCOMPARE(back->folders.at(0).mtimeSeconds, qint64(1'764'600'000));
    QCOMPARE(back->folders.at(0).mtimeNanoseconds, qint32(250));
    QVERIFY(!back->folders.at(0).finished);
}

void TestJournal::tornRecordIsNeverTrusted()
{
    const QByteArray bytes = encodeJournalRecord(sampleRecord());
    QVERIFY(bytes.size() > 200);
    for (qsizetype length = 0; length < bytes.size(); ++length) {
        QString problem;
        QVERIFY2(!decodeJournalRecord(bytes.left(length), &problem),
                 qPrintable(QStringLiteral("trusted when torn at byte %1").arg(length)));
        QVERIFY(!problem.isEmpty());
    }
    // Garbage after a whole record is no record either.
    QVERIFY(!decodeJournalRecord(bytes + '\0', nullptr));
}

void TestJournal::flippedByteIsNeverTrusted()
{
    const QByteArray bytes = encodeJournalRecord(sampleRecord());
    for (qsizetype at = 0; at < bytes.size(); ++at) {
        QByteArray damaged = bytes;
        damaged[at] = char(damaged.at(at) ^ 0x20);
        QVERIFY2(!decodeJournalRecord(damaged, nullptr),
                 qPrintable(QStringLiteral("trusted with byte %1 flipped").arg(at)));
    }
}

// Issue 12: a torn entry is said once, naming where it was set aside ("<id>.job.torn", the
// bytes as they were), and never again; a listing that tells no one (the window's) leaves it.
void TestJournal::damagedEntryIsSetAsideWithOneProblem()
{
    QString error;
    const QString id = JobJournal::keepForLater({{"/a"}, "/b"}, CopyOptions(), &error);
    QVERIFY2(!id.isEmpty(), qPrintable(error));
    QCOMPARE(JobJournal::interrupted().size(), 1);
    const QByteArray entry = QFile::encodeName(JobJournal::folder()) + '/' + journalEntryName(id);
    QVERIFY(::truncate(entry.constData(), QFileInfo(QFile::decodeName(entry)).size() - 3) == 0);
    const QByteArray torn = TestTree::readFile(entry);
    QVERIFY(JobJournal::interrupted().isEmpty()); // nobody told: left where it is
    QCOMPARE(journalFiles(),
             (QStringList{id + QStringLiteral(".job"), id + QStringLiteral(".lock")}));

    QStringList problems;
    QVERIFY(JobJournal::interrupted(&problems).isEmpty());
    QCOMPARE(problems,
             QStringList{QStringLiteral("journal entry %1 is not used: the record's length does "
                                        "not match its size (torn or garbled); it is kept aside "
                                        "as “%2/%1.job.torn”")
                             .arg(id, JobJournal::folder())});
    QCOMPARE(journalFiles(), QStringList{id + QStringLiteral(".job.torn")});
    QCOMPARE(TestTree::readFile(entry + ".torn"), torn);
    QStringList again;
    QVERIFY(JobJournal::interrupted(&again).isEmpty());
    QCOMPARE(again, QStringList());
}

// A whole record of a version this Sluice does not read is no damage: a newer Sluice may
// resume it. Said at each listing, left in place.
void TestJournal::entryOfAnotherVersionIsLeftInPlace()
{
    QString error;
    const QString id = JobJournal::keepForLater({{"/a"}, "/b"}, CopyOptions(), &error);
    QVERIFY2(!id.isEmpty(), qPrintable(error));
    const QByteArray entry = QFile::encodeName(JobJournal::folder()) + '/' + journalEntryName(id);
    QByteArray bytes = TestTree::readFile(entry);
    bytes[8 + 3] = char(JournalRecordVersion + 1); // the version, a big-endian u32 after the magic
    const qsizetype checked = bytes.size() - 8;
    const quint64 checksum = XXH3_64bits(bytes.constData(), std::size_t(checked));
    for (int i = 0; i < 8; ++i)
        bytes[checked + i] = char((checksum >> (56 - 8 * i)) & 0xff);
    QVERIFY(TestTree::writeFile(entry, bytes));
    const QString said = QStringLiteral("journal entry %1 is not used: the record is of another "
                                        "version of Sluice")
                             .arg(id);
    for (int listing = 0; listing < 2; ++listing) {
        QStringList problems;
        QVERIFY(JobJournal::interrupted(&problems).isEmpty());
        QCOMPARE(problems, QStringList{said});
    }
    QCOMPARE(TestTree::readFile(entry), bytes);
}

// Issue 12: a process killed while it wrote a record leaves ".<id>.job.tmp". The next listing
// (and the next new entry) removes it, unless the entry's writer lives: it holds the lock.
void TestJournal::staleTemporaryIsRemovedUnlessItsWriterLives()
{
    QString error;
    auto writer = JournalWriter::create(&error);
    QVERIFY2(writer, qPrintable(error));
    writer->start(sampleRecord());
    const QString id = writer->id();
    const QByteArray folder = QFile::encodeName(JobJournal::folder());
    const QByteArray temporary = folder + '/' + temporaryNameOf(journalEntryName(id));
    QCOMPARE(temporary, folder + "/." + QFile::encodeName(id) + ".job.tmp");
    QVERIFY(TestTree::writeFile(temporary, "half a record"));
    // A writer killed in its first record: a lock and a temporary, no entry.
    const QString first = QStringLiteral("20260101-000000-1-0000");
    QVERIFY(TestTree::writeFile(folder + '/' + journalLockName(first), {}));
    QVERIFY(TestTree::writeFile(folder + '/' + temporaryNameOf(journalEntryName(first)), "h"));
    QVERIFY(TestTree::writeFile(folder + "/.queue.order.tmp", "not a record's"));

    QVERIFY(JobJournal::interrupted().isEmpty()); // its writer lives: the temporary stays
    QCOMPARE(journalFiles(),
             (QStringList{QStringLiteral(".") + id + QStringLiteral(".job.tmp"),
                          QStringLiteral(".queue.order.tmp"), id + QStringLiteral(".job"),
                          id + QStringLiteral(".lock")}));
    QCOMPARE(TestTree::readFile(temporary), QByteArray("half a record"));

    writer.reset(); // as a kill -9: the lock goes, the entry and the temporary stay
    QCOMPARE(JobJournal::interrupted().size(), 1);
    QCOMPARE(journalFiles(),
             (QStringList{QStringLiteral(".queue.order.tmp"), id + QStringLiteral(".job"),
                          id + QStringLiteral(".lock")}));

    // A new entry removes them too.
    QVERIFY(TestTree::writeFile(temporary, "half a record"));
    auto next = JournalWriter::create(&error);
    QVERIFY2(next, qPrintable(error));
    QVERIFY(!QFile::exists(QFile::decodeName(temporary)));
}

void TestJournal::entryIsInterruptedOnlyWithoutAnOwner()
{
    QString error;
    auto writer = JournalWriter::create(&error);
    QVERIFY2(writer, qPrintable(error));
    JournalRecord record = sampleRecord();
    record.inFlight.reset();
    writer->start(record);
    const QString id = writer->id();
    QVERIFY(JobJournal::interrupted().isEmpty()); // its owner is alive
    QVERIFY(!JobJournal::discard(id, &error));    // and it cannot be discarded
    writer.reset(); // as a killed process: the lock goes, the entry stays
    const QList<InterruptedJob> jobs = JobJournal::interrupted();
    QCOMPARE(jobs.size(), 1);
    QCOMPARE(jobs.first().id, id);
    QCOMPARE(jobs.first().totalItems, qint64(20000));
    QCOMPARE(jobs.first().doneItems, qint64(2));
    QCOMPARE(jobs.first().request.destinationNames, record.request.destinationNames);
    QVERIFY(!jobs.first().neverStarted);
    QVERIFY(JobJournal::discard(id, &error));
    QVERIFY(journalFiles().isEmpty());
}

void TestJournal::keptForLaterIsListedAndDiscarded()
{
    QString error;
    CopyOptions options;
    options.move = true;
    const QString id = JobJournal::keepForLater({{"/x/y"}, "/z"}, options, &error);
    QVERIFY2(!id.isEmpty(), qPrintable(error));
    struct stat folder = {};
    QVERIFY(::stat(QFile::encodeName(JobJournal::folder()).constData(), &folder) == 0);
    QCOMPARE(folder.st_mode & 07777, mode_t(0700));
    const QList<InterruptedJob> jobs = JobJournal::interrupted();
    QCOMPARE(jobs.size(), 1);
    QVERIFY(jobs.first().neverStarted);
    QVERIFY(jobs.first().options.move);
    QCOMPARE(jobs.first().request.sources, QList<QByteArray>{"/x/y"});
    QVERIFY(!JobJournal::discard(QStringLiteral("no-such-id"), &error));
    QVERIFY(!error.isEmpty());
    QVERIFY(JobJournal::discard(id, &error));
    QVERIFY(JobJournal::interrupted().isEmpty());
}

void TestJournal::stopResumableKeepsPartAndEntryAndResumes()
{
    Scratch scratch;
    QVERIFY(buildSource(scratch));
    const CopyResult stopped = stopAtHalf(scratch, stoppableOptions(), &CopyJob::stopResumable);
    QCOMPARE(stopped.status, CopyStatus::Stopped);
    QVERIFY(!stopped.journalId.isEmpty());
    // The part file stays, exactly as long as its last checkpoint.
    const QList<QByteArray> parts = TestTree::findPartFiles(scratch.path("out"));
    QCOMPARE(parts, QList<QByteArray>{scratch.path("out/src/.b-big.sluice-part")});
    const QList<InterruptedJob> jobs = JobJournal::interrupted();
    QCOMPARE(jobs.size(), 1);
    QCOMPARE(jobs.first().id, stopped.journalId);
    QCOMPARE(jobs.first().doneItems, qint64(1)); // a-small
    QCOMPARE(QFileInfo(QFile::decodeName(parts.first())).size(), 48 * MiB);
    QCOMPARE(jobs.first().doneBytes, 1000 + 48 * MiB);
    QCOMPARE(jobs.first().totalBytes, 1000 + 98 * MiB);
    QVERIFY(::access(scratch.path("out/src/b-big").constData(), F_OK) != 0);

    const JobRunner::Run resumed = resume(jobs.first());
    QCOMPARE(resumed.result.status, CopyStatus::Succeeded);
    QCOMPARE(resumed.result.itemsResumed, qint64(1));
    QCOMPARE(resumed.result.bytesResumed, 1000 + 48 * MiB);
    QCOMPARE(resumed.result.bytesWritten, 48 * MiB + 2 * MiB); // the rest of b-big, c-after
    QVERIFY(resumed.result.restartedFiles.isEmpty());
    const QStringList differences =
        TestTree::compareTrees(scratch.path("src"), scratch.path("out/src"), {true, true, false});
    QVERIFY2(differences.isEmpty(), qPrintable(differences.join(u'\n')));
    QVERIFY(TestTree::findPartFiles(scratch.path("out")).isEmpty());
    QVERIFY(JobJournal::interrupted().isEmpty());
    QVERIFY(journalFiles().isEmpty());
}

void TestJournal::resumeThatCannotStartKeepsTheEntry()
{
    Scratch scratch;
    QVERIFY(buildSource(scratch));
    const CopyResult stopped = stopAtHalf(scratch, stoppableOptions(), &CopyJob::stopResumable);
    QCOMPARE(stopped.status, CopyStatus::Stopped);
    const QList<InterruptedJob> jobs = JobJournal::interrupted();
    QCOMPARE(jobs.size(), 1);
    // The sources are away (a stick not plugged in): the resume cannot start, and keeps the
    // entry and its part file for the next try, saying so.
    QVERIFY(::rename(scratch.path("src").constData(), scratch.path("away").constData()) == 0);
    const JobRunner::Run failed = resume(jobs.first());
    QCOMPARE(failed.result.status, CopyStatus::Failed);
    QVERIFY(!failed.result.started);
    QStringList messages;
    for (const CopyIssue &issue : failed.result.issues)
        messages << issue.message();
    const QString kept = QStringLiteral("the interrupted copy %1 is kept").arg(jobs.first().id);
    QVERIFY2(std::any_of(messages.cbegin(), messages.cend(),
                         [&](const QString &message) { return message.contains(kept); }),
             qPrintable(messages.join(u'\n')));
    QCOMPARE(JobJournal::interrupted().size(), 1);
    QCOMPARE(TestTree::findPartFiles(scratch.path("out")).size(), 1);

    QVERIFY(::rename(scratch.path("away").constData(), scratch.path("src").constData()) == 0);
    const JobRunner::Run resumed = resume(JobJournal::interrupted().first());
    QCOMPARE(resumed.result.status, CopyStatus::Succeeded);
    QCOMPARE(resumed.result.bytesResumed, 1000 + 48 * MiB);
    QVERIFY(TestTree::findPartFiles(scratch.path("out")).isEmpty());
    QVERIFY(JobJournal::interrupted().isEmpty());
}

void TestJournal::cancelRemovesPartAndEntry()
{
    Scratch scratch;
    QVERIFY(buildSource(scratch));
    const CopyResult cancelled = stopAtHalf(scratch, stoppableOptions(), &CopyJob::cancel);
    QCOMPARE(cancelled.status, CopyStatus::Cancelled);
    QVERIFY(TestTree::findPartFiles(scratch.path("out")).isEmpty());
    QVERIFY(JobJournal::interrupted().isEmpty());
    QVERIFY(journalFiles().isEmpty());
}

void TestJournal::checkpointNeedsBothLimits()
{
    // At most one checkpoint per 64 MiB and per second: a fast copy is not synced 14 times a
    // second, a slow one not every few MiB.
    QVERIFY(!checkpointDue(CheckpointBytes - 1, 60000));
    QVERIFY(!checkpointDue(4 * GiB, CheckpointInterval.count() - 1));
    QVERIFY(checkpointDue(CheckpointBytes, CheckpointInterval.count()));
    QVERIFY(!checkpointDue(0, 0));
}

void TestJournal::noJournalRecordsNothing()
{
    Scratch scratch;
    QVERIFY(buildSource(scratch));
    CopyOptions options = stoppableOptions();
    options.journal = false;
    const CopyResult stopped = stopAtHalf(scratch, options, &CopyJob::stopResumable);
    QCOMPARE(stopped.status, CopyStatus::Cancelled); // nothing to resume from
    QVERIFY(stopped.journalId.isEmpty());
    QVERIFY(TestTree::findPartFiles(scratch.path("out")).isEmpty());
    QVERIFY(journalFiles().isEmpty());
}

// A resume copies again a file the interrupted run had finished, because its copy changed
// since (here its modification time): the entry names it once and counts its bytes once, and
// the counts of the run that completes the job are exact.
void TestJournal::fileCopiedAgainIsCountedOnce()
{
    Scratch scratch;
    QVERIFY(buildSource(scratch));
    const CopyResult stopped = stopAtHalf(scratch, stoppableOptions(), &CopyJob::stopResumable);
    QCOMPARE(stopped.status, CopyStatus::Stopped);
    const timespec times[2] = {{1'000'000, 0}, {1'000'000, 0}};
    QVERIFY(::utimensat(AT_FDCWD, scratch.path("out/src/a-small").constData(), times, 0) == 0);
    QList<InterruptedJob> jobs = JobJournal::interrupted();
    QCOMPARE(jobs.size(), 1);
    QCOMPARE(jobs.first().doneItems, qint64(1));

    // Resumed, a-small copied again (overwrite policy), stopped again at 72 MiB of b-big.
    CopyOptions options = jobs.first().options;
    options.resumeId = jobs.first().id;
    const CopyResult again =
        stopWhenWriting(jobs.first().request, options, 72 * MiB, &CopyJob::stopResumable);
    QCOMPARE(again.status, CopyStatus::Stopped);
    QCOMPARE(again.itemsResumed, qint64(0));
    jobs = JobJournal::interrupted();
    QCOMPARE(jobs.size(), 1);
    QCOMPARE(jobs.first().doneItems, qint64(1)); // a-small, once
    QCOMPARE(jobs.first().doneBytes, 1000 + 72 * MiB);

    const JobRunner::Run resumed = resume(jobs.first());
    QCOMPARE(resumed.result.status, CopyStatus::Succeeded);
    QCOMPARE(resumed.result.itemsTotal, qint64(4)); // src, a-small, b-big, c-after
    QCOMPARE(resumed.result.itemsCopied, qint64(4));
    QCOMPARE(resumed.result.summary.copied.items, qint64(3));
    QCOMPARE(resumed.result.summary.copied.bytes, 1000 + 98 * MiB);
    QCOMPARE(resumed.result.summary.merged.items, qint64(1));
    QCOMPARE(resumed.result.itemsResumed, qint64(1));
    QCOMPARE(resumed.result.bytesResumed, 1000 + 72 * MiB);
    QCOMPARE(resumed.result.bytesWritten, 24 * MiB + 2 * MiB);
    const QStringList differences =
        TestTree::compareTrees(scratch.path("src"), scratch.path("out/src"), {true, true, false});
    QVERIFY2(differences.isEmpty(), qPrintable(differences.join(u'\n')));
    QVERIFY(journalFiles().isEmpty());
}

void TestJournal::changedSourceRestartsFromZero_data()
{
    QTest::addColumn<QString>("change");
    QTest::newRow("modified in place") << QStringLiteral("modify");
    QTest::newRow("modified, mtime put back") << QStringLiteral("modify-keep-mtime");
    QTest::newRow("truncated") << QStringLiteral("truncate");
    QTest::newRow("replaced by another file") << QStringLiteral("replace");
}

void TestJournal::changedSourceRestartsFromZero()
{
    QFETCH(QString, change);
    Scratch scratch;
    QVERIFY(buildSource(scratch));
    const CopyResult stopped = stopAtHalf(scratch, stoppableOptions(), &CopyJob::stopResumable);
    QCOMPARE(stopped.status, CopyStatus::Stopped);

    const QByteArray big = scratch.path("src/b-big");
    struct stat before = {};
    QVERIFY(::stat(big.constData(), &before) == 0);
    qint64 newSize = 96 * MiB;
    if (change.startsWith(QLatin1String("modify"))) {
        // New bytes inside the part already copied: splicing would keep the old ones.
        const int fd = ::open(big.constData(), O_WRONLY | O_CLOEXEC);
        QVERIFY(fd >= 0);
        const QByteArray patch(4096, 'X');
        QCOMPARE(::pwrite(fd, patch.constData(), patch.size(), 10 * MiB), ssize_t(patch.size()));
        ::close(fd);
        if (change == QLatin1String("modify-keep-mtime")) {
            const timespec times[2] = {before.st_atim, before.st_mtim};
            QVERIFY(::utimensat(AT_FDCWD, big.constData(), times, 0) == 0);
        }
    } else if (change == QLatin1String("truncate")) {
        newSize = 60 * MiB;
        QVERIFY(::truncate(big.constData(), newSize) == 0);
    } else {
        // Same size, same times, another inode.
        QVERIFY(TestTree::writePatternFile(scratch.path("src/new-big"), newSize, 99));
        const timespec times[2] = {before.st_atim, before.st_mtim};
        QVERIFY(::utimensat(AT_FDCWD, scratch.path("src/new-big").constData(), times, 0) == 0);
        QVERIFY(::rename(scratch.path("src/new-big").constData(), big.constData()) == 0);
    }

    const QList<InterruptedJob> jobs = JobJournal::interrupted();
    QCOMPARE(jobs.size(), 1);
    const JobRunner::Run resumed = resume(jobs.first());
    QCOMPARE(resumed.result.status, CopyStatus::CompletedWithWarnings); // the restart is said
    QCOMPARE(resumed.result.restartedFiles.size(), 1);
    QCOMPARE(resumed.result.restartedFiles.first().path, big);
    QVERIFY2(resumed.result.restartedFiles.first().reason.contains(QStringLiteral("source")),
             qPrintable(resumed.result.restartedFiles.first().reason));
    QCOMPARE(resumed.result.bytesResumed, qint64(1000));      // a-small only
    QCOMPARE(resumed.result.bytesWritten, newSize + 2 * MiB); // b-big from its first byte
    QCOMPARE(TestTree::readFile(scratch.path("out/src/b-big")), TestTree::readFile(big));
    QVERIFY(TestTree::findPartFiles(scratch.path("out")).isEmpty());
    QVERIFY(journalFiles().isEmpty());
}

QTEST_GUILESS_MAIN(TestJournal)
#include "tst_journal.moc"
