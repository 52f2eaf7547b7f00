#pragma once

#include "launchrequest.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QList>
#include <QString>

#include <optional>

namespace Sluice::Ui {

/// The outcome of parsing: a request to run, or text to print and an exit status.
struct LaunchParse
{
    std::optional<LaunchRequest> request;
    QString output; ///< for stdout (--help, --version)
    QString error;  ///< for stderr (usage errors)
    int exitCode = 0;
};

/// The command line of the window. Stateless; any thread.
class LaunchArguments final
{
    Q_DECLARE_TR_FUNCTIONS(Sluice::Ui::LaunchArguments)
public:
    /// Parses `sluice [--to DESTINATION] [--start [--move]] [--new-window] [SOURCE...]` with
    /// QCommandLineParser. @p arguments are argv's raw bytes (program name first), decoded
    /// losslessly (NativePath::fromNativeLossless) so that names that are not UTF-8 survive;
    /// relative paths are made absolute against @p workingDirectory; `file:` URLs (from
    /// desktop files' %U) are decoded byte for byte.
    static LaunchParse parse(const QList<QByteArray> &arguments,
                             const QByteArray &workingDirectory);
    /// The process's working directory as native bytes (getcwd(3)); empty on failure.
    static QByteArray currentDirectory();
};

/// @p request as bytes for the single-instance socket (versioned QDataStream).
QByteArray encodeLaunchRequest(const LaunchRequest &request);
/// Reverses encodeLaunchRequest(); nothing for malformed or foreign data.
std::optional<LaunchRequest> decodeLaunchRequest(const QByteArray &data);

} // namespace Sluice::Ui
