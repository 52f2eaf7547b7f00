#include "progresssampler.h"

#include "jobcontext.h"
#include "processmemory.h"

#include <QElapsedTimer>
#include <QTimer>

#include <algorithm>
#include <tuple>

namespace Sluice {

ProgressSampler::ProgressSampler(std::shared_ptr<JobContext> job, std::function<qint64()> clockMs)
    : m_job(std::move(job))
    , m_clockMs(std::move(clockMs))
{
    if (!m_clockMs) {
        auto timer = std::make_shared<QElapsedTimer>();
        timer->start();
        m_clockMs = [timer] { return timer->elapsed(); };
    }
}

ProgressSampler::~ProgressSampler() = default;

void ProgressSampler::start()
{
    if (!m_timer) {
        m_timer = new QTimer(this);
        m_timer->setTimerType(Qt::PreciseTimer);
        connect(m_timer, &QTimer::timeout, this, [this] { Q_EMIT sampled(sample()); });
    }
    m_timer->start(IntervalMs);
    Q_EMIT sampled(sample());
}

void ProgressSampler::stop()
{
    delete m_timer;
    m_timer = nullptr;
}

bool ProgressSampler::dataMovedSinceLastSample()
{
    const ProgressCounters &counters = m_job->counters;
    const bool movingNow = counters.dataMovesInFlight.load(std::memory_order_relaxed) > 0;
    const quint64 begun = counters.dataMovesBegun.load(std::memory_order_relaxed);
    const qint64 bytes = counters.bytesRead.load(std::memory_order_relaxed)
                         + counters.bytesWritten.load(std::memory_order_relaxed);
    // Data moved in the interval when a move was going on at its start or its end, began in
    // it (and ended before its end), or bytes were read or written in it.
    const bool moved =
        movingNow || m_wasMoving || begun != m_movesBegun || bytes != m_bytesMovedSeen;
    m_wasMoving = movingNow;
    m_movesBegun = begun;
    m_bytesMovedSeen = bytes;
    return moved;
}

CopyProgress ProgressSampler::sample()
{
    const qint64 now = m_clockMs();
    if (m_startMs < 0) {
        m_startMs = now;
        m_lastMs = now;
    }
    const ProgressCounters &counters = m_job->counters;
    CopyProgress p;
    p.phase = counters.currentPhase();
    p.paused = m_job->control.isPaused();
    p.waiting = m_job->broker.isAsking();
    // An interval is active only when no pause or question fell in it: a job stopped by
    // SIGTSTP and resumed right after SIGCONT must not count the stopped time as moving.
    // Moving time is active time in the phases that move data, and in Copying only the
    // intervals in which a file's data moved (skips, collision checks and folders are not
    // moving); the last interval (ending in Finished) was spent finishing them.
    const quint64 pauses = m_job->control.pauseCount();
    const quint64 questions = m_job->broker.questionCount();
    const bool active = !p.paused && !p.waiting;
    const bool counted = active && pauses == m_pauses && questions == m_questions;
    m_pauses = pauses;
    m_questions = questions;
    if (counted)
        m_activeMs += now - m_lastMs;
    const bool dataMoved = dataMovedSinceLastSample();
    if (counted
        && ((p.phase == CopyPhase::Copying && dataMoved) || p.phase == CopyPhase::Verifying
            || p.phase == CopyPhase::Flushing || p.phase == CopyPhase::Finished))
        m_movingMs += now - m_lastMs;
    m_lastMs = now;

    // bytesDone before bytesTotal: writers raise the total first (see ProgressCounters).
    p.bytesDone = counters.bytesDone.load(std::memory_order_relaxed);
    p.bytesRead = counters.bytesRead.load(std::memory_order_relaxed);
    p.bytesWritten = counters.bytesWritten.load(std::memory_order_relaxed);
    p.bytesTotal = std::max(p.bytesDone, counters.bytesTotal.load(std::memory_order_relaxed));
    p.itemsSkipped = counters.itemsSkipped.load(std::memory_order_relaxed);
    p.itemsFailed = counters.itemsFailed.load(std::memory_order_relaxed);
    p.itemsDone = counters.itemsCopied.load(std::memory_order_relaxed) + p.itemsSkipped
                  + p.itemsFailed
                  + counters.itemsChanged.load(std::memory_order_relaxed); // finished in any way
    p.itemsTotal = std::max(p.itemsDone, counters.itemsTotal.load(std::memory_order_relaxed));
    p.currentItem = counters.currentItem();
    std::tie(p.waitingForDevice, p.deviceHolder) = counters.deviceWait();
    p.currentItemSize = counters.currentItemSize.load(std::memory_order_relaxed);
    p.currentItemBytesDone =
        std::min(p.currentItemSize, counters.currentItemDone.load(std::memory_order_relaxed));
    p.currentEngine = Engine(counters.currentEngine.load(std::memory_order_relaxed));
    p.smallFilesInFlight = counters.smallFilesInFlight.load(std::memory_order_relaxed);
    p.elapsedMs = now - m_startMs;
    p.movingMs = m_movingMs;
    const qint64 worked = counters.bytesWorked.load(std::memory_order_relaxed);

    m_readRate.addSample(m_activeMs, p.bytesRead);
    m_writeRate.addSample(m_activeMs, p.bytesWritten);
    m_doneRate.addSample(m_activeMs, worked);
    if (active && p.phase == CopyPhase::Copying) {
        p.readRate = m_readRate.rate();
        p.writeRate = m_writeRate.rate();
        if (const qint64 limit = m_job->control.speedLimit(); limit > 0)
            p.writeRate = std::min(p.writeRate, limit);
        const qint64 doneRate = m_doneRate.rate();
        if (doneRate > 0)
            p.etaMs = (p.bytesTotal - p.bytesDone) * 1000 / doneRate;
        m_lastEtaMs = p.etaMs;
    } else if (p.waiting) {
        p.etaMs = m_lastEtaMs; // stopped, not unknown: it goes on when the answer comes
    }
    if (p.phase == CopyPhase::Finished)
        p.etaMs = 0;

    if (m_job->chunks) {
        p.buffersInUse = m_job->chunks->inUse();
        p.queueDepth = m_job->chunks->queueDepth();
        p.chunkSize = m_job->chunks->chunkSize();
    } else {
        p.queueDepth = m_job->options.queueDepth;
        p.chunkSize = m_job->options.chunkSize;
    }
    p.residentBytes = residentSetBytes();
    m_peakResident = std::max(m_peakResident, p.residentBytes);
    p.peakResidentBytes = m_peakResident;
    p.systemDirtyBytes = systemDirtyBytes();
    p.bytesToFlush = p.phase == CopyPhase::Flushing ? p.systemDirtyBytes : 0;
    return p;
}

} // namespace Sluice
