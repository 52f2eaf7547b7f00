// sluice: the window. `sluice [--to DESTINATION] [--start [--move]] [--new-window] [SOURCE...]`.
// Parses the command line, hands the request to a window already open (unless
// --new-window), otherwise opens one and listens for later starts. The wiring is here, in
// app/gui (sluice_app_gui): the window library (ui/) knows only the LaunchRequest it is
// asked to show, and WindowHub's stopAll()/allStopped() for the termination signals.

#include "appicon.h"
#include "instanceserver.h"
#include "launcharguments.h"
#include "terminationsignals.h"
#include "translations.h"
#include "windowhub.h"

#include <QApplication>

#include <cstdio>
#include <cstring>

namespace {

void describeApplication()
{
    QCoreApplication::setApplicationName(QStringLiteral("sluice"));
    QCoreApplication::setOrganizationName(QStringLiteral("sluice"));
    QCoreApplication::setApplicationVersion(QStringLiteral(SLUICE_VERSION));
}

QList<QByteArray> argumentBytes(int argc, char **argv)
{
    QList<QByteArray> arguments;
    for (int i = 0; i < argc; ++i)
        arguments.append(QByteArray(argv[i]));
    return arguments;
}

// --help and --version print text and need no display (help2man, a terminal over ssh).
bool onlyPrints(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--") == 0)
            return false;
        for (const char *option : {"-h", "--help", "-v", "--version"}) {
            if (std::strcmp(argv[i], option) == 0)
                return true;
        }
    }
    return false;
}

// Whether a window can open at all: without a display QApplication aborts the process
// (qt.qpa.xcb: could not connect to display), so what the command line says must be said
// before that, with a QCoreApplication.
bool hasDisplay(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "-platform") == 0)
            return true; // Qt's own option chooses one
    }
    return qEnvironmentVariableIsSet("DISPLAY") || qEnvironmentVariableIsSet("WAYLAND_DISPLAY")
           || qEnvironmentVariableIsSet("QT_QPA_PLATFORM");
}

int print(const Sluice::Ui::LaunchParse &parsed)
{
    std::fputs(parsed.output.toLocal8Bit().constData(), stdout);
    std::fputs(parsed.error.toLocal8Bit().constData(), stderr);
    return parsed.exitCode;
}

} // namespace

int main(int argc, char **argv)
{
    using namespace Sluice::Ui;
    // The system's language (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), English when Sluice has no
    // catalogue for it, installed before the command line is parsed: --help, --version and
    // usage errors speak it too (Sluice's texts and QCommandLineParser's, from qtbase). The
    // man page is made from --help in the C locale (packaging/), so it stays English.
    if (onlyPrints(argc, argv) || !hasDisplay(argc, argv)) {
        QCoreApplication app(argc, argv);
        describeApplication();
        Translations::install(app);
        const LaunchParse parsed = LaunchArguments::parse(argumentBytes(argc, argv), {});
        if (!parsed.request)
            return print(parsed); // --help, --version, or a usage error (exit 2)
        std::fputs(QCoreApplication::translate("Sluice::Ui::LaunchArguments",
                                               "sluice: no display to open the window on (DISPLAY "
                                               "and WAYLAND_DISPLAY are not set); in a terminal, "
                                               "copy with sluice-cli\n")
                       .toLocal8Bit()
                       .constData(),
                   stderr);
        return 1;
    }

    QApplication app(argc, argv); // removes Qt's own options (-style, -platform...) from argv
    describeApplication();
    Translations::install(app);
    QApplication::setApplicationDisplayName(QStringLiteral("Sluice"));
    QApplication::setDesktopFileName(QStringLiteral("io.github.sluicecopy.Sluice"));
    QApplication::setWindowIcon(appIcon());
    const LaunchParse parsed =
        LaunchArguments::parse(argumentBytes(argc, argv), LaunchArguments::currentDirectory());
    if (!parsed.request)
        return print(parsed);
    const LaunchRequest &request = *parsed.request;

    const QString channel = InstanceServer::defaultName();
    if (!request.newWindow && InstanceServer::sendToRunning(channel, request))
        return 0; // the window already open took the sources

    // SIGTERM, SIGINT, SIGHUP (logout, `kill`): cancel the jobs so that no part file stays,
    // remove the socket file, then quit with 128 + the signal's number.
    TerminationSignals terminationSignals;
    WindowHub hub;
    InstanceServer server(channel);
    int caughtSignal = 0;
    QObject::connect(&terminationSignals, &TerminationSignals::received, &hub,
                     [&hub, &caughtSignal](int signalNumber) {
                         if (caughtSignal == 0)
                             caughtSignal = signalNumber;
                         hub.stopAll();
                     });
    QObject::connect(&hub, &WindowHub::allStopped, &server, [&server, &caughtSignal] {
        server.close();
        QCoreApplication::exit(128 + caughtSignal);
    });
    server.listen(); // not listening (another --new-window instance has it) is fine
    QObject::connect(&server, &InstanceServer::requestReceived, &hub,
                     [&hub](const LaunchRequest &incoming) { hub.open(incoming); });
    hub.open(request);
    return QApplication::exec();
}
