#include "copyprogress.h"

#include "nativepath.h"

#include <QCoreApplication>

namespace Sluice {

QString phaseName(CopyPhase phase)
{
    switch (phase) {
    case CopyPhase::Idle:
        return QStringLiteral("idle");
    case CopyPhase::Scanning:
        return QStringLiteral("scanning");
    case CopyPhase::Checking:
        return QStringLiteral("checking");
    case CopyPhase::WaitingForDevice:
        return QStringLiteral("waiting-for-device");
    case CopyPhase::Copying:
        return QStringLiteral("copying");
    case CopyPhase::Verifying:
        return QStringLiteral("verifying");
    case CopyPhase::Flushing:
        return QStringLiteral("flushing");
    case CopyPhase::Finished:
        return QStringLiteral("finished");
    }
    return {};
}

QString phaseDescription(CopyPhase phase)
{
    switch (phase) {
    case CopyPhase::Idle:
        return QCoreApplication::translate("CopyPhase", "Waiting to start");
    case CopyPhase::Scanning:
        return QCoreApplication::translate("CopyPhase", "Listing what to copy");
    case CopyPhase::Checking:
        return QCoreApplication::translate("CopyPhase", "Checking before copying");
    case CopyPhase::WaitingForDevice:
        return QCoreApplication::translate("CopyPhase", "Waiting for the disk");
    case CopyPhase::Copying:
        return QCoreApplication::translate("CopyPhase", "Copying");
    case CopyPhase::Verifying:
        return QCoreApplication::translate("CopyPhase", "Verifying the copy");
    case CopyPhase::Flushing:
        return QCoreApplication::translate("CopyPhase", "Flushing to disk");
    case CopyPhase::Finished:
        return QCoreApplication::translate("CopyPhase", "Finished");
    }
    return {};
}

int CopyProgress::perMille() const
{
    if (bytesTotal <= 0) {
        if (phase == CopyPhase::Finished)
            return 1000;
        return itemsTotal > 0 ? int(qBound<qint64>(0, itemsDone, itemsTotal) * 1000 / itemsTotal)
                              : 0;
    }
    const qint64 done = qBound<qint64>(0, bytesDone, bytesTotal);
    // long double keeps 64 bits of mantissa: exact for any qint64 byte count.
    return int(static_cast<long double>(done) * 1000 / bytesTotal);
}

QJsonObject CopyProgress::toJson() const
{
    return QJsonObject{
        {QStringLiteral("phase"), phaseName(phase)},
        {QStringLiteral("paused"), paused},
        {QStringLiteral("waiting"), waiting},
        {QStringLiteral("bytesTotal"), bytesTotal},
        {QStringLiteral("bytesDone"), bytesDone},
        {QStringLiteral("bytesRead"), bytesRead},
        {QStringLiteral("bytesWritten"), bytesWritten},
        {QStringLiteral("itemsTotal"), itemsTotal},
        {QStringLiteral("itemsDone"), itemsDone},
        {QStringLiteral("itemsSkipped"), itemsSkipped},
        {QStringLiteral("itemsFailed"), itemsFailed},
        {QStringLiteral("currentItem"), NativePath::toDisplay(currentItem)},
        {QStringLiteral("currentItemBytesDone"), currentItemBytesDone},
        {QStringLiteral("currentItemSize"), currentItemSize},
        {QStringLiteral("engine"),
         currentEngine == Engine::Auto ? QString() : engineName(currentEngine)},
        {QStringLiteral("smallFilesInFlight"), smallFilesInFlight},
        {QStringLiteral("readRate"), readRate},
        {QStringLiteral("writeRate"), writeRate},
        {QStringLiteral("etaMs"), etaMs},
        {QStringLiteral("elapsedMs"), elapsedMs},
        {QStringLiteral("movingMs"), movingMs},
        {QStringLiteral("buffersInUse"), buffersInUse},
        {QStringLiteral("queueDepth"), queueDepth},
        {QStringLiteral("chunkSize"), chunkSize},
        {QStringLiteral("residentBytes"), residentBytes},
        {QStringLiteral("peakResidentBytes"), peakResidentBytes},
        {QStringLiteral("systemDirtyBytes"), systemDirtyBytes},
        {QStringLiteral("bytesToFlush"), bytesToFlush},
        {QStringLiteral("perMille"), perMille()},
        {QStringLiteral("waitingForDevice"), waitingForDevice},
        {QStringLiteral("deviceHolder"), deviceHolder},
    };
}

} // namespace Sluice
