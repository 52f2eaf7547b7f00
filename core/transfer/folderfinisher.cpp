#include "folderfinisher.h"

#include <QCoreApplication>

#include "directoryhandle.h"
#include "folderguard.h"
#include "jobcontext.h"
#include "metadata.h"
#include "ownfolders.h"

#include <fcntl.h>
#include <unistd.h>

namespace Sluice {

void finishFolder(JobContext &job, DirectoryHandle &folder, const PlanItem *item, int sourceFd)
{
    // A folder replaced by a link on the server: its mode and times would reach the target.
    // Its sentinel goes first: removing it changes the folder's time, and is its last check.
    if (item && !job.stopping()) {
        if (auto replaced = releaseFolder(folder, FileOperation::SetPermissions, job.hooks)) {
            job.issues.add(*replaced);
            folder.incomplete.store(true);
            item = nullptr;
        }
    } else {
        dropSentinel(folder);
    }
    if (item) {
        applyMetadata(folder.fd.get(), sourceFd, *item,
                      preserveFromSource(job.options.preserve, sourceFd, item->dev, job.fileSystems,
                                         folder.path, job.issues),
                      job.umask, folder.path, job.issues);
        // Its final identity, for a resume (a folder the interrupted run made counts as ours).
        if (folder.createdByCopy || (job.resume && job.resume->folders.contains(folder.path)))
            recordOwnFolder(job, folder.fd.get(), folder.device, folder.path, true);
    }
    if (!job.options.move)
        return;

    const std::vector<PendingRemoval> removals = folder.takeRemovals();
    if (!removals.empty()) {
        if (::fsync(folder.fd.get()) != 0) {
            job.issues.add(CopyIssue::fromErrno(FileOperation::Flush, folder.path, errno));
            folder.incomplete.store(true);
        } else {
            for (const PendingRemoval &removal : removals) {
                if (::unlinkat(removal.sourceDirectory->fd.get(), removal.name.constData(),
                               removal.folder ? AT_REMOVEDIR : 0)
                    != 0) {
                    CopyIssue issue =
                        CopyIssue::fromErrno(FileOperation::Remove, removal.path, errno);
                    // A folder's entries were moved out of it (removed) before it: only the
                    // folder itself stays.
                    issue.detail =
                        removal.folder
                            ? QCoreApplication::translate("Sluice::FolderFinisher",
                                                          "the copy is complete; the source "
                                                          "folder stays, without the entries "
                                                          "moved out of it")
                            : QCoreApplication::translate(
                                "Sluice::FolderFinisher",
                                "the copy is complete; the original stays");
                    job.issues.add(issue);
                    folder.incomplete.store(true);
                }
            }
        }
    }
    if (!folder.parent)
        return;
    if (folder.incomplete.load() || job.stopping())
        folder.parent->incomplete.store(true);
    else if (folder.source)
        folder.parent->addRemoval(*folder.source);
}

} // namespace Sluice
