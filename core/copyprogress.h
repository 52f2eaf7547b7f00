#pragma once

#include "copyoptions.h"

#include <QByteArray>
#include <QJsonObject>
#include <QMetaType>

namespace Sluice {

/// What a job is doing right now.
enum class CopyPhase : quint8 {
    Idle,             ///< not started
    Scanning,         ///< walking the sources to build the plan
    Checking,         ///< preflight: same file, space, file-system limits
    WaitingForDevice, ///< another job is writing to the same disk (DeviceTurnPolicy::Wait)
    Copying,          ///< moving bytes
    Verifying,        ///< re-reading a destination to compare checksums
    Flushing,         ///< waiting for written data to reach the device
    Finished,         ///< the result has been (or is about to be) delivered
};

/// The phase's name in JSON and logs ("waiting-for-device"); never translated.
QString phaseName(CopyPhase phase);
/// The phase as a person reads it ("Waiting for the disk"), translated in the context
/// "CopyPhase" with the application's translators. For the window and the desktop's job view.
QString phaseDescription(CopyPhase phase);

/// One sample of a job's state, taken every 100 ms by the progress sampler (a plain value;
/// cheap to copy across threads). Sizes are bytes, rates bytes/s, times milliseconds.
///
/// `bytesDone` is logical progress: data copied plus holes of sparse files passed over
/// plus bytes of items that were skipped or failed, so that bytesDone reaches bytesTotal
/// exactly when the job ends. `bytesRead` and `bytesWritten` count only data really moved
/// through read/write or copy_file_range; the rates are derived from them.
struct CopyProgress
{
    CopyPhase phase = CopyPhase::Idle;
    bool paused = false;
    /// A question is open: the job waits for a person's answer. The ETA holds its last
    /// value, rates are 0, elapsedMs keeps counting.
    bool waiting = false;

    qint64 bytesTotal = 0;
    qint64 bytesDone = 0;
    qint64 bytesRead = 0;
    qint64 bytesWritten = 0;

    qint64 itemsTotal = 0;
    qint64 itemsDone = 0; ///< finished in any way: copied, skipped or failed
    qint64 itemsSkipped = 0;
    qint64 itemsFailed = 0;

    QByteArray currentItem; ///< native source path of the file being moved, if any
    qint64 currentItemBytesDone = 0;
    qint64 currentItemSize = 0;
    Engine currentEngine = Engine::Auto; ///< Auto when no file is being moved
    int smallFilesInFlight = 0;          ///< small files being copied concurrently by the pool now

    qint64 readRate = 0;  ///< bytes/s over the sliding window, paused time excluded
    qint64 writeRate = 0; ///< bytes/s over the sliding window, paused time excluded
    qint64 etaMs = -1;    ///< -1 while unknown; never negative otherwise
    qint64 elapsedMs = 0; ///< since start, paused time included
    /// Time spent moving data so far (copying, verifying, flushing), without paused time
    /// and time waiting for an answer: the divisor of the average rate.
    qint64 movingMs = 0;

    int buffersInUse = 0; ///< chunks filled or being filled (0..queueDepth)
    int queueDepth = 0;
    qint64 chunkSize = 0;

    qint64 residentBytes = 0;     ///< this process's resident set size (/proc/self/statm)
    qint64 peakResidentBytes = 0; ///< highest residentBytes sampled in this job
    qint64 systemDirtyBytes = 0;  ///< Dirty + Writeback of the whole system (/proc/meminfo)
    qint64 bytesToFlush = 0;      ///< in Flushing: bytes written but not yet known durable

    /// In WaitingForDevice: the disk ("/dev/sdb") and who holds it ("sluice-cli (pid 4711)
    /// copying to /media/usb"; empty when the holder did not say).
    QString waitingForDevice;
    QString deviceHolder;

    /// bytesDone / bytesTotal in per-mille (0..1000); 1000 for an empty job that finished.
    int perMille() const;
    /// Every field, sizes and rates as integers, for `sluice-cli --progress json`.
    QJsonObject toJson() const;
};

} // namespace Sluice

Q_DECLARE_METATYPE(Sluice::CopyProgress)
Q_DECLARE_METATYPE(Sluice::CopyPhase)
