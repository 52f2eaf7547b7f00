#pragma once

#include "directoryhandle.h"
#include "itemtask.h"
#include "plan.h"

#include <QHash>

#include <mutex>
#include <optional>

namespace Sluice {

struct JobContext;

/// Keeps names of one inode names of one inode (PreserveOptions::hardLinks, as cp -a does):
/// remembers where the first copied name of each group went and links the group's further
/// names to that copy with linkat(2), under a part name renamed into place. Thread-safe: the
/// worker thread and the small-file threads share one.
class HardLinkCopier final
{
public:
    HardLinkCopier(JobContext &job, const Plan &plan);
    Q_DISABLE_COPY_MOVE(HardLinkCopier)

    /// @p task's file was copied under @p finalName in its destination folder: further
    /// names of its group link to that copy.
    void remember(const ItemTask &task, const QByteArray &finalName);

    /// Links @p task's item, a further name of a group, to the copy of the group's first
    /// copied name, under the collision and error policies. Nothing when no name of the group
    /// was copied yet, or when the destination cannot link (FAT: EPERM; too many links:
    /// EMLINK; a warning is logged): then the caller copies the data instead.
    std::optional<ItemOutcome> linkToFirst(const ItemTask &task);

private:
    JobContext &m_job;
    const Plan &m_plan;
    std::mutex m_mutex;
    QHash<qint32, std::pair<DirectoryRef, QByteArray>> m_firstLinks; ///< group → folder, name
};

} // namespace Sluice
