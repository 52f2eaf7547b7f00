#pragma once

#include "copyissue.h"
#include "decisions.h"
#include "itemtask.h"
#include "partfile.h"

#include <optional>

#include <sys/stat.h>

namespace Sluice {

struct JobContext;
struct JournalFinished;

/// How one try at an item ended: an outcome, a failure for the error policy, or "this way
/// cannot serve" (a hard link the destination refuses, a move that needs a copy).
struct Attempt
{
    ItemOutcome outcome = ItemOutcome::Copied;
    std::optional<CopyIssue> failure; ///< set: goes through the error policy
    bool fallBack = false;            ///< the caller copies the item another way
    /// The source changed while it was read: the try is over (its part file removed) and the
    /// life opens the source again and writes it once more from the start, same placement.
    bool readAgain = false;
    /// A skip without asking, for a cause already recorded as a warning (a source deleted
    /// since the scan, a device node without the privilege): the skip list names it.
    std::optional<CopyIssue> skipCause;

    static Attempt ended(ItemOutcome outcome) { return {outcome, std::nullopt, false, false, {}}; }
    static Attempt failed(CopyIssue issue)
    {
        return {ItemOutcome::Failed, std::move(issue), false, false, {}};
    }
    static Attempt fallBackToCopy() { return {ItemOutcome::Failed, std::nullopt, true, false, {}}; }
    static Attempt readSourceAgain()
    {
        return {ItemOutcome::Failed, std::nullopt, false, true, {}};
    }
    static Attempt skippedFor(CopyIssue cause)
    {
        return {ItemOutcome::SkippedWithWarning, std::nullopt, false, false, std::move(cause)};
    }
};

/// One item's life, written once for every kind of item (DESIGN.md, "One item's life"):
/// open the source → decide the collision (resolvePlacement()) → write → publish, and on a
/// failure ask / retry / skip / abort (resolveError() through retryUnderPolicy()). A write
/// that finds its source changed while it was read (Attempt::readAgain) is done once more:
/// the source opened again, written from the start under the same placement. A kind
/// derives from it and supplies only what differs: how its source is opened and how it is
/// written. Lives on the stack of the copying thread (worker or small-file thread); the
/// JobContext parts it uses are thread-safe.
class ItemLife
{
public:
    ItemLife(JobContext &job, const Plan &plan, const ItemTask &task);
    virtual ~ItemLife() = default;
    Q_DISABLE_COPY_MOVE(ItemLife)

    /// Tries until the item is copied, skipped or failed, or the job stops (Cancelled; an
    /// abort counts the item as Failed). Empty when the kind cannot serve (Attempt::fallBack):
    /// nothing was reported, and the caller copies the item another way.
    std::optional<ItemOutcome> run();

protected:
    /// Opens or inspects the source and fills m_source for the collision decision. A value
    /// ends this try.
    virtual std::optional<Attempt> openSource() = 0;
    /// Creates the item under @p placement's name (Create, Overwrite or Merge).
    virtual Attempt write(const Placement &placement) = 0;
    /// The collision decision refused the item (Placement::Action::Fail).
    virtual Attempt refused(const Placement &placement) { return Attempt::failed(placement.issue); }
    /// Another try follows.
    virtual void retrying() {}
    /// The life is over with @p outcome (not called on a fall-back).
    virtual void ended(ItemOutcome outcome) { Q_UNUSED(outcome) }
    /// A resumed job found the item finished by the run it resumes, under @p finalName: it is
    /// counted as copied without being written again.
    virtual void resumedAsCopied(const QByteArray &finalName) { Q_UNUSED(finalName) }
    /// A resume, and @p finalName exists but the journal does not name it finished (the
    /// interrupted run finished it in its last moments, before a record named it): true only
    /// when the kind proves it is a complete copy of the source as it is now, and makes it
    /// durable. Then it counts as finished before (a move removes its source).
    virtual bool provesUnrecordedCopy(const QByteArray &finalName)
    {
        Q_UNUSED(finalName)
        return false;
    }

    /// The collision decision for @p name (the task's name, or one that was taken meanwhile).
    Placement decide(const QByteArray &name, bool mayExist) const;
    /// What a placement that is not written means for this try, if anything.
    std::optional<Attempt> endOf(const Placement &placement);
    QByteArray destinationPath(const QByteArray &name) const;
    int destinationFd() const;
    /// A resume: whether @p entry (an lstat(2) of a destination name) was written since the
    /// job first started, by its change time at the destination's granularity. Where the
    /// destination shows no change times (FileSystemProbe::realChangeTimes: sshfs) it cannot
    /// be told, and the answer is true: the kind's comparison with the source decides.
    bool writtenSinceJobStarted(const struct stat &entry) const;

    JobContext &m_job;
    const Plan &m_plan;
    const ItemTask &m_task;
    const PlanItem &m_item;
    const QByteArray m_sourcePath;
    struct stat m_source = {};

private:
    Attempt attempt();
    /// A resume (JobContext::resume): the interrupted run finished this item and its copy
    /// still has the recorded identity (and the source its size and modification time).
    std::optional<Attempt> finishedBefore();
    /// The destination still has the identity @p recorded, and the source its size and mtime.
    bool stillAsRecorded(const JournalFinished &recorded) const;
    /// Lists a skipped item (with its subtree, for a folder) in the job's OutcomeBook.
    void listSkip(ItemOutcome outcome, const std::optional<CopyIssue> &cause);
};

/// An item written through its part file ".<name>.sluice-part" (regular files, links,
/// FIFOs, device nodes, hard links): the kind creates the content under the part name; the
/// life renames it onto the final name (renameIntoPlace(): RENAME_NOREPLACE unless
/// overwriting, after checking that the part name still holds what was created), decides
/// the collision again when someone took the final name meanwhile, queues a move's source
/// for deletion, and removes the part on every other end (PartFileGuard).
class PartFileLife : public ItemLife
{
public:
    using ItemLife::ItemLife;

protected:
    /// Creates the content under @p part's name, for the final name @p placement decided
    /// (messages and hooks name that one: "a (2).txt" after a rename). Sets @p identity to what was
    /// created, to be checked right before the rename, or leaves it empty where nobody else can
    /// reach the folder. Calls part.disown() when the name turns out to be someone else's.
    virtual Attempt createPart(const Placement &placement, PartFileGuard &part,
                               std::optional<CreatedPart> &identity) = 0;
    /// The part now has final name @p finalName in the destination folder.
    virtual void published(const QByteArray &finalName) { Q_UNUSED(finalName) }
    /// The times the content was given (atime, mtime), to check on the final name after the
    /// rename; null when none were set.
    virtual const timespec *timesSet() const { return nullptr; }
    /// The operation a failed rename is reported as.
    virtual FileOperation publishOperation() const { return FileOperation::Rename; }
    /// Puts the content under @p finalName: renameIntoPlace() of the part name @p partName
    /// (with @p overwrite and @p created as there) unless the kind wrote it elsewhere (an
    /// unnamed file, FileLife). Returns 0, PartReplaced, or an errno value (EEXIST: the final
    /// name was taken meanwhile).
    virtual int placeContent(const QByteArray &partName, const QByteArray &finalName,
                             bool overwrite, const CreatedPart *created);
    /// An open descriptor of the content just put in place, for recordFinished() to read its
    /// identity from without looking the name up again; -1 when the kind keeps none open.
    virtual int placedFd() const { return -1; }

    /// The verification digest of the copy just published, which the journal keeps for the
    /// checksum file of a resume; empty for kinds that have none.
    virtual QByteArray finishedDigest() const { return {}; }
    /// Tells the journal that @p finalName is finished, with the identity it has now.
    void recordFinished(const QByteArray &finalName);

private:
    Attempt write(const Placement &placement) final;
    Attempt publish(Placement placement, PartFileGuard &part,
                    const std::optional<CreatedPart> &identity, ItemOutcome outcome);
    void keepTimesAfterRename(const QByteArray &finalName);
};

} // namespace Sluice
