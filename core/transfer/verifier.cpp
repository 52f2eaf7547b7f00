#include "verifier.h"

#include "checksum.h"
#include "chunkpool.h"
#include "engine.h"
#include "nativepath.h"
#include "partfile.h"
#include "posixio.h"

#include <fcntl.h>

namespace Sluice {

VerifyResult verifyCopy(EngineContext &job, int fd, VerifyAlgorithm algorithm,
                        const QByteArray &expectedDigest, const QByteArray &destinationPath)
{
    Q_UNUSED(destinationPath);
    VerifyResult result;
    ::posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
    Chunk *chunk = job.chunks.acquire([&] { return job.stopping(); });
    if (!chunk) {
        result.error = ECANCELED;
        return result;
    }
    ChecksumHasher hasher(algorithm);
    qint64 offset = 0;
    for (;;) {
        qint64 got = 0;
        if (const int error = preadFully(fd, chunk->data, chunk->capacity, offset, got)) {
            result.error = error;
            break;
        }
        hasher.addData(chunk->data, got);
        offset += got;
        if (got < chunk->capacity)
            break;
    }
    job.chunks.release(chunk);
    ::posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
    if (result.error == 0) {
        result.digest = hasher.hexDigest();
        result.matches = result.digest == expectedDigest;
    }
    return result;
}

void ChecksumManifest::add(const QByteArray &digest, const QByteArray &destinationPath)
{
    std::lock_guard lock(m_mutex);
    m_entries.append({digest, destinationPath});
}

QList<QPair<QByteArray, QByteArray>> ChecksumManifest::entries() const
{
    std::lock_guard lock(m_mutex);
    return m_entries;
}

std::optional<CopyIssue> writeChecksumManifest(const QByteArray &path,
                                               const QList<QPair<QByteArray, QByteArray>> &entries)
{
    QByteArray text;
    for (const auto &[digest, name] : entries) {
        if (name.contains('\\') || name.contains('\n')) {
            QByteArray escaped = name;
            escaped.replace('\\', "\\\\").replace('\n', "\\n");
            text += '\\' + digest + "  " + escaped + '\n';
        } else {
            text += digest + "  " + name + '\n';
        }
    }
    const QByteArray folder = NativePath::parentPath(path);
    UniqueFd directory(::open(folder.constData(), DirectoryOpenFlags));
    if (!directory)
        return CopyIssue::fromErrno(FileOperation::Open, folder, errno);
    const QByteArray name = NativePath::baseName(path);
    const QByteArray partName = partFileName(name);
    const int partFd = createPartFile(directory.get(), partName);
    if (partFd < 0)
        return CopyIssue::fromErrno(FileOperation::Create, path, -partFd);
    UniqueFd part(partFd);
    int error = pwriteFully(part.get(), text.constData(), text.size(), 0);
    if (error == 0 && ::fsync(part.get()) != 0)
        error = errno;
    // Never over an existing name: not a source, not a copy, not an earlier manifest.
    if (error == 0)
        error = renameNoReplace(directory.get(), partName, name);
    if (error != 0) {
        ::unlinkat(directory.get(), partName.constData(), 0);
        return CopyIssue::fromErrno(error == EEXIST ? FileOperation::Create : FileOperation::Write,
                                    path, error);
    }
    return std::nullopt;
}

} // namespace Sluice
