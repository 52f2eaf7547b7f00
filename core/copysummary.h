#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QMetaType>
#include <QString>

namespace Sluice {

/// How one item (with its subtree, for a folder) ended, for the summary.
enum class ItemFate : quint8 {
    Copied,          ///< created: a file, link, special file or new folder
    Merged,          ///< a folder that already existed at the destination, copied into
    SkippedByYou,    ///< the person skipped it (Skip button, or "Skip" to a collision question)
    SkippedByPolicy, ///< the non-asking collision policy left the existing destination alone
    SkippedOnError,  ///< an error, then "Skip" (error policy, or the person's answer)
    Failed,          ///< not copied because of an error no one chose to skip (abort, refusal)
    /// Copied, but the source changed while it was read, twice (CopyResult::itemsChanged).
    ChangedWhileCopying,
};

/// Why an item was left out (the skipped fates of ItemFate).
enum class SkipReason : quint8 { ByYou, ByCollisionPolicy, OnError };

/// An item count with its bytes (logical bytes: planned file sizes; a folder counts the
/// files below it).
struct ItemTally
{
    qint64 items = 0;
    qint64 bytes = 0;

    void add(qint64 moreItems, qint64 moreBytes)
    {
        items += moreItems;
        bytes += moreBytes;
    }
    bool operator==(const ItemTally &) const = default;
};

/// One item that was left out, with its reason. A folder left out stands for its subtree
/// (`items` counts the folder and everything below it).
struct SkippedItem
{
    QByteArray path;        ///< native source path
    QByteArray destination; ///< native path it was to get (empty for items the walk left out)
    SkipReason reason = SkipReason::ByYou;
    QString cause; ///< OnError: the error's cause ("Permission denied (EACCES)"), else empty
    qint64 items = 1;
    qint64 bytes = 0;

    /// "skipped by you", "exists, skipped by policy", or the cause, through
    /// QCoreApplication::translate("Sluice::CopySummary").
    QString reasonText() const;
};

/// The end of a job in figures (CopyResult::summary): what was planned, and how every item
/// of it ended, each fate counted apart in items and bytes. Sizes are bytes, times ms.
struct CopySummary
{
    /// The job's size as planned (sources walked), never lowered by skips or failures.
    ItemTally planned;
    ItemTally copied; ///< bytes: final sizes of the files copied
    ItemTally merged; ///< folders only (bytes 0)
    ItemTally skippedByYou;
    ItemTally skippedByPolicy;
    ItemTally skippedOnError;
    ItemTally failed;
    ItemTally changedWhileCopying;
    /// Data really written (holes and reflinks excluded), as CopyResult::bytesWritten.
    qint64 bytesMoved = 0;
    /// Time spent moving data (copying, verifying, flushing), without paused time and time
    /// waiting for an answer. The average rate is bytesMoved over this.
    qint64 movingMs = 0;
    /// Every item left out, in the order they were decided (several threads: roughly plan
    /// order).
    QList<SkippedItem> skippedItems;
    /// Where "done" cannot mean "on the server's disk": for each destination file system whose
    /// flush does not reach the server's disk for certain (sshfs, smbnetfs, other network FUSE
    /// file systems), its type and why, as the preflight's warning says it ("fuse.smbnetfs:
    /// smbnetfs does not pass a flush on…"), joined by "; ". Translated; empty when every
    /// flush is the disk's, when nothing was copied, or under Durability::None.
    QString durability;

    ItemTally &tallyOf(ItemFate fate);
    const ItemTally &tallyOf(ItemFate fate) const;
    /// The three skipped tallies together.
    ItemTally skipped() const;
    /// bytesMoved × 1000 / movingMs, bytes/s; 0 when nothing moved.
    qint64 averageRate() const;
    /// The figures and the list as a JSON object for `sluice-cli --progress json`'s end
    /// record: one key per tally ({"items":n,"bytes":n}), "bytesMoved", "movingMs",
    /// "averageRate", "skippedItems" ([{path, reason, cause, text, items, bytes}]) and
    /// "durability" (a string, "" when "done" means on the disk).
    /// A new fate is one more key here.
    QJsonObject toJson() const;
};

/// "you", "collision-policy", "error": the names used in JSON.
QString skipReasonName(SkipReason reason);

} // namespace Sluice

Q_DECLARE_METATYPE(Sluice::CopySummary)
