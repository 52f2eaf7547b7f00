#include "copyoptions.h"

#include <QRegularExpression>

#include <array>
#include <cmath>
#include <utility>

namespace Sluice {

PreserveOptions PreserveOptions::archive()
{
    PreserveOptions options;
    options.ownership = true;
    options.xattrs = true;
    options.acls = true;
    options.hardLinks = true;
    return options;
}

QStringList CopyOptions::validate() const
{
    QStringList problems;
    if (chunkSize < MinChunkSize || chunkSize > MaxChunkSize)
        problems << QStringLiteral("chunk size must be between 4 KiB and 256 MiB");
    if (queueDepth < MinQueueDepth || queueDepth > MaxQueueDepth)
        problems << QStringLiteral("queue depth must be between 2 and 1024");
    if (speedLimit < 0)
        problems << QStringLiteral("speed limit must not be negative");
    if (retryLimit < 1)
        problems << QStringLiteral("retry limit must be at least 1");
    if (smallFileWorkers < 0 || smallFileWorkers > 64)
        problems << QStringLiteral("small-file workers must be between 0 and 64");
    if (flushWindow < 2 * MiB)
        problems << QStringLiteral("flush-behind window must be at least 2 MiB");
    if (smallJobBytes < 0)
        problems << QStringLiteral("small-job size must not be negative");
    if (flushLag < 1 || flushLag > 64)
        problems << QStringLiteral("flush-behind lag must be between 1 and 64 windows");
    if (engine == Engine::Reflink && verify != VerifyAlgorithm::None)
        problems << QStringLiteral("verify needs the data to pass through Sluice; "
                                   "it cannot be combined with the reflink engine");
    if (move && !checksumFile.isEmpty())
        problems << QStringLiteral("a checksum file cannot be combined with move: a move within "
                                   "one file system renames and reads no data to hash");
    problems << filter.validate();
    return problems;
}

namespace {

std::optional<qint64> parseScaled(QStringView text, bool allowPerSecond)
{
    static const QRegularExpression pattern(
        QStringLiteral(R"(^\s*(\d+(?:\.\d+)?)\s*(?:([kKmMgGtT])(i?))?([bB]?)(/s)?\s*$)"));
    const auto match = pattern.match(text.toString());
    if (!match.hasMatch())
        return std::nullopt;
    if (!match.capturedView(5).isEmpty() && !allowPerSecond)
        return std::nullopt;
    bool ok = false;
    const double number = match.capturedView(1).toDouble(&ok);
    if (!ok)
        return std::nullopt;
    const QStringView unit = match.capturedView(2);
    const bool binaryMarker = !match.capturedView(3).isEmpty();
    const bool byteMarker = !match.capturedView(4).isEmpty();
    int power = 0;
    if (!unit.isEmpty())
        power = int(QStringLiteral("kmgt").indexOf(unit.at(0).toLower())) + 1;
    // "kB", "MB": SI units (powers of 1000); everything else is binary like coreutils.
    const bool si = byteMarker && !binaryMarker && power > 0;
    const double base = si ? 1000.0 : 1024.0;
    const double value = number * std::pow(base, power);
    if (value > 9.0e18)
        return std::nullopt;
    return qint64(std::llround(value));
}

template<typename Enum, std::size_t N>
std::optional<Enum> lookup(const std::array<std::pair<Enum, const char *>, N> &names,
                           QStringView text)
{
    for (const auto &[value, name] : names) {
        if (text.compare(QLatin1String(name), Qt::CaseInsensitive) == 0)
            return value;
    }
    return std::nullopt;
}

template<typename Enum, std::size_t N>
QString nameOf(const std::array<std::pair<Enum, const char *>, N> &names, Enum value)
{
    for (const auto &[candidate, name] : names) {
        if (candidate == value)
            return QLatin1String(name);
    }
    return {};
}

constexpr std::array collisionNames{
    std::pair{CollisionPolicy::Ask, "ask"},     std::pair{CollisionPolicy::Overwrite, "overwrite"},
    std::pair{CollisionPolicy::Skip, "skip"},   std::pair{CollisionPolicy::Rename, "rename"},
    std::pair{CollisionPolicy::Newer, "newer"},
};
constexpr std::array errorNames{
    std::pair{ErrorPolicy::Ask, "ask"},
    std::pair{ErrorPolicy::Retry, "retry"},
    std::pair{ErrorPolicy::Skip, "skip"},
    std::pair{ErrorPolicy::Abort, "abort"},
};
constexpr std::array engineNames{
    std::pair{Engine::Auto, "auto"},
    std::pair{Engine::Stream, "stream"},
    std::pair{Engine::Kernel, "kernel"},
    std::pair{Engine::Reflink, "reflink"},
};
constexpr std::array durabilityNames{
    std::pair{Durability::File, "file"},
    std::pair{Durability::Job, "job"},
    std::pair{Durability::None, "none"},
};
constexpr std::array verifyNames{
    std::pair{VerifyAlgorithm::None, "none"},
    std::pair{VerifyAlgorithm::Xxh3, "xxh3"},
    std::pair{VerifyAlgorithm::Sha256, "sha256"},
};

} // namespace

std::optional<qint64> parseByteSize(QStringView text)
{
    return parseScaled(text, false);
}

std::optional<qint64> parseByteRate(QStringView text)
{
    return parseScaled(text, true);
}

QString collisionPolicyName(CollisionPolicy policy)
{
    return nameOf(collisionNames, policy);
}
QString errorPolicyName(ErrorPolicy policy)
{
    return nameOf(errorNames, policy);
}
QString engineName(Engine engine)
{
    return nameOf(engineNames, engine);
}
QString durabilityName(Durability durability)
{
    return nameOf(durabilityNames, durability);
}
QString verifyAlgorithmName(VerifyAlgorithm algorithm)
{
    return nameOf(verifyNames, algorithm);
}
std::optional<CollisionPolicy> collisionPolicyFromString(QStringView text)
{
    return lookup(collisionNames, text);
}
std::optional<ErrorPolicy> errorPolicyFromString(QStringView text)
{
    return lookup(errorNames, text);
}
std::optional<Engine> engineFromString(QStringView text)
{
    return lookup(engineNames, text);
}
std::optional<Durability> durabilityFromString(QStringView text)
{
    return lookup(durabilityNames, text);
}
std::optional<VerifyAlgorithm> verifyAlgorithmFromString(QStringView text)
{
    return lookup(verifyNames, text);
}

} // namespace Sluice
