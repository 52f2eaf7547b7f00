#pragma once

#include <QDBusUnixFileDescriptor>
#include <QDeadlineTimer>
#include <QObject>
#include <QString>

namespace Sluice::Desktop {

/// Keeps the machine awake while a copy moves data, through logind
/// (org.freedesktop.login1.Manager.Inhibit on the system bus, see
/// https://systemd.io/INHIBITOR_LOCKS/), or in a Flatpak-style sandbox (/.flatpak-info
/// exists) through org.freedesktop.portal.Inhibit on the session bus.
///
/// Two locks: a "block" lock on "sleep:idle" (setBlocking) held while data moves, and a
/// "delay" lock on "sleep" (setWatchingSleep) held while a job runs, so that on
/// PrepareForSleep(true) the job can pause and flush before the machine sleeps
/// (sleepImminent(), then releaseDelay()). A lock is the file descriptor logind returns:
/// closing it releases the lock, and it dies with the process. The portal has no delay
/// lock. Every call is asynchronous. GUI (or main) thread.
class SleepInhibitor final : public QObject
{
    Q_OBJECT
public:
    /// After a refused or unanswered request, how long a lock is not asked for again
    /// (progress samples want it ten times a second: without a pause a missing logind, or
    /// one whose polkit says no, would get a call every 100 ms for the whole copy).
    static constexpr int RetryDelayMs = 30000;

    explicit SleepInhibitor(QObject *parent = nullptr);
    ~SleepInhibitor() override;
    Q_DISABLE_COPY_MOVE(SleepInhibitor)

    /// Takes (or releases) the block lock; @p why is shown to the person ("Copying 1,204
    /// files to USB DISK") and used when the lock is taken.
    void setBlocking(bool block, const QString &why);
    /// Takes (or releases) the delay lock and watches logind's PrepareForSleep signal.
    void setWatchingSleep(bool watch, const QString &why);
    /// Lets the machine sleep after sleepImminent(): releases the delay lock (taken again
    /// after wake-up while still watching).
    void releaseDelay();

    bool holdsBlockLock() const { return m_block.held(); }
    bool holdsDelayLock() const { return m_delay.held(); }
    /// True when running in a Flatpak-style sandbox (the portal is used): /.flatpak-info
    /// exists, or for tests the file named by the environment variable SLUICE_FLATPAK_INFO.
    static bool inSandbox();

Q_SIGNALS:
    /// logind is about to suspend: pause, flush, then call releaseDelay().
    void sleepImminent();
    /// The machine woke up (PrepareForSleep(false)).
    void wokeUp();

private Q_SLOTS:
    void onPrepareForSleep(bool start);

private:
    struct Lock
    {
        Lock(const char *lockWhat, const char *lockMode)
            : what(lockWhat)
            , mode(lockMode)
        {}
        const char *what;
        const char *mode;
        bool wanted = false;
        bool requesting = false;
        QString why;
        QDBusUnixFileDescriptor fd; ///< logind's lock; closed when reset
        QString portalHandle;       ///< the portal's request object
        QDeadlineTimer retryAfter;  ///< expired unless the last request failed
        bool held() const { return fd.isValid() || !portalHandle.isEmpty(); }
    };

    void apply(Lock &lock);
    void request(Lock &lock);
    void release(Lock &lock);

    Lock m_block = Lock("sleep:idle", "block");
    Lock m_delay = Lock("sleep", "delay");
    bool m_watching = false;
    bool m_sleeping = false;
};

} // namespace Sluice::Desktop
