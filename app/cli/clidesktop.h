#pragma once

#include "cliarguments.h"

#include <functional>

namespace Sluice {
class CopyJob;
}

namespace Sluice::Cli {

/// True when this sluice-cli was built with the D-Bus desktop integration (Qt6DBus found
/// at configure time); otherwise --desktop-progress and --eject are refused.
bool desktopSupported();

/// With --desktop-progress: shows @p job in Plasma's job view or the taskbar and holds a
/// sleep inhibitor while data moves (Desktop::DesktopJobLink, a child of @p job).
void linkToDesktop(CopyJob &job, const Arguments &arguments);

/// Ctrl+Z: the process stops now (@p stopped true, after @p job was suspended) or was
/// continued (false). With --desktop-progress this releases the sleep inhibitors while
/// stopped (Desktop::DesktopJobLink::setProcessStopped). Main thread.
void processStopped(CopyJob &job, bool stopped);

/// With --eject, after a successful copy: ejects the destination's drive, prints the
/// outcome on stderr ("“USB DISK” can be safely unplugged" unless --quiet, or what
/// stopped it), then calls @p done with whether the drive was ejected. Main thread.
void ejectDestination(const Arguments &arguments, std::function<void(bool ejected)> done);

} // namespace Sluice::Cli
