#pragma once

#include "destinationdevice.h"
#include "posixio.h"

#include <QByteArray>
#include <QString>

#include <vector>

namespace Sluice {

/// One job's turn on the device(s) behind its destination, shared by every Sluice process
/// of the user: an exclusive flock(2) on `$XDG_RUNTIME_DIR/sluice/<key>.lock` for each disk
/// of a DestinationDevice, taken in key order so that two jobs sharing two disks cannot
/// deadlock. The kernel drops a flock when its open file description closes, also when the
/// process dies (flock(2)), so a crash or `kill -9` never leaves a device blocked. Locks of
/// two DeviceTurn objects exclude each other also inside one process (each opens its own
/// file description).
///
/// The holder writes @p holderDescription into the lock file, so that a waiting job can
/// say whom it waits for. Not thread-safe: one thread (the job's worker) owns it; the
/// locks are released by release() or the destructor.
class DeviceTurn final
{
public:
    enum class Outcome {
        Taken,       ///< every lock is held now
        Busy,        ///< another job holds one of them; nothing is held
        Unavailable, ///< the lock folder or a lock file cannot be used; nothing is held
    };

    DeviceTurn(DestinationDevice device, QByteArray holderDescription);
    ~DeviceTurn() = default;
    Q_DISABLE_COPY_MOVE(DeviceTurn)

    /// Tries to take every lock without blocking (LOCK_NB): all or none.
    Outcome tryTake();
    /// After Busy: the description the current holder wrote ("" if it has not yet).
    QString holder() const { return m_holder; }
    /// After Unavailable: what failed, naming the path and the cause.
    QString problem() const { return m_problem; }
    bool isHeld() const { return !m_locks.empty(); }
    void release() { m_locks.clear(); }
    const DestinationDevice &device() const { return m_device; }

    /// The folder of the lock files: `$XDG_RUNTIME_DIR/sluice` (XDG Base Directory
    /// Specification), or `/tmp/sluice-UID` when XDG_RUNTIME_DIR is unset (as under sudo);
    /// created with mode 0700. Empty, with @p problem set, when it cannot be made or is not
    /// a private folder of this user.
    static QByteArray lockFolder(QString *problem = nullptr);

private:
    DestinationDevice m_device;
    QByteArray m_description;
    std::vector<UniqueFd> m_locks;
    QString m_holder;
    QString m_problem;
};

} // namespace Sluice
