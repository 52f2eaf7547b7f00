// sluice-cli built without Qt6DBus: no desktop integration. main() refuses
// --desktop-progress and --eject before a job exists, so the others are never reached.
#include "clidesktop.h"

namespace Sluice::Cli {

bool desktopSupported()
{
    return false;
}

void linkToDesktop(CopyJob &, const Arguments &) {}

void processStopped(CopyJob &, bool) {}

// By value as declared: the D-Bus build moves it into the ejector's slot.
// NOLINTNEXTLINE(performance-unnecessary-value-param)
void ejectDestination(const Arguments &, std::function<void(bool ejected)> done)
{
    done(false);
}

} // namespace Sluice::Cli
