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

ProgressSampler::DataMove ProgressSampler::dataMoveSinceLastSample()
{
    const ProgressCounters &counters = m_job->counters;
    const bool movingNow = counters.dataMovesInFlight.load(std::memory_order_relaxed) > 0;
    const quint64 begun = counters.dataMovesBegun.load(std::memory_order_relaxed);
    const qint64 bytes = counters.bytesRead.load(std::memory_order_relaxed)
                         + counters.bytesWritten.load(std::memory_order_relaxed);
    DataMove move;
    move.bytesMoved = bytes != m_bytesMovedSeen;
    // A move was going on at the interval's start or end, or began in it.
    move.inFlight = movingNow || m_wasMoving || begun != m_movesBegun;
    m_wasMoving = movingNow;
    m_movesBegun = begun;
    m_bytesMovedSeen = bytes;
    return move;
}

void ProgressSampler::countMovingTime(CopyPhase phase, qint64 intervalMs, DataMove move)
{
    // Verifying re-reads the data: moving throughout. Copying: the intervals in which bytes
    // moved, and those in between while a file's move went on without a byte (a speed limit
    // between chunks) once its next byte moves; after a file's last byte they are dropped,
    // so moving time ends with the last data move. Flushing (the final sync) and finishing
    // are not moving; bytes move only while copying or verifying, so an interval in which
    // they moved counts whatever the phase at its end: a job's last bytes often move in the
    // interval that ends with the final sample, in Flushing or Finished (issue 13: 3 MiB
    // copied after three answered questions, summed up as "Transfer time: 0:00").
    if (phase == CopyPhase::Verifying || move.bytesMoved) {
        m_movingMs += m_pendingMovingMs + intervalMs;
        m_pendingMovingMs = 0;
    } else if (phase == CopyPhase::Copying && move.inFlight) {
        m_pendingMovingMs += intervalMs;
    } else {
        m_pendingMovingMs = 0;
    }
}

void ProgressSampler::sampleRates(CopyProgress &p, bool counted, qint64 worked)
{
    // After a pause, or an interval of a question in which nothing moved, the rates start
    // again from what moves after it (0 until bytes move), not from the window before it.
    if (!counted) {
        m_readRate.reset();
        m_writeRate.reset();
        m_doneRate.reset();
    }
    m_readRate.addSample(m_activeMs, p.bytesRead);
    m_writeRate.addSample(m_activeMs, p.bytesWritten);
    m_doneRate.addSample(m_activeMs, worked);
    if (!p.paused && p.phase == CopyPhase::Copying) {
        // While a question is open the other threads go on copying: their rates are shown.
        const qint64 limit = m_job->control.speedLimit();
        const auto capped = [limit](qint64 rate) {
            return limit > 0 ? std::min(rate, limit) : rate;
        };
        p.readRate = m_readRate.rate();
        p.writeRate = capped(m_writeRate.rate());
        if (!p.waiting) {
            // No ETA until the rate is known, over EtaMinSpanMs of window: the first chunk
            // goes soon and would promise a fraction of the time.
            const qint64 doneRate = capped(m_doneRate.rate());
            if (doneRate > 0 && m_doneRate.spanMs() >= EtaMinSpanMs)
                p.etaMs = (p.bytesTotal - p.bytesDone) * 1000 / doneRate;
            m_lastEtaMs = p.etaMs;
        }
    }
    if (p.waiting)
        p.etaMs = m_lastEtaMs; // stopped, not unknown: it goes on when the answer comes
    if (p.phase == CopyPhase::Finished)
        p.etaMs = 0;
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
    // An interval in which a pause fell is not counted: a job stopped by SIGTSTP and resumed
    // right after SIGCONT must not count the stopped time as moving. Nor one that began
    // paused: the process stopped by SIGTSTP (the sampler's thread too) takes its next sample
    // after SIGCONT, when the job is active again. A question stops only the thread that
    // asks, so an interval in which a question was open counts when data moved in it
    // (other threads copying; a data move going on), and only then. Moving time is counted
    // time in the phases that move data, and in Copying only the intervals in which a file's
    // data moved (skips, collision checks, folders and the final sync are not moving):
    // countMovingTime().
    const quint64 pauses = m_job->control.pauseCount();
    const quint64 questions = m_job->broker.questionCount();
    const bool pauseFell = p.paused || m_lastPaused || pauses != m_pauses;
    const bool questionFell = p.waiting || m_lastWaiting || questions != m_questions;
    m_lastPaused = p.paused;
    m_lastWaiting = p.waiting;
    m_pauses = pauses;
    m_questions = questions;
    const DataMove move = dataMoveSinceLastSample();
    const bool counted = !pauseFell && (!questionFell || move.bytesMoved || move.inFlight);
    if (counted) {
        m_activeMs += now - m_lastMs;
        countMovingTime(p.phase, now - m_lastMs, move);
    } else if (!pauseFell) {
        m_pendingMovingMs = 0; // a question's interval without a data move: as after one
    }
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

    sampleRates(p, counted, worked);

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
