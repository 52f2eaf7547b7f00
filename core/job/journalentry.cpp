#include "journalentry.h"

#include "posixio.h"

#include <QDataStream>
#include <QIODevice>

#include <xxhash.h>

#include <fcntl.h>
#include <unistd.h>

namespace Sluice {

namespace {

constexpr char Magic[] = "SLUICEJ\n";
constexpr qsizetype MagicSize = 8;
constexpr qsizetype HeaderSize = MagicSize + 4 + 8;
constexpr qsizetype ChecksumSize = 8;
// Version 1 is version 2 without the finished items' digests, version 2 is version 3 without
// the folders: still read.
constexpr quint64 OldestReadableVersion = 1;
// An entry larger than this is not a record of ours (a plan of millions of finished files
// stays far below it).
constexpr quint64 MaxPayloadBytes = quint64(1) << 30;

template<typename Enum>
void putEnum(QDataStream &out, Enum value)
{
    out << quint8(value);
}

template<typename Enum>
void getEnum(QDataStream &in, Enum &value)
{
    quint8 raw = 0;
    in >> raw;
    value = Enum(raw);
}

void putOptional(QDataStream &out, const std::optional<qint64> &value)
{
    out << value.has_value() << value.value_or(0);
}

void getOptional(QDataStream &in, std::optional<qint64> &value)
{
    bool has = false;
    qint64 raw = 0;
    in >> has >> raw;
    value = has ? std::optional<qint64>(raw) : std::nullopt;
}

void putFilter(QDataStream &out, const CopyFilter &filter)
{
    out << qint32(filter.rules.size());
    for (const FilterRule &rule : filter.rules) {
        putEnum(out, rule.action);
        out << rule.pattern;
    }
    out << filter.gitignore << filter.minSize << filter.maxSize;
    putOptional(out, filter.newerThanNs);
    putOptional(out, filter.olderThanNs);
    out << filter.keepEmptyFolders;
}

void getFilter(QDataStream &in, CopyFilter &filter)
{
    qint32 count = 0;
    in >> count;
    for (qint32 i = 0; i < count && in.status() == QDataStream::Ok; ++i) {
        FilterRule rule;
        getEnum(in, rule.action);
        in >> rule.pattern;
        filter.rules.append(rule);
    }
    in >> filter.gitignore >> filter.minSize >> filter.maxSize;
    getOptional(in, filter.newerThanNs);
    getOptional(in, filter.olderThanNs);
    in >> filter.keepEmptyFolders;
}

void putPreserve(QDataStream &out, const PreserveOptions &p)
{
    out << p.mode << p.timestamps << p.ownership << p.xattrs << p.acls << p.hardLinks;
}

void getPreserve(QDataStream &in, PreserveOptions &p)
{
    in >> p.mode >> p.timestamps >> p.ownership >> p.xattrs >> p.acls >> p.hardLinks;
}

void putOptions(QDataStream &out, const CopyOptions &o)
{
    out << o.chunkSize << qint32(o.queueDepth);
    putEnum(out, o.onCollision);
    putEnum(out, o.onError);
    out << qint32(o.retryLimit) << o.followSymlinks;
    putPreserve(out, o.preserve);
    putEnum(out, o.engine);
    putEnum(out, o.durability);
    out << o.speedLimit;
    putEnum(out, o.verify);
    out << o.checksumFile << o.move << o.confirmPreflight << o.smallFileThreshold
        << qint32(o.smallFileWorkers) << o.flushWindow << qint32(o.flushLag);
    putEnum(out, o.deviceTurn);
    out << o.smallJobBytes;
    putFilter(out, o.filter);
    out << o.listLeftOut;
}

void getOptions(QDataStream &in, CopyOptions &o)
{
    qint32 queueDepth = 0;
    qint32 retryLimit = 0;
    qint32 workers = 0;
    qint32 lag = 0;
    in >> o.chunkSize >> queueDepth;
    getEnum(in, o.onCollision);
    getEnum(in, o.onError);
    in >> retryLimit >> o.followSymlinks;
    getPreserve(in, o.preserve);
    getEnum(in, o.engine);
    getEnum(in, o.durability);
    in >> o.speedLimit;
    getEnum(in, o.verify);
    in >> o.checksumFile >> o.move >> o.confirmPreflight >> o.smallFileThreshold >> workers
        >> o.flushWindow >> lag;
    getEnum(in, o.deviceTurn);
    in >> o.smallJobBytes;
    getFilter(in, o.filter);
    in >> o.listLeftOut;
    o.queueDepth = queueDepth;
    o.retryLimit = retryLimit;
    o.smallFileWorkers = workers;
    o.flushLag = lag;
}

void putFinished(QDataStream &out, const JournalFinished &f)
{
    out << f.destination << f.dev << f.ino << f.size << f.mtimeNs << f.sourceSize << f.sourceMtimeNs
        << f.digest;
}

// Version 1 records have no digest.
void getFinished(QDataStream &in, JournalFinished &f, quint64 version)
{
    in >> f.destination >> f.dev >> f.ino >> f.size >> f.mtimeNs >> f.sourceSize >> f.sourceMtimeNs;
    if (version >= 2)
        in >> f.digest;
}

void putCheckpoint(QDataStream &out, const JournalCheckpoint &c)
{
    out << c.source << c.destination << c.part << c.durable << c.sourceSize << c.sourceMtimeNs
        << c.sourceCtimeNs << c.sourceIno << c.sourceDev << c.partIno << c.partDev;
}

void getCheckpoint(QDataStream &in, JournalCheckpoint &c)
{
    in >> c.source >> c.destination >> c.part >> c.durable >> c.sourceSize >> c.sourceMtimeNs
        >> c.sourceCtimeNs >> c.sourceIno >> c.sourceDev >> c.partIno >> c.partDev;
}

void putFolder(QDataStream &out, const JournalFolder &f)
{
    out << f.destination << f.mode << f.uid << f.gid << f.mtimeSeconds << f.mtimeNanoseconds
        << f.finished;
}

void getFolder(QDataStream &in, JournalFolder &f)
{
    in >> f.destination >> f.mode >> f.uid >> f.gid >> f.mtimeSeconds >> f.mtimeNanoseconds
        >> f.finished;
}

QByteArray encodePayload(const JournalRecord &r)
{
    QByteArray payload;
    QDataStream out(&payload, QIODevice::WriteOnly);
    out.setVersion(QDataStream::Qt_6_4);
    out << r.request.sources << r.request.destination << r.request.destinationFolders
        << r.request.destinationNames;
    putOptions(out, r.options);
    out << r.planIdentity << r.totalBytes << r.totalItems << r.doneBytes << r.doneItems
        << r.writtenAtMs << r.neverStarted << r.pid;
    out << qint64(r.finished.size());
    for (const JournalFinished &f : r.finished)
        putFinished(out, f);
    out << r.inFlight.has_value();
    if (r.inFlight)
        putCheckpoint(out, *r.inFlight);
    out << qint64(r.folders.size());
    for (const JournalFolder &f : r.folders)
        putFolder(out, f);
    return payload;
}

bool decodePayload(const QByteArray &payload, quint64 version, JournalRecord &r)
{
    QDataStream in(payload);
    in.setVersion(QDataStream::Qt_6_4);
    in >> r.request.sources >> r.request.destination >> r.request.destinationFolders
        >> r.request.destinationNames;
    getOptions(in, r.options);
    in >> r.planIdentity >> r.totalBytes >> r.totalItems >> r.doneBytes >> r.doneItems
        >> r.writtenAtMs >> r.neverStarted >> r.pid;
    qint64 count = 0;
    in >> count;
    if (count < 0 || count > payload.size())
        return false;
    r.finished.reserve(count);
    for (qint64 i = 0; i < count && in.status() == QDataStream::Ok; ++i) {
        JournalFinished f;
        getFinished(in, f, version);
        r.finished.append(std::move(f));
    }
    bool hasInFlight = false;
    in >> hasInFlight;
    if (hasInFlight) {
        JournalCheckpoint c;
        getCheckpoint(in, c);
        r.inFlight = c;
    }
    if (version >= 3) {
        qint64 folders = 0;
        in >> folders;
        if (folders < 0 || folders > payload.size())
            return false;
        for (qint64 i = 0; i < folders && in.status() == QDataStream::Ok; ++i) {
            JournalFolder f;
            getFolder(in, f);
            r.folders.append(std::move(f));
        }
    }
    return in.status() == QDataStream::Ok && in.atEnd();
}

quint64 checksumOf(const char *data, qsizetype size)
{
    return XXH3_64bits(data, std::size_t(size));
}

void putBigEndian(QByteArray &bytes, quint64 value, int width)
{
    for (int shift = (width - 1) * 8; shift >= 0; shift -= 8)
        bytes.append(char((value >> shift) & 0xff));
}

quint64 getBigEndian(const char *data, int width)
{
    quint64 value = 0;
    for (int i = 0; i < width; ++i)
        value = (value << 8) | quint8(data[i]);
    return value;
}

} // namespace

QByteArray encodeJournalRecord(const JournalRecord &record)
{
    const QByteArray payload = encodePayload(record);
    QByteArray bytes(Magic, MagicSize);
    putBigEndian(bytes, JournalRecordVersion, 4);
    putBigEndian(bytes, quint64(payload.size()), 8);
    bytes += payload;
    putBigEndian(bytes, checksumOf(bytes.constData(), bytes.size()), 8);
    return bytes;
}

std::optional<JournalRecord> decodeJournalRecord(const QByteArray &bytes, QString *problem,
                                                 bool *damaged)
{
    if (damaged)
        *damaged = true; // every failure but the version's
    auto fail = [problem](const char *why) -> std::optional<JournalRecord> {
        if (problem)
            *problem = QString::fromLatin1(why);
        return std::nullopt;
    };
    if (bytes.size() < HeaderSize + ChecksumSize)
        return fail("the record is shorter than its header");
    if (QByteArrayView(bytes.constData(), MagicSize) != QByteArrayView(Magic, MagicSize))
        return fail("the record does not start with the journal's magic bytes");
    const quint64 version = getBigEndian(bytes.constData() + MagicSize, 4);
    const quint64 length = getBigEndian(bytes.constData() + MagicSize + 4, 8);
    if (length > MaxPayloadBytes || qsizetype(length) != bytes.size() - HeaderSize - ChecksumSize)
        return fail("the record's length does not match its size (torn or garbled)");
    const qsizetype checked = bytes.size() - ChecksumSize;
    if (getBigEndian(bytes.constData() + checked, 8) != checksumOf(bytes.constData(), checked))
        return fail("the record's checksum does not match (torn or garbled)");
    if (version < OldestReadableVersion || version > JournalRecordVersion) {
        if (damaged)
            *damaged = false;
        return fail("the record is of another version of Sluice");
    }
    JournalRecord record;
    if (!decodePayload(bytes.mid(HeaderSize, qsizetype(length)), version, record))
        return fail("the record's content does not parse");
    return record;
}

QByteArray temporaryNameOf(const QByteArray &name)
{
    return '.' + name + ".tmp";
}

int writeFileAtomically(int folderFd, const QByteArray &name, const QByteArray &bytes)
{
    const QByteArray temporary = temporaryNameOf(name);
    UniqueFd fd(retryOnEintr([&] {
        return ::openat(folderFd, temporary.constData(),
                        O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0600);
    }));
    if (!fd)
        return errno;
    int error = pwriteFully(fd.get(), bytes.constData(), bytes.size(), 0);
    if (error == 0 && retryOnEintr([&] { return ::fdatasync(fd.get()); }) != 0)
        error = errno;
    fd.reset();
    if (error == 0 && ::renameat(folderFd, temporary.constData(), folderFd, name.constData()) != 0)
        error = errno;
    if (error != 0) {
        ::unlinkat(folderFd, temporary.constData(), 0);
        return error;
    }
    if (retryOnEintr([&] { return ::fsync(folderFd); }) != 0)
        return errno;
    return 0;
}

} // namespace Sluice
