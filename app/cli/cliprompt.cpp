#include "cliprompt.h"

#include "nativepath.h"

#include <QLocale>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <poll.h>
#include <unistd.h>
#include <utility>

namespace Sluice::Cli {

namespace {

// The choice readChoice() returns when a signal's handler gave up asking.
constexpr int GaveUp = -1;

QString facts(const FileFacts &facts)
{
    return QStringLiteral("%1, modified %2")
        .arg(QLocale::c().formattedDataSize(facts.size, 1, QLocale::DataSizeIecFormat),
             facts.modified.toString(Qt::ISODate));
}

// What a prompt got: a line, the end of input, or nothing because a signal's handler gave up.
enum class Input { Line, End, Abandoned };

// The typed bytes read but not yet taken as a line; kept between prompts.
QByteArray &pendingInput()
{
    static QByteArray pending;
    return pending;
}

// Returns once the process is in the foreground of its terminal (or stdin is no terminal).
// In the background it stops itself with SIGTTIN, as the terminal would stop it on read(2)
// (termios(3), "Job control"), so that the shell says "Stopped" and `fg` continues it; the
// question is printed after that, not in the background.
void waitForForeground()
{
    for (;;) {
        const pid_t foreground = ::tcgetpgrp(STDIN_FILENO);
        if (foreground < 0 || foreground == ::getpgrp())
            return;
        std::raise(SIGTTIN);
        // An orphaned process group is not stopped (the signal is discarded): wait a little
        // rather than spin until it is in the foreground again.
        if (::tcgetpgrp(STDIN_FILENO) != ::getpgrp())
            ::poll(nullptr, 0, 100);
    }
}

void printPrompt(const QByteArray &text)
{
    waitForForeground();
    std::fputs(text.constData(), stderr);
    std::fflush(stderr);
}

// Prints @p prompt and reads one line from stdin into @p line (without its newline). While
// waiting, a readable signal pipe calls the handler: after Ctrl+Z and `fg` the prompt is
// printed again. poll(2) is never restarted after a signal handler (signal(7)), so Ctrl+Z
// is seen at once even though the handlers use SA_RESTART.
Input readInputLine(const QString &prompt, const PromptSignals &signals, QByteArray *line)
{
    const QByteArray text = prompt.toLocal8Bit();
    printPrompt(text);
    QByteArray &pending = pendingInput();
    for (;;) {
        if (const qsizetype end = pending.indexOf('\n'); end >= 0) {
            *line = pending.left(end);
            pending.remove(0, end + 1);
            return Input::Line;
        }
        pollfd fds[2] = {{STDIN_FILENO, POLLIN, 0}, {signals.fd, POLLIN, 0}};
        const int ready = ::poll(fds, signals.fd >= 0 ? 2 : 1, signals.tick ? signals.tickMs : -1);
        if (ready < 0) {
            if (errno == EINTR)
                continue;
            return Input::End;
        }
        if (ready == 0) {
            signals.tick();
            continue;
        }
        if (signals.fd >= 0 && (fds[1].revents & POLLIN) != 0) {
            if (!signals.handle())
                return Input::Abandoned;
            printPrompt(text); // after `fg`: once; after `bg`: when brought to the foreground
            continue;
        }
        if (fds[0].revents == 0)
            continue;
        char buffer[4096];
        const ssize_t got = ::read(STDIN_FILENO, buffer, sizeof buffer);
        if (got < 0 && (errno == EINTR || errno == EAGAIN))
            continue;
        if (got <= 0) { // the end of input; a last line without a newline still counts
            if (pending.isEmpty())
                return Input::End;
            *line = std::exchange(pending, {});
            return Input::Line;
        }
        pending.append(buffer, got);
    }
}

// Reads one answer line; returns its first character (0 at end of input, GaveUp when
// the prompt was given up).
int readChoice(const QString &prompt, const PromptSignals &signals)
{
    QByteArray line;
    switch (readInputLine(prompt, signals, &line)) {
    case Input::End:
        return 0;
    case Input::Abandoned:
        return GaveUp;
    case Input::Line:
        break;
    }
    const QByteArray choice = line.trimmed();
    return choice.isEmpty() ? ' ' : static_cast<unsigned char>(choice.at(0));
}

using Answer = std::optional<QuestionAnswer>;

Answer askCollision(const CopyQuestion &question, const PromptSignals &signals)
{
    const QString intro = QStringLiteral("“%1” already exists.\n  existing: %2\n  new:      %3\n")
                              .arg(NativePath::toDisplay(question.destination),
                                   facts(question.destinationFacts), facts(question.sourceFacts));
    const QString prompt =
        intro
        + QStringLiteral("[o]verwrite, overwrite if [n]ewer, [s]kip, [r]ename to “%1”, "
                         "[e]nter a name, [c]ancel copy (capital letter: same for all): ")
              .arg(NativePath::toDisplay(question.suggestedName));
    for (;;) {
        const int choice = readChoice(prompt, signals);
        if (choice == GaveUp)
            return std::nullopt;
        if (choice == 0)
            return QuestionAnswer{Decision::CancelJob, false, {}}; // end of input
        const bool all = choice >= 'A' && choice <= 'Z';
        switch (choice | 0x20) {
        case 'o':
            return QuestionAnswer{Decision::Overwrite, all, {}};
        case 'n':
            return QuestionAnswer{Decision::OverwriteIfNewer, all, {}};
        case 's':
            return QuestionAnswer{Decision::Skip, all, {}};
        case 'r':
            return QuestionAnswer{Decision::Rename, all, {}};
        case 'e': {
            QByteArray name;
            const Input input = readInputLine(QStringLiteral("New name: "), signals, &name);
            if (input == Input::Abandoned)
                return std::nullopt;
            while (name.endsWith('\r'))
                name.chop(1);
            if (input == Input::Line && !name.isEmpty())
                return QuestionAnswer{Decision::Rename, false, name};
            break;
        }
        case 'c':
            return QuestionAnswer{Decision::CancelJob, false, {}};
        default:
            break;
        }
    }
}

Answer askAboutError(const CopyQuestion &question, const PromptSignals &signals)
{
    const QString prompt = question.issue.message()
                           + QStringLiteral("\n[r]etry, [s]kip, skip [a]ll errors, a[b]ort: ");
    for (;;) {
        switch (readChoice(prompt, signals)) {
        case GaveUp:
            return std::nullopt;
        case 'r':
        case 'R':
            return QuestionAnswer{Decision::Retry, false, {}};
        case 's':
            return QuestionAnswer{Decision::Skip, false, {}};
        case 'S':
        case 'a':
        case 'A':
            return QuestionAnswer{Decision::Skip, true, {}};
        case 0:
        case 'b':
        case 'B':
            return QuestionAnswer{Decision::AbortJob, false, {}};
        default:
            break;
        }
    }
}

Answer askBeforeCopying(const CopyQuestion &question, const PromptSignals &signals)
{
    QString text = QStringLiteral("Before copying:\n");
    for (const CopyIssue &issue : question.issues)
        text += QStringLiteral("  - %1\n").arg(issue.message());
    for (;;) {
        switch (readChoice(text + QStringLiteral("Copy anyway? [y/n]: "), signals)) {
        case GaveUp:
            return std::nullopt;
        case 'y':
        case 'Y':
            return QuestionAnswer{Decision::Continue, false, {}};
        case 0:
        case 'n':
        case 'N':
            return QuestionAnswer{Decision::CancelJob, false, {}};
        default:
            break;
        }
    }
}

} // namespace

std::optional<QuestionAnswer> promptForAnswer(const CopyQuestion &question,
                                              const PromptSignals &signals)
{
    switch (question.kind) {
    case QuestionKind::Collision:
        return askCollision(question, signals);
    case QuestionKind::Error:
        return askAboutError(question, signals);
    case QuestionKind::Preflight:
        return askBeforeCopying(question, signals);
    }
    return QuestionAnswer{Decision::CancelJob, false, {}};
}

} // namespace Sluice::Cli
