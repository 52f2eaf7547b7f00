// sluice-cli: the terminal front end on the core copy engine.

#include "cliarguments.h"
#include "clidesktop.h"
#include "cliplurals.h"
#include "cliprogress.h"
#include "cliprompt.h"
#include "copyjob.h"
#include "jobjournal.h"
#include "nativepath.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSocketNotifier>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <fcntl.h>
#include <optional>
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
    printer.showPaused(job.latestProgress());
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

// The exit status of a copy stopped resumably: EX_TEMPFAIL of sysexits.h, "a temporary
// failure; the user is invited to retry" (here: with --resume).
constexpr int StoppedExitCode = 75;

// Runs one copy job to its end in the event loop; returns the exit status (--help lists them).
int runJob(const Sluice::Cli::Arguments &arguments, const Sluice::CopyRequest &request,
           const Sluice::CopyOptions &options)
{
    using namespace Sluice;
    CopyJob job(request, options);
    Cli::linkToDesktop(job, arguments);
    Cli::ProgressPrinter printer(arguments.progress, arguments.quiet, options.dryRun);
    printer.setVerbose(arguments.verbose);
    bool interruptedBySignal = false;

    // Reads the signals that arrived; Ctrl+Z stops the process here (also while a question
    // is open). Returns false when a termination signal cancelled or stopped the job.
    const auto handleSignals = [&] {
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
            return true;
        interruptedBySignal = true;
        if (arguments.resumable)
            job.stopResumable();
        else
            job.cancel();
        return false;
    };
    QSocketNotifier signalNotifier(signalPipe[0], QSocketNotifier::Read);
    QObject::connect(&signalNotifier, &QSocketNotifier::activated, &job, handleSignals);
    QObject::connect(&job, &CopyJob::progressChanged, &job, [&](const CopyProgress &progress) {
        if (printer.queue(progress))
            QMetaObject::invokeMethod(
                &job, [&printer] { printer.drawQueued(); }, Qt::QueuedConnection);
    });
    // Said when it is found, not at the end: after a kill -9 or a power loss there is no end.
    QObject::connect(&job, &CopyJob::notResumable, &job,
                     [&](const CopyIssue &issue) { printer.showIssueNow(issue); });
    QObject::connect(&job, &CopyJob::questionAsked, &job, [&](const CopyQuestion &question) {
        printer.beginQuestion(job.latestProgress());
        const std::optional<QuestionAnswer> answer = Cli::promptForAnswer(
            question, {signalPipe[0], handleSignals,
                       [&printer, &job] { printer.tickQuestion(job.latestProgress()); },
                       Cli::ProgressPrinter::WaitingTickMs});
        printer.endQuestion(answer.has_value());
        if (answer) // else a signal cancelled or stopped the job, which releases the question
            job.answer(question.id, answer->decision, answer->applyToAll, answer->newName);
    });
    int exitCode = 0;
    QObject::connect(&job, &CopyJob::finished, &job, [&](const CopyResult &result) {
        printer.finish(result);
        switch (result.status) {
        case CopyStatus::Succeeded:
        case CopyStatus::CompletedWithWarnings:
            exitCode = 0;
            break;
        case CopyStatus::Cancelled:
            exitCode = interruptedBySignal ? 130 : 1;
            break;
        case CopyStatus::Stopped:
            exitCode = StoppedExitCode;
            std::fprintf(stderr, "sluice-cli: stopped; resume with sluice-cli --resume %s\n",
                         result.journalId.toLocal8Bit().constData());
            break;
        case CopyStatus::Failed:
            exitCode = result.started ? 1 : 2;
            break;
        }
        if (arguments.eject && !options.dryRun) {
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

QString sourcesText(const Sluice::InterruptedJob &job)
{
    QStringList sources;
    for (const QByteArray &source : job.request.sources)
        sources << Sluice::NativePath::toDisplay(source);
    return sources.join(QLatin1Char(' '));
}

// --list-interrupted: one line (or JSON object) per interrupted job; problems on stderr.
int listInterrupted(const Sluice::Cli::Arguments &arguments)
{
    using namespace Sluice;
    QStringList problems;
    const QList<InterruptedJob> jobs = JobJournal::interrupted(&problems);
    for (const QString &problem : std::as_const(problems))
        std::fprintf(stderr, "sluice-cli: %s\n", problem.toLocal8Bit().constData());
    for (const InterruptedJob &job : jobs) {
        if (arguments.progress == Cli::ProgressStyle::Json) {
            QJsonArray sources;
            for (const QByteArray &source : job.request.sources)
                sources.append(NativePath::toDisplay(source));
            const QJsonObject line{
                {QStringLiteral("type"), QStringLiteral("interrupted")},
                {QStringLiteral("id"), job.id},
                {QStringLiteral("sources"), sources},
                {QStringLiteral("destination"), NativePath::toDisplay(job.request.destination)},
                {QStringLiteral("totalBytes"), job.totalBytes},
                {QStringLiteral("doneBytes"), job.doneBytes},
                {QStringLiteral("totalItems"), job.totalItems},
                {QStringLiteral("doneItems"), job.doneItems},
                {QStringLiteral("lastCheckpoint"), job.lastCheckpoint.toString(Qt::ISODateWithMs)},
                {QStringLiteral("neverStarted"), job.neverStarted},
                {QStringLiteral("move"), job.options.move},
            };
            std::printf("%s\n", QJsonDocument(line).toJson(QJsonDocument::Compact).constData());
            continue;
        }
        const QString progress = Cli::interruptedProgress(job);
        std::printf("%s  %s  %s  %s%s -> %s\n", job.id.toLocal8Bit().constData(),
                    job.lastCheckpoint.toString(Qt::ISODate).toLocal8Bit().constData(),
                    progress.toLocal8Bit().constData(), job.options.move ? "move " : "",
                    sourcesText(job).toLocal8Bit().constData(),
                    NativePath::toDisplay(job.request.destination).toLocal8Bit().constData());
    }
    if (jobs.isEmpty() && arguments.progress != Cli::ProgressStyle::Json && !arguments.quiet)
        std::fputs("no interrupted copies\n", stderr);
    return 0;
}

int discardJobs(const Sluice::Cli::Arguments &arguments)
{
    int exitCode = 0;
    for (const QString &id : arguments.ids) {
        QString error;
        if (!Sluice::JobJournal::discard(id, &error)) {
            std::fprintf(stderr, "sluice-cli: cannot discard %s: %s\n",
                         id.toLocal8Bit().constData(), error.toLocal8Bit().constData());
            exitCode = 1;
        }
    }
    return exitCode;
}

// Which speed limit a resume keeps to: "speed limit 1.0 MiB/s, as recorded (--limit changes
// it)" or "speed limit 4.0 MiB/s (--limit; recorded: none)".
QString limitText(qint64 applied, qint64 recorded, bool given)
{
    const auto rate = [](qint64 bytesPerSecond) {
        return bytesPerSecond > 0 ? Sluice::Cli::formatBytes(bytesPerSecond) + QStringLiteral("/s")
                                  : QStringLiteral("none");
    };
    if (given)
        return QStringLiteral("speed limit %1 (--limit; recorded: %2)")
            .arg(rate(applied), rate(recorded));
    return QStringLiteral("speed limit %1, as recorded (--limit changes it)").arg(rate(applied));
}

// --resume [ID...]: each named interrupted job (all when none is named) with its own options,
// one after the other; stops after one that was stopped again.
int resumeJobs(const Sluice::Cli::Arguments &arguments)
{
    using namespace Sluice;
    const QList<InterruptedJob> jobs = JobJournal::interrupted();
    QList<InterruptedJob> chosen;
    for (const QString &id : arguments.ids) {
        const auto found = std::find_if(jobs.cbegin(), jobs.cend(),
                                        [&id](const InterruptedJob &job) { return job.id == id; });
        if (found == jobs.cend()) {
            std::fprintf(stderr, "sluice-cli: no interrupted copy %s (see --list-interrupted)\n",
                         id.toLocal8Bit().constData());
            return 2;
        }
        chosen << *found;
    }
    if (arguments.ids.isEmpty())
        chosen = jobs;
    if (chosen.isEmpty() && !arguments.quiet)
        std::fputs("sluice-cli: no interrupted copies to resume\n", stderr);
    int exitCode = 0;
    for (const InterruptedJob &job : std::as_const(chosen)) {
        Cli::Arguments one = arguments;
        one.request = job.request;
        one.options = job.options;
        one.options.resumeId = job.id;
        // The limit the copy ran at when it stopped (the window records its own), unless
        // --limit says otherwise.
        if (arguments.resumeLimit)
            one.options.speedLimit = *arguments.resumeLimit;
        // Resumed, it stays resumable: SIGINT or SIGTERM stops it again rather than cancelling,
        // which would throw away what this and the earlier runs copied (--discard ID does that).
        one.resumable = true;
        const bool asks = job.options.onCollision == CollisionPolicy::Ask
                          || job.options.onError == ErrorPolicy::Ask;
        if (asks && !arguments.collisionAsk) {
            std::fprintf(stderr,
                         "sluice-cli: %s asks questions ('ask' policies); resume it from a "
                         "terminal\n",
                         job.id.toLocal8Bit().constData());
            exitCode = std::max(exitCode, 2);
            continue;
        }
        one.collisionAsk = job.options.onCollision == CollisionPolicy::Ask;
        one.errorAsk = job.options.onError == ErrorPolicy::Ask;
        if (!arguments.quiet && arguments.progress != Cli::ProgressStyle::Json)
            std::fprintf(stderr, "sluice-cli: resuming %s: %s -> %s\n",
                         job.id.toLocal8Bit().constData(),
                         sourcesText(job).toLocal8Bit().constData(),
                         NativePath::toDisplay(job.request.destination).toLocal8Bit().constData());
        if (!arguments.quiet && arguments.progress != Cli::ProgressStyle::Json
            && (arguments.resumeLimit || job.options.speedLimit > 0))
            std::fprintf(stderr, "sluice-cli: %s: %s\n", job.id.toLocal8Bit().constData(),
                         limitText(one.options.speedLimit, job.options.speedLimit,
                                   arguments.resumeLimit.has_value())
                             .toLocal8Bit()
                             .constData());
        const int code = runJob(one, one.request, one.options);
        if (code == StoppedExitCode || code == 130)
            return code;
        exitCode = std::max(exitCode, code);
    }
    return exitCode;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("sluice-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(SLUICE_VERSION));
    QCoreApplication::setOrganizationDomain(QStringLiteral("sluicecopy.github.io"));
    // English only (README "Languages"), with the singular of each count ("1 file was").
    Sluice::Cli::EnglishPlurals englishPlurals;
    QCoreApplication::installTranslator(&englishPlurals);

    using namespace Sluice;
    const Cli::ParseResult parsed =
        Cli::parseArguments(argc, argv, ::isatty(STDIN_FILENO), ::isatty(STDERR_FILENO));
    if (!parsed.arguments) {
        std::fputs(parsed.output.toLocal8Bit().constData(), stdout);
        std::fputs(parsed.error.toLocal8Bit().constData(), stderr);
        return parsed.exitCode;
    }
    const Cli::Arguments &arguments = *parsed.arguments;
    switch (arguments.mode) {
    case Cli::Mode::ListInterrupted:
        return listInterrupted(arguments);
    case Cli::Mode::Discard:
        return discardJobs(arguments);
    case Cli::Mode::Resume:
        installSignalHandlers();
        return resumeJobs(arguments);
    case Cli::Mode::Copy:
        break;
    }

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
    return runJob(arguments, arguments.request, arguments.options);
}
