#pragma once

#include "destinationdevice.h"
#include "posixio.h"

#include <QByteArray>
#include <QString>

#include <vector>

namespace Sluice {

/// One job's turn on the device(s) behind its destination, shared by every Sluice process
/// of the user. Per disk of a DestinationDevice there is a lock file
/// `$XDG_RUNTIME_DIR/sluice/<key>.lock` and a folder of waiting tickets `<key>.queue/`:
///
/// - every job that writes to the disk holds a shared flock(2) on the lock file (Writer);
/// - a job that waits for the disk (Waiter) draws a ticket, a file in the queue folder named
///   by the time it was drawn and holding an flock of its own, and takes the disk only when
///   its ticket is the oldest live one and it can take the lock file exclusively — no other
///   job writes — which it then turns into a shared lock for its duration.
///
/// So waiting jobs go one after another in the order they came, and also wait for jobs that
/// never wait (a plain `sluice-cli`) but started first. Disks are taken in key order, all
/// or none, so that two jobs sharing two disks cannot deadlock. The kernel drops an flock
/// when its file description closes, also when the process dies (flock(2)), so a crash or
/// `kill -9` never leaves a disk blocked; a dead job's ticket is found unlocked and removed.
/// Two DeviceTurn objects exclude each other also inside one process.
///
/// A holder writes @p holderDescription into the lock file, so that a waiting job can say
/// whom it waits for. Not thread-safe: one thread (the job's worker) owns it; everything is
/// released by release() or the destructor.
class DeviceTurn final
{
public:
    enum class Role {
        Writer, ///< writes now whatever others do, but makes waiting jobs wait for it
        Waiter, ///< writes only when no other job writes to the disk, in order of arrival
    };
    enum class Outcome {
        Taken,       ///< the disk is ours (Writer: registered as writing)
        Busy,        ///< another job writes, or an older waiter is first; nothing is held
        Unavailable, ///< the lock folder or a lock file cannot be used; nothing is held
    };

    DeviceTurn(DestinationDevice device, QByteArray holderDescription, Role role = Role::Waiter);
    ~DeviceTurn() = default;
    Q_DISABLE_COPY_MOVE(DeviceTurn)

    /// Tries to take every disk without blocking (LOCK_NB). A Waiter draws its tickets on the
    /// first call and keeps them (its place in the queue) until Taken, leaveQueue() or
    /// release().
    Outcome tryTake();
    /// Gives up a Waiter's place in the queue (while paused, so that others go ahead); the
    /// next tryTake() draws new tickets at the end of the queue.
    void leaveQueue() { m_tickets.clear(); }
    /// After Busy: the description the current holder wrote ("" if it has not yet).
    QString holder() const { return m_holder; }
    /// After Unavailable: what failed, naming the path and the cause.
    QString problem() const { return m_problem; }
    bool isHeld() const { return !m_locks.empty(); }
    void release()
    {
        m_locks.clear();
        m_tickets.clear();
    }
    const DestinationDevice &device() const { return m_device; }

    /// The folder of the lock files: `$XDG_RUNTIME_DIR/sluice` (XDG Base Directory
    /// Specification), or `/tmp/sluice-UID` when XDG_RUNTIME_DIR is unset (as under sudo);
    /// created with mode 0700. Empty, with @p problem set, when it cannot be made or is not
    /// a private folder of this user.
    static QByteArray lockFolder(QString *problem = nullptr);

private:
    /// A ticket file; removed (and its flock dropped) on destruction.
    struct Ticket
    {
        Ticket(QByteArray path, UniqueFd fd);
        ~Ticket();
        Ticket(Ticket &&other) noexcept;
        Ticket &operator=(Ticket &&) = delete;
        Ticket(const Ticket &) = delete;
        Ticket &operator=(const Ticket &) = delete;
        QByteArray path;
        UniqueFd fd;
    };

    Outcome takeAsWriter(const QByteArray &folder);
    Outcome takeAsWaiter(const QByteArray &folder);
    bool drawTickets(const QByteArray &folder);
    /// True when a live ticket older than ours waits for @p key (dead ones are removed).
    bool olderWaiter(const QByteArray &folder, const QByteArray &key, const Ticket &ours);
    UniqueFd openLock(const QByteArray &folder, const QByteArray &key);
    void announce();

    DestinationDevice m_device;
    QByteArray m_description;
    Role m_role;
    std::vector<UniqueFd> m_locks;
    std::vector<Ticket> m_tickets; // one per key, in key order
    QString m_holder;
    QString m_problem;
};

} // namespace Sluice
