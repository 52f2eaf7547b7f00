#pragma once

#include <QByteArray>
#include <QDBusMessage>
#include <QList>
#include <QObject>
#include <QString>

#include <sys/types.h>

namespace Sluice::Desktop {

/// What became of an eject request.
struct EjectOutcome
{
    bool ejected = false; ///< every file system unmounted and the drive powered off or ejected
    QString driveLabel;   ///< "USB DISK": the file system's label, else the drive's model
    QString problem;      ///< why nothing (or not everything) was done, for the person
};

/// Where the destination lives, as far as UDisks2 knows.
struct DriveInfo
{
    bool found = false;
    bool removable =
        false; ///< the drive or its media can be removed (Removable, Ejectable, CanPowerOff)
    QString drivePath; ///< UDisks2 Drive object, or a loop device's Block object
    QString label;
    /// A loop device (no Drive): ejecting it unmounts its file systems, then detaches it
    /// (org.freedesktop.UDisks2.Loop.Delete) instead of powering a drive off.
    bool loopDevice = false;
    /// The path that was looked up (probe()'s argument): answers to several probes may
    /// arrive in any order, since each one's stat(2) runs on the thread pool.
    QByteArray destination;
};

/// Ejects the drive a copy's destination is on, through UDisks2 on the system bus
/// (org.freedesktop.UDisks2, http://storaged.org/doc/udisks2-api/latest/): the block object
/// whose DeviceNumber is the destination's st_dev, followed up through CryptoBackingDevice
/// to its Drive (or to its loop device); then Filesystem.Unmount of every mounted file
/// system on that drive, Encrypted.Lock of its unlocked containers, then Drive.PowerOff (or
/// Drive.Eject; Loop.Delete for a loop device). Before unmounting anything it looks for
/// processes with files or working folders on those mounts (/proc/PID/fd, /proc/PID/cwd):
/// when one is found it names it and unmounts nothing. File system access (stat, /proc)
/// runs on the global thread pool; D-Bus calls are asynchronous. GUI (or main) thread; one
/// request at a time.
class DriveEjector final : public QObject
{
    Q_OBJECT
public:
    explicit DriveEjector(QObject *parent = nullptr);
    ~DriveEjector() override;
    Q_DISABLE_COPY_MOVE(DriveEjector)

    /// Looks up the drive of native path @p destination (an existing file or folder);
    /// driveFound() follows.
    void probe(const QByteArray &destination);
    /// Ejects the drive of @p destination; finished() follows exactly once.
    void eject(const QByteArray &destination);

Q_SIGNALS:
    void driveFound(const Sluice::Desktop::DriveInfo &info);
    void finished(const Sluice::Desktop::EjectOutcome &outcome);

private:
    struct Plan;
    void lookUp(const QByteArray &destination, bool ejecting);
    void onObjects(const QByteArray &destination, dev_t device, const QDBusMessage &reply,
                   bool ejecting);
    void checkBusyThenRun();
    void runNextStep();
    void finish(bool ejected, const QString &problem);

    Plan *m_plan = nullptr;
};

} // namespace Sluice::Desktop

Q_DECLARE_METATYPE(Sluice::Desktop::EjectOutcome)
Q_DECLARE_METATYPE(Sluice::Desktop::DriveInfo)
