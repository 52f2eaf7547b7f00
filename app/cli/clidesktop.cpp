#include "clidesktop.h"

#include "copyjob.h"
#include "desktopjoblink.h"
#include "driveejector.h"

#include <QCoreApplication>

#include <cstdio>

namespace Sluice::Cli {

bool desktopSupported()
{
    return true;
}

void linkToDesktop(CopyJob &job, const Arguments &arguments)
{
    if (arguments.desktopProgress)
        new Desktop::DesktopJobLink(&job, {});
}

void processStopped(CopyJob &job, bool stopped)
{
    if (auto *link = job.findChild<Desktop::DesktopJobLink *>())
        link->setProcessStopped(stopped);
}

void ejectDestination(const Arguments &arguments, std::function<void(bool ejected)> done)
{
    auto *ejector = new Desktop::DriveEjector(QCoreApplication::instance());
    QObject::connect(ejector, &Desktop::DriveEjector::finished, ejector,
                     [ejector, quiet = arguments.quiet,
                      done = std::move(done)](const Desktop::EjectOutcome &outcome) {
                         ejector->deleteLater();
                         if (!outcome.ejected) {
                             std::fprintf(stderr, "sluice-cli: the drive was not ejected: %s\n",
                                          outcome.problem.toLocal8Bit().constData());
                         } else if (!quiet) {
                             std::fprintf(stderr, "sluice-cli: “%s” can be safely unplugged\n",
                                          outcome.driveLabel.toLocal8Bit().constData());
                         }
                         done(outcome.ejected);
                     });
    ejector->eject(arguments.request.destination);
}

} // namespace Sluice::Cli
