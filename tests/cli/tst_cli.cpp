// sluice-cli as a user runs it: real processes, real exit codes, parseable JSON.

#include "jobjournal.h"
#include "jobrunner.h"
#include "nativepath.h"
#include "testtree.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <fcntl.h>
#include <grp.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace {

struct CliRun
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

CliRun runCli(const QStringList &arguments, int timeoutMs = 120000,
              const QString &workingDirectory = {})
{
    QProcess process;
    process.setProgram(QStringLiteral(SLUICE_CLI_PATH));
    process.setArguments(arguments);
    if (!workingDirectory.isEmpty())
        process.setWorkingDirectory(workingDirectory);
    process.setStandardInputFile(QProcess::nullDevice());
    process.start();
    CliRun run;
    if (!process.waitForFinished(timeoutMs))
        process.kill();
    process.waitForFinished();
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    run.out = process.readAllStandardOutput();
    run.err = process.readAllStandardError();
    return run;
}

// Runs sluice-cli with raw byte arguments (QProcess would re-encode them as UTF-8 text).
int runCliRaw(const QList<QByteArray> &arguments)
{
    QList<QByteArray> storage{QByteArray(SLUICE_CLI_PATH)};
    storage += arguments;
    std::vector<char *> argv;
    for (QByteArray &argument : storage)
        argv.push_back(argument.data());
    argv.push_back(nullptr);
    const pid_t child = ::fork();
    if (child == 0) {
        const int devNull = ::open("/dev/null", O_RDWR);
        ::dup2(devNull, STDIN_FILENO);
        ::execv(argv[0], argv.data());
        ::_exit(127);
    }
    int status = 0;
    ::waitpid(child, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

QString arg(const QByteArray &path)
{
    return Sluice::NativePath::fromNativeLossless(path);
}

} // namespace

class TestCli final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void copiesATreeAndExitsZero();
    void keepsNamesThatAreNotUtf8();
    void itemFailureExitsOne();
    void badUsageExitsTwo_data();
    void badUsageExitsTwo();
    void nothingToStartExitsTwo();
    void askWithoutATerminalIsRefused();
    void sigintCancelsAndExits130();
    void jsonLinesCarryEveryField();
    void helpListsTheOptions();
    void shortOptionsCombine();
    void quietPrintsOnlyErrors();
    void trailingSlashNamesAFolder();
    void closedOutputCancelsAndExits130();
    void dryRunSaysWhatItWouldCopy();
    void dryRunRefusesAnUnwritableDestination();
    void dryRunNamesPathsAsTheCopyDoes();
    void filterOptionsChooseWhatIsCopied();
    void dryRunCountsAndListsWhatFiltersLeaveOut();
    void summaryCountsEveryFateInTheEndRecordAndLine();
    void abortOnAMissingSourceCountsItFailed();
    void desktopOptionsNeedDBus();
    void excludeFromStandardInputReadsPatterns();
    void verboseListsWhatACopyLeavesOut();
    void helpSaysWhichLinesAreComments();
    void listInterruptedSaysATornEntryOnce();
};

void TestCli::copiesATreeAndExitsZero()
{
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("src/sub")));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/sub/data"), 3 * 1024 * 1024 + 5, 1));
    QVERIFY(TestTree::writeFile(scratch.path("src/small"), "x"));
    QVERIFY(TestTree::makePath(scratch.path("out")));
    const CliRun run = runCli({QStringLiteral("--progress"), QStringLiteral("none"),
                               arg(scratch.path("src")), arg(scratch.path("out"))});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(TestTree::compareTrees(scratch.path("src"), scratch.path("out/src")).isEmpty());
    QVERIFY2(run.err.contains("succeeded: 4 copied ("), run.err.constData());
}

void TestCli::keepsNamesThatAreNotUtf8()
{
    Scratch scratch;
    const QByteArray odd = scratch.path("odd \xff\xfe name");
    QVERIFY(TestTree::writeFile(odd, "bytes"));
    QVERIFY(TestTree::makePath(scratch.path("out")));
    QCOMPARE(runCliRaw({"-q", odd, scratch.path("out")}), 0);
    QCOMPARE(TestTree::readFile(scratch.path("out/odd \xff\xfe name")), QByteArray("bytes"));
}

void TestCli::itemFailureExitsOne()
{
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("src")));
    QVERIFY(TestTree::writeFile(scratch.path("src/thing"), "file"));
    QVERIFY(TestTree::writeFile(scratch.path("src/fine"), "fine"));
    QVERIFY(TestTree::makePath(scratch.path("out/src/thing"))); // a folder where a file goes
    const CliRun run = runCli({QStringLiteral("--on-conflict"), QStringLiteral("overwrite"),
                               QStringLiteral("--on-error"), QStringLiteral("skip"),
                               arg(scratch.path("src")), arg(scratch.path("out"))});
    QCOMPARE(run.exitCode, 1);
    QCOMPARE(TestTree::readFile(scratch.path("out/src/fine")), QByteArray("fine"));
    QVERIFY2(run.err.contains("a folder with this name exists"), run.err.constData());
}

void TestCli::badUsageExitsTwo_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QByteArray>("message");
    QTest::newRow("no arguments") << QStringList{} << QByteArray("missing SOURCE");
    QTest::newRow("one argument") << QStringList{QStringLiteral("/etc/hostname")}
                                  << QByteArray("missing DESTINATION");
    QTest::newRow("unknown option")
        << QStringList{QStringLiteral("--frobnicate"), QStringLiteral("a"), QStringLiteral("b")}
        << QByteArray("frobnicate");
    QTest::newRow("bad chunk size")
        << QStringList{QStringLiteral("--chunk-size"), QStringLiteral("lots"), QStringLiteral("a"),
                       QStringLiteral("b")}
        << QByteArray("chunk-size");
    QTest::newRow("chunk too small")
        << QStringList{QStringLiteral("--chunk-size"), QStringLiteral("1K"), QStringLiteral("a"),
                       QStringLiteral("b")}
        << QByteArray("chunk size must be");
    QTest::newRow("bad policy") << QStringList{
        QStringLiteral("--on-conflict"), QStringLiteral("maybe"), QStringLiteral("a"),
        QStringLiteral("b")} << QByteArray("on-conflict");
    QTest::newRow("checksum file without verify")
        << QStringList{QStringLiteral("--checksum-file"), QStringLiteral("/tmp/x"),
                       QStringLiteral("a"), QStringLiteral("b")}
        << QByteArray("needs --verify");
    QTest::newRow("flush window too small")
        << QStringList{QStringLiteral("--flush-window"), QStringLiteral("1M"), QStringLiteral("a"),
                       QStringLiteral("b")}
        << QByteArray("flush-behind window must be at least 2 MiB");
    QTest::newRow("flush lag zero")
        << QStringList{QStringLiteral("--flush-lag"), QStringLiteral("0"), QStringLiteral("a"),
                       QStringLiteral("b")}
        << QByteArray("flush-behind lag must be between 1 and 64");
    QTest::newRow("bad min size")
        << QStringList{QStringLiteral("--min-size"), QStringLiteral("big"), QStringLiteral("a"),
                       QStringLiteral("b")}
        << QByteArray("invalid --min-size 'big' (expected a size such as 500K, 10M or 2GiB)");
    QTest::newRow("negative max size")
        << QStringList{QStringLiteral("--max-size"), QStringLiteral("-1"), QStringLiteral("a"),
                       QStringLiteral("b")}
        << QByteArray("invalid --max-size '-1'");
    QTest::newRow("min above max")
        << QStringList{QStringLiteral("--min-size"), QStringLiteral("2M"),
                       QStringLiteral("--max-size"), QStringLiteral("1M"),
                       QStringLiteral("a"),          QStringLiteral("b")}
        << QByteArray("the minimum size is larger than the maximum size");
    QTest::newRow("bad date")
        << QStringList{QStringLiteral("--newer-than"), QStringLiteral("2026-13-45"),
                       QStringLiteral("a"), QStringLiteral("b")}
        << QByteArray("invalid --newer-than '2026-13-45' (expected a date such as 2026-11-01");
    QTest::newRow("bad duration") << QStringList{
        QStringLiteral("--older-than"), QStringLiteral("7 days"), QStringLiteral("a"),
        QStringLiteral("b")} << QByteArray("invalid --older-than '7 days'");
    QTest::newRow("missing pattern file")
        << QStringList{QStringLiteral("--exclude-from"), QStringLiteral("/nonexistent/list"),
                       QStringLiteral("a"), QStringLiteral("b")}
        << QByteArray("cannot read --exclude-from '/nonexistent/list'");
    QTest::newRow("empty pattern")
        << QStringList{QStringLiteral("--exclude="), QStringLiteral("a"), QStringLiteral("b")}
        << QByteArray("a filter pattern must not be empty");
}

void TestCli::badUsageExitsTwo()
{
    QFETCH(QStringList, arguments);
    QFETCH(QByteArray, message);
    const CliRun run = runCli(arguments);
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains(message), run.err.constData());
}

void TestCli::nothingToStartExitsTwo()
{
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("out")));
    const CliRun run = runCli({QStringLiteral("--on-error"), QStringLiteral("skip"),
                               arg(scratch.path("does-not-exist")), arg(scratch.path("out"))});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains("No such file or directory (ENOENT)"), run.err.constData());
    QVERIFY2(run.err.contains("does-not-exist"), run.err.constData());
}

void TestCli::askWithoutATerminalIsRefused()
{
    const CliRun run = runCli({QStringLiteral("--on-conflict"), QStringLiteral("ask"),
                               QStringLiteral("/etc/hostname"), QStringLiteral("/tmp")});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains("needs a terminal"), run.err.constData());
}

void TestCli::sigintCancelsAndExits130()
{
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("out")));
    QVERIFY(TestTree::writeFile(scratch.path("first"), "done before the signal"));
    QVERIFY(TestTree::writePatternFile(scratch.path("second"), qint64(64) * 1024 * 1024, 3));
    QProcess process;
    process.setProgram(QStringLiteral(SLUICE_CLI_PATH));
    // 4 MiB/s: the big file takes 16 s, so the signal lands in the middle of it.
    process.setArguments(
        {QStringLiteral("--progress"), QStringLiteral("json"), QStringLiteral("--limit"),
         QStringLiteral("4M"), QStringLiteral("--workers"), QStringLiteral("1"),
         arg(scratch.path("first")), arg(scratch.path("second")), arg(scratch.path("out"))});
    process.setStandardInputFile(QProcess::nullDevice());
    process.start();
    QVERIFY(process.waitForStarted());
    // Wait until some of the big file has been written.
    bool midway = false;
    while (!midway && process.waitForReadyRead(20000)) {
        while (process.canReadLine()) {
            const QJsonObject sample = QJsonDocument::fromJson(process.readLine()).object();
            if (sample.value(QStringLiteral("currentItem"))
                    .toString()
                    .endsWith(QLatin1String("second"))
                && sample.value(QStringLiteral("currentItemBytesDone")).toInteger() > 0)
                midway = true;
        }
    }
    QVERIFY(midway);
    QVERIFY(!TestTree::findPartFiles(scratch.path("out")).isEmpty());
    ::kill(pid_t(process.processId()), SIGINT);
    QVERIFY(process.waitForFinished(20000));
    QCOMPARE(process.exitStatus(), QProcess::NormalExit);
    QCOMPARE(process.exitCode(), 130);
    QVERIFY(TestTree::findPartFiles(scratch.path("out")).isEmpty());
    QVERIFY(::access(scratch.path("out/second").constData(), F_OK) != 0);
    QCOMPARE(TestTree::readFile(scratch.path("out/first")), QByteArray("done before the signal"));
}

void TestCli::jsonLinesCarryEveryField()
{
    Scratch scratch;
    QVERIFY(TestTree::writePatternFile(scratch.path("f"), qint64(5) * 1024 * 1024, 2));
    QVERIFY(TestTree::makePath(scratch.path("out")));
    const CliRun run = runCli({QStringLiteral("--progress"), QStringLiteral("json"),
                               arg(scratch.path("f")), arg(scratch.path("out"))});
    QCOMPARE(run.exitCode, 0);
    const QList<QByteArray> lines = run.out.trimmed().split('\n');
    QVERIFY(lines.size() >= 2);
    const QStringList integerFields{QStringLiteral("bytesTotal"),
                                    QStringLiteral("bytesDone"),
                                    QStringLiteral("bytesRead"),
                                    QStringLiteral("bytesWritten"),
                                    QStringLiteral("readRate"),
                                    QStringLiteral("writeRate"),
                                    QStringLiteral("residentBytes"),
                                    QStringLiteral("itemsTotal"),
                                    QStringLiteral("itemsDone"),
                                    QStringLiteral("etaMs"),
                                    QStringLiteral("buffersInUse"),
                                    QStringLiteral("queueDepth"),
                                    QStringLiteral("currentItemBytesDone"),
                                    QStringLiteral("currentItemSize"),
                                    QStringLiteral("systemDirtyBytes"),
                                    QStringLiteral("elapsedMs")};
    for (qsizetype i = 0; i + 1 < lines.size(); ++i) {
        QJsonParseError error{};
        const QJsonDocument document = QJsonDocument::fromJson(lines.at(i), &error);
        QVERIFY2(error.error == QJsonParseError::NoError, lines.at(i).constData());
        const QJsonObject object = document.object();
        QCOMPARE(object.value(QStringLiteral("type")).toString(), QStringLiteral("progress"));
        for (const QString &field : integerFields) {
            const QJsonValue value = object.value(field);
            QVERIFY2(value.isDouble(), qPrintable(field));
            QCOMPARE(double(value.toInteger()), value.toDouble()); // integral
        }
        QVERIFY(object.contains(QStringLiteral("phase")));
        QVERIFY(object.contains(QStringLiteral("paused")));
    }
    const QJsonObject last = QJsonDocument::fromJson(lines.at(lines.size() - 2)).object();
    QCOMPARE(last.value(QStringLiteral("bytesDone")).toInteger(), 5 * 1024 * 1024);
    QCOMPARE(last.value(QStringLiteral("phase")).toString(), QStringLiteral("finished"));
    const QJsonObject result = QJsonDocument::fromJson(lines.constLast()).object();
    QCOMPARE(result.value(QStringLiteral("type")).toString(), QStringLiteral("result"));
    QCOMPARE(result.value(QStringLiteral("status")).toString(), QStringLiteral("succeeded"));
    QCOMPARE(result.value(QStringLiteral("itemsCopied")).toInteger(), 1);
}

void TestCli::helpListsTheOptions()
{
    const CliRun run = runCli({QStringLiteral("--help")});
    QCOMPARE(run.exitCode, 0);
    for (const char *option : {"--chunk-size", "--queue-depth", "--on-conflict", "--on-error",
                               "--progress", "--dry-run", "--quiet", "--version", "Exit status"})
        QVERIFY2(run.out.contains(option), option);
    const CliRun version = runCli({QStringLiteral("--version")});
    QCOMPARE(version.exitCode, 0);
    QVERIFY(version.out.startsWith("sluice-cli "));
    // The benchmark's tuning knobs work but stay out of --help (and so the man page).
    QVERIFY(!run.out.contains("--flush-window"));
    QVERIFY(!run.out.contains("--flush-lag"));
}

void TestCli::shortOptionsCombine()
{
    Scratch scratch;
    QVERIFY(TestTree::writeFile(scratch.path("f"), "combined"));
    QVERIFY(TestTree::makePath(scratch.path("out")));
    const CliRun run =
        runCli({QStringLiteral("-aq"), arg(scratch.path("f")), arg(scratch.path("out"))});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QCOMPARE(run.err, QByteArray()); // -q took effect: no summary
    QCOMPARE(TestTree::readFile(scratch.path("out/f")), QByteArray("combined"));
    const CliRun both =
        runCli({QStringLiteral("-qaL"), arg(scratch.path("f")), arg(scratch.path("out/g"))});
    QVERIFY2(both.exitCode == 0, both.err.constData());
    QCOMPARE(TestTree::readFile(scratch.path("out/g")), QByteArray("combined"));
    const CliRun unknown =
        runCli({QStringLiteral("-aZ"), arg(scratch.path("f")), arg(scratch.path("out"))});
    QCOMPARE(unknown.exitCode, 2);
    QVERIFY2(unknown.err.contains("Unknown option 'Z'"), unknown.err.constData());
}

void TestCli::quietPrintsOnlyErrors()
{
    // A source on /proc gets a preflight warning (its size is unknown until read).
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("out")));
    const CliRun loud = runCli({QStringLiteral("--progress"), QStringLiteral("none"),
                                QStringLiteral("/proc/version"), arg(scratch.path("out"))});
    QCOMPARE(loud.exitCode, 0);
    QVERIFY2(loud.err.contains("pseudo file system"), loud.err.constData());
    const CliRun quiet =
        runCli({QStringLiteral("-q"), QStringLiteral("--on-conflict"), QStringLiteral("overwrite"),
                QStringLiteral("/proc/version"), arg(scratch.path("out"))});
    QCOMPARE(quiet.exitCode, 0);
    QCOMPARE(quiet.err, QByteArray());
    QCOMPARE(quiet.out, QByteArray());
    QVERIFY(!TestTree::readFile(scratch.path("out/version")).isEmpty());
    // With -L, a symlink back to a folder that contains it is a warning too.
    QVERIFY(TestTree::makePath(scratch.path("tree/sub")));
    QVERIFY(::symlink("..", scratch.path("tree/sub/up").constData()) == 0);
    const CliRun loudLoop =
        runCli({QStringLiteral("-L"), QStringLiteral("--progress"), QStringLiteral("none"),
                arg(scratch.path("tree")), arg(scratch.path("out"))});
    QCOMPARE(loudLoop.exitCode, 0);
    QVERIFY2(loudLoop.err.contains("symbolic link loop"), loudLoop.err.constData());
    const CliRun quietLoop =
        runCli({QStringLiteral("-qL"), arg(scratch.path("tree")), arg(scratch.path("out/again"))});
    QCOMPARE(quietLoop.exitCode, 0);
    QCOMPARE(quietLoop.err, QByteArray());
    QVERIFY(::access(scratch.path("out/again/sub").constData(), F_OK) == 0);
    // Errors are still printed.
    const CliRun failing =
        runCli({QStringLiteral("--quiet"), arg(scratch.path("missing")), arg(scratch.path("out"))});
    QCOMPARE(failing.exitCode, 2);
    QVERIFY2(failing.err.contains("No such file or directory (ENOENT)"), failing.err.constData());
}

void TestCli::trailingSlashNamesAFolder()
{
    Scratch scratch;
    QVERIFY(TestTree::writeFile(scratch.path("file"), "data"));
    QVERIFY(TestTree::makePath(scratch.path("tree/sub")));
    QVERIFY(TestTree::writeFile(scratch.path("tree/sub/inner"), "inner"));
    // A file to "newdir/" that does not exist: refused, as cp does, and nothing created.
    const CliRun file =
        runCli({QStringLiteral("-q"), arg(scratch.path("file")), arg(scratch.path("newdir/"))});
    QCOMPARE(file.exitCode, 2);
    QVERIFY2(file.err.contains("Not a directory"), file.err.constData());
    QVERIFY2(file.err.contains(scratch.path("newdir/")), file.err.constData());
    struct stat st = {};
    QCOMPARE(::lstat(scratch.path("newdir").constData(), &st), -1);
    // A file to an existing folder with a trailing slash goes inside it.
    QVERIFY(TestTree::makePath(scratch.path("existing")));
    QCOMPARE(
        runCli({QStringLiteral("-q"), arg(scratch.path("file")), arg(scratch.path("existing/"))})
            .exitCode,
        0);
    QCOMPARE(TestTree::readFile(scratch.path("existing/file")), QByteArray("data"));
    // A folder to "copy/" that does not exist becomes that folder (cp -r tree copy/).
    const CliRun folder =
        runCli({QStringLiteral("-q"), arg(scratch.path("tree")), arg(scratch.path("copy/"))});
    QVERIFY2(folder.exitCode == 0, folder.err.constData());
    QCOMPARE(TestTree::readFile(scratch.path("copy/sub/inner")), QByteArray("inner"));
}

void TestCli::closedOutputCancelsAndExits130()
{
    // `sluice-cli --progress json ... | head -1`: the reader goes away mid-copy. A pipe of
    // our own (QProcess keeps its end of the pipe open after closeReadChannel()).
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("out")));
    QVERIFY(TestTree::writePatternFile(scratch.path("big"), qint64(64) * 1024 * 1024, 4));
    QList<QByteArray> storage{
        QByteArray(SLUICE_CLI_PATH), "--progress",       "json", "--limit", "4M",
        scratch.path("big"),         scratch.path("out")};
    std::vector<char *> argv;
    for (QByteArray &argument : storage)
        argv.push_back(argument.data());
    argv.push_back(nullptr);
    int output[2] = {-1, -1};
    QVERIFY(::pipe2(output, O_CLOEXEC) == 0);
    const pid_t child = ::fork();
    if (child == 0) {
        const int devNull = ::open("/dev/null", O_RDWR);
        ::dup2(devNull, STDIN_FILENO);
        ::dup2(output[1], STDOUT_FILENO);
        ::execv(argv[0], argv.data());
        ::_exit(127);
    }
    ::close(output[1]);
    FILE *reader = ::fdopen(output[0], "r");
    QVERIFY(reader);
    bool midway = false;
    char line[4096];
    while (!midway && std::fgets(line, sizeof line, reader)) {
        const QJsonObject sample = QJsonDocument::fromJson(QByteArray(line)).object();
        midway = sample.value(QStringLiteral("currentItemBytesDone")).toInteger() > 0;
    }
    const bool partFileWhileCopying = !TestTree::findPartFiles(scratch.path("out")).isEmpty();
    std::fclose(reader); // the reader goes away: the next progress line raises SIGPIPE
    int status = 0;
    QCOMPARE(::waitpid(child, &status, 0), child);
    QVERIFY(midway);
    QVERIFY(partFileWhileCopying);
    QVERIFY2(WIFEXITED(status), "killed by a signal (SIGPIPE?)");
    QCOMPARE(WEXITSTATUS(status), 130);
    QCOMPARE(TestTree::findPartFiles(scratch.path("out")), QList<QByteArray>());
    QVERIFY(::access(scratch.path("out/big").constData(), F_OK) != 0);
}

void TestCli::dryRunSaysWhatItWouldCopy()
{
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("src/sub")));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/sub/data"), 3000, 1));
    QVERIFY(TestTree::writeFile(scratch.path("src/small"), "12345"));
    QVERIFY(TestTree::makePath(scratch.path("out")));
    const CliRun run =
        runCli({QStringLiteral("--dry-run"), arg(scratch.path("src")), arg(scratch.path("out"))});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    // src, src/sub, src/sub/data, src/small: 4 items, 3005 bytes.
    QVERIFY2(run.err.contains("dry run: would copy 4 items, 2.9 KiB (3005 bytes)"),
             run.err.constData());
    QCOMPARE(TestTree::countEntries(scratch.path("out")), 0);
}

void TestCli::dryRunRefusesAnUnwritableDestination()
{
    Scratch scratch;
    QVERIFY(::chmod(scratch.path().constData(), 0755) == 0);
    QVERIFY(TestTree::writeFile(scratch.path("f"), "data"));
    QVERIFY(TestTree::makePath(scratch.path("locked"), 0555));
    // A copy of the program in the scratch folder: "nobody" may not be able to enter the
    // build tree (a checkout in a 0700 folder). sluice-cli links Sluice's core statically.
    const QString program = QString::fromLocal8Bit(scratch.path("sluice-cli"));
    QVERIFY(QFile::copy(QStringLiteral(SLUICE_CLI_PATH), program));
    QVERIFY(::chmod(scratch.path("sluice-cli").constData(), 0755) == 0);
    QProcess process;
    process.setProgram(program);
    process.setArguments(
        {QStringLiteral("--dry-run"), arg(scratch.path("f")), arg(scratch.path("locked"))});
    process.setStandardInputFile(QProcess::nullDevice());
    if (::geteuid() == 0) {
        // root may write anywhere: run as nobody, like the unprivileged tester did.
        process.setChildProcessModifier([] {
            if (::setgroups(0, nullptr) != 0 || ::setgid(65534) != 0 || ::setuid(65534) != 0)
                ::_exit(99);
        });
    }
    process.start();
    QVERIFY2(process.waitForFinished(60000), qPrintable(process.errorString()));
    const QByteArray err = process.readAllStandardError();
    QVERIFY2(process.exitCode() != 99, "cannot switch to the user nobody");
    QCOMPARE(process.exitStatus(), QProcess::NormalExit);
    QVERIFY2(process.exitCode() == 2, err.constData());
    QVERIFY2(err.contains("Permission denied (EACCES)"), err.constData());
    QVERIFY2(err.contains("Cannot create"), err.constData());
    QVERIFY2(err.contains(scratch.path("locked/f")), err.constData());
    QVERIFY(!err.contains("dry run: would copy"));
    // Its last line says what the dry run found, never a copy summary ("0 failed") that
    // would contradict the error above it.
    QVERIFY2(!err.contains("0 failed"), err.constData());
    QVERIFY2(err.trimmed().endsWith("dry run: failed (1 error); nothing was written"),
             err.constData());
}

// Relative paths on the command line: the dry run names them as the copy does, absolute
// (joined to the working folder), whether or not the copy keeps a journal.
void TestCli::dryRunNamesPathsAsTheCopyDoes()
{
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("src")));
    QVERIFY(TestTree::writeFile(scratch.path("src/f"), "f"));
    const QString folder = QFile::decodeName(scratch.path());
    // What getcwd(3) gives in there.
    const QByteArray absolute = QFile::encodeName(QFileInfo(folder).canonicalFilePath()) + "/src/f";
    // "src/f" into "src": the same file, refused by name.
    const QByteArray refused = "sluice-cli: Check before copying “" + absolute
                               + "”: source and destination “" + absolute + "” are the same file\n";
    for (const QStringList &options : {QStringList{QStringLiteral("--dry-run")}, QStringList{},
                                       QStringList{QStringLiteral("--no-journal")}}) {
        const CliRun run = runCli(
            options + QStringList{QStringLiteral("src/f"), QStringLiteral("src")}, 120000, folder);
        QVERIFY2(run.exitCode == 1, run.err.constData());
        QVERIFY2(run.err.count(refused) == 1, run.err.constData());
    }
    QCOMPARE(TestTree::readFile(scratch.path("src/f")), QByteArray("f"));
}

void TestCli::filterOptionsChooseWhatIsCopied()
{
    // src/ a.c, a.o, keep.o (10 bytes), big.bin (5000), node_modules/m.js, sub/b.o, sub/c.txt
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("src/node_modules")));
    QVERIFY(TestTree::makePath(scratch.path("src/sub")));
    for (const char *name : {"a.c", "a.o", "node_modules/m.js", "sub/b.o", "sub/c.txt"})
        QVERIFY(TestTree::writeFile(scratch.path("src/") + name, name));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/keep.o"), 10));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/big.bin"), 5000));
    QVERIFY(TestTree::writeFile(scratch.path("list"), "# build output\n+ keep.o\n*.o\n"));
    QVERIFY(TestTree::makePath(scratch.path("out")));
    const CliRun run =
        runCli({QStringLiteral("--progress"), QStringLiteral("json"), QStringLiteral("--exclude"),
                QStringLiteral("node_modules/"), QStringLiteral("--exclude-from"),
                arg(scratch.path("list")), QStringLiteral("--max-size"), QStringLiteral("4K"),
                arg(scratch.path("src")), arg(scratch.path("out"))});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QCOMPARE(TestTree::countEntries(scratch.path("out/src")), qint64(4)); // a.c keep.o sub c.txt
    QCOMPARE(TestTree::readFile(scratch.path("out/src/sub/c.txt")), QByteArray("sub/c.txt"));
    QVERIFY(!QFile::exists(QFile::decodeName(scratch.path("out/src/a.o"))));
    QVERIFY(!QFile::exists(QFile::decodeName(scratch.path("out/src/node_modules"))));
    const QJsonObject end = QJsonDocument::fromJson(run.out.trimmed().split('\n').last()).object();
    QCOMPARE(end.value(QStringLiteral("type")).toString(), QStringLiteral("result"));
    // big.bin, node_modules, a.o, sub/b.o
    QCOMPARE(end.value(QStringLiteral("itemsLeftOut")).toInteger(), 4);
    QCOMPARE(end.value(QStringLiteral("bytesLeftOut")).toInteger(), 5000 + 3 + 7);
    QCOMPARE(end.value(QStringLiteral("itemsTotal")).toInteger(), 5);
}

void TestCli::dryRunCountsAndListsWhatFiltersLeaveOut()
{
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("src/build")));
    QVERIFY(TestTree::writeFile(scratch.path("src/a.c"), "12345"));
    QVERIFY(TestTree::writeFile(scratch.path("src/a.o"), "123"));
    QVERIFY(TestTree::writeFile(scratch.path("src/build/x"), "1"));
    QVERIFY(TestTree::makePath(scratch.path("out")));
    const QStringList arguments{QStringLiteral("--dry-run"), QStringLiteral("--exclude=*.o"),
                                QStringLiteral("--exclude=/build/"), arg(scratch.path("src")),
                                arg(scratch.path("out"))};
    const CliRun counted = runCli(arguments);
    QVERIFY2(counted.exitCode == 0, counted.err.constData());
    QVERIFY2(counted.err.contains("dry run: would copy 2 items, 5 bytes;"),
             counted.err.constData());
    // build/ is one item: its contents are never read, and the line says so.
    QVERIFY2(counted.err.contains("filters left out 2 items, 3 bytes; 1 of them is a folder, "
                                  "counted as one item without its contents\n"),
             counted.err.constData());
    QVERIFY2(!counted.err.contains("left out: "), counted.err.constData());
    const CliRun listed = runCli(QStringList{QStringLiteral("--verbose")} + arguments);
    QVERIFY2(listed.exitCode == 0, listed.err.constData());
    const QByteArray expected = "left out: " + scratch.path("src/a.o") + "\nleft out: "
                                + scratch.path("src/build") + "\nfilters left out 2 items";
    QVERIFY2(listed.err.contains(expected), listed.err.constData());
    QCOMPARE(TestTree::countEntries(scratch.path("out")), 0);
}

// Policy skips, an error skipped by the error policy and merged folders, through the real
// process: exact figures in the JSON end record, the same in the final line, and every
// skipped item listed with its reason.
void TestCli::summaryCountsEveryFateInTheEndRecordAndLine()
{
    Scratch scratch;
    // Under --on-conflict newer: d-exists and sub/e-exists have newer copies there (skipped
    // by policy); g-folder meets an older *file* of its name, which a folder never replaces
    // (an error, skipped with its one file); src/ and src/sub/ are merged.
    QVERIFY(TestTree::makePath(scratch.path("src/sub")));
    QVERIFY(TestTree::makePath(scratch.path("src/g-folder")));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/a-new"), 1000, 1));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/d-exists"), 3000, 2));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/sub/e-exists"), 4000, 3));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/sub/f-new"), 5000, 4));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/g-folder/x"), 500, 5));
    QVERIFY(TestTree::makePath(scratch.path("out/src/sub")));
    QVERIFY(TestTree::writeFile(scratch.path("out/src/d-exists"), "newer d"));
    QVERIFY(TestTree::writeFile(scratch.path("out/src/sub/e-exists"), "newer e"));
    QVERIFY(TestTree::writeFile(scratch.path("out/src/g-folder"), "older file"));
    const timespec old[2] = {{1'500'000'000, 0}, {1'500'000'000, 0}};
    const timespec older[2] = {{1'400'000'000, 0}, {1'400'000'000, 0}};
    for (const char *path : {"src/d-exists", "src/sub/e-exists", "src/g-folder"})
        QCOMPARE(::utimensat(AT_FDCWD, scratch.path(path).constData(), old, 0), 0);
    QCOMPARE(::utimensat(AT_FDCWD, scratch.path("out/src/g-folder").constData(), older, 0), 0);

    const QStringList common{QStringLiteral("--on-conflict"), QStringLiteral("newer"),
                             QStringLiteral("--on-error"),    QStringLiteral("skip"),
                             arg(scratch.path("src")),        arg(scratch.path("out"))};
    const CliRun json =
        runCli(QStringList{QStringLiteral("--progress"), QStringLiteral("json")} + common);
    QCOMPARE(json.exitCode, 1); // an item was not copied because of an error
    const QJsonObject result =
        QJsonDocument::fromJson(json.out.trimmed().split('\n').constLast()).object();
    QCOMPARE(result.value(QStringLiteral("type")).toString(), QStringLiteral("result"));
    const QJsonObject summary = result.value(QStringLiteral("summary")).toObject();
    auto tally = [&summary](const char *fate) {
        const QJsonObject t = summary.value(QLatin1String(fate)).toObject();
        return std::pair{t.value(QStringLiteral("items")).toInteger(-1),
                         t.value(QStringLiteral("bytes")).toInteger(-1)};
    };
    using Pair = std::pair<qint64, qint64>;
    QCOMPARE(tally("planned"), (Pair{8, 1000 + 3000 + 4000 + 5000 + 500}));
    QCOMPARE(tally("copied"), (Pair{2, 6000}));
    QCOMPARE(tally("merged"), (Pair{2, 0}));
    QCOMPARE(tally("skippedByYou"), (Pair{0, 0}));
    QCOMPARE(tally("skippedByPolicy"), (Pair{2, 7000}));
    QCOMPARE(tally("skippedOnError"), (Pair{2, 500})); // the folder and its file
    QCOMPARE(tally("failed"), (Pair{0, 0}));
    QCOMPARE(summary.value(QStringLiteral("bytesMoved")).toInteger(), 6000);
    const QJsonArray skipped = summary.value(QStringLiteral("skippedItems")).toArray();
    QCOMPARE(skipped.size(), 3);
    QStringList reasons;
    for (const auto &item : skipped) {
        const QJsonObject object = item.toObject();
        reasons << QFileInfo(object.value(QStringLiteral("path")).toString()).fileName()
                       + QLatin1Char('=') + object.value(QStringLiteral("reason")).toString()
                       + QLatin1Char(':') + object.value(QStringLiteral("text")).toString();
    }
    reasons.sort();
    QCOMPARE(reasons,
             (QStringList{QStringLiteral("d-exists=collision-policy:exists, skipped by policy"),
                          QStringLiteral("e-exists=collision-policy:exists, skipped by policy"),
                          QStringLiteral("g-folder=error:a file with this name exists; it "
                                         "is never replaced by a folder")}));

    // Once more as a person sees it (nothing changed at the destination but the new files,
    // now there too: 2 more policy skips).
    QVERIFY(
        TestTree::compareTrees(scratch.path("src/a-new"), scratch.path("out/src/a-new")).isEmpty());
    const CliRun line =
        runCli(QStringList{QStringLiteral("--progress"), QStringLiteral("none")} + common);
    QCOMPARE(line.exitCode, 1);
    QVERIFY2(line.err.contains("failed: 0 copied (0 bytes), 2 merged, 6 skipped (13.2 KiB; 0 by "
                               "you, 4 by policy, 2 on error), 0 failed (0 bytes), of 8 planned "
                               "(13.2 KiB); no data moved, elapsed "),
             line.err.constData());
    QVERIFY2(line.err.contains("sluice-cli: skipped " + scratch.path("src/a-new")
                               + ": exists, skipped by policy\n"),
             line.err.constData());
    QVERIFY2(line.err.contains("sluice-cli: skipped " + scratch.path("src/g-folder")
                               + ": a file with this name exists"),
             line.err.constData());
}

// Issue 13: `--on-error abort` on a missing first source stops the walk there. The entry
// whose error aborted the job is failed (not "0 failed"), named with its cause, in the final
// line and in the end record; the source after it was never planned nor copied, and nothing
// started: exit 2.
void TestCli::abortOnAMissingSourceCountsItFailed()
{
    Scratch scratch;
    QVERIFY(TestTree::writeFile(scratch.path("EXISTING"), "here"));
    QVERIFY(TestTree::makePath(scratch.path("DEST")));
    const QByteArray missing = scratch.path("MISSING");
    const QByteArray cause = "sluice-cli: Cannot inspect \u201c" + missing
                             + "\u201d: No such file or directory (ENOENT)\n";
    const QStringList common{QStringLiteral("--on-error"), QStringLiteral("abort"), arg(missing),
                             arg(scratch.path("EXISTING")), arg(scratch.path("DEST"))};

    const CliRun line =
        runCli(QStringList{QStringLiteral("--progress"), QStringLiteral("none")} + common);
    QCOMPARE(line.exitCode, 2);
    QCOMPARE(line.out, QByteArray());
    QVERIFY2(line.err.startsWith(cause), line.err.constData());
    QCOMPARE(line.err.count(cause), 1); // said once, above the final line
    const QByteArray summary = line.err.mid(cause.size());
    QVERIFY2(summary.startsWith("failed: 0 copied (0 bytes), 0 merged, 0 skipped (0 bytes; 0 by "
                                "you, 0 by policy, 0 on error), 1 failed (0 bytes), of 1 planned "
                                "(0 bytes); no data moved, elapsed "),
             line.err.constData());
    QCOMPARE(summary.count('\n'), 1); // the final line is the last one
    QCOMPARE(TestTree::countEntries(scratch.path("DEST")), 0);

    const CliRun json =
        runCli(QStringList{QStringLiteral("--progress"), QStringLiteral("json")} + common);
    QCOMPARE(json.exitCode, 2);
    QCOMPARE(json.err, cause);
    const QList<QByteArray> records = json.out.trimmed().split('\n');
    const QJsonObject last = QJsonDocument::fromJson(records.value(records.size() - 2)).object();
    QCOMPARE(last.value(QStringLiteral("phase")).toString(), QStringLiteral("finished"));
    QCOMPARE(last.value(QStringLiteral("itemsFailed")).toInteger(), 1);
    QCOMPARE(last.value(QStringLiteral("itemsTotal")).toInteger(), 1);
    const QJsonObject result = QJsonDocument::fromJson(records.constLast()).object();
    QCOMPARE(result.value(QStringLiteral("type")).toString(), QStringLiteral("result"));
    QCOMPARE(result.value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
    QCOMPARE(result.value(QStringLiteral("started")).toBool(true), false);
    QCOMPARE(result.value(QStringLiteral("itemsTotal")).toInteger(), 1);
    QCOMPARE(result.value(QStringLiteral("itemsCopied")).toInteger(), 0);
    QCOMPARE(result.value(QStringLiteral("itemsFailed")).toInteger(), 1);
    QCOMPARE(result.value(QStringLiteral("bytesWritten")).toInteger(), 0);
    const QJsonArray issues = result.value(QStringLiteral("issues")).toArray();
    QCOMPARE(issues.size(), 1);
    const QJsonObject issue = issues.first().toObject();
    QCOMPARE(issue.value(QStringLiteral("severity")).toString(), QStringLiteral("error"));
    QCOMPARE(issue.value(QStringLiteral("path")).toString(), arg(missing));
    QCOMPARE(issue.value(QStringLiteral("operation")).toString(), QStringLiteral("Cannot inspect"));
    QCOMPARE(issue.value(QStringLiteral("errno")).toInt(), ENOENT);
    QCOMPARE(issue.value(QStringLiteral("message")).toString().toUtf8(),
             cause.mid(12, cause.size() - 13)); // without "sluice-cli: " and the newline
    const QJsonObject tallies = result.value(QStringLiteral("summary")).toObject();
    auto tally = [&tallies](const char *fate) {
        const QJsonObject t = tallies.value(QLatin1String(fate)).toObject();
        return std::pair{t.value(QStringLiteral("items")).toInteger(-1),
                         t.value(QStringLiteral("bytes")).toInteger(-1)};
    };
    using Pair = std::pair<qint64, qint64>;
    QCOMPARE(tally("planned"), (Pair{1, 0}));
    QCOMPARE(tally("failed"), (Pair{1, 0}));
    QCOMPARE(tally("copied"), (Pair{0, 0}));
    QCOMPARE(tally("skippedOnError"), (Pair{0, 0}));
    QCOMPARE(tallies.value(QStringLiteral("skippedItems")).toArray().size(), 0);
    QCOMPARE(TestTree::countEntries(scratch.path("DEST")), 0);
}

void TestCli::desktopOptionsNeedDBus()
{
    Scratch scratch;
    QVERIFY(TestTree::writeFile(scratch.path("f"), "x"));
    const QString source = QString::fromLocal8Bit(scratch.path("f"));
    const QString target = QString::fromLocal8Bit(scratch.path("g"));
    const CliRun help = runCli({QStringLiteral("--help")});
    QVERIFY(help.out.contains("--desktop-progress"));
    QVERIFY(help.out.contains("--eject"));
    for (const QString &option :
         {QStringLiteral("--desktop-progress"), QStringLiteral("--eject")}) {
        const CliRun run = runCli({QStringLiteral("-q"), option, source, target});
        if (SLUICE_CLI_HAS_DBUS) {
            // Without the services (tested with them in tests/desktop) the copy still
            // succeeds; the scratch folder is on no removable drive, so --eject says so (3).
            QCOMPARE(run.exitCode, option == QLatin1String("--eject") ? 3 : 0);
            QVERIFY(QFileInfo::exists(target));
            QVERIFY(QFile::remove(target));
        } else {
            // Core-only build (no Qt6DBus): refused before anything is copied.
            QCOMPARE(run.exitCode, 2);
            QVERIFY2(run.err.contains("was built without it (Qt6DBus was not found"), run.err);
            QVERIFY(!QFileInfo::exists(target));
        }
    }
}

void TestCli::excludeFromStandardInputReadsPatterns()
{
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("src")));
    QVERIFY(TestTree::writeFile(scratch.path("src/a.c"), "12345"));
    QVERIFY(TestTree::writeFile(scratch.path("src/a.o"), "1"));
    QVERIFY(TestTree::writeFile(scratch.path("src/with space.txt"), "12"));
    QVERIFY(TestTree::makePath(scratch.path("out")));
    QProcess process;
    process.setProgram(QStringLiteral(SLUICE_CLI_PATH));
    process.setArguments({QStringLiteral("--exclude-from"), QStringLiteral("-"),
                          arg(scratch.path("src")), arg(scratch.path("out"))});
    process.start();
    QVERIFY(process.waitForStarted());
    // Written in two pieces: the list is read to its end, not in one read(2).
    process.write("; a comment\n*.o\n");
    QVERIFY(process.waitForBytesWritten());
    process.write("with space.txt\n");
    process.closeWriteChannel();
    QVERIFY(process.waitForFinished(120000));
    const QByteArray err = process.readAllStandardError();
    QVERIFY2(process.exitCode() == 0, err.constData());
    QCOMPARE(TestTree::countEntries(scratch.path("out/src")), qint64(1));
    QCOMPARE(TestTree::readFile(scratch.path("out/src/a.c")), QByteArray("12345"));
    // Small sizes: singular and plural, and no second byte count below 1 KiB.
    QVERIFY2(err.contains("filters left out 2 items, 3 bytes\n"), err.constData());

    const CliRun once = runCli({QStringLiteral("--exclude-from=-"), QStringLiteral("--exclude=x"),
                                QStringLiteral("--exclude-from=-"), arg(scratch.path("src")),
                                arg(scratch.path("out"))});
    QCOMPARE(once.exitCode, 2);
    QVERIFY2(once.err.contains("--exclude-from - can be given once"), once.err.constData());
}

void TestCli::verboseListsWhatACopyLeavesOut()
{
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("src")));
    QVERIFY(TestTree::writeFile(scratch.path("src/a.c"), "12345"));
    QVERIFY(TestTree::writeFile(scratch.path("src/a.o"), "1"));
    QVERIFY(TestTree::makePath(scratch.path("out")));
    const QStringList arguments{QStringLiteral("--exclude=*.o"), arg(scratch.path("src")),
                                arg(scratch.path("out"))};
    const CliRun plain = runCli(arguments);
    QVERIFY2(plain.exitCode == 0, plain.err.constData());
    QVERIFY2(plain.err.contains("filters left out 1 item, 1 byte\n"), plain.err.constData());
    QVERIFY2(!plain.err.contains("left out: "), plain.err.constData());
    const CliRun listed = runCli(QStringList{QStringLiteral("-v")} + arguments);
    QVERIFY2(listed.exitCode == 0, listed.err.constData());
    const QByteArray expected =
        "left out: " + scratch.path("src/a.o") + "\nfilters left out 1 item";
    QVERIFY2(listed.err.contains(expected), listed.err.constData());
    QCOMPARE(TestTree::readFile(scratch.path("out/src/a.c")), QByteArray("12345"));
    QVERIFY(!QFile::exists(QFile::decodeName(scratch.path("out/src/a.o"))));
}

void TestCli::helpSaysWhichLinesAreComments()
{
    const CliRun help = runCli({QStringLiteral("--help")});
    QCOMPARE(help.exitCode, 0);
    // appendFilterRules() skips lines starting with '#' or ';' (README says the same).
    const QByteArray flat = help.out.simplified();
    QVERIFY2(flat.contains("lines starting with '#' or ';' are comments"), help.out.constData());
    QVERIFY2(flat.contains("('-': standard input)"), help.out.constData());
    QVERIFY2(flat.contains("(in a dry run and in a copy)"), help.out.constData());
}

// Issue 12: --list-interrupted says of a torn entry once, naming the file it is kept aside as,
// and removes the temporary a kill -9 in the middle of a record's write left (".<id>.job.tmp"),
// never the one of an entry whose writer lives (it holds "<id>.lock").
void TestCli::listInterruptedSaysATornEntryOnce()
{
    using namespace Sluice;
    const QByteArray stateBefore = qgetenv("XDG_STATE_HOME");
    const auto restore = qScopeGuard([&stateBefore] { qputenv("XDG_STATE_HOME", stateBefore); });
    QTemporaryDir state;
    QVERIFY(state.isValid());
    qputenv("XDG_STATE_HOME", QFile::encodeName(state.path()));
    QString error;
    QStringList ids; // torn, killed while writing, written by a live writer
    for (const QByteArray &source : {QByteArray("/a"), QByteArray("/c"), QByteArray("/e")}) {
        ids << JobJournal::keepForLater({{source}, "/dst"}, CopyOptions(), &error);
        QVERIFY2(!ids.last().isEmpty(), qPrintable(error));
    }
    const QByteArray folder = QFile::encodeName(JobJournal::folder());
    const auto file = [&folder](const QString &id, const char *suffix, bool hidden = false) {
        return folder + (hidden ? "/." : "/") + QFile::encodeName(id) + suffix;
    };
    QCOMPARE(::truncate(file(ids[0], ".job").constData(), 10), 0);
    QVERIFY(TestTree::writeFile(file(ids[1], ".job.tmp", true), "half a record"));
    QVERIFY(TestTree::writeFile(file(ids[2], ".job.tmp", true), "being written"));
    const int lock = ::open(file(ids[2], ".lock").constData(), O_RDWR | O_CLOEXEC);
    QVERIFY(lock >= 0);
    const auto unlock = qScopeGuard([lock] { ::close(lock); });
    QCOMPARE(::flock(lock, LOCK_EX | LOCK_NB), 0);

    const QByteArray said = "sluice-cli: journal entry " + ids[0].toUtf8()
                            + " is not used: the record is shorter than its header; it is kept "
                              "aside as “"
                            + file(ids[0], ".job.torn") + "”\n";
    for (const QByteArray &expected : {said, QByteArray()}) {
        const CliRun listed = runCli({QStringLiteral("--list-interrupted")});
        QCOMPARE(listed.exitCode, 0);
        QCOMPARE(listed.err, expected);
        // The killed one, never started; the live writer's is its own.
        QCOMPARE(listed.out.count('\n'), 1);
        QVERIFY2(listed.out.startsWith(ids[1].toUtf8() + "  ")
                     && listed.out.endsWith("  not started  /c -> /dst\n"),
                 listed.out.constData());
        QVERIFY(!QFile::exists(QFile::decodeName(file(ids[0], ".job"))));
        QCOMPARE(TestTree::readFile(file(ids[0], ".job.torn")).size(), 10);
        QVERIFY(!QFile::exists(QFile::decodeName(file(ids[1], ".job.tmp", true))));
        QCOMPARE(TestTree::readFile(file(ids[2], ".job.tmp", true)), QByteArray("being written"));
    }
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
