#include "testtree.h"

#include <QDir>
#include <QFile>
#include <QList>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#include <vector>

namespace TestTree {

namespace {

bool writeAll(int fd, const char *data, qint64 size)
{
    while (size > 0) {
        const ssize_t written = ::write(fd, data, size_t(size));
        if (written < 0) {
            if (errno == EINTR)
                continue;
            return false;
        }
        data += written;
        size -= written;
    }
    return true;
}

QList<QByteArray> listNames(const QByteArray &folder, bool *ok)
{
    QList<QByteArray> names;
    DIR *dir = ::opendir(folder.constData());
    if (!dir) {
        *ok = false;
        return names;
    }
    while (const dirent *entry = ::readdir(dir)) {
        const QByteArray name(entry->d_name);
        if (name != "." && name != "..")
            names << name;
    }
    ::closedir(dir);
    std::sort(names.begin(), names.end());
    *ok = true;
    return names;
}

QString show(const QByteArray &path)
{
    return QString::fromUtf8(path.toPercentEncoding("/ #()-_.,"));
}

void compareEntry(const QByteArray &a, const QByteArray &b, const CompareOptions &options,
                  QStringList &differences)
{
    struct stat sa = {};
    struct stat sb = {};
    if (::lstat(a.constData(), &sa) != 0) {
        differences << QStringLiteral("cannot stat expected %1").arg(show(a));
        return;
    }
    if (::lstat(b.constData(), &sb) != 0) {
        differences << QStringLiteral("missing %1").arg(show(b));
        return;
    }
    if ((sa.st_mode & S_IFMT) != (sb.st_mode & S_IFMT)) {
        differences << QStringLiteral("type differs: %1").arg(show(b));
        return;
    }
    if (options.modes && !S_ISLNK(sa.st_mode) && (sa.st_mode & 07777) != (sb.st_mode & 07777))
        differences << QStringLiteral("mode %1 != %2: %3")
                           .arg(sa.st_mode & 07777, 0, 8)
                           .arg(sb.st_mode & 07777, 0, 8)
                           .arg(show(b));
    if (options.owners && (sa.st_uid != sb.st_uid || sa.st_gid != sb.st_gid))
        differences << QStringLiteral("owner differs: %1").arg(show(b));
    if (options.mtimes && !S_ISLNK(sa.st_mode)
        && (sa.st_mtim.tv_sec != sb.st_mtim.tv_sec || sa.st_mtim.tv_nsec != sb.st_mtim.tv_nsec))
        differences << QStringLiteral("mtime differs: %1").arg(show(b));
    if (S_ISLNK(sa.st_mode)) {
        char ta[4096];
        char tb[4096];
        const ssize_t la = ::readlink(a.constData(), ta, sizeof ta);
        const ssize_t lb = ::readlink(b.constData(), tb, sizeof tb);
        if (la != lb || la < 0 || std::memcmp(ta, tb, size_t(la)) != 0)
            differences << QStringLiteral("link target differs: %1").arg(show(b));
    } else if (S_ISCHR(sa.st_mode) || S_ISBLK(sa.st_mode)) {
        if (sa.st_rdev != sb.st_rdev)
            differences << QStringLiteral("device differs: %1").arg(show(b));
    } else if (S_ISREG(sa.st_mode)) {
        if (sa.st_size != sb.st_size) {
            differences
                << QStringLiteral("size %1 != %2: %3").arg(sa.st_size).arg(sb.st_size).arg(show(b));
            return;
        }
        const int fa = ::open(a.constData(), O_RDONLY | O_CLOEXEC);
        const int fb = ::open(b.constData(), O_RDONLY | O_CLOEXEC);
        std::vector<char> ba(1 << 20);
        std::vector<char> bb(1 << 20);
        bool same = fa >= 0 && fb >= 0;
        // Sparse sources: compare data regions and treat holes as zeros on both sides.
        qint64 offset = 0;
        while (same && offset < sa.st_size) {
            const off_t dataA = ::lseek(fa, offset, SEEK_DATA);
            const off_t dataB = ::lseek(fb, offset, SEEK_DATA);
            off_t next =
                std::min<off_t>(dataA < 0 ? sa.st_size : dataA, dataB < 0 ? sb.st_size : dataB);
            if (next > offset)
                offset = next; // both are holes (zeros) up to here
            if (offset >= sa.st_size)
                break;
            const ssize_t ra = ::pread(fa, ba.data(), ba.size(), offset);
            const ssize_t rb = ::pread(fb, bb.data(), bb.size(), offset);
            if (ra != rb || ra <= 0 || std::memcmp(ba.data(), bb.data(), size_t(ra)) != 0)
                same = false;
            offset += std::max<ssize_t>(ra, 1);
        }
        if (fa >= 0)
            ::close(fa);
        if (fb >= 0)
            ::close(fb);
        if (!same)
            differences << QStringLiteral("content differs: %1").arg(show(b));
    } else if (S_ISDIR(sa.st_mode)) {
        bool okA = false;
        bool okB = false;
        const QList<QByteArray> namesA = listNames(a, &okA);
        const QList<QByteArray> namesB = listNames(b, &okB);
        if (!okA || !okB) {
            differences << QStringLiteral("cannot list %1").arg(show(okA ? b : a));
            return;
        }
        for (const QByteArray &name : namesA) {
            if (!namesB.contains(name))
                differences << QStringLiteral("missing %1/%2").arg(show(b), show(name));
            else
                compareEntry(a + '/' + name, b + '/' + name, options, differences);
        }
        for (const QByteArray &name : namesB) {
            if (!namesA.contains(name))
                differences << QStringLiteral("extra %1/%2").arg(show(b), show(name));
        }
    }
}

void collectParts(const QByteArray &root, QList<QByteArray> &found)
{
    bool ok = false;
    for (const QByteArray &name : listNames(root, &ok)) {
        const QByteArray path = root + '/' + name;
        if (name.endsWith(".sluice-part"))
            found << path;
        struct stat st = {};
        if (::lstat(path.constData(), &st) == 0 && S_ISDIR(st.st_mode))
            collectParts(path, found);
    }
}

} // namespace

bool writePatternFile(const QByteArray &path, qint64 size, quint32 seed)
{
    const int fd = ::open(path.constData(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0)
        return false;
    std::vector<char> block(1 << 20);
    quint64 state = 0x9E3779B97F4A7C15ull * (seed + 1);
    bool ok = true;
    for (qint64 done = 0; ok && done < size;) {
        const qint64 step = std::min<qint64>(qint64(block.size()), size - done);
        for (qint64 i = 0; i < step; i += 8) {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            std::memcpy(block.data() + i, &state, size_t(std::min<qint64>(8, step - i)));
        }
        ok = writeAll(fd, block.data(), step);
        done += step;
    }
    return ::close(fd) == 0 && ok;
}

bool writeFile(const QByteArray &path, const QByteArray &data)
{
    const int fd = ::open(path.constData(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0)
        return false;
    const bool ok = writeAll(fd, data.constData(), data.size());
    return ::close(fd) == 0 && ok;
}

QByteArray readFile(const QByteArray &path)
{
    QByteArray data;
    const int fd = ::open(path.constData(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return data;
    char buffer[65536];
    for (;;) {
        const ssize_t got = ::read(fd, buffer, sizeof buffer);
        if (got <= 0)
            break;
        data.append(buffer, got);
    }
    ::close(fd);
    return data;
}

bool writeSparseFile(const QByteArray &path, qint64 size, const QList<qint64> &markers)
{
    const int fd = ::open(path.constData(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0)
        return false;
    bool ok = ::ftruncate(fd, size) == 0;
    for (const qint64 offset : markers) {
        const qint64 value = offset;
        const qint64 length = std::min<qint64>(8, size - offset);
        ok = ok && ::pwrite(fd, &value, size_t(length), offset) == length;
    }
    return ::close(fd) == 0 && ok;
}

bool makePath(const QByteArray &path, mode_t mode)
{
    QByteArray partial;
    for (const QByteArray &part : path.split('/')) {
        partial += part;
        if (!partial.isEmpty() && ::mkdir(partial.constData(), mode) != 0 && errno != EEXIST)
            return false;
        partial += '/';
    }
    return true;
}

qint64 allocatedBytes(const QByteArray &path)
{
    struct stat st = {};
    return ::lstat(path.constData(), &st) == 0 ? qint64(st.st_blocks) * 512 : -1;
}

QStringList compareTrees(const QByteArray &expected, const QByteArray &actual,
                         CompareOptions options)
{
    QStringList differences;
    compareEntry(expected, actual, options, differences);
    return differences;
}

QList<QByteArray> findPartFiles(const QByteArray &root)
{
    QList<QByteArray> found;
    collectParts(root, found);
    return found;
}

void removeTree(const QByteArray &root)
{
    struct stat st = {};
    if (::lstat(root.constData(), &st) != 0)
        return;
    if (S_ISDIR(st.st_mode)) {
        ::chmod(root.constData(), 0700);
        bool ok = false;
        for (const QByteArray &name : listNames(root, &ok))
            removeTree(root + '/' + name);
        ::rmdir(root.constData());
    } else {
        ::unlink(root.constData());
    }
}

qint64 countEntries(const QByteArray &root)
{
    qint64 count = 0;
    bool ok = false;
    for (const QByteArray &name : listNames(root, &ok)) {
        ++count;
        const QByteArray path = root + '/' + name;
        struct stat st = {};
        if (::lstat(path.constData(), &st) == 0 && S_ISDIR(st.st_mode))
            count += countEntries(path);
    }
    return count;
}

char processState(pid_t pid)
{
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return '?';
    const QByteArray line = stat.readAll();
    const qsizetype end = line.lastIndexOf(')'); // after the command, which may hold spaces
    return end > 0 && end + 2 < line.size() ? line.at(end + 2) : '?';
}

qint64 threadSleeps(pid_t pid, const QByteArray &threadName)
{
    const QString tasks = QStringLiteral("/proc/%1/task").arg(pid);
    for (const QString &task : QDir(tasks).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        const QByteArray folder = QFile::encodeName(tasks + u'/' + task);
        if (readFile(folder + "/comm").trimmed() != threadName)
            continue;
        for (const QByteArray &line : readFile(folder + "/status").split('\n')) {
            if (line.startsWith("voluntary_ctxt_switches:"))
                return line.mid(24).trimmed().toLongLong();
        }
    }
    return -1;
}

} // namespace TestTree
