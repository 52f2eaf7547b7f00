#pragma once

#include "copyissue.h"
#include "copyoptions.h"

#include <QByteArray>

#include <mutex>
#include <optional>

namespace Sluice {

struct EngineContext;

/// What re-reading a copy found.
struct VerifyResult
{
    bool matches = false;
    int error = 0;     ///< errno of a failed read, else 0
    QByteArray digest; ///< digest of what was read back
};

/// Re-reads a finished copy through @p fd (opened read-write, data already flushed with
/// fdatasync(2)) after dropping it from the page cache with POSIX_FADV_DONTNEED, so the bytes
/// come from the device rather than from memory, hashes them with @p algorithm and compares
/// with @p expectedDigest (taken from the stream while copying). Reads through one chunk
/// borrowed from the job's pool: memory stays bounded. Thread-safe per call.
VerifyResult verifyCopy(EngineContext &job, int fd, VerifyAlgorithm algorithm,
                        const QByteArray &expectedDigest, const QByteArray &destinationPath);

/// The verified files of a job with their digests (hex), for --checksum-file, in the order
/// they were published. Thread-safe: every copying thread adds to it.
class ChecksumManifest final
{
public:
    void add(const QByteArray &digest, const QByteArray &destinationPath);
    QList<QPair<QByteArray, QByteArray>> entries() const;

private:
    mutable std::mutex m_mutex;
    QList<QPair<QByteArray, QByteArray>> m_entries;
};

/// Writes @p entries in the format of GNU `sha256sum` / `xxh128sum` ("<hex>  <path>\n"; a
/// name containing a backslash or newline is escaped and its line starts with '\', as
/// coreutils does), so `sha256sum -c FILE` or `xxh128sum -c FILE` can check the copy later.
/// Writes a part file next to @p path, then renames it onto @p path only if that name is
/// free (RENAME_NOREPLACE): a manifest never replaces a source, a copy or an earlier
/// manifest. Returns the failure (path, operation, errno) if any.
std::optional<CopyIssue> writeChecksumManifest(const QByteArray &path,
                                               const QList<QPair<QByteArray, QByteArray>> &entries);

} // namespace Sluice
