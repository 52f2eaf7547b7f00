// sluice-cli in a real terminal: Ctrl+Z through a pseudo-terminal (openpty(3)) pauses the
// job, says so, then stops the process the way job control expects; SIGCONT (what `fg`
// sends) resumes it and the copy completes byte for byte.

#include "jobrunner.h"
#include "nativepath.h"
#include "testtree.h"

#include <QDeadlineTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>
#include <vector>

namespace {

using TestTree::processState;

// A terminal session like a shell's: a session leader owning the pseudo-terminal, and
// sluice-cli as a job in its own process group in the foreground. The group has a parent
// in another group of the session, so it is not orphaned and a terminal stop signal stops
// it (an orphaned group's SIGTSTP would be discarded).
struct TerminalSession
{
    int master = -1;
    pid_t leader = -1;
    pid_t cli = -1;
    QByteArray output;
    int commands = -1; ///< to the leader: 'b' puts the job in the background, 'f' in the foreground
    int stops = -1;    ///< from the leader: the signal that stopped the job, each time
    /// The terminal's other side is closed (every process of the session ended): all that was
    /// written to it has been read.
    bool closed = false;

    bool start(const QList<QByteArray> &arguments)
    {
        int slave = -1;
        if (::openpty(&master, &slave, nullptr, nullptr, nullptr) != 0)
            return false;
        int pidPipe[2];
        int commandPipe[2];
        int stopPipe[2];
        if (::pipe(pidPipe) != 0 || ::pipe(commandPipe) != 0 || ::pipe(stopPipe) != 0)
            return false;
        QList<QByteArray> storage{QByteArray(SLUICE_CLI_PATH)};
        storage += arguments;
        std::vector<char *> argv;
        for (QByteArray &argument : storage)
            argv.push_back(argument.data());
        argv.push_back(nullptr);
        leader = ::fork();
        if (leader == 0) {
            ::close(master);
            ::close(pidPipe[0]);
            ::setsid();
            ::ioctl(slave, TIOCSCTTY, 0);
            const pid_t child = ::fork();
            if (child == 0) {
                ::setpgid(0, 0);
                for (int fd : {STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO})
                    ::dup2(slave, fd);
                ::close(slave);
                ::execv(argv[0], argv.data());
                ::_exit(127);
            }
            ::setpgid(child, child);
            ::signal(SIGTTOU, SIG_IGN); // tcsetpgrp(3) from outside the foreground group
            ::tcsetpgrp(slave, child);
            [[maybe_unused]] const ssize_t sent = ::write(pidPipe[1], &child, sizeof child);
            ::_exit(leadJob(child, slave, commandPipe[0], stopPipe[1]));
        }
        ::close(slave);
        ::close(pidPipe[1]);
        ::close(commandPipe[0]);
        ::close(stopPipe[1]);
        commands = commandPipe[1];
        stops = stopPipe[0];
        const bool got = ::read(pidPipe[0], &cli, sizeof cli) == ssize_t(sizeof cli);
        ::close(pidPipe[0]);
        return got;
    }

    // The leader's part, as a shell's: moves the job between foreground and background on
    // command (tcsetpgrp(3)), reports each stop (waitpid(2) WUNTRACED) and returns the job's
    // exit status.
    static int leadJob(pid_t child, int slave, int commandFd, int stopFd)
    {
        int status = 0;
        for (;;) {
            pollfd fd{commandFd, POLLIN, 0};
            if (::poll(&fd, commandFd >= 0 ? 1 : 0, 10) > 0) {
                char command = 0;
                if (::read(commandFd, &command, 1) == 1)
                    ::tcsetpgrp(slave, command == 'b' ? ::getpgrp() : child);
                else
                    commandFd = -1;
            }
            const pid_t got = ::waitpid(child, &status, WNOHANG | WUNTRACED);
            if (got == child && WIFSTOPPED(status)) {
                const int stopSignal = WSTOPSIG(status);
                [[maybe_unused]] const ssize_t sent =
                    ::write(stopFd, &stopSignal, sizeof stopSignal);
            } else if (got == child || (got < 0 && errno != EINTR)) {
                break;
            }
        }
        return WIFEXITED(status) ? WEXITSTATUS(status) : 126;
    }

    // The signal that stopped the job next (reading the terminal meanwhile), 0 on timeout.
    int nextStop(int timeoutMs = 60000)
    {
        int stopSignal = 0;
        const bool got = readUntil(
            [&] {
                pollfd fd{stops, POLLIN, 0};
                return ::poll(&fd, 1, 0) > 0
                       && ::read(stops, &stopSignal, sizeof stopSignal)
                              == ssize_t(sizeof stopSignal);
            },
            timeoutMs);
        return got ? stopSignal : 0;
    }

    // `bg` (@p foreground false) or `fg`: the terminal's foreground group is changed by the
    // leader; then SIGCONT, as the shell sends it.
    bool continueJob(bool foreground)
    {
        const char command = foreground ? 'f' : 'b';
        if (::write(commands, &command, 1) != 1)
            return false;
        const pid_t wanted = foreground ? cli : leader;
        if (!readUntil([&] { return ::tcgetpgrp(master) == wanted; }, 10000))
            return false;
        return ::kill(cli, SIGCONT) == 0;
    }

    // Reads what the terminal shows until @p done holds or @p timeoutMs pass.
    template<typename Condition>
    bool readUntil(Condition done, int timeoutMs = 60000)
    {
        const QDeadlineTimer deadline(timeoutMs);
        while (!done()) {
            if (deadline.hasExpired())
                return false;
            if (closed) {
                ::poll(nullptr, 0, 50); // nothing more to read: only @p done can change
                continue;
            }
            pollfd fd{master, POLLIN, 0};
            if (::poll(&fd, 1, 50) > 0) {
                char buffer[4096];
                const ssize_t got = ::read(master, buffer, sizeof buffer);
                if (got > 0)
                    output.append(buffer, got);
                else if (got == 0 || errno == EIO) // Linux: EIO once the last slave fd closed
                    closed = true;
            }
        }
        return true;
    }

    // Reads until sluice-cli ended and the terminal shows all it wrote (the session leader,
    // which passes sluice-cli's exit code on, ended and closed the terminal's other side).
    // False on a timeout; @p exitCode is -1 when the leader did not exit normally.
    bool readUntilExit(int *exitCode, int timeoutMs = 60000)
    {
        int status = 0;
        if (!readUntil([&] { return closed && ::waitpid(leader, &status, WNOHANG) == leader; },
                       timeoutMs))
            return false;
        leader = -1;
        *exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        return true;
    }

    // The control character the terminal turns into SIGTSTP (termios(3), VSUSP).
    char suspendCharacter() const
    {
        termios settings{};
        if (::tcgetattr(master, &settings) != 0)
            return '\x1a';
        return char(settings.c_cc[VSUSP]);
    }

    int waitForExit()
    {
        int status = 0;
        ::waitpid(leader, &status, 0);
        leader = -1;
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }

    ~TerminalSession()
    {
        if (cli > 0 && leader > 0) {
            ::kill(cli, SIGKILL);
            ::kill(cli, SIGCONT);
            waitForExit();
        }
        for (int fd : {master, commands, stops})
            if (fd >= 0)
                ::close(fd);
    }
};

} // namespace

class TestCliTerminal final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void ctrlZPausesStopsAndResumes_data();
    void ctrlZPausesStopsAndResumes();
    void ctrlZAtPromptStopsAndAsksAgain_data();
    void ctrlZAtPromptStopsAndAsksAgain();
    void noProgressBacklogAfterAnswer_data();
    void noProgressBacklogAfterAnswer();
    void jsonSaysWaitingWhileAsking();
    void jsonShowsWhatMovesWhileAsking();
    void bgAtPromptStopsQuietlyAndFgAsksOnce();
    void ctrlCAtPromptEndsOnItsOwnLineCancelled();
};

namespace {

// src/F (new content) and src/BIG (4 MiB) into out/, which already has F (old content):
// `--on-conflict ask` asks about F.
struct CollisionSetup
{
    Scratch scratch;
    const QByteArray newContent = QByteArray("the new F\n").repeated(100);
    const QByteArray oldContent = QByteArray("the old F, longer than the new one\n").repeated(100);
    /// BIG's size; 0: no BIG (nothing but F to copy). BIG is copied by the copying thread
    /// while a small-file thread asks about F.
    qint64 bigSize = 4 * Sluice::MiB;
    QByteArray limit = "16M";

    bool make()
    {
        return TestTree::makePath(scratch.path("src")) && TestTree::makePath(scratch.path("out"))
               && TestTree::writeFile(scratch.path("src/F"), newContent)
               && (bigSize == 0 || TestTree::writePatternFile(scratch.path("src/BIG"), bigSize, 3))
               && TestTree::writeFile(scratch.path("out/F"), oldContent);
    }
    QList<QByteArray> arguments(const QByteArray &style)
    {
        QList<QByteArray> list{"--progress",   style,     "--on-conflict",
                               "ask",          "--limit", limit,
                               "--durability", "none",    scratch.path("src/F")};
        if (bigSize > 0)
            list << scratch.path("src/BIG");
        return list << scratch.path("out") + '/';
    }
};

QByteArray fileContent(const QByteArray &path)
{
    QFile file(QString::fromLocal8Bit(path));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("(unreadable)");
}

constexpr char CollisionPrompt[] = "(capital letter: same for all): ";

// Makes @p setup, starts sluice-cli on it in @p session with progress @p style, and reads until
// it asks about F.
bool startAtCollisionPrompt(TerminalSession &session, CollisionSetup &setup,
                            const QByteArray &style)
{
    return setup.make() && session.start(setup.arguments(style))
           && session.readUntil([&] { return session.output.contains(CollisionPrompt); });
}

} // namespace

void TestCliTerminal::ctrlZAtPromptStopsAndAsksAgain_data()
{
    ctrlZPausesStopsAndResumes_data();
}

// Ctrl+Z while sluice-cli waits for an answer: the job is paused and the process stops at
// once (not after the answer); after `fg` the question is printed again and the answer
// typed then is applied.
void TestCliTerminal::ctrlZAtPromptStopsAndAsksAgain()
{
    QFETCH(QByteArray, style);
    QFETCH(QByteArray, pausedMark);
    CollisionSetup setup;
    TerminalSession session;
    QVERIFY2(startAtCollisionPrompt(session, setup, style), session.output.constData());
    const qsizetype asked = session.output.indexOf(CollisionPrompt);
    const char suspend = session.suspendCharacter();
    QCOMPARE(::write(session.master, &suspend, 1), ssize_t(1));

    // The paused line ends: the shell's "Stopped" starts on a line of its own. Read until
    // that end has arrived too: the process may stop before the test has read all it wrote.
    QVERIFY2(session.readUntil([&] {
        const qsizetype mark = session.output.indexOf(pausedMark, asked);
        return mark >= 0 && session.output.indexOf('\n', mark) >= 0
               && processState(session.cli) == 'T';
    }),
             session.output.mid(asked).constData());
    const qsizetype paused = session.output.indexOf(pausedMark, asked);
    // Stopped (state T) soon after the paused line, however loaded the machine is.
    QVERIFY2(session.readUntil([&] { return processState(session.cli) == 'T'; }),
             session.output.constData());
    QCOMPARE(session.output.count(CollisionPrompt), 1);
    QCOMPARE(fileContent(setup.scratch.path("out/F")), setup.oldContent);

    // fg: the question again, then the answer typed now is applied.
    QCOMPARE(::kill(session.cli, SIGCONT), 0);
    QVERIFY2(session.readUntil([&] { return session.output.count(CollisionPrompt) == 2; }),
             session.output.mid(paused).constData());
    QVERIFY(session.output.indexOf("already exists", paused) > paused);
    QCOMPARE(::write(session.master, "o\n", 2), ssize_t(2));
    int exitCode = -1;
    QVERIFY2(session.readUntilExit(&exitCode), session.output.mid(paused).constData());
    QCOMPARE(exitCode, 0);
    QCOMPARE(fileContent(setup.scratch.path("out/F")), setup.newContent);
    QCOMPARE(fileContent(setup.scratch.path("out/BIG")),
             fileContent(setup.scratch.path("src/BIG")));
}

void TestCliTerminal::noProgressBacklogAfterAnswer_data()
{
    QTest::addColumn<QByteArray>("style");
    QTest::addColumn<QByteArray>("waitingMark");
    QTest::newRow("bar") << QByteArray("bar") << QByteArray("[waiting for your answer]");
    QTest::newRow("json") << QByteArray("json") << QByteArray("\"waiting\":true");
}

// While a question is open the event loop waits for the person; the samples taken meanwhile
// (one every 100 ms, all "waiting") are not printed in a burst after the answer: none of
// them is, the next line is a fresh sample.
void TestCliTerminal::noProgressBacklogAfterAnswer()
{
    QFETCH(QByteArray, style);
    QFETCH(QByteArray, waitingMark);
    CollisionSetup setup;
    TerminalSession session;
    QVERIFY2(startAtCollisionPrompt(session, setup, style), session.output.constData());
    // The person takes a second and a half to answer: fifteen samples are taken meanwhile,
    // counted as the sampler's thread ("sluice-progress", CopyJob) sleeps between its 100 ms
    // ticks (and JSON writes its waiting record again after 1 s, before the answer).
    const qint64 asked = TestTree::threadSleeps(session.cli, "sluice-progress");
    QVERIFY2(asked >= 0, "sluice-cli has no thread named sluice-progress");
    QVERIFY(session.readUntil(
        [&] { return TestTree::threadSleeps(session.cli, "sluice-progress") >= asked + 15; }));
    const qsizetype answered = session.output.size();
    QCOMPARE(::write(session.master, "s\n", 2), ssize_t(2));
    int exitCode = -1;
    QVERIFY2(session.readUntilExit(&exitCode), session.output.mid(answered).constData());
    QCOMPARE(exitCode, 0);
    const QByteArray after = session.output.mid(answered);
    QVERIFY2(!after.contains(waitingMark), after.constData());            // all of them were stale
    QCOMPARE(fileContent(setup.scratch.path("out/F")), setup.oldContent); // skipped
}

void TestCliTerminal::ctrlZPausesStopsAndResumes_data()
{
    QTest::addColumn<QByteArray>("style");
    QTest::addColumn<QByteArray>("pausedMark");
    QTest::newRow("bar") << QByteArray("bar") << QByteArray("[paused]");
    QTest::newRow("json") << QByteArray("json") << QByteArray("\"paused\":true");
}

void TestCliTerminal::ctrlZPausesStopsAndResumes()
{
    QFETCH(QByteArray, style);
    QFETCH(QByteArray, pausedMark);
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("src")));
    // 12 MiB at 4 MiB/s: about three seconds, time enough to press Ctrl+Z in the middle.
    QVERIFY(TestTree::writePatternFile(scratch.path("src/big"), 12 * Sluice::MiB, 7));
    QVERIFY(TestTree::makePath(scratch.path("out")));
    TerminalSession session;
    QVERIFY(session.start({"--progress", style, "--limit", "4M", "--durability", "none",
                           scratch.path("src"), scratch.path("out")}));

    // Copying has begun: data reached the part file.
    const QString part = QString::fromLocal8Bit(scratch.path("out/src/.big.sluice-part"));
    QVERIFY2(session.readUntil([&] { return QFile(part).size() > 0; }), session.output.constData());
    QCOMPARE(processState(session.cli) == 'T', false);
    const qsizetype before = session.output.size();
    const char suspend = session.suspendCharacter();
    QCOMPARE(::write(session.master, &suspend, 1), ssize_t(1));

    // Paused and said so, then stopped.
    QVERIFY2(session.readUntil([&] {
        return session.output.indexOf(pausedMark, before) >= 0 && processState(session.cli) == 'T';
    }),
             session.output.mid(before).constData());
    // Stopped in the middle: the part file holds some of the data, and stays as it is.
    const qint64 partial = QFile(part).size();
    QVERIFY2(partial > 0 && partial < 12 * Sluice::MiB, QByteArray::number(partial).constData());
    session.readUntil([] { return false; }, 300);
    QCOMPARE(processState(session.cli), 'T');
    QCOMPARE(QFile(part).size(), partial);

    // fg: SIGCONT. The copy goes on and completes.
    QCOMPARE(::kill(session.cli, SIGCONT), 0);
    int exitCode = -1;
    QVERIFY2(session.readUntilExit(&exitCode), session.output.mid(before).constData());
    QCOMPARE(exitCode, 0);
    QVERIFY2(session.output.contains("succeeded"), session.output.right(600).constData());
    QVERIFY(TestTree::compareTrees(scratch.path("src"), scratch.path("out/src")).isEmpty());
}

namespace {

// The progress records ({"type":"progress",...}) among what the terminal showed from
// @p from on: JSON lines on stdout, mixed with the prompt's text on stderr.
QList<QJsonObject> progressRecords(const QByteArray &output, qsizetype from = 0)
{
    QList<QJsonObject> records;
    for (const QByteArray &line : output.mid(from).split('\n')) {
        const qsizetype brace = line.indexOf('{');
        if (brace < 0)
            continue;
        const QJsonObject object = QJsonDocument::fromJson(line.mid(brace).trimmed()).object();
        if (object.value(QStringLiteral("type")).toString() == QStringLiteral("progress"))
            records << object;
    }
    return records;
}

QList<QJsonObject> waitingRecords(const QByteArray &output)
{
    QList<QJsonObject> waiting;
    for (const QJsonObject &record : progressRecords(output))
        if (record.value(QStringLiteral("waiting")).toBool())
            waiting << record;
    return waiting;
}

qint64 field(const QJsonObject &record, const char *name)
{
    return record.value(QLatin1String(name)).toInteger(-2);
}

} // namespace

// Issue 13 (tester): with --progress json nothing was written while a question was open and
// "waiting" was never true. A record with "waiting": true when the question opens (rates 0,
// the ETA held), again a second later with the elapsed time moved on; the paused record of
// Ctrl+Z at the prompt says waiting too; after the answer, "waiting": false. Nothing but F
// is copied: nothing moves while the question is open.
void TestCliTerminal::jsonSaysWaitingWhileAsking()
{
    CollisionSetup setup;
    setup.bigSize = 0;
    QVERIFY(setup.make());
    TerminalSession session;
    QVERIFY(session.start(setup.arguments("json")));
    QVERIFY2(session.readUntil([&] { return waitingRecords(session.output).size() >= 2; }, 20000),
             session.output.constData());
    const QList<QJsonObject> waiting = waitingRecords(session.output);
    QVERIFY(session.output.contains(CollisionPrompt));
    for (const QJsonObject &record : waiting) {
        QCOMPARE(field(record, "readRate"), qint64(0));
        QCOMPARE(field(record, "writeRate"), qint64(0));
        QCOMPARE(record.value(QStringLiteral("paused")).toBool(), false);
        QCOMPARE(field(record, "etaMs"), field(waiting[0], "etaMs"));         // held
        QCOMPARE(field(record, "movingMs"), field(waiting[0], "movingMs"));   // not moving
        QCOMPARE(field(record, "bytesDone"), field(waiting[0], "bytesDone")); // nothing done
    }
    QVERIFY2(field(waiting[1], "elapsedMs") - field(waiting[0], "elapsedMs") >= 1000,
             session.output.constData());

    const qsizetype beforeStop = session.output.size();
    const char suspend = session.suspendCharacter();
    QCOMPARE(::write(session.master, &suspend, 1), ssize_t(1));
    QCOMPARE(session.nextStop(), SIGTSTP);
    QList<QJsonObject> paused;
    for (const QJsonObject &record : progressRecords(session.output, beforeStop))
        if (record.value(QStringLiteral("paused")).toBool())
            paused << record;
    QCOMPARE(paused.size(), 1);
    QCOMPARE(paused[0].value(QStringLiteral("waiting")).toBool(), true);

    QVERIFY(session.continueJob(true));
    QVERIFY2(session.readUntil([&] { return session.output.count(CollisionPrompt) == 2; }),
             session.output.mid(beforeStop).constData());
    const qsizetype answered = session.output.size();
    QCOMPARE(::write(session.master, "s\n", 2), ssize_t(2));
    int status = -1;
    QVERIFY2(session.readUntil([&] { return ::waitpid(session.leader, &status, WNOHANG) > 0; }),
             session.output.mid(answered).constData());
    session.leader = -1;
    session.readUntil([] { return false; }, 200); // the last lines still in the terminal
    QVERIFY(WIFEXITED(status));
    QCOMPARE(WEXITSTATUS(status), 0);
    const QList<QJsonObject> after = progressRecords(session.output, answered);
    QVERIFY(!after.isEmpty());
    QCOMPARE(after.last().value(QStringLiteral("waiting")).toBool(), false);
    QCOMPARE(fileContent(setup.scratch.path("out/F")), setup.oldContent); // skipped
}

// Issue 13 (tester): while a question was open and another file went on copying, the JSON
// records kept the bytes and rate 0 of the moment it opened, and the time was left out of
// moving time: the big file finished during the wait, and the average came out as 3.6 MiB/s
// at --limit 1M. Here BIG (3 MiB at 1 MiB/s) is copied while the question about F is open:
// the waiting records show its bytes growing, and rates within the limit; the average in the
// end record is within the limit too.
void TestCliTerminal::jsonShowsWhatMovesWhileAsking()
{
    constexpr qint64 Limit = Sluice::MiB;
    CollisionSetup setup;
    setup.bigSize = 3 * Sluice::MiB;
    setup.limit = "1M";
    TerminalSession session;
    QVERIFY2(startAtCollisionPrompt(session, setup, "json"), session.output.constData());
    // Until BIG is written whole, and a waiting record has said so.
    const auto bigDone = [&] {
        const QList<QJsonObject> waiting = waitingRecords(session.output);
        return !waiting.isEmpty() && field(waiting.last(), "bytesWritten") == setup.bigSize;
    };
    QVERIFY2(session.readUntil(bigDone), session.output.constData());
    const QList<QJsonObject> waiting = waitingRecords(session.output);
    qint64 grew = 0;
    for (qsizetype i = 1; i < waiting.size(); ++i) {
        QVERIFY(field(waiting[i], "bytesWritten") >= field(waiting[i - 1], "bytesWritten"));
        grew += field(waiting[i], "bytesWritten") > field(waiting[i - 1], "bytesWritten") ? 1 : 0;
        QVERIFY2(field(waiting[i], "writeRate") <= Limit, session.output.constData());
    }
    QVERIFY2(grew >= 1, session.output.constData()); // it moved while the question was open
    QVERIFY2(field(waiting.last(), "movingMs") > field(waiting.first(), "movingMs"),
             session.output.constData());
    QCOMPARE(setup.oldContent, fileContent(setup.scratch.path("out/F"))); // not answered yet

    const qsizetype answered = session.output.size();
    QCOMPARE(::write(session.master, "s\n", 2), ssize_t(2));
    int exitCode = -1;
    QVERIFY2(session.readUntilExit(&exitCode), session.output.mid(answered).constData());
    QCOMPARE(exitCode, 0);
    QJsonObject summary;
    for (const QByteArray &line : session.output.mid(answered).split('\n')) {
        const qsizetype brace = line.indexOf('{');
        const QJsonObject object =
            brace < 0 ? QJsonObject() : QJsonDocument::fromJson(line.mid(brace).trimmed()).object();
        if (object.value(QStringLiteral("type")).toString() == QStringLiteral("result"))
            summary = object.value(QStringLiteral("summary")).toObject();
    }
    QCOMPARE(field(summary, "bytesMoved"), setup.bigSize);
    QVERIFY2(field(summary, "averageRate") > 0 && field(summary, "averageRate") <= Limit,
             session.output.mid(answered).constData());
    QCOMPARE(fileContent(setup.scratch.path("out/BIG")),
             fileContent(setup.scratch.path("src/BIG")));
}

// Issue 13 (tester): Ctrl+Z at the prompt, `bg`, `fg`: the question was printed in the
// background and not again after `fg`, and the answer was taken without a prompt. In the
// background sluice-cli neither prints nor reads: it stops quietly with SIGTTIN, as a
// background job reading its terminal does; after `fg` the question comes once and is read.
void TestCliTerminal::bgAtPromptStopsQuietlyAndFgAsksOnce()
{
    CollisionSetup setup;
    TerminalSession session;
    QVERIFY2(startAtCollisionPrompt(session, setup, "bar"), session.output.constData());
    QVERIFY2(session.output.contains("[waiting for your answer]"), session.output.constData());
    const char suspend = session.suspendCharacter();
    QCOMPARE(::write(session.master, &suspend, 1), ssize_t(1));
    QCOMPARE(session.nextStop(), SIGTSTP);

    QVERIFY(session.continueJob(false)); // bg
    QCOMPARE(session.nextStop(), SIGTTIN);
    const qsizetype stoppedInBackground = session.output.size();
    session.readUntil([] { return false; }, 200); // anything still on its way
    QCOMPARE(session.output.count(CollisionPrompt), 1);

    QVERIFY(session.continueJob(true)); // fg
    QVERIFY2(session.readUntil([&] { return session.output.count(CollisionPrompt) == 2; }),
             session.output.mid(stoppedInBackground).constData());
    QCOMPARE(::write(session.master, "o\n", 2), ssize_t(2));
    int status = -1;
    QVERIFY2(session.readUntil([&] { return ::waitpid(session.leader, &status, WNOHANG) > 0; }),
             session.output.mid(stoppedInBackground).constData());
    session.leader = -1;
    session.readUntil([] { return false; }, 200);
    QVERIFY(WIFEXITED(status));
    QCOMPARE(WEXITSTATUS(status), 0);
    QCOMPARE(session.output.count(CollisionPrompt), 2); // once more after fg, not again
    QCOMPARE(fileContent(setup.scratch.path("out/F")), setup.newContent);
    QCOMPARE(fileContent(setup.scratch.path("out/BIG")),
             fileContent(setup.scratch.path("src/BIG")));
}

// Issue 13 (tester): Ctrl+C at a prompt drew the last status line over the prompt's line,
// ending in "[finished]". It starts on a line of its own and says cancelled.
void TestCliTerminal::ctrlCAtPromptEndsOnItsOwnLineCancelled()
{
    CollisionSetup setup;
    TerminalSession session;
    QVERIFY2(startAtCollisionPrompt(session, setup, "bar"), session.output.constData());
    const qsizetype asked = session.output.indexOf(CollisionPrompt);
    termios settings{};
    QCOMPARE(::tcgetattr(session.master, &settings), 0);
    const char interrupt = char(settings.c_cc[VINTR]);
    QCOMPARE(::write(session.master, &interrupt, 1), ssize_t(1));
    int status = -1;
    QVERIFY2(session.readUntil([&] { return ::waitpid(session.leader, &status, WNOHANG) > 0; }),
             session.output.mid(asked).constData());
    session.leader = -1;
    session.readUntil([] { return false; }, 200);
    QVERIFY(WIFEXITED(status));
    QCOMPARE(WEXITSTATUS(status), 130);
    const QByteArray after = session.output.mid(asked);
    const qsizetype cancelled = after.indexOf("[cancelled]");
    QVERIFY2(cancelled > 0, after.constData());
    QVERIFY2(!after.contains("[finished]"), after.constData());
    // The prompt's line was ended before the status line began.
    QVERIFY2(after.left(cancelled).contains('\n'), after.constData());
    QVERIFY2(after.contains("cancelled: "), after.constData()); // the summary
    QCOMPARE(fileContent(setup.scratch.path("out/F")), setup.oldContent);
}

QTEST_GUILESS_MAIN(TestCliTerminal)
#include "tst_cliterminal.moc"
