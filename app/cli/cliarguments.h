#pragma once

#include "copyoptions.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace Sluice::Cli {

/// How progress is shown.
enum class ProgressStyle : quint8 { Bar, Json, None };

/// What sluice-cli is to do.
enum class Mode : quint8 {
    Copy,            ///< copy SOURCE... DESTINATION
    ListInterrupted, ///< --list-interrupted
    Resume,          ///< --resume [ID...]: the given interrupted jobs, or all
    Discard,         ///< --discard ID...
};

/// What the command line asked for, parsed and checked.
struct Arguments
{
    Mode mode = Mode::Copy;
    QStringList ids; ///< --resume, --discard: the journal entries named
    /// --resumable: SIGTERM (and SIGINT) stop resumably (CopyJob::stopResumable(), exit 75).
    bool resumable = false;
    CopyRequest request;
    CopyOptions options;
    /// --limit with --resume: replaces the speed limit each entry recorded (bytes/s, 0 =
    /// none); unset, a resume keeps to the recorded one.
    std::optional<qint64> resumeLimit;
    ProgressStyle progress = ProgressStyle::None;
    bool quiet = false;
    bool collisionAsk = false;    ///< prompt for collisions on the terminal
    bool errorAsk = false;        ///< prompt for errors on the terminal
    bool verbose = false;         ///< --verbose: a dry run lists what the filter leaves out
    bool desktopProgress = false; ///< --desktop-progress: job view, taskbar, sleep inhibitor
    bool eject = false;           ///< --eject: eject the destination's drive after success
};

/// The outcome of parsing: arguments to run with, or text to print and an exit status.
struct ParseResult
{
    std::optional<Arguments> arguments;
    QString output; ///< for stdout (--help, --version)
    QString error;  ///< for stderr (usage errors)
    int exitCode = 0;
};

/// Parses `sluice-cli [OPTIONS] SOURCE... DESTINATION` with QCommandLineParser. @p argv is
/// decoded losslessly (NativePath::fromNativeLossless) so that file names with bytes that
/// are not UTF-8 reach the core unchanged. @p stdinIsTerminal decides whether `ask`
/// policies can prompt (they are refused otherwise) and the defaults: ask on a terminal,
/// skip otherwise. @p stderrIsTerminal makes `bar` the default progress style.
ParseResult parseArguments(int argc, char **argv, bool stdinIsTerminal, bool stderrIsTerminal);

/// A destination ending in '/' names a folder, as for cp: when it does not exist, a
/// single source that is a folder is copied to that new folder, but a file cannot be
/// (cp: "Not a directory"). Returns the message for that case, or an empty string.
QString checkTrailingSlashDestination(const Arguments &arguments);

} // namespace Sluice::Cli
