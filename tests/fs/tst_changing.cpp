// Issue 3, case 14: a file that grows, one that shrinks and one that is deleted while the
// copy runs. The writer seam changes each source at its first write, so the change lands
// at a known point: each copy is read to the file's real end (never zero-padded to the
// size seen by the scan), each change is one warning, and the job completes.

#include "fshelpers.h"
#include "jobrunner.h"
#include "testmount.h"
#include "testtree.h"

#include <QTest>

#include <fcntl.h>
#include <mutex>
#include <sys/stat.h>
#include <unistd.h>

using namespace Sluice;

namespace {

qint64 fileSize(const QByteArray &path)
{
    struct stat st = {};
    return ::stat(path.constData(), &st) == 0 ? qint64(st.st_size) : -1;
}

bool append(const QByteArray &path, qint64 bytes, char fill)
{
    const int fd = ::open(path.constData(), O_WRONLY | O_APPEND | O_CLOEXEC);
    const QByteArray data(int(bytes), fill);
    const bool ok = fd >= 0 && ::write(fd, data.constData(), data.size()) == data.size();
    if (fd >= 0)
        ::close(fd);
    return ok;
}

} // namespace

class TestChanging final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { FS_REQUIRE_ROOT(); }
    void changingSourcesAreReadToTheirRealEnd_data();
    void changingSourcesAreReadToTheirRealEnd();
    void fileDeletedAfterTheScanIsAWarning();
};

void TestChanging::changingSourcesAreReadToTheirRealEnd_data()
{
    QTest::addColumn<Engine>("engine");
    QTest::addColumn<qint64>("size");
    QTest::addColumn<FsKind>("fs");
    // 8 MiB files go through the reader thread (at most 8 chunks of 64 KiB ahead of the
    // writer); 600 KiB files through the small-file pool, read inline.
    for (const FsKind fs : {FsKind::Ext4, FsKind::Exfat}) {
        for (const Engine engine : {Engine::Stream, Engine::Kernel}) {
            QTest::addRow("%s, %s, big", qPrintable(fsKindName(fs)), qPrintable(engineName(engine)))
                << engine << 8 * MiB << fs;
            QTest::addRow("%s, %s, small", qPrintable(fsKindName(fs)),
                          qPrintable(engineName(engine)))
                << engine << 600 * KiB << fs;
        }
    }
}

void TestChanging::changingSourcesAreReadToTheirRealEnd()
{
    QFETCH(Engine, engine);
    QFETCH(qint64, size);
    QFETCH(FsKind, fs);
    Scratch scratch;
    const QByteArray src = scratch.path("src");
    QVERIFY(TestTree::makePath(src));
    QVERIFY(TestTree::writePatternFile(src + "/deleted", size, 501));
    QVERIFY(TestTree::writePatternFile(src + "/growing", size, 502));
    QVERIFY(TestTree::writePatternFile(src + "/shrinking", size, 503));
    QVERIFY(TestTree::writePatternFile(src + "/steady", size, 504));
    const QByteArray deletedDigest = FsHelpers::fileDigest(src + "/deleted");
    const qint64 grownBy = size / 2 + 3;
    const qint64 shrunkTo = size * 5 / 8 + 1;
    FS_MOUNT(disk, fs, 128 * MiB);

    std::mutex mutex;
    QSet<QByteArray> changed;
    IoHooks hooks;
    hooks.beforeWrite = [&](const QByteArray &destination, qint64, qint64) {
        const QByteArray name = destination.mid(destination.lastIndexOf('/') + 1);
        std::lock_guard lock(mutex);
        if (changed.contains(name))
            return 0;
        changed.insert(name);
        bool ok = true;
        if (name == "deleted")
            ok = ::unlink((src + "/deleted").constData()) == 0;
        else if (name == "growing")
            ok = append(src + "/growing", grownBy, 'g');
        else if (name == "shrinking")
            ok = ::truncate((src + "/shrinking").constData(), shrunkTo) == 0;
        return ok ? 0 : EIO;
    };
    CopyOptions options = JobRunner::quickOptions();
    options.engine = engine;
    options.chunkSize = 64 * KiB;
    const JobRunner::Run run = JobRunner::run({src}, disk->path(), options, {}, hooks);

    QCOMPARE(changed.size(), 4);
    QCOMPARE(run.result.errorCount(), qint64(0));
    QVERIFY2(run.result.status == CopyStatus::CompletedWithWarnings,
             qPrintable(FsHelpers::describeIssues(run.result)));
    QCOMPARE(run.result.itemsCopied, qint64(5));
    // Each change is one warning about that file; the steady one has none.
    for (const QByteArray name : {"deleted", "growing", "shrinking"}) {
        int warnings = 0;
        for (const CopyIssue &issue : run.result.issues)
            warnings += issue.path.endsWith("src/" + name) && !issue.isError() ? 1 : 0;
        QVERIFY2(warnings == 1, qPrintable(QString::fromLatin1(name) + u'\n'
                                           + FsHelpers::describeIssues(run.result)));
    }
    QVERIFY(!FsHelpers::findIssue(run.result, "src/steady"));
    // Each copy holds the file up to its real end: no zero padding, nothing cut off.
    QCOMPARE(fileSize(disk->path("src/growing")), size + grownBy);
    QCOMPARE(FsHelpers::fileDigest(disk->path("src/growing")),
             FsHelpers::fileDigest(src + "/growing"));
    QCOMPARE(fileSize(disk->path("src/shrinking")), shrunkTo);
    QCOMPARE(FsHelpers::fileDigest(disk->path("src/shrinking")),
             FsHelpers::fileDigest(src + "/shrinking"));
    QCOMPARE(fileSize(disk->path("src/deleted")), size);
    QCOMPARE(FsHelpers::fileDigest(disk->path("src/deleted")), deletedDigest);
    QCOMPARE(FsHelpers::fileDigest(disk->path("src/steady")),
             FsHelpers::fileDigest(src + "/steady"));
    // Progress followed the real sizes to exactly 100 %.
    const CopyProgress &last = run.samples.constLast();
    QCOMPARE(last.bytesDone, last.bytesTotal);
    QCOMPARE(last.perMille(), 1000);
    for (const CopyProgress &sample : run.samples)
        QVERIFY(sample.bytesDone <= sample.bytesTotal);
}

// Deleted between the scan and its turn: a warning naming it, the rest copied, the job
// completes (with warnings), nothing failed.
void TestChanging::fileDeletedAfterTheScanIsAWarning()
{
    FS_MOUNT(disk, FsKind::Ext4, 64 * MiB);
    QVERIFY(TestTree::makePath(disk->path("src")));
    QVERIFY(TestTree::writePatternFile(disk->path("src/gone"), 2 * MiB, 71));
    QVERIFY(TestTree::writePatternFile(disk->path("src/kept"), 2 * MiB, 72));
    QVERIFY(TestTree::makePath(disk->path("out")));
    IoHooks hooks;
    hooks.beforeOpen = [](const QByteArray &source) {
        if (source.endsWith("/gone"))
            ::unlink(source.constData());
        return 0;
    };
    const JobRunner::Run run = JobRunner::run({disk->path("src")}, disk->path("out"),
                                              JobRunner::quickOptions(), {}, hooks);
    QVERIFY2(run.result.status == CopyStatus::CompletedWithWarnings,
             qPrintable(FsHelpers::describeIssues(run.result)));
    QCOMPARE(run.result.itemsFailed, qint64(0));
    QCOMPARE(run.result.itemsSkipped, qint64(1));
    QCOMPARE(run.result.errorCount(), qint64(0));
    QCOMPARE(run.result.warningCount(), qint64(1));
    QVERIFY(run.result.issues.first().path.endsWith("src/gone"));
    QCOMPARE(run.result.issues.first().errorCode, ENOENT);
    QCOMPARE(FsHelpers::fileDigest(disk->path("out/src/kept")),
             FsHelpers::fileDigest(disk->path("src/kept")));
    QVERIFY(::access(disk->path("out/src/gone").constData(), F_OK) != 0);
    QVERIFY(TestTree::findPartFiles(disk->path("out")).isEmpty());
}

QTEST_GUILESS_MAIN(TestChanging)
#include "tst_changing.moc"
