// Issue 5 on real file systems: reflink shares extents on XFS and btrfs, copies across
// file systems fall back to the stream engine and stay correct, and a copy with file
// durability leaves no dirty page of the destination behind.

#include "jobrunner.h"
#include "testmount.h"
#include "testtree.h"

#include <QTest>

#include <fcntl.h>
#include <linux/fiemap.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace Sluice;

namespace {

// Number of extents of @p path flagged FIEMAP_EXTENT_SHARED (sharing blocks with another
// file), and the number of extents in total, from ioctl(FS_IOC_FIEMAP).
std::pair<int, int> sharedExtents(const QByteArray &path)
{
    const int fd = ::open(path.constData(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return {-1, -1};
    constexpr int MaxExtents = 256;
    std::vector<char> buffer(sizeof(fiemap) + MaxExtents * sizeof(fiemap_extent));
    auto *map = reinterpret_cast<fiemap *>(buffer.data());
    map->fm_start = 0;
    map->fm_length = FIEMAP_MAX_OFFSET;
    map->fm_flags = FIEMAP_FLAG_SYNC;
    map->fm_extent_count = MaxExtents;
    const int result = ::ioctl(fd, FS_IOC_FIEMAP, map);
    ::close(fd);
    if (result != 0)
        return {-1, -1};
    int shared = 0;
    for (unsigned i = 0; i < map->fm_mapped_extents; ++i) {
        if (map->fm_extents[i].fe_flags & FIEMAP_EXTENT_SHARED)
            ++shared;
    }
    return {shared, int(map->fm_mapped_extents)};
}

// Pages of @p path resident in the page cache, from mincore(2) on a read-only mapping.
// POSIX_FADV_DONTNEED drops clean pages only, so after it zero resident pages also means
// zero dirty pages.
qint64 residentPages(const QByteArray &path)
{
    const int fd = ::open(path.constData(), O_RDONLY | O_CLOEXEC);
    struct stat st = {};
    if (fd < 0 || ::fstat(fd, &st) != 0 || st.st_size == 0) {
        if (fd >= 0)
            ::close(fd);
        return -1;
    }
    void *mapping = ::mmap(nullptr, size_t(st.st_size), PROT_READ, MAP_SHARED, fd, 0);
    ::close(fd);
    if (mapping == MAP_FAILED)
        return -1;
    const long page = ::sysconf(_SC_PAGESIZE);
    std::vector<unsigned char> vector(size_t((st.st_size + page - 1) / page));
    qint64 resident = -1;
    if (::mincore(mapping, size_t(st.st_size), vector.data()) == 0) {
        resident = 0;
        for (const unsigned char flag : vector)
            resident += flag & 1;
    }
    ::munmap(mapping, size_t(st.st_size));
    return resident;
}

} // namespace

class TestEngines final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { FS_REQUIRE_ROOT(); }
    void reflinkSharesExtents_data();
    void reflinkSharesExtents();
    void crossFileSystemCopiesFallBackCorrectly_data();
    void crossFileSystemCopiesFallBackCorrectly();
    void fileDurabilityLeavesNoDirtyPages();
};

void TestEngines::reflinkSharesExtents_data()
{
    QTest::addColumn<FsKind>("kind");
    QTest::addColumn<Engine>("engine");
    QTest::newRow("xfs, reflink") << FsKind::Xfs << Engine::Reflink;
    QTest::newRow("xfs, auto") << FsKind::Xfs << Engine::Auto;
    QTest::newRow("btrfs, reflink") << FsKind::Btrfs << Engine::Reflink;
    QTest::newRow("btrfs, auto") << FsKind::Btrfs << Engine::Auto;
}

void TestEngines::reflinkSharesExtents()
{
    QFETCH(FsKind, kind);
    QFETCH(Engine, engine);
    FS_MOUNT(fs, kind, 400 * MiB);
    QVERIFY(TestTree::makePath(fs->path("src")));
    QVERIFY(TestTree::makePath(fs->path("out")));
    QVERIFY(TestTree::writePatternFile(fs->path("src/data.bin"), 64 * MiB, 11));
    ::sync();
    const qint64 freeBefore = fs->freeBytes();

    CopyOptions options = JobRunner::quickOptions();
    options.engine = engine;
    QList<Engine> engines;
    const JobRunner::Run run = JobRunner::run({fs->path("src/data.bin")}, fs->path("out"), options,
                                              {}, {}, [&](CopyJob &, const CopyProgress &progress) {
                                                  if (progress.currentEngine != Engine::Auto
                                                      && !engines.contains(progress.currentEngine))
                                                      engines << progress.currentEngine;
                                              });
    QCOMPARE(run.result.status, CopyStatus::Succeeded);
    QVERIFY(TestTree::compareTrees(fs->path("src/data.bin"), fs->path("out/data.bin")).isEmpty());
    // No data moved through Sluice: the clone shares the source's extents.
    QCOMPARE(run.result.bytesWritten, qint64(0));
    QCOMPARE(run.result.bytesCopied, 64 * MiB);
    const auto [shared, extents] = sharedExtents(fs->path("out/data.bin"));
    QVERIFY2(extents > 0 && shared == extents,
             qPrintable(QStringLiteral("%1 of %2 extents shared").arg(shared).arg(extents)));
    ::sync();
    QVERIFY2(freeBefore - fs->freeBytes() < 8 * MiB,
             qPrintable(
                 QStringLiteral("free space fell by %1 bytes").arg(freeBefore - fs->freeBytes())));
    QVERIFY(!engines.contains(Engine::Stream));
}

void TestEngines::crossFileSystemCopiesFallBackCorrectly_data()
{
    QTest::addColumn<Engine>("engine");
    QTest::newRow("auto") << Engine::Auto;
    QTest::newRow("kernel") << Engine::Kernel;
    QTest::newRow("reflink") << Engine::Reflink;
}

void TestEngines::crossFileSystemCopiesFallBackCorrectly()
{
    QFETCH(Engine, engine);
    FS_MOUNT(source, FsKind::Tmpfs, 200 * MiB);
    FS_MOUNT(destination, FsKind::Ext4, 300 * MiB);
    QVERIFY(TestTree::makePath(source->path("tree/sub")));
    QVERIFY(TestTree::writePatternFile(source->path("tree/big"), 40 * MiB + 3, 21));
    QVERIFY(TestTree::writePatternFile(source->path("tree/sub/small"), 4096, 22));
    QVERIFY(TestTree::writeSparseFile(source->path("tree/sparse"), 100 * MiB,
                                      {0, 50 * MiB, 100 * MiB - 8}));

    CopyOptions options = JobRunner::quickOptions();
    options.engine = engine;
    const JobRunner::Run run = JobRunner::run({source->path("tree")}, destination->path(), options);
    QCOMPARE(run.result.status, CopyStatus::Succeeded);
    const QStringList differences =
        TestTree::compareTrees(source->path("tree"), destination->path("tree"));
    QVERIFY2(differences.isEmpty(), qPrintable(differences.join(u'\n')));
    QVERIFY(TestTree::allocatedBytes(destination->path("tree/sparse")) < 4 * MiB);
}

void TestEngines::fileDurabilityLeavesNoDirtyPages()
{
    FS_MOUNT(fs, FsKind::Ext4, 400 * MiB);
    Scratch scratch;
    QVERIFY(TestTree::writePatternFile(scratch.path("data.bin"), 128 * MiB, 31));
    for (const Engine engine : {Engine::Stream, Engine::Kernel}) {
        CopyOptions options = JobRunner::quickOptions();
        options.engine = engine;
        options.durability = Durability::File;
        const QByteArray name = engine == Engine::Stream ? "stream.bin" : "kernel.bin";
        const JobRunner::Run run =
            JobRunner::run({scratch.path("data.bin")}, fs->path(name), options);
        QCOMPARE(run.result.status, CopyStatus::Succeeded);
        QCOMPARE(residentPages(fs->path(name)), qint64(0));
        QVERIFY(TestTree::compareTrees(scratch.path("data.bin"), fs->path(name)).isEmpty());
    }
}

QTEST_GUILESS_MAIN(TestEngines)
#include "tst_engines.moc"
