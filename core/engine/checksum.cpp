#include "checksum.h"

#include <xxhash.h>

#include <algorithm>

namespace Sluice {

ChecksumHasher::ChecksumHasher(VerifyAlgorithm algorithm)
    : m_algorithm(algorithm)
{
    if (m_algorithm == VerifyAlgorithm::Sha256)
        m_sha = std::make_unique<QCryptographicHash>(QCryptographicHash::Sha256);
    else
        m_xxh = XXH3_createState();
    reset();
}

ChecksumHasher::~ChecksumHasher()
{
    if (m_xxh)
        XXH3_freeState(m_xxh);
}

void ChecksumHasher::reset()
{
    m_position = 0;
    if (m_sha)
        m_sha->reset();
    if (m_xxh)
        XXH3_128bits_reset(m_xxh);
}

void ChecksumHasher::addData(const char *data, qint64 length)
{
    if (length <= 0)
        return;
    if (m_sha)
        m_sha->addData(QByteArrayView(data, length));
    if (m_xxh)
        XXH3_128bits_update(m_xxh, data, std::size_t(length));
    m_position += length;
}

void ChecksumHasher::addZeros(qint64 length)
{
    constexpr qsizetype ZeroBlockSize = qsizetype(256) * 1024;
    static const QByteArray zeros(ZeroBlockSize, '\0');
    while (length > 0) {
        const qint64 step = std::min<qint64>(length, zeros.size());
        addData(zeros.constData(), step);
        length -= step;
    }
}

QByteArray ChecksumHasher::hexDigest()
{
    if (m_sha)
        return m_sha->result().toHex();
    XXH128_canonical_t canonical;
    XXH128_canonicalFromHash(&canonical, XXH3_128bits_digest(m_xxh));
    return QByteArray(reinterpret_cast<const char *>(canonical.digest), sizeof canonical.digest)
        .toHex();
}

} // namespace Sluice
