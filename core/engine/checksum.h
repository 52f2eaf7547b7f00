#pragma once

#include "copyoptions.h"

#include <QByteArray>
#include <QCryptographicHash>

#include <memory>

struct XXH3_state_s;

namespace Sluice {

/// A streaming checksum for verification: XXH3-128 from libxxhash (the algorithm of
/// `xxh128sum`) or SHA-256 from QCryptographicHash (`sha256sum`). Holes of sparse files are
/// fed as zeros so that the digest is the digest of the file's content. Single-threaded.
class ChecksumHasher final
{
public:
    explicit ChecksumHasher(VerifyAlgorithm algorithm);
    ~ChecksumHasher();
    Q_DISABLE_COPY_MOVE(ChecksumHasher)

    void addData(const char *data, qint64 length);
    /// Adds @p length zero bytes (a hole).
    void addZeros(qint64 length);
    /// Lower-case hexadecimal digest, as `xxh128sum` and `sha256sum` print it.
    QByteArray hexDigest();
    void reset();

    /// Bytes hashed so far.
    qint64 position() const { return m_position; }
    VerifyAlgorithm algorithm() const { return m_algorithm; }

private:
    VerifyAlgorithm m_algorithm;
    XXH3_state_s *m_xxh = nullptr;
    std::unique_ptr<QCryptographicHash> m_sha;
    qint64 m_position = 0;
};

} // namespace Sluice
