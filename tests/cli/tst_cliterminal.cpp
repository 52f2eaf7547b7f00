// sluice-cli in a real terminal: Ctrl+Z through a pseudo-terminal (openpty(3)) pauses the
// job, says so, then stops the process the way job control expects; SIGCONT (what `fg`
// sends) resumes it and the copy completes byte for byte.

#include "jobrunner.h"
#include "nativepath.h"
#include "testtree.h"

#include <QDeadlineTimer>
#include <QFile>
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

    bool start(const QList<QByteArray> &arguments)
    {
        int slave = -1;
        if (::openpty(&master, &slave, nullptr, nullptr, nullptr) != 0)
            return false;
        int pidPipe[2];
        if (::pipe(pidPipe) != 0)
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
            int status = 0;
            while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
            }
            ::_exit(WIFEXITED(status) ? WEXITSTATUS(status) : 126);
        }
        ::close(slave);
        ::close(pidPipe[1]);
        const bool got = ::read(pidPipe[0], &cli, sizeof cli) == ssize_t(sizeof cli);
        ::close(pidPipe[0]);
        return got;
    }

    // Reads what the terminal shows until @p done holds or @p timeoutMs pass.
    template<typename Condition>
    bool readUntil(Condition done, int timeoutMs = 60000)
    {
        const QDeadlineTimer deadline(timeoutMs);
        while (!done()) {
            if (deadline.hasExpired())
                return false;
            pollfd fd{master, POLLIN, 0};
            if (::poll(&fd, 1, 50) > 0) {
                char buffer[4096];
                const ssize_t got = ::read(master, buffer, sizeof buffer);
                if (got > 0)
                    output.append(buffer, got);
            }
        }
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
        if (master >= 0)
            ::close(master);
    }
};

} // namespace

class TestCliTerminal final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void ctrlZPausesStopsAndResumes_data();
    void ctrlZPausesStopsAndResumes();
};

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
    int status = -1;
    QVERIFY2(session.readUntil([&] { return ::waitpid(session.leader, &status, WNOHANG) > 0; }),
             session.output.mid(before).constData());
    session.leader = -1;
    QVERIFY(WIFEXITED(status));
    QCOMPARE(WEXITSTATUS(status), 0);
    session.readUntil([] { return false; }, 200); // the last lines still in the terminal
    QVERIFY2(session.output.contains("succeeded"), session.output.right(600).constData());
    QVERIFY(TestTree::compareTrees(scratch.path("src"), scratch.path("out/src")).isEmpty());
}

QTEST_GUILESS_MAIN(TestCliTerminal)
#include "tst_cliterminal.moc"
