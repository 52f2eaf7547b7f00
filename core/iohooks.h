#pragma once

#include <QByteArray>

#include <functional>

namespace Sluice {

/// Test seams: deterministic ways to reach the middle of a copy or to inject a fault
/// without sleeps or special file systems (in the spirit of KeePassXC's FailDevice and KIO's
/// test mode). Production code leaves every hook empty. Hooks run on whichever copying
/// thread performs the operation and must be thread-safe.
struct IoHooks
{
    /// Before each chunk (stream engine) or step (kernel engine) is written to the part file
    /// of @p destination at @p offset, @p length bytes. May block to slow the writer down.
    /// A non-zero return is taken as the errno of a failed write.
    std::function<int(const QByteArray &destination, qint64 offset, qint64 length)> beforeWrite;
    /// Before a source is opened for reading. A non-zero return is the errno of open(2).
    std::function<int(const QByteArray &source)> beforeOpen;
    /// Before the transfer opens a folder a source is copied from or into (the folder holding
    /// a root, the destination folder). A non-zero return is the errno of open(2).
    std::function<int(const QByteArray &folder)> beforeOpenRootFolder;
    /// Before the planner opens the source folder @p folder to list it (counts which folders
    /// a walk reads; used to show that a folder the filter leaves out is never listed).
    std::function<void(const QByteArray &folder)> beforeListFolder;
    /// Right after a part file, link, FIFO or node is created under its part name
    /// @p partPath, before data, metadata and the rename (used to replace it on purpose, as
    /// someone else writing in the destination folder could).
    std::function<void(const QByteArray &partPath)> afterPartCreated;
    /// Right after verifyFolder() found the destination folder of the entry @p entryPath
    /// still the folder it was, before the create, rename or metadata set it was asked for
    /// (used to replace that folder on the server in exactly that instant).
    std::function<void(const QByteArray &entryPath)> afterFolderChecked;
    /// Right after the copy made the destination folder @p folderPath (mkdirat(2)), before
    /// anything else: its journal record, its sentinel (used to kill the copy in that instant).
    std::function<void(const QByteArray &folderPath)> afterFolderMade;
    /// After the data of @p destination is written and flushed, before verification re-reads
    /// it through @p partFd (used to corrupt a copy on purpose).
    std::function<void(int partFd, const QByteArray &destination)> beforeVerify;
};

} // namespace Sluice
