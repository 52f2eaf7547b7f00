#pragma once

#include <QtGlobal>

namespace Sluice::Desktop {

/// Taskbar progress for docks that follow Unity's launcher API (Dash to Dock, Ubuntu Dock,
/// Plank): the session-bus signal com.canonical.Unity.LauncherEntry.Update with app URI
/// application://io.github.sluicecopy.Sluice.desktop and the properties "progress"
/// (double 0..1), "progress-visible" (bool), "count" (int64) and "count-visible". A signal
/// needs no reply and no service: without a bus it is simply not sent. Any thread.
class LauncherEntry final
{
public:
    /// Shows @p progress (0..1) when @p visible, and @p count jobs (hidden when 0).
    static void update(double progress, bool visible, qint64 count);
};

} // namespace Sluice::Desktop
