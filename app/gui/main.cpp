// sluice: the window. `sluice [--to DESTINATION] [--start [--move]] [--new-window] [SOURCE...]`.
// Parses the command line, hands the request to a window already open
// (unless --new-window), otherwise opens one and listens for later starts.

#include "appicon.h"
#include "instanceserver.h"
#include "launchrequest.h"
#include "windowhub.h"

#include <QApplication>

#include <cstdio>

int main(int argc, char **argv)
{
    QApplication app(argc, argv); // removes Qt's own options (-style, -platform...) from argv
    QApplication::setApplicationName(QStringLiteral("sluice"));
    QApplication::setOrganizationName(QStringLiteral("sluice"));
    QApplication::setApplicationDisplayName(QStringLiteral("Sluice"));
    QApplication::setApplicationVersion(QStringLiteral(SLUICE_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("io.github.sluicecopy.Sluice"));

    using namespace Sluice::Ui;
    QApplication::setWindowIcon(appIcon());
    QList<QByteArray> arguments;
    for (int i = 0; i < argc; ++i)
        arguments.append(QByteArray(argv[i]));
    const LaunchParse parsed =
        LaunchArguments::parse(arguments, LaunchArguments::currentDirectory());
    if (!parsed.request) {
        std::fputs(parsed.output.toLocal8Bit().constData(), stdout);
        std::fputs(parsed.error.toLocal8Bit().constData(), stderr);
        return parsed.exitCode;
    }
    const LaunchRequest &request = *parsed.request;

    const QString channel = InstanceServer::defaultName();
    if (!request.newWindow && InstanceServer::sendToRunning(channel, request))
        return 0; // the window already open took the sources

    WindowHub hub;
    InstanceServer server(channel);
    server.listen(); // not listening (another --new-window instance has it) is fine
    QObject::connect(&server, &InstanceServer::requestReceived, &hub,
                     [&hub](const LaunchRequest &incoming) { hub.open(incoming); });
    hub.open(request);
    return QApplication::exec();
}
