// sluice-cli: the terminal front end on the core copy engine.

#include "cliarguments.h"
#include "clidesktop.h"
#include "cliprogress.h"
#include "cliprompt.h"
#include "copyjob.h"

#include <QCoreApplication>
#include <QSocketNotifier>

#include <csignal>
#include <cstdio>
#include <fcntl.h>
#include <unistd.h>

namespace {

int signalPipe[2] = {-1, -1};

extern "C" void onTerminationSignal(int signalNumber)
{
    const char byte = char(signalNumber);
    [[maybe_unused]] const ssize_t ignored = ::write(signalPipe[1], &byte, 1);
    // A second SIGINT or SIGTERM ends the process at once (the part file stays; the next
    // run over the same destination removes it). Further SIGPIPEs come from the progress
    // lines still being written to the closed pipe: they are ignored (write fails with
    // EPIPE) so that the cancellation can remove the part file.
    std::signal(signalNumber, signalNumber == SIGPIPE ? SIG_IGN : SIG_DFL);
}

// Ctrl+Z (SIGTSTP): handled in the event loop (stopForTerminal()), like the others.
extern "C" void onStopSignal(int signalNumber)
{
    const char byte = char(signalNumber);
    [[maybe_unused]] const ssize_t ignored = ::write(signalPipe[1], &byte, 1);
}

void catchStopSignal()
{
    struct sigaction action = {};
    action.sa_handler = onStopSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    ::sigaction(SIGTSTP, &action, nullptr);
}

// Ctrl+Z from the terminal: the job is paused first (the status line says so, JSON says
// "paused": true), then the process stops the way the shell expects, by SIGTSTP with its
// default action (job control, signal(7)). When the shell continues it (SIGCONT, `fg` or
// `bg`), raise() returns here and the job resumes; the stopped time counts as paused.
void stopForTerminal(Sluice::CopyJob &job, Sluice::Cli::ProgressPrinter &printer)
{
    job.suspend();
    Sluice::Cli::processStopped(job, true);
    printer.showPaused();
    std::fflush(stdout);
    std::fflush(stderr);
    std::signal(SIGTSTP, SIG_DFL);
    std::raise(SIGTSTP);
    catchStopSignal();
    Sluice::Cli::processStopped(job, false);
    job.resume();
}

void installSignalHandlers()
{
    if (::pipe2(signalPipe, O_CLOEXEC | O_NONBLOCK) != 0)
        return;
    struct sigaction action = {};
    action.sa_handler = onTerminationSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    ::sigaction(SIGINT, &action, nullptr);
    ::sigaction(SIGTERM, &action, nullptr);
    // `sluice-cli --progress json ... | head -1`: the reader of stdout (or stderr) went
    // away. Like SIGTERM: cancel, remove the part file, exit 130.
    ::sigaction(SIGPIPE, &action, nullptr);
    // Ctrl+Z: only when the shell did not ignore it (nohup, a shell without job control).
    struct sigaction previous = {};
    if (::sigaction(SIGTSTP, nullptr, &previous) == 0 && previous.sa_handler != SIG_IGN)
        catchStopSignal();
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("sluice-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(SLUICE_VERSION));
    QCoreApplication::setOrganizationDomain(QStringLiteral("sluicecopy.github.io"));

    using namespace Sluice;
    const Cli::ParseResult parsed =
        Cli::parseArguments(argc, argv, ::isatty(STDIN_FILENO), ::isatty(STDERR_FILENO));
    if (!parsed.arguments) {
        std::fputs(parsed.output.toLocal8Bit().constData(), stdout);
        std::fputs(parsed.error.toLocal8Bit().constData(), stderr);
        return parsed.exitCode;
    }
    const Cli::Arguments &arguments = *parsed.arguments;

    if (const QString problem = Cli::checkTrailingSlashDestination(arguments); !problem.isEmpty()) {
        std::fprintf(stderr, "sluice-cli: %s\n", problem.toLocal8Bit().constData());
        return 2;
    }

    if ((arguments.desktopProgress || arguments.eject) && !Cli::desktopSupported()) {
        std::fputs("sluice-cli: --desktop-progress and --eject need D-Bus, and this sluice-cli "
                   "was built without it (Qt6DBus was not found when it was configured)\n",
                   stderr);
        return 2;
    }

    installSignalHandlers();
    CopyJob job(arguments.request, arguments.options);
    Cli::linkToDesktop(job, arguments);
    Cli::ProgressPrinter printer(arguments.progress, arguments.quiet, arguments.options.dryRun);
    printer.setVerbose(arguments.verbose);
    bool interruptedBySignal = false;

    QSocketNotifier signalNotifier(signalPipe[0], QSocketNotifier::Read);
    QObject::connect(&signalNotifier, &QSocketNotifier::activated, &job, [&] {
        char byte = 0;
        bool terminate = false;
        while (::read(signalPipe[0], &byte, 1) > 0) {
            if (byte == char(SIGTSTP)) {
                if (!job.isFinished())
                    stopForTerminal(job, printer);
                continue;
            }
            if (byte == char(SIGPIPE))
                printer.stopOutput();
            terminate = true;
        }
        if (!terminate)
            return;
        interruptedBySignal = true;
        job.cancel();
    });
    QObject::connect(&job, &CopyJob::progressChanged, &job,
                     [&](const CopyProgress &progress) { printer.show(progress); });
    QObject::connect(&job, &CopyJob::questionAsked, &job, [&](const CopyQuestion &question) {
        printer.interrupt();
        const QuestionAnswer answer = Cli::promptForAnswer(question);
        job.answer(question.id, answer.decision, answer.applyToAll, answer.newName);
    });
    int exitCode = 0;
    QObject::connect(&job, &CopyJob::finished, &app, [&](const CopyResult &result) {
        printer.finish(result);
        switch (result.status) {
        case CopyStatus::Succeeded:
        case CopyStatus::CompletedWithWarnings:
            exitCode = 0;
            break;
        case CopyStatus::Cancelled:
            exitCode = interruptedBySignal ? 130 : 1;
            break;
        case CopyStatus::Failed:
            exitCode = result.started ? 1 : 2;
            break;
        }
        if (arguments.eject && !arguments.options.dryRun) {
            if (exitCode == 0) {
                Cli::ejectDestination(arguments, [&exitCode](bool ejected) {
                    if (!ejected)
                        exitCode = 3;
                    QCoreApplication::exit(exitCode);
                });
                return;
            }
            std::fputs("sluice-cli: the drive was not ejected: the copy did not complete\n",
                       stderr);
        }
        QCoreApplication::exit(exitCode);
    });
    QMetaObject::invokeMethod(&job, &CopyJob::start, Qt::QueuedConnection);
    QCoreApplication::exec();
    return exitCode;
}
