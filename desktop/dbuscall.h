#pragma once

#include <QCoreApplication>
#include <QDBusConnection>
#include <QDBusMessage>
#include <QDBusPendingCall>
#include <QLoggingCategory>
#include <QPointer>
#include <QString>
#include <QThreadPool>

#include <functional>

class QObject;

Q_DECLARE_LOGGING_CATEGORY(lcDesktop)

namespace Sluice::Desktop {

/// The reverse-DNS id of the .desktop file, the AppStream metainfo and the icons.
inline constexpr auto DesktopEntryId = "io.github.sluicecopy.Sluice";
/// How long a desktop service may take to answer one call before it counts as absent.
/// Calls are asynchronous, so this bounds how long a reply is awaited, never a copy.
inline constexpr int CallTimeoutMs = 1500;

/// How long the bus daemons together may take to answer the first bytes of a connection
/// (BusProbe) before they count as absent for the rest of the process.
inline constexpr int BusProbeTimeoutMs = 100;

/// The session bus, or a disconnected connection when there is none to join: no
/// DBUS_SESSION_BUS_ADDRESS and no $XDG_RUNTIME_DIR/bus. Without this check libdbus would
/// "autolaunch" a session daemon of its own (dbus-launch), which outlives the process.
/// Also disconnected when the daemon does not answer (busesAnswer()). Decided once per
/// process. Any thread.
QDBusConnection sessionBus();
/// The system bus (logind, UDisks2), or a disconnected connection when its daemon does not
/// answer (busesAnswer()). Decided once per process. Any thread.
QDBusConnection systemBus();

/// Which bus daemons answer: the first call knocks on both (a NUL byte and "AUTH EXTERNAL",
/// the D-Bus specification's authentication protocol) and waits at most BusProbeTimeoutMs
/// for any reply line. QtDBus connects synchronously and waits for a hung daemon (one that
/// accepts connections but never answers) without any timeout, in the calling thread, and
/// then the event loop, signals and the copy stop with it. A daemon that refuses the
/// connection, or an address that is not a Unix socket, counts as answering: QtDBus fails
/// (or succeeds) on its own then, quickly. A bus that did not answer is one log line
/// (noteUnavailable). Any thread; the first call blocks for at most BusProbeTimeoutMs.
struct BusProbe
{
    bool session = true;
    bool system = true;
};
const BusProbe &busesAnswer();

/// Sends method call @p message on @p bus without blocking and, when the reply or the error
/// (no bus, no service, timeout after @p timeoutMs) arrives, calls @p onReply on
/// @p context's thread (never if @p context is destroyed first). @p onReply gets the reply
/// or error message; a disconnected bus yields an error reply, queued like any other.
/// Returns the pending call, for a caller that must still see the reply after @p context is
/// gone (PlasmaJobView ends a view that was granted too late).
QDBusPendingCall callAsync(const QDBusConnection &bus, const QDBusMessage &message,
                           QObject *context, std::function<void(const QDBusMessage &reply)> onReply,
                           int timeoutMs = CallTimeoutMs);

/// Notes that desktop service @p service could not be used (error @p reply). The first
/// such note of the process is one line in the log (category sluice.desktop, info level);
/// later ones are debug messages, so a desktop without these services leaves one line.
void noteUnavailable(const QString &service, const QDBusMessage &reply);

/// Runs @p work (file-system access) on the global thread pool, then @p done with its
/// result on the main thread, unless @p context was destroyed meanwhile.
template<typename Work, typename Done>
void offThread(QObject *context, Work work, Done done)
{
    QPointer<QObject> guard(context);
    QThreadPool::globalInstance()->start([guard, work = std::move(work), done = std::move(done)] {
        auto result = work();
        QMetaObject::invokeMethod(
            QCoreApplication::instance(),
            [guard, done, result] {
                if (guard)
                    done(result);
            },
            Qt::QueuedConnection);
    });
}

} // namespace Sluice::Desktop
