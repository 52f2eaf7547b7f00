#pragma once

#include <QByteArray>
#include <QList>
#include <QMetaType>

namespace Sluice::Ui {

/// What a start of `sluice` asks the window to do (WindowHub::open()). Paths are native bytes
/// and absolute (a running window has another working directory). Plain data: the command
/// line that fills it in (LaunchArguments) and the single-instance socket that carries it
/// (InstanceServer) live in app/gui, not in the window library.
struct LaunchRequest
{
    QList<QByteArray> sources;
    QByteArray destination; ///< empty: none given
    bool start = false;     ///< begin copying at once (asking for a destination if none)
    bool move = false;      ///< with start: move instead of copy
    bool newWindow = false; ///< do not hand the request to a running window

    bool operator==(const LaunchRequest &) const = default;
};

} // namespace Sluice::Ui

Q_DECLARE_METATYPE(Sluice::Ui::LaunchRequest)
