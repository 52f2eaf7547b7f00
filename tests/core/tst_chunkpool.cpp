// The bounded buffer: backpressure, order, abandonment.

#include "chunkpool.h"
#include "copyoptions.h"

#include <QTest>
#include <QThread>

#include <atomic>

using namespace Sluice;

class TestChunkPool final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void allocatesExactlyDepthChunks();
    void readerBlocksWhenEveryChunkIsInUse();
    void chunksComeOutInPushOrder();
    void popReturnsNullWhenAbandoned();
};

void TestChunkPool::allocatesExactlyDepthChunks()
{
    ChunkPool pool(64 * KiB, 3);
    QCOMPARE(pool.queueDepth(), 3);
    QCOMPARE(pool.chunkSize(), 64 * KiB);
    QList<Chunk *> taken;
    for (int i = 0; i < 3; ++i) {
        Chunk *chunk = pool.acquire([] { return false; });
        QVERIFY(chunk);
        QCOMPARE(chunk->capacity, 64 * KiB);
        QCOMPARE(quintptr(chunk->data) % 4096, quintptr(0));
        taken << chunk;
    }
    QCOMPARE(pool.inUse(), 3);
    for (Chunk *chunk : taken)
        pool.release(chunk);
    QCOMPARE(pool.inUse(), 0);
    QCOMPARE(pool.peakInUse(), 3);
}

void TestChunkPool::readerBlocksWhenEveryChunkIsInUse()
{
    ChunkPool pool(4 * KiB, 4);
    std::atomic<int> acquired{0};
    std::atomic<bool> abandon{false};
    std::atomic<bool> lastWasNull{false};
    std::unique_ptr<QThread> reader(QThread::create([&] {
        // A reader that never sees the writer drain: it may fill the pool, then must wait.
        for (int i = 0; i < 6; ++i) {
            Chunk *chunk = pool.acquire([&] { return abandon.load(); });
            if (!chunk) {
                lastWasNull = true;
                return;
            }
            pool.push(chunk);
            ++acquired;
        }
    }));
    reader->start();
    QTRY_COMPARE(pool.inUse(), 4);
    // No chunk was released, so a fifth acquire cannot have succeeded: the reader is held.
    QCOMPARE(acquired.load(), 4);
    QCOMPARE(pool.queued(), 4);

    // The writer drains one chunk: exactly one more read may happen.
    pool.release(pool.pop([] { return false; }));
    QTRY_COMPARE(acquired.load(), 5);
    QCOMPARE(pool.inUse(), 4);

    abandon = true;
    pool.wakeAll();
    QVERIFY(reader->wait(10000));
    QVERIFY(lastWasNull.load());
    QCOMPARE(acquired.load(), 5);
    QCOMPARE(pool.peakInUse(), 4);
    while (Chunk *chunk = pool.tryPop())
        pool.release(chunk);
    QCOMPARE(pool.inUse(), 0);
}

void TestChunkPool::chunksComeOutInPushOrder()
{
    ChunkPool pool(4 * KiB, 4);
    for (int i = 0; i < 4; ++i) {
        Chunk *chunk = pool.acquire([] { return false; });
        chunk->offset = qint64(i) * 4096;
        pool.push(chunk);
    }
    for (int i = 0; i < 4; ++i) {
        Chunk *chunk = pool.pop([] { return false; });
        QCOMPARE(chunk->offset, qint64(i) * 4096);
        pool.release(chunk);
    }
}

void TestChunkPool::popReturnsNullWhenAbandoned()
{
    ChunkPool pool(4 * KiB, 2);
    std::atomic<bool> abandon{false};
    std::atomic<bool> returned{false};
    Chunk *result = reinterpret_cast<Chunk *>(1);
    std::unique_ptr<QThread> writer(QThread::create([&] {
        result = pool.pop([&] { return abandon.load(); });
        returned = true;
    }));
    writer->start();
    abandon = true;
    pool.wakeAll();
    QVERIFY(writer->wait(10000));
    QVERIFY(returned.load());
    QCOMPARE(result, nullptr);
}

QTEST_GUILESS_MAIN(TestChunkPool)
#include "tst_chunkpool.moc"
