#include "verifier.h"

#include "checksum.h"
#include "jobcontext.h"
#include "nativepath.h"
#include "posixio.h"

#include <QFile>
#include <QSaveFile>

#include <fcntl.h>

namespace Sluice {

VerifyResult verifyCopy(JobContext &job, int fd, VerifyAlgorithm algorithm,
                        const QByteArray &expectedDigest, const QByteArray &destinationPath)
{
    Q_UNUSED(destinationPath);
    VerifyResult result;
    ::posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
    Chunk *chunk = job.chunks->acquire([&] { return job.stopping(); });
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
    job.chunks->release(chunk);
    ::posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
    if (result.error == 0) {
        result.digest = hasher.hexDigest();
        result.matches = result.digest == expectedDigest;
    }
    return result;
}

void recordChecksum(JobContext &job, const QByteArray &digest, const QByteArray &destinationPath)
{
    std::lock_guard lock(job.manifestMutex);
    job.manifest.append({digest, destinationPath});
}

QString writeChecksumManifest(const QByteArray &path,
                              const QList<QPair<QByteArray, QByteArray>> &entries)
{
    QSaveFile file(QFile::decodeName(path));
    if (!file.open(QIODevice::WriteOnly))
        return file.errorString();
    for (const auto &[digest, name] : entries) {
        QByteArray line;
        if (name.contains('\\') || name.contains('\n')) {
            QByteArray escaped = name;
            escaped.replace('\\', "\\\\").replace('\n', "\\n");
            line = '\\' + digest + "  " + escaped + '\n';
        } else {
            line = digest + "  " + name + '\n';
        }
        file.write(line);
    }
    if (!file.commit())
        return file.errorString();
    return {};
}

} // namespace Sluice
