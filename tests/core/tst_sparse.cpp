// Engine equivalence: every engine gives identical bytes for every shape of file, and keeps
// holes where it promises to; a 5 GiB sparse file with markers arrives whole.

#include "jobrunner.h"
#include "testtree.h"

#include <QTest>

#include <fcntl.h>
#include <unistd.h>

using namespace Sluice;

namespace {

constexpr qint64 Chunk = 256 * KiB;

enum class Shape {
    Empty,
    OneByte,
    ChunkMinusOne,
    ChunkPlusOne,
    SeveralChunks,
    HoleAtStart,
    HoleInMiddle,
    HoleAtEnd,
    Huge
};

// Creates the source for `shape`; returns its logical size (or -1 on failure).
qint64 makeSource(const QByteArray &path, Shape shape)
{
    using namespace TestTree;
    switch (shape) {
    case Shape::Empty:
        return writeFile(path, {}) ? 0 : -1;
    case Shape::OneByte:
        return writeFile(path, "!") ? 1 : -1;
    case Shape::ChunkMinusOne:
        return writePatternFile(path, Chunk - 1, 1) ? Chunk - 1 : -1;
    case Shape::ChunkPlusOne:
        return writePatternFile(path, Chunk + 1, 2) ? Chunk + 1 : -1;
    case Shape::SeveralChunks:
        return writePatternFile(path, 5 * Chunk + 123, 3) ? 5 * Chunk + 123 : -1;
    case Shape::HoleAtStart: {
        const int fd = ::open(path.constData(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        QByteArray data(Chunk, 'x');
        const bool ok = ::pwrite(fd, data.constData(), data.size(), 64 * MiB) == data.size();
        ::close(fd);
        return ok ? 64 * MiB + Chunk : -1;
    }
    case Shape::HoleInMiddle: {
        const int fd = ::open(path.constData(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        QByteArray data(Chunk, 'y');
        bool ok = ::pwrite(fd, data.constData(), data.size(), 0) == data.size();
        ok = ok && ::pwrite(fd, data.constData(), data.size(), 64 * MiB) == data.size();
        ::close(fd);
        return ok ? 64 * MiB + Chunk : -1;
    }
    case Shape::HoleAtEnd: {
        const int fd = ::open(path.constData(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        QByteArray data(Chunk, 'z');
        bool ok = ::pwrite(fd, data.constData(), data.size(), 0) == data.size();
        ok = ok && ::ftruncate(fd, 64 * MiB) == 0;
        ::close(fd);
        return ok ? 64 * MiB : -1;
    }
    case Shape::Huge: {
        const qint64 size = 5 * GiB;
        return writeSparseFile(path, size, {0, 2 * GiB, 4 * GiB, size - 8}) ? size : -1;
    }
    }
    return -1;
}

bool isSparseShape(Shape shape)
{
    return shape == Shape::HoleAtStart || shape == Shape::HoleInMiddle || shape == Shape::HoleAtEnd
           || shape == Shape::Huge;
}

} // namespace

Q_DECLARE_METATYPE(Shape)

class TestSparse final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void enginesCopyEveryShapeIdentically_data();
    void enginesCopyEveryShapeIdentically();
};

void TestSparse::enginesCopyEveryShapeIdentically_data()
{
    QTest::addColumn<Engine>("engine");
    QTest::addColumn<Shape>("shape");
    const QList<QPair<const char *, Engine>> engines{
        {"stream", Engine::Stream}, {"kernel", Engine::Kernel}, {"auto", Engine::Auto}};
    const QList<QPair<const char *, Shape>> shapes{
        {"empty", Shape::Empty},
        {"1 byte", Shape::OneByte},
        {"chunk-1", Shape::ChunkMinusOne},
        {"chunk+1", Shape::ChunkPlusOne},
        {"several chunks", Shape::SeveralChunks},
        {"hole at start", Shape::HoleAtStart},
        {"hole in middle", Shape::HoleInMiddle},
        {"hole at end", Shape::HoleAtEnd},
        {"5 GiB sparse", Shape::Huge},
    };
    for (const auto &[engineName, engine] : engines) {
        for (const auto &[shapeName, shape] : shapes)
            QTest::addRow("%s, %s", engineName, shapeName) << engine << shape;
    }
}

void TestSparse::enginesCopyEveryShapeIdentically()
{
    QFETCH(Engine, engine);
    QFETCH(Shape, shape);
    Scratch scratch;
    const QByteArray source = scratch.path("source.bin");
    const qint64 size = makeSource(source, shape);
    QVERIFY(size >= 0);
    QVERIFY(TestTree::makePath(scratch.path("out")));

    CopyOptions options = JobRunner::quickOptions();
    options.engine = engine;
    options.chunkSize = Chunk;
    const JobRunner::Run run = JobRunner::run({source}, scratch.path("out"), options);
    QCOMPARE(run.result.status, CopyStatus::Succeeded);
    const QByteArray copy = scratch.path("out/source.bin");
    const QStringList differences = TestTree::compareTrees(source, copy);
    QVERIFY2(differences.isEmpty(), qPrintable(differences.join(u'\n')));

    if (isSparseShape(shape)) {
        // Holes stay holes: the copy occupies about what the source occupies.
        const qint64 sourceBlocks = TestTree::allocatedBytes(source);
        const qint64 copyBlocks = TestTree::allocatedBytes(copy);
        QVERIFY2(copyBlocks <= sourceBlocks + 4 * MiB,
                 qPrintable(QStringLiteral("source %1, copy %2 bytes allocated")
                                .arg(sourceBlocks)
                                .arg(copyBlocks)));
    }
    if (shape == Shape::Huge) {
        const QList<qint64> markers{0, 2 * GiB, 4 * GiB, size - 8};
        const int fd = ::open(copy.constData(), O_RDONLY);
        for (const qint64 offset : markers) {
            qint64 value = -1;
            QCOMPARE(::pread(fd, &value, 8, offset), ssize_t(8));
            QCOMPARE(value, offset);
        }
        ::close(fd);
    }
    qint64 done = 0;
    qint64 read = 0;
    for (const CopyProgress &sample : run.samples) {
        QVERIFY(sample.bytesDone >= done && sample.bytesRead >= read);
        QVERIFY(sample.bytesDone >= 0 && sample.bytesTotal >= sample.bytesDone);
        done = sample.bytesDone;
        read = sample.bytesRead;
    }
    QCOMPARE(run.samples.constLast().bytesDone, size);
    QCOMPARE(run.samples.constLast().bytesTotal, size);
}

QTEST_GUILESS_MAIN(TestSparse)
#include "tst_sparse.moc"
