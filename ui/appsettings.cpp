#include "appsettings.h"

#include <QFile>
#include <QSettings>

namespace Sluice::Ui {

namespace {

const QString ChunkSizeKey = QStringLiteral("copy/chunkSize");
const QString QueueDepthKey = QStringLiteral("copy/queueDepth");
const QString CollisionKey = QStringLiteral("copy/onCollision");
const QString ErrorKey = QStringLiteral("copy/onError");
const QString EngineKey = QStringLiteral("copy/engine");
const QString DurabilityKey = QStringLiteral("copy/durability");
const QString VerifyKey = QStringLiteral("copy/verify");
const QString FollowKey = QStringLiteral("copy/followSymlinks");
const QString ArchiveKey = QStringLiteral("copy/archive");
const QString SpeedLimitKey = QStringLiteral("copy/speedLimit");
const QString SmallJobKey = QStringLiteral("copy/smallJobBytes");
const QString ShowChartKey = QStringLiteral("window/showChart");
const QString RecentKey = QStringLiteral("destinations/recent");
const QString LeaveOutKey = QStringLiteral("copy/leaveOut");

template<typename Enum>
Enum readEnum(const QSettings &settings, const QString &key, Enum fallback,
              std::optional<Enum> (*parse)(QStringView))
{
    return parse(settings.value(key).toString()).value_or(fallback);
}

} // namespace

WindowSettings WindowSettings::load()
{
    const QSettings settings;
    WindowSettings loaded;
    CopyOptions &options = loaded.options;
    bool ok = false;
    const qint64 chunk = settings.value(ChunkSizeKey).toLongLong(&ok);
    if (ok && chunk >= MinChunkSize && chunk <= MaxChunkSize)
        options.chunkSize = chunk;
    const int depth = settings.value(QueueDepthKey).toInt(&ok);
    if (ok && depth >= MinQueueDepth && depth <= MaxQueueDepth)
        options.queueDepth = depth;
    options.onCollision =
        readEnum(settings, CollisionKey, options.onCollision, &collisionPolicyFromString);
    options.onError = readEnum(settings, ErrorKey, options.onError, &errorPolicyFromString);
    options.engine = readEnum(settings, EngineKey, options.engine, &engineFromString);
    options.durability =
        readEnum(settings, DurabilityKey, options.durability, &durabilityFromString);
    options.verify = readEnum(settings, VerifyKey, options.verify, &verifyAlgorithmFromString);
    options.followSymlinks = settings.value(FollowKey, false).toBool();
    loaded.setArchive(settings.value(ArchiveKey, false).toBool());
    const qint64 limit = settings.value(SpeedLimitKey, 0).toLongLong(&ok);
    options.speedLimit = ok && limit > 0 ? limit : 0;
    const qint64 smallJob = settings.value(SmallJobKey, options.smallJobBytes).toLongLong(&ok);
    if (ok && smallJob >= 0)
        options.smallJobBytes = smallJob;
    loaded.showChart = settings.value(ShowChartKey, true).toBool();
    loaded.leaveOut = settings.value(LeaveOutKey).toStringList();
    if (!options.validate().isEmpty())
        options.verify = VerifyAlgorithm::None; // reflink + verify: keep the engine choice
    return loaded;
}

void WindowSettings::save() const
{
    QSettings settings;
    settings.setValue(ChunkSizeKey, options.chunkSize);
    settings.setValue(QueueDepthKey, options.queueDepth);
    settings.setValue(CollisionKey, collisionPolicyName(options.onCollision));
    settings.setValue(ErrorKey, errorPolicyName(options.onError));
    settings.setValue(EngineKey, engineName(options.engine));
    settings.setValue(DurabilityKey, durabilityName(options.durability));
    settings.setValue(VerifyKey, verifyAlgorithmName(options.verify));
    settings.setValue(FollowKey, options.followSymlinks);
    settings.setValue(ArchiveKey, archive());
    settings.setValue(SpeedLimitKey, options.speedLimit);
    settings.setValue(SmallJobKey, options.smallJobBytes);
    settings.setValue(ShowChartKey, showChart);
    settings.setValue(LeaveOutKey, leaveOut);
}

void WindowSettings::setArchive(bool on)
{
    options.preserve = on ? PreserveOptions::archive() : PreserveOptions{};
}

CopyOptions WindowSettings::jobOptions(bool move) const
{
    CopyOptions job = options;
    job.move = move;
    job.confirmPreflight = true;
    // The window takes turns with other Sluice copies to the same disk (sluice-cli too).
    job.deviceTurn = DeviceTurnPolicy::Wait;
    job.filter = leaveOutFilter();
    return job;
}

CopyFilter WindowSettings::leaveOutFilter() const
{
    CopyFilter filter;
    for (const QString &pattern : leaveOut)
        filter.rules.append({FilterRule::Action::Exclude, QFile::encodeName(pattern)});
    return filter;
}

bool WindowSettings::operator==(const WindowSettings &other) const
{
    const CopyOptions &a = options;
    const CopyOptions &b = other.options;
    return a.chunkSize == b.chunkSize && a.queueDepth == b.queueDepth
           && a.onCollision == b.onCollision && a.onError == b.onError && a.engine == b.engine
           && a.durability == b.durability && a.verify == b.verify
           && a.followSymlinks == b.followSymlinks && a.preserve == b.preserve
           && a.speedLimit == b.speedLimit && a.smallJobBytes == b.smallJobBytes
           && showChart == other.showChart && leaveOut == other.leaveOut;
}

QList<QByteArray> loadRecentDestinations()
{
    const QSettings settings;
    QList<QByteArray> recent;
    const QVariantList stored = settings.value(RecentKey).toList();
    for (const QVariant &value : stored) {
        const QByteArray path = value.toByteArray();
        if (!path.isEmpty() && !recent.contains(path))
            recent.append(path);
    }
    return recent.mid(0, MaxRecentDestinations);
}

void rememberDestination(const QByteArray &destination)
{
    if (destination.isEmpty())
        return;
    QList<QByteArray> recent = loadRecentDestinations();
    recent.removeAll(destination);
    recent.prepend(destination);
    QVariantList stored;
    for (const QByteArray &path : recent.mid(0, MaxRecentDestinations))
        stored.append(path);
    QSettings().setValue(RecentKey, stored);
}

} // namespace Sluice::Ui
