#pragma once

#include "directoryhandle.h"
#include "plan.h"

#include <QHash>

#include <mutex>
#include <optional>

namespace Sluice {

class ChunkReader;
struct JobContext;
struct DataOutcome;
struct DataTransfer;
class ItemProgress;

/// How one item ended.
enum class ItemOutcome : quint8 { Copied, Skipped, Failed, Cancelled };

/// One item handed to the ItemCopier: where it comes from and where it goes.
struct ItemTask
{
    qint32 index = -1;
    DirectoryRef sourceDirectory;
    QByteArray sourceName;
    DirectoryRef destinationDirectory;
    QByteArray destinationName;
    bool followSource = false; ///< open the source through a symlink (followed links, roots)
    bool serial = false;       ///< big-file path: reader thread, "current file" display, skip
};

/// Copies single items (worker thread and small-file threads; thread-safe). For a regular
/// file: open the source (O_NOFOLLOW, so a file swapped for a symlink since the scan is
/// refused), decide the destination name (collision policy), create the part file
/// ".<name>.sluice-part" with O_CREAT | O_EXCL and mode 0600 (never following a planted
/// symlink), move the data with the chosen engine and its fallbacks, flush per durability,
/// apply metadata, then renameat2(2) onto the final name with RENAME_NOREPLACE unless
/// overwriting. A PartFileGuard removes the part file on every early exit, so the final
/// name never holds partial data. Errors go through the error policy (retry, skip, abort).
class ItemCopier final
{
public:
    ItemCopier(JobContext &job, const Plan &plan);
    Q_DISABLE_COPY_MOVE(ItemCopier)

    /// Copies the regular file of @p task. @p reader: the job's reader thread for the
    /// pipelined stream engine (worker thread), or null to copy inline (small files).
    ItemOutcome copyFile(const ItemTask &task, ChunkReader *reader);

    /// Recreates a symlink verbatim (readlinkat(2) / symlinkat(2)), a FIFO (mkfifoat(3), never
    /// opened), or a device node or socket (mknodat(2); without the privilege this is
    /// skipped with a warning).
    ItemOutcome copySpecial(const ItemTask &task);

    /// Creates the destination folder of @p task (mode 0700 until its children are done)
    /// or merges into an existing one, and opens both sides. The destination handle's
    /// finalizer applies the folder's metadata when its last child is done. Returns null
    /// with @p outcome set when the folder cannot be copied.
    std::pair<DirectoryRef, DirectoryRef> openFolder(const ItemTask &task, ItemOutcome &outcome);

    /// Move on one file system: renameat2(2) moves @p task's item (a folder with its whole
    /// subtree) at once, under the collision policy. Nothing when a rename cannot serve
    /// (another file system or mount, a folder to merge into): then copy and delete.
    std::optional<ItemOutcome> moveByRename(const ItemTask &task);

private:
    struct Attempt;
    /// Move: queues the source of @p task for deletion once its folder's copy is durable.
    void queueSourceRemoval(const ItemTask &task);
    Attempt attemptFile(const ItemTask &task, ChunkReader *reader, ItemProgress &progress);
    DataOutcome moveData(const ItemTask &task, DataTransfer &transfer, ChunkReader *reader,
                         dev_t sourceDevice);
    /// Links a further name of an inode to the copy of its first name; nothing when the
    /// first name was not copied (then this name is copied instead).
    std::optional<ItemOutcome> linkToFirst(const ItemTask &task);
    void rememberLink(const ItemTask &task, const QByteArray &finalName);
    QByteArray sourcePath(const ItemTask &task) const;
    QByteArray destinationPath(const ItemTask &task, const QByteArray &name) const;

    JobContext &m_job;
    const Plan &m_plan;
    std::mutex m_linkMutex;
    QHash<qint32, std::pair<DirectoryRef, QByteArray>> m_firstLinks;
};

} // namespace Sluice
