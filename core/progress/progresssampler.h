#pragma once

#include "copyprogress.h"
#include "ratemeter.h"

#include <QObject>

#include <functional>
#include <memory>

class QTimer;

namespace Sluice {

struct JobContext;

/// Turns a job's counters into one CopyProgress every 100 ms. Lives on its own thread
/// ("sluice-progress") so that samples keep coming while the worker is blocked in a slow
/// write(2), paused, or waiting for an answer — a timer on the worker thread would starve
/// exactly when the person most needs to see what is happening. DESIGN.md places the timer
/// on the worker thread; docs/design-notes.md records why it moved.
///
/// Rates are bytes/s over a 2 s sliding window of *active* time: the clock stops while the
/// job is paused, so rates show 0 then, and the window starts again after it (0 until bytes
/// move again; not the rate from before, decaying). A question stops only the thread that
/// asks: while it is open the intervals in which other threads moved data count as active
/// and moving time, with their bytes and rates shown, and those in which nothing moved are
/// left out like paused ones (docs/design-notes.md, issue 13). The write rate shown
/// never exceeds the speed limit: the limiter holds the long-run rate to it, and a short window's
/// excess (a chunk landing early in a short window, the burst allowance after idle time, a chunk
/// finished while pausing) is chunk granularity, not speed. The ETA divides the remaining logical
/// bytes by the rate of the bytes really moved on (passed-over bytes of skipped items are neither
/// remaining nor rate), capped by the speed limit, and is unknown (-1) until the window spans
/// EtaMinSpanMs; while a question is open it holds (stopped, as the asking thread is). Moving time
/// ends with a file's last byte moved (countMovingTime()).
class ProgressSampler final : public QObject
{
    Q_OBJECT
public:
    /// Milliseconds between samples (KIO reports every 200 ms; the design asks for 100).
    static constexpr int IntervalMs = 100;
    /// Active milliseconds of rate window an ETA needs; before that it is unknown (-1).
    static constexpr qint64 EtaMinSpanMs = 1000;

    /// @p clockMs: monotonic milliseconds, injectable for tests (default: QElapsedTimer).
    explicit ProgressSampler(std::shared_ptr<JobContext> job, std::function<qint64()> clockMs = {});
    ~ProgressSampler() override;
    Q_DISABLE_COPY_MOVE(ProgressSampler)

    /// Builds a sample from the counters now. Call from the sampler's thread, or from any
    /// one thread once that thread has stopped.
    CopyProgress sample();

public Q_SLOTS:
    /// Starts the 100 ms timer (in the sampler's thread).
    void start();
    /// Stops and destroys the timer (in the sampler's thread; see CopyWorker::finish()).
    void stop();

Q_SIGNALS:
    void sampled(const Sluice::CopyProgress &progress);

private:
    /// What ProgressCounters say moved in the interval that ends now (against the last
    /// sample's data moves and byte counts).
    struct DataMove
    {
        bool bytesMoved = false; ///< bytes were read or written
        bool inFlight = false;   ///< a file's data move went on in it
    };
    DataMove dataMoveSinceLastSample();
    /// Adds a counted interval of @p intervalMs to the moving time (see sample()).
    void countMovingTime(CopyPhase phase, qint64 intervalMs, DataMove move);
    /// Rates and ETA of @p p; @p counted: the interval counts (see sample()).
    void sampleRates(CopyProgress &p, bool counted, qint64 worked);

    std::shared_ptr<JobContext> m_job;
    std::function<qint64()> m_clockMs;
    QTimer *m_timer = nullptr;
    RateMeter m_readRate;
    RateMeter m_writeRate;
    RateMeter m_doneRate;
    qint64 m_startMs = -1;
    qint64 m_lastMs = 0;
    qint64 m_activeMs = 0;
    qint64 m_movingMs = 0;
    qint64 m_pendingMovingMs = 0; ///< a move's time without a byte, counted once one moves
    qint64 m_lastEtaMs = -1;
    quint64 m_pauses = 0;    ///< JobControl::pauseCount() at the last sample
    quint64 m_questions = 0; ///< QuestionBroker::questionCount() at the last sample
    qint64 m_peakResident = 0;
    bool m_lastPaused = false;   ///< paused at the last sample
    bool m_lastWaiting = false;  ///< a question was open at the last sample
    bool m_wasMoving = false;    ///< a data move was going on at the last sample
    quint64 m_movesBegun = 0;    ///< ProgressCounters::dataMovesBegun at the last sample
    qint64 m_bytesMovedSeen = 0; ///< bytes read plus written at the last sample
};

} // namespace Sluice
