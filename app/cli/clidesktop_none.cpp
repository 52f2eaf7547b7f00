// sluice-cli built without Qt6DBus: no desktop integration. main() refuses
// --desktop-progress and --eject before a job exists, so the others are never reached.
#include "clidesktop.h"

namespace Sluice::Cli {

bool desktopSupported()
{
    return false;
}

void linkToDesktop(CopyJob &, const Arguments &) {}

void ejectDestination(const Arguments &, std::function<void(bool ejected)> done)
{
    done(false);
}

} // namespace Sluice::Cli
