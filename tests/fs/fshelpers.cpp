#include "fshelpers.h"

#include "checksum.h"
#include "nativepath.h"
#include "testtree.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace FsHelpers {

namespace {

constexpr int DirectoryFlags = O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW;

// A digest of the content alone: the same bytes give the same digest whether zeros are
// stored or holes (a sparse source and its copy on FAT compare equal), and gigabytes of
// holes cost nothing. The file is seen as 64 KiB blocks at fixed offsets; runs of zero
// blocks are hashed as their length, other blocks as their bytes.
QByteArray digestOfFd(int fd)
{
    constexpr qint64 Block = qint64(64) * 1024;
    // XXH3-128 (libxxhash): fast enough to hash every byte of every copy in every test.
    Sluice::ChecksumHasher hash(Sluice::VerifyAlgorithm::Xxh3);
    std::vector<char> buffer(Block);
    static const std::vector<char> zeroBlock(Block, '\0');
    qint64 zeros = 0;
    auto flushZeros = [&] {
        if (zeros > 0) {
            const QByteArray token = "<zeros:" + QByteArray::number(zeros) + '>';
            hash.addData(token.constData(), token.size());
        }
        zeros = 0;
    };
    struct stat st = {};
    if (::fstat(fd, &st) != 0)
        return {};
    for (qint64 offset = 0;;) {
        const off_t data = ::lseek(fd, offset, SEEK_DATA);
        if (data < 0 && errno == ENXIO) {
            // Only holes from here to the end (the size may have grown since fstat).
            ::fstat(fd, &st);
            zeros += std::max<qint64>(0, qint64(st.st_size) - offset);
            break;
        }
        if (data > offset + Block) {
            const qint64 skip = (qint64(data) - offset) / Block * Block;
            zeros += skip;
            offset += skip;
        }
        const ssize_t got = ::pread(fd, buffer.data(), Block, offset);
        if (got < 0)
            return {};
        if (got == 0)
            break;
        if (std::memcmp(buffer.data(), zeroBlock.data(), size_t(got)) == 0) {
            zeros += got;
        } else {
            flushZeros();
            hash.addData(buffer.data(), got);
        }
        offset += got;
        if (got < Block)
            break;
    }
    flushZeros();
    return hash.hexDigest();
}

QList<QByteArray> sortedNames(int directoryFd)
{
    QList<QByteArray> names;
    const int copy = ::dup(directoryFd);
    DIR *dir = ::fdopendir(copy);
    if (!dir) {
        ::close(copy);
        return names;
    }
    ::rewinddir(dir);
    while (const dirent *entry = ::readdir(dir)) {
        const QByteArray name(entry->d_name);
        if (name != "." && name != "..")
            names << name;
    }
    ::closedir(dir);
    std::sort(names.begin(), names.end());
    return names;
}

void fingerprintInto(int directoryFd, const QByteArray &relative, QByteArray &out)
{
    for (const QByteArray &name : sortedNames(directoryFd)) {
        const QByteArray path = relative.isEmpty() ? name : relative + '/' + name;
        struct stat st = {};
        if (::fstatat(directoryFd, name.constData(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
            out += path + " unreadable\n";
            continue;
        }
        out += path.toPercentEncoding("/") + ' ' + QByteArray::number(st.st_mode, 8) + ' '
               + QByteArray::number(st.st_uid) + ':' + QByteArray::number(st.st_gid) + ' '
               + QByteArray::number(qint64(st.st_nlink)) + ' ';
        if (!S_ISDIR(st.st_mode))
            out += QByteArray::number(qint64(st.st_size)) + ' ';
        out += QByteArray::number(qint64(st.st_mtim.tv_sec)) + '.'
               + QByteArray::number(qint64(st.st_mtim.tv_nsec)).rightJustified(9, '0');
        if (S_ISREG(st.st_mode)) {
            const int fd =
                ::openat(directoryFd, name.constData(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
            out += ' ' + (fd >= 0 ? digestOfFd(fd) : QByteArray("unreadable"));
            if (fd >= 0)
                ::close(fd);
        } else if (S_ISLNK(st.st_mode)) {
            char target[4096];
            const ssize_t length =
                ::readlinkat(directoryFd, name.constData(), target, sizeof target);
            out +=
                " -> " + QByteArray(target, int(std::max<ssize_t>(length, 0))).toPercentEncoding();
        }
        out += '\n';
        if (S_ISDIR(st.st_mode)) {
            const int child = ::openat(directoryFd, name.constData(), DirectoryFlags);
            if (child >= 0) {
                fingerprintInto(child, path, out);
                ::close(child);
            } else {
                out += path + "/ unlistable\n";
            }
        }
    }
}

void emptyFilesInto(int directoryFd, const QByteArray &path, QList<QByteArray> &found)
{
    for (const QByteArray &name : sortedNames(directoryFd)) {
        struct stat st = {};
        if (::fstatat(directoryFd, name.constData(), &st, AT_SYMLINK_NOFOLLOW) != 0)
            continue;
        if (S_ISREG(st.st_mode) && st.st_size == 0)
            found << path + '/' + name;
        if (S_ISDIR(st.st_mode)) {
            const int child = ::openat(directoryFd, name.constData(), DirectoryFlags);
            if (child >= 0) {
                emptyFilesInto(child, path + '/' + name, found);
                ::close(child);
            }
        }
    }
}

void compareDeepInto(int a, int b, const QByteArray &relative, QStringList &differences)
{
    auto show = [](const QByteArray &path) {
        return path.size() > 120 ? QStringLiteral("…%1").arg(QString::fromUtf8(path.right(110)))
                                 : QString::fromUtf8(path);
    };
    const QList<QByteArray> namesA = sortedNames(a);
    const QList<QByteArray> namesB = sortedNames(b);
    if (namesA != namesB) {
        differences << QStringLiteral("names differ in %1").arg(show(relative));
        return;
    }
    for (const QByteArray &name : namesA) {
        const QByteArray path = relative + '/' + name;
        struct stat sa = {};
        struct stat sb = {};
        if (::fstatat(a, name.constData(), &sa, AT_SYMLINK_NOFOLLOW) != 0
            || ::fstatat(b, name.constData(), &sb, AT_SYMLINK_NOFOLLOW) != 0
            || (sa.st_mode & S_IFMT) != (sb.st_mode & S_IFMT)) {
            differences << QStringLiteral("type differs: %1").arg(show(path));
            continue;
        }
        if (S_ISREG(sa.st_mode)) {
            const int fa = ::openat(a, name.constData(), O_RDONLY | O_CLOEXEC);
            const int fb = ::openat(b, name.constData(), O_RDONLY | O_CLOEXEC);
            if (fa < 0 || fb < 0 || digestOfFd(fa) != digestOfFd(fb))
                differences << QStringLiteral("content differs: %1").arg(show(path));
            if (fa >= 0)
                ::close(fa);
            if (fb >= 0)
                ::close(fb);
        } else if (S_ISDIR(sa.st_mode)) {
            const int ca = ::openat(a, name.constData(), DirectoryFlags);
            const int cb = ::openat(b, name.constData(), DirectoryFlags);
            if (ca < 0 || cb < 0)
                differences << QStringLiteral("cannot open %1").arg(show(path));
            else
                compareDeepInto(ca, cb, path, differences);
            if (ca >= 0)
                ::close(ca);
            if (cb >= 0)
                ::close(cb);
        }
    }
}

void removeDeepAt(int parentFd, const QByteArray &name)
{
    const int fd = ::openat(parentFd, name.constData(), DirectoryFlags);
    if (fd < 0) {
        ::unlinkat(parentFd, name.constData(), 0);
        return;
    }
    ::fchmod(fd, 0700);
    for (const QByteArray &child : sortedNames(fd)) {
        struct stat st = {};
        if (::fstatat(fd, child.constData(), &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISDIR(st.st_mode))
            removeDeepAt(fd, child);
        else
            ::unlinkat(fd, child.constData(), 0);
    }
    ::close(fd);
    ::unlinkat(parentFd, name.constData(), AT_REMOVEDIR);
}

QByteArray readMemfd(int fd)
{
    QByteArray data;
    char buffer[65536];
    for (off_t offset = 0;;) {
        const ssize_t got = ::pread(fd, buffer, sizeof buffer, offset);
        if (got <= 0)
            break;
        data.append(buffer, got);
        offset += got;
    }
    return data;
}

} // namespace

QByteArray fileDigest(const QByteArray &path)
{
    const int fd = ::open(path.constData(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return {};
    QByteArray digest = digestOfFd(fd);
    ::close(fd);
    return digest;
}

QByteArray treeFingerprint(const QByteArray &root)
{
    QByteArray out;
    const int fd = ::open(root.constData(), DirectoryFlags);
    if (fd < 0)
        return "cannot open " + root;
    fingerprintInto(fd, {}, out);
    ::close(fd);
    return out;
}

QList<QByteArray> listNames(const QByteArray &folder)
{
    QList<QByteArray> names;
    const int fd = ::open(folder.constData(), DirectoryFlags);
    if (fd >= 0) {
        names = sortedNames(fd);
        ::close(fd);
    }
    return names;
}

QList<QByteArray> emptyFiles(const QByteArray &root)
{
    QList<QByteArray> found;
    const int fd = ::open(root.constData(), DirectoryFlags);
    if (fd >= 0) {
        emptyFilesInto(fd, root, found);
        ::close(fd);
    }
    return found;
}

const Sluice::CopyIssue *findIssue(const Sluice::CopyResult &result, const QByteArray &pathSuffix)
{
    for (const Sluice::CopyIssue &issue : result.issues) {
        if (issue.path.endsWith(pathSuffix))
            return &issue;
    }
    return nullptr;
}

const Sluice::CopyIssue *findError(const Sluice::CopyResult &result, const QByteArray &pathSuffix)
{
    for (const Sluice::CopyIssue &issue : result.issues) {
        if (issue.isError() && issue.path.endsWith(pathSuffix))
            return &issue;
    }
    return nullptr;
}

QString describeIssues(const Sluice::CopyResult &result)
{
    QStringList lines{QStringLiteral("status %1, %2 copied, %3 skipped, %4 failed")
                          .arg(Sluice::statusName(result.status))
                          .arg(result.itemsCopied)
                          .arg(result.itemsSkipped)
                          .arg(result.itemsFailed)};
    for (const Sluice::CopyIssue &issue : result.issues)
        lines << issue.message();
    return lines.join(u'\n');
}

uid_t nobodyUid()
{
    const passwd *entry = ::getpwnam("nobody");
    return entry ? entry->pw_uid : 65534;
}

gid_t nobodyGid()
{
    const group *entry = ::getgrnam("nogroup");
    return entry ? entry->gr_gid : 65534;
}

QByteArray cliPath(bool unprivileged)
{
    QByteArray built(SLUICE_CLI_PATH);
    if (!unprivileged)
        return built;
    static std::unique_ptr<QTemporaryDir> stage;
    if (!stage) {
        stage = std::make_unique<QTemporaryDir>(
            QDir(QDir::tempPath()).filePath(QStringLiteral("sluice-cli-stage-XXXXXX")));
        const QString copy = stage->filePath(QStringLiteral("sluice-cli"));
        QFile::copy(QFile::decodeName(built), copy);
        ::chmod(QFile::encodeName(stage->path()).constData(), 0755);
        ::chmod(QFile::encodeName(copy).constData(), 0755);
    }
    return QFile::encodeName(stage->filePath(QStringLiteral("sluice-cli")));
}

ChildRun runCli(const QList<QByteArray> &arguments, const ChildOptions &options)
{
    ChildRun run;
    QList<QByteArray> storage{cliPath(options.unprivileged)};
    storage += arguments;
    std::vector<char *> argv;
    for (QByteArray &argument : storage)
        argv.push_back(argument.data());
    argv.push_back(nullptr);
    const int out = ::memfd_create("sluice-cli-out", MFD_CLOEXEC);
    const int err = ::memfd_create("sluice-cli-err", MFD_CLOEXEC);
    const uid_t uid = nobodyUid();
    const gid_t gid = nobodyGid();
    const pid_t child = ::fork();
    if (child == 0) {
        // Only async-signal-safe calls from here to exec.
        const int devNull = ::open("/dev/null", O_RDONLY);
        ::dup2(devNull, STDIN_FILENO);
        ::dup2(out, STDOUT_FILENO);
        ::dup2(err, STDERR_FILENO);
        if (!options.workingDirectory.isEmpty()
            && ::chdir(options.workingDirectory.constData()) != 0)
            ::_exit(126);
        if (options.fileSizeLimit >= 0) {
            const rlimit limit{rlim_t(options.fileSizeLimit), rlim_t(options.fileSizeLimit)};
            if (::setrlimit(RLIMIT_FSIZE, &limit) != 0)
                ::_exit(126);
        }
        if (options.unprivileged) {
            if (::setgroups(0, nullptr) != 0 || ::setresgid(gid, gid, gid) != 0
                || ::setresuid(uid, uid, uid) != 0)
                ::_exit(126);
        }
        ::execv(argv[0], argv.data());
        ::_exit(127);
    }
    int status = 0;
    while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
    if (WIFEXITED(status))
        run.exitCode = WEXITSTATUS(status);
    else if (WIFSIGNALED(status))
        run.signal = WTERMSIG(status);
    run.out = readMemfd(out);
    run.err = readMemfd(err);
    ::close(out);
    ::close(err);
    return run;
}

bool makeDeepTree(const QByteArray &root, int depth, const QByteArray &component)
{
    int fd = ::open(root.constData(), DirectoryFlags);
    bool ok = fd >= 0;
    for (int level = 0; ok && level < depth; ++level) {
        ok = ::mkdirat(fd, component.constData(), 0755) == 0;
        const int child = ok ? ::openat(fd, component.constData(), DirectoryFlags) : -1;
        const int file =
            ok ? ::openat(child, "f", O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644) : -1;
        const QByteArray text = "level " + QByteArray::number(level + 1) + '\n';
        ok = ok && child >= 0 && file >= 0
             && ::write(file, text.constData(), text.size()) == text.size();
        if (file >= 0)
            ::close(file);
        ::close(fd);
        fd = child;
    }
    if (fd >= 0)
        ::close(fd);
    return ok;
}

QStringList compareDeep(const QByteArray &expected, const QByteArray &actual)
{
    QStringList differences;
    const int a = ::open(expected.constData(), DirectoryFlags);
    const int b = ::open(actual.constData(), DirectoryFlags);
    if (a < 0 || b < 0)
        differences << QStringLiteral("cannot open %1 or %2")
                           .arg(QFile::decodeName(expected), QFile::decodeName(actual));
    else
        compareDeepInto(a, b, {}, differences);
    if (a >= 0)
        ::close(a);
    if (b >= 0)
        ::close(b);
    return differences;
}

void removeDeep(const QByteArray &root)
{
    const QByteArray parent = Sluice::NativePath::parentPath(root);
    const int fd = ::open(parent.constData(), DirectoryFlags & ~O_NOFOLLOW);
    if (fd < 0)
        return;
    removeDeepAt(fd, Sluice::NativePath::baseName(root));
    ::close(fd);
}

QStringList decodedArguments(const QList<QByteArray> &values)
{
    QStringList list;
    for (const QByteArray &value : values)
        list << QFile::decodeName(value);
    return list;
}

Interrupted interruptCli(const QStringList &arguments, qint64 atLeast, int signalNumber)
{
    Interrupted result;
    QProcess cli;
    cli.setProgram(QFile::decodeName(FsHelpers::cliPath()));
    cli.setArguments(QStringList{QStringLiteral("--progress"), QStringLiteral("json")} + arguments);
    cli.setStandardInputFile(QProcess::nullDevice());
    QByteArray pending;
    QObject::connect(&cli, &QProcess::readyReadStandardOutput, &cli, [&] {
        pending += cli.readAllStandardOutput();
        for (qsizetype end = pending.indexOf('\n'); end >= 0; end = pending.indexOf('\n')) {
            const QJsonObject line = QJsonDocument::fromJson(pending.left(end)).object();
            pending.remove(0, end + 1);
            if (!result.signalled
                && line.value(QStringLiteral("bytesWritten")).toInteger() >= atLeast
                && line.value(QStringLiteral("type")).toString() == QLatin1String("progress")) {
                result.signalled = true;
                ::kill(pid_t(cli.processId()), signalNumber);
            }
        }
    });
    cli.start();
    if (!cli.waitForStarted())
        return result;
    if (!cli.waitForFinished(120000)) // delivers readyRead meanwhile
        cli.kill();
    cli.waitForFinished();
    result.status = cli.exitStatus();
    result.exitCode = cli.exitCode();
    return result;
}

QList<Refusal> notUtf8CommandLineNames(const QByteArray &scratch, const QByteArray &valid,
                                       const QByteArray &destination, const QByteArray &type)
{
    const QByteArray source = scratch + "/a\xff";
    if (!TestTree::writeFile(source, "ff"))
        return {};
    const QByteArray why =
        "the name is not valid UTF-8, and " + type + " stores names as Unicode\n";
    const QByteArray shown = Sluice::NativePath::toDisplay(destination).toUtf8();
    return {
        {{source, destination},
         1,
         "sluice-cli: Check before copying “" + Sluice::NativePath::toDisplay(source).toUtf8()
             + "”: " + why},
        {{valid, destination + "/n\xff"},
         2,
         "sluice-cli: Cannot copy “" + shown + "/n\\xFF”: " + why},
        {{valid, destination + "/nd\xff/x"},
         2,
         "sluice-cli: Cannot copy “" + shown + "/nd\\xFF/x”: the folder “" + shown
             + "/nd\\xFF” in that path: " + why},
    };
}

namespace {

// What @p run did otherwise than @p refusal says ("" when nothing).
QString refusalMismatch(const Refusal &refusal, const ChildRun &run)
{
    if (run.exitCode != refusal.exitCode)
        return QStringLiteral("exit status %1, not %2").arg(run.exitCode).arg(refusal.exitCode);
    if (run.err.count(refusal.said) != 1)
        return QStringLiteral("not said once: %1").arg(QString::fromUtf8(refusal.said));
    if (run.err.contains("Input/output error"))
        return QStringLiteral("an EIO");
    return {};
}

} // namespace

QString checkRefusals(const QList<Refusal> &refusals, const std::function<QString()> &after)
{
    for (const Refusal &refusal : refusals) {
        for (const bool dryRun : {true, false}) {
            QList<QByteArray> arguments = refusal.arguments;
            if (dryRun)
                arguments.prepend("--dry-run");
            const ChildRun run = runCli(arguments);
            const QString command = decodedArguments(arguments).join(u' ');
            if (const QString wrong = refusalMismatch(refusal, run); !wrong.isEmpty())
                return QStringLiteral("%1 (%2):\n%3")
                    .arg(command, wrong, QString::fromUtf8(run.err));
            if (const QString later = after ? after() : QString(); !later.isEmpty())
                return QStringLiteral("after %1: %2").arg(command, later);
        }
    }
    return {};
}

QJsonObject resultRecord(const ChildRun &run)
{
    return QJsonDocument::fromJson(run.out.trimmed().split('\n').constLast()).object();
}

QString summaryFigures(const ChildRun &run)
{
    const QJsonObject record = resultRecord(run);
    const QJsonObject summary = record.value(QStringLiteral("summary")).toObject();
    auto tally = [&summary](const QString &fate) {
        const QJsonObject t = summary.value(fate).toObject();
        return QStringLiteral("%1/%2")
            .arg(t.value(QStringLiteral("items")).toInteger(-1))
            .arg(t.value(QStringLiteral("bytes")).toInteger(-1));
    };
    return QStringLiteral("planned %1, copied %2, bytesTotal %3, bytesCopied %4")
        .arg(tally(QStringLiteral("planned")), tally(QStringLiteral("copied")))
        .arg(record.value(QStringLiteral("bytesTotal")).toInteger(-1))
        .arg(record.value(QStringLiteral("bytesCopied")).toInteger(-1));
}

bool makeHardLinkPairs(const QByteArray &folder)
{
    if (!TestTree::makePath(folder))
        return false;
    for (int pair = 1; pair <= 3; ++pair) {
        const QByteArray name = folder + "/p" + QByteArray::number(pair);
        if (!TestTree::writePatternFile(name, qint64(1000) * pair, 500 + pair)
            || ::link(name.constData(), (name + "-link").constData()) != 0)
            return false;
    }
    return true;
}

} // namespace FsHelpers
