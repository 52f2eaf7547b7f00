#include "driveejector.h"

#include "dbuscall.h"

#include <QCoreApplication>
#include <QDBusArgument>
#include <QDBusConnection>
#include <QDBusMetaType>
#include <QDBusObjectPath>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMap>
#include <QVariantMap>

#include <sys/stat.h>

namespace {

using InterfaceMap = QMap<QString, QVariantMap>;
using ManagedObjects = QMap<QDBusObjectPath, InterfaceMap>;

} // namespace

Q_DECLARE_METATYPE(InterfaceMap)
Q_DECLARE_METATYPE(ManagedObjects)

namespace Sluice::Desktop {

namespace {

const QString Service = QStringLiteral("org.freedesktop.UDisks2");
const QString BlockInterface = QStringLiteral("org.freedesktop.UDisks2.Block");
const QString FilesystemInterface = QStringLiteral("org.freedesktop.UDisks2.Filesystem");
const QString EncryptedInterface = QStringLiteral("org.freedesktop.UDisks2.Encrypted");
const QString DriveInterface = QStringLiteral("org.freedesktop.UDisks2.Drive");
const QString LoopInterface = QStringLiteral("org.freedesktop.UDisks2.Loop");
const QString PartitionInterface = QStringLiteral("org.freedesktop.UDisks2.Partition");
/// Unmounting flushes what the page cache still holds for the device: allow it time.
constexpr int StepTimeoutMs = 60000;

QString objectPath(const QVariant &value)
{
    return qvariant_cast<QDBusObjectPath>(value).path();
}

/// MountPoints (aay): NUL-terminated byte strings.
QList<QByteArray> mountPoints(const QVariantMap &filesystem)
{
    QList<QByteArray> points =
        qdbus_cast<QList<QByteArray>>(filesystem.value(QStringLiteral("MountPoints")));
    for (QByteArray &point : points) {
        if (point.endsWith('\0'))
            point.chop(1);
    }
    return points;
}

/// The calls that eject a drive, in order.
struct EjectSteps
{
    QList<QByteArray> mounts;  ///< mount points that will be unmounted
    QList<QDBusMessage> calls; ///< Unmount..., Lock..., then PowerOff, Eject or Delete
    QStringList subjects;      ///< what each call acts on, for problem messages
};

/// True when a line of /proc/PID/maps (proc(5): address, perms, offset, dev, inode,
/// pathname) maps a file for which @p under is true: a program started from the drive, a
/// library or a file mapped with mmap(2) whose descriptor is already closed.
template<typename Under>
bool mapsFileUnder(const QByteArray &maps, const Under &under)
{
    for (const QByteArray &line : maps.split('\n')) {
        const qsizetype slash = line.indexOf('/');
        if (slash < 0)
            continue;
        QByteArray path = line.mid(slash);
        if (path.endsWith(" (deleted)"))
            path.chop(10);
        if (under(path))
            return true;
    }
    return false;
}

/// "vim (pid 4242)" for the first process with an open file, its working or root folder, its
/// program or a mapped file under one of @p mounts, or an empty string. Reads /proc: call off
/// the GUI thread.
QString findBusyProcess(const QList<QByteArray> &mounts, QByteArray *busyMount)
{
    const auto under = [&](const QByteArray &target) {
        for (const QByteArray &mount : mounts) {
            if (target == mount || target.startsWith(mount + '/')) {
                *busyMount = mount;
                return true;
            }
        }
        return false;
    };
    const QStringList pids = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs);
    for (const QString &pid : pids) {
        if (pid.isEmpty() || !pid.at(0).isDigit())
            continue;
        const QString base = QStringLiteral("/proc/") + pid;
        const auto link = [&](const QString &name) {
            return under(QFile::encodeName(QFile::symLinkTarget(base + name)));
        };
        bool busy = link(QStringLiteral("/cwd")) || link(QStringLiteral("/root"));
        const QStringList fds =
            QDir(base + QStringLiteral("/fd")).entryList(QDir::Files | QDir::System);
        for (int i = 0; !busy && i < fds.size(); ++i)
            busy = link(QStringLiteral("/fd/") + fds.at(i));
        if (!busy) {
            QFile maps(base + QStringLiteral("/maps"));
            busy = maps.open(QIODevice::ReadOnly) && mapsFileUnder(maps.readAll(), under);
        }
        if (busy) {
            QFile comm(base + QStringLiteral("/comm"));
            const QString name = comm.open(QIODevice::ReadOnly)
                                     ? QString::fromLocal8Bit(comm.readAll().trimmed())
                                     : QStringLiteral("?");
            return QCoreApplication::translate("DriveEjector", "%1 (pid %2)").arg(name, pid);
        }
    }
    return {};
}

/// The loop device Block object that @p block is (or is a partition of), or an empty string.
QString loopDeviceOf(const ManagedObjects &objects, const QString &block)
{
    const InterfaceMap interfaces = objects.value(QDBusObjectPath(block));
    if (interfaces.contains(LoopInterface))
        return block;
    const QString table =
        objectPath(interfaces.value(PartitionInterface).value(QStringLiteral("Table")));
    if (table.isEmpty() || table == u'/')
        return {};
    return objects.value(QDBusObjectPath(table)).contains(LoopInterface) ? table : QString();
}

/// True when Block object @p path is on @p drive (for a loop device: it or its partitions).
bool onDrive(const ManagedObjects &objects, const QString &path, const DriveInfo &drive)
{
    if (drive.loopDevice)
        return loopDeviceOf(objects, path) == drive.drivePath;
    const QVariantMap block = objects.value(QDBusObjectPath(path)).value(BlockInterface);
    return objectPath(block.value(QStringLiteral("Drive"))) == drive.drivePath;
}

/// The drive holding the block device numbered @p device (st_dev), through
/// CryptoBackingDevice when it is the cleartext side of an encrypted container.
DriveInfo findDrive(const ManagedObjects &objects, dev_t device, bool *canPowerOff)
{
    DriveInfo drive;
    QString block;
    for (auto it = objects.cbegin(); it != objects.cend(); ++it) {
        const QVariantMap properties = it->value(BlockInterface);
        if (!properties.isEmpty() && device != 0
            && properties.value(QStringLiteral("DeviceNumber")).toULongLong() == device) {
            block = it.key().path();
            drive.label = properties.value(QStringLiteral("IdLabel")).toString();
        }
    }
    // A file system in an unlocked container: its drive is the container's.
    for (int hops = 0; !block.isEmpty() && hops < 8; ++hops) {
        const QVariantMap properties = objects.value(QDBusObjectPath(block)).value(BlockInterface);
        const QString backing = objectPath(properties.value(QStringLiteral("CryptoBackingDevice")));
        if (backing.isEmpty() || backing == QLatin1String("/")) {
            drive.drivePath = objectPath(properties.value(QStringLiteral("Drive")));
            const QString loop = loopDeviceOf(objects, block);
            if (!loop.isEmpty() && (drive.drivePath.isEmpty() || drive.drivePath == u'/')) {
                drive.drivePath = loop;
                drive.loopDevice = true;
            }
            break;
        }
        block = backing;
    }
    if (drive.drivePath == QLatin1String("/"))
        drive.drivePath.clear();
    // No drive: QDBusObjectPath("") would print a warning ("invalid path") on stderr.
    const QVariantMap properties =
        drive.drivePath.isEmpty()
            ? QVariantMap()
            : objects.value(QDBusObjectPath(drive.drivePath)).value(DriveInterface);
    if (drive.loopDevice) {
        // Detaching a loop device is always possible; it is named after its image file.
        drive.found = drive.removable = true;
        const QVariantMap loop =
            objects.value(QDBusObjectPath(drive.drivePath)).value(LoopInterface);
        QByteArray image = loop.value(QStringLiteral("BackingFile")).toByteArray();
        if (image.endsWith('\0'))
            image.chop(1);
        if (drive.label.isEmpty())
            drive.label = QFileInfo(QFile::decodeName(image)).fileName();
        return drive;
    }
    drive.found = !drive.drivePath.isEmpty() && !properties.isEmpty();
    *canPowerOff = properties.value(QStringLiteral("CanPowerOff")).toBool();
    drive.removable =
        drive.found
        && (properties.value(QStringLiteral("Removable")).toBool()
            || properties.value(QStringLiteral("Ejectable")).toBool() || *canPowerOff);
    if (drive.label.isEmpty()) {
        drive.label = (properties.value(QStringLiteral("Vendor")).toString() + QLatin1Char(' ')
                       + properties.value(QStringLiteral("Model")).toString())
                          .trimmed();
    }
    return drive;
}

/// Unmount every mounted file system on @p drive (its blocks and the cleartext side of its
/// encrypted containers), Lock those containers, then PowerOff (or Eject) the drive, or
/// Delete (detach) a loop device.
EjectSteps planSteps(const ManagedObjects &objects, const DriveInfo &drive, bool canPowerOff)
{
    QStringList blocks;
    for (auto it = objects.cbegin(); it != objects.cend(); ++it) {
        if (it->contains(BlockInterface) && onDrive(objects, it.key().path(), drive))
            blocks.append(it.key().path());
    }
    QStringList cleartext;
    QStringList containers;
    for (auto it = objects.cbegin(); it != objects.cend(); ++it) {
        const QString backing =
            objectPath(it->value(BlockInterface).value(QStringLiteral("CryptoBackingDevice")));
        if (blocks.contains(backing)) {
            cleartext.append(it.key().path());
            containers.append(backing);
        }
    }
    EjectSteps steps;
    const auto call = [&](const QString &path, const QString &interface, const QString &method,
                          const QString &subject) {
        QDBusMessage message = QDBusMessage::createMethodCall(Service, path, interface, method);
        message << QVariantMap();
        steps.calls.append(message);
        steps.subjects.append(subject);
    };
    for (const QString &path : blocks + cleartext) {
        const InterfaceMap interfaces = objects.value(QDBusObjectPath(path));
        if (!interfaces.contains(FilesystemInterface))
            continue;
        for (const QByteArray &mount : mountPoints(interfaces.value(FilesystemInterface))) {
            steps.mounts.append(mount);
            call(path, FilesystemInterface, QStringLiteral("Unmount"), QFile::decodeName(mount));
        }
    }
    for (const QString &path : containers)
        call(path, EncryptedInterface, QStringLiteral("Lock"), drive.label);
    if (drive.loopDevice)
        call(drive.drivePath, LoopInterface, QStringLiteral("Delete"), drive.label);
    else
        call(drive.drivePath, DriveInterface,
             canPowerOff ? QStringLiteral("PowerOff") : QStringLiteral("Eject"), drive.label);
    return steps;
}

} // namespace

struct DriveEjector::Plan
{
    DriveInfo drive;
    EjectSteps steps;
};

DriveEjector::DriveEjector(QObject *parent)
    : QObject(parent)
{
    qRegisterMetaType<EjectOutcome>();
    qRegisterMetaType<DriveInfo>();
    qDBusRegisterMetaType<InterfaceMap>();
    qDBusRegisterMetaType<ManagedObjects>();
}

DriveEjector::~DriveEjector()
{
    delete m_plan;
}

void DriveEjector::probe(const QByteArray &destination)
{
    lookUp(destination, false);
}

void DriveEjector::eject(const QByteArray &destination)
{
    lookUp(destination, true);
}

void DriveEjector::lookUp(const QByteArray &destination, bool ejecting)
{
    offThread(
        this,
        [destination] {
            struct stat status = {};
            return ::stat(destination.constData(), &status) == 0 ? status.st_dev : dev_t(0);
        },
        [this, destination, ejecting](dev_t device) {
            const QDBusMessage message =
                QDBusMessage::createMethodCall(Service, QStringLiteral("/org/freedesktop/UDisks2"),
                                               QStringLiteral("org.freedesktop.DBus.ObjectManager"),
                                               QStringLiteral("GetManagedObjects"));
            callAsync(systemBus(), message, this,
                      [this, destination, device, ejecting](const QDBusMessage &reply) {
                          onObjects(destination, device, reply, ejecting);
                      });
        });
}

void DriveEjector::onObjects(const QByteArray &destination, dev_t device, const QDBusMessage &reply,
                             bool ejecting)
{
    delete m_plan;
    m_plan = new Plan;
    m_plan->drive.destination = destination;
    if (reply.type() != QDBusMessage::ReplyMessage || reply.arguments().isEmpty()) {
        if (!ejecting) {
            noteUnavailable(Service, reply);
            Q_EMIT driveFound(m_plan->drive);
        } else {
            // The outcome names the problem: no log line besides.
            finish(false, tr("UDisks2 is not available (%1).").arg(reply.errorMessage()));
        }
        return;
    }
    const ManagedObjects objects = qdbus_cast<ManagedObjects>(reply.arguments().constFirst());
    bool canPowerOff = false;
    m_plan->drive = findDrive(objects, device, &canPowerOff);
    m_plan->drive.destination = destination;
    if (!ejecting) {
        Q_EMIT driveFound(m_plan->drive);
        return;
    }
    if (!m_plan->drive.removable) {
        finish(false, tr("The destination is not on a drive that can be ejected."));
        return;
    }
    m_plan->steps = planSteps(objects, m_plan->drive, canPowerOff);
    checkBusyThenRun();
}

void DriveEjector::checkBusyThenRun()
{
    const QList<QByteArray> mounts = m_plan->steps.mounts;
    offThread(
        this,
        [mounts] {
            QByteArray busyMount;
            const QString process = findBusyProcess(mounts, &busyMount);
            return std::make_pair(process, busyMount);
        },
        [this](const std::pair<QString, QByteArray> &busy) {
            if (!busy.first.isEmpty()) {
                finish(false, tr("Nothing was unmounted: “%1” is in use by %2.")
                                  .arg(QFile::decodeName(busy.second), busy.first));
                return;
            }
            runNextStep();
        });
}

void DriveEjector::runNextStep()
{
    if (m_plan->steps.calls.isEmpty()) {
        finish(true, {});
        return;
    }
    const QDBusMessage message = m_plan->steps.calls.takeFirst();
    const QString subject = m_plan->steps.subjects.takeFirst();
    callAsync(
        systemBus(), message, this,
        [this, message, subject](const QDBusMessage &reply) {
            if (reply.type() == QDBusMessage::ReplyMessage) {
                runNextStep();
                return;
            }
            //: %1 is Unmount, Lock, PowerOff, Eject or Delete (the UDisks2 method), %2 what it acts
            //: on
            finish(
                false,
                tr("%1 of “%2” failed: %3").arg(message.member(), subject, reply.errorMessage()));
        },
        StepTimeoutMs);
}

void DriveEjector::finish(bool ejected, const QString &problem)
{
    EjectOutcome outcome;
    outcome.ejected = ejected;
    outcome.driveLabel = m_plan->drive.label;
    outcome.problem = problem;
    Q_EMIT finished(outcome);
}

} // namespace Sluice::Desktop
