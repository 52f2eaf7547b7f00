#include "mountinfo.h"

#include <QFile>
#include <QList>

#include <sys/sysmacros.h>

namespace Sluice {

namespace {

// proc(5): "\040" and friends stand for the bytes space, tab, newline and backslash.
QByteArray unescapeOctal(const QByteArray &field)
{
    QByteArray out;
    out.reserve(field.size());
    for (qsizetype i = 0; i < field.size(); ++i) {
        if (field.at(i) == '\\' && i + 3 < field.size()) {
            bool ok = false;
            const int value = field.mid(i + 1, 3).toInt(&ok, 8);
            if (ok && value >= 0 && value < 256) {
                out.append(char(value));
                i += 3;
                continue;
            }
        }
        out.append(field.at(i));
    }
    return out;
}

std::optional<MountEntry> parseLine(const QByteArray &line)
{
    const QList<QByteArray> fields = line.trimmed().split(' ');
    const qsizetype dash = fields.indexOf("-");
    if (fields.size() < 7 || dash < 6 || dash + 2 >= fields.size())
        return std::nullopt;
    const QList<QByteArray> numbers = fields.at(2).split(':');
    if (numbers.size() != 2)
        return std::nullopt;
    MountEntry entry;
    entry.mountId = fields.at(0).toInt();
    entry.device = makedev(numbers.at(0).toUInt(), numbers.at(1).toUInt());
    entry.mountPoint = unescapeOctal(fields.at(4));
    entry.type = QString::fromLatin1(fields.at(dash + 1));
    entry.source = unescapeOctal(fields.at(dash + 2));
    return entry;
}

bool isPrefixFolder(const QByteArray &folder, const QByteArray &path)
{
    if (folder == "/")
        return true;
    return path == folder || (path.startsWith(folder) && path.at(folder.size()) == '/');
}

} // namespace

std::optional<MountEntry> findMount(dev_t device, const QByteArray &path,
                                    const QString &mountInfoPath)
{
    QFile file(mountInfoPath);
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    std::optional<MountEntry> best;
    bool bestCovers = false;
    std::optional<MountEntry> byPath; // the mount point longest-prefixing path
    // /proc files report a size of 0, so atEnd() is true at once: read until readLine()
    // returns nothing.
    while (true) {
        const QByteArray line = file.readLine();
        if (line.isEmpty())
            break;
        const std::optional<MountEntry> entry = parseLine(line);
        if (!entry)
            continue;
        const bool covers = !path.isEmpty() && isPrefixFolder(entry->mountPoint, path);
        // Later lines are mounted later: on an equal mount point the last one is visible.
        if (covers && (!byPath || entry->mountPoint.size() >= byPath->mountPoint.size()))
            byPath = entry;
        if (entry->device != device)
            continue;
        const bool better =
            !best || (covers && !bestCovers)
            || (covers == bestCovers && entry->mountPoint.size() >= best->mountPoint.size());
        if (better) {
            best = entry;
            bestCovers = covers;
        }
    }
    if (!best && byPath)
        return byPath;
    return best;
}

} // namespace Sluice
