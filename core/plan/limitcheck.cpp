#include "preflight.h"

#include "destinationwalk.h"
#include "filesystemlimits.h"
#include "nativepath.h"

#include <QCoreApplication>
#include <QHash>
#include <QLocale>
#include <QSet>

#include <optional>

namespace Sluice::Preflight {

namespace {

bool isSpecial(ItemKind kind)
{
    return kind == ItemKind::Fifo || kind == ItemKind::Socket || kind == ItemKind::CharDevice
           || kind == ItemKind::BlockDevice;
}

// ---- limits of the destination file system: each limit decided once ----

// An item the destination file system cannot store as it is.
struct LimitViolation
{
    QString group;                    // violations of one group become one warning
    QString warning;                  // that warning's detail
    std::optional<CopyIssue> refusal; // the item cannot be stored: refuse it
    std::vector<qint32> serialOnly;   // items that must not be copied at the same time
};

std::optional<LimitViolation> sizeLimit(const FileSystemLimits &limits, const Plan &plan,
                                        qint32 index)
{
    const PlanItem &item = itemAt(plan, index);
    if (limits.maxFileSize < 0 || item.kind != ItemKind::File || item.size <= limits.maxFileSize)
        return std::nullopt;
    // No answer makes it fit: refuse it now rather than write gigabytes first and fail at
    // the limit (EFBIG).
    CopyIssue refusal =
        CopyIssue::fromErrno(FileOperation::Preflight, plan.sourcePath(index), EFBIG);
    refusal.detail =
        QCoreApplication::translate("Sluice::Preflight", "%1 holds at most %2 bytes in one file")
            .arg(limits.typeName)
            .arg(limits.maxFileSize);
    return LimitViolation{
        QStringLiteral("size"),
        QCoreApplication::translate("Sluice::Preflight",
                                    "larger than %1 can store in one file (%2 bytes at most)")
            .arg(limits.typeName)
            .arg(limits.maxFileSize),
        refusal,
        {}};
}

// No answer makes the destination store these: refuse them (a folder with what is inside)
// before the first byte, rather than fail item by item with whatever errno a FUSE driver
// picks (EPERM, EIO, ENOSYS).
std::optional<LimitViolation> refusedLimit(const Plan &plan, qint32 index, const QString &group,
                                           const QString &why)
{
    return LimitViolation{
        group,
        why,
        CopyIssue::withDetail(FileOperation::Preflight, plan.sourcePath(index), why),
        {}};
}

std::optional<LimitViolation> nameLimit(const FileSystemLimits &limits, const Plan &plan,
                                        qint32 index)
{
    const QString problem = limits.nameProblem(destinationEntryName(plan, index));
    if (problem.isEmpty())
        return std::nullopt;
    return refusedLimit(plan, index, QStringLiteral("name:") + problem.left(20), problem);
}

std::optional<LimitViolation> kindLimit(const FileSystemLimits &limits, const Plan &plan,
                                        qint32 index)
{
    const ItemKind kind = itemAt(plan, index).kind;
    if (kind == ItemKind::Symlink && !limits.storesSymlinks)
        return refusedLimit(
            plan, index, QStringLiteral("symlink"),
            QCoreApplication::translate("Sluice::Preflight", "%1 cannot store symbolic links")
                .arg(limits.typeName));
    if (isSpecial(kind) && !limits.storesSpecialFiles)
        return refusedLimit(
            plan, index, QStringLiteral("special"),
            QCoreApplication::translate("Sluice::Preflight",
                                        "%1 cannot store FIFOs, sockets or device nodes")
                .arg(limits.typeName));
    return std::nullopt;
}

// Names equal but for letter case, on a file system that ignores it: the names seen so far
// in each folder (any kind) and the first file of each.
class CaseFolding final
{
public:
    std::optional<LimitViolation> check(const FileSystemLimits &limits, const Plan &plan,
                                        qint32 index, CollisionPolicy policy);

private:
    using Key = QPair<qint32, QString>; // parent item, case-folded name
    QSet<Key> m_seen;
    QHash<Key, qint32> m_firstFile;
};

std::optional<LimitViolation> CaseFolding::check(const FileSystemLimits &limits, const Plan &plan,
                                                 qint32 index, CollisionPolicy policy)
{
    if (!limits.caseInsensitive)
        return std::nullopt;
    const PlanItem &item = itemAt(plan, index);
    const Key key(item.parent, QString::fromUtf8(destinationEntryName(plan, index)).toCaseFolded());
    const bool repeated = m_seen.contains(key);
    m_seen.insert(key);
    std::optional<LimitViolation> violation;
    if (repeated)
        violation = LimitViolation{
            QStringLiteral("case"),
            QCoreApplication::translate("Sluice::Preflight",
                                        "%1 ignores letter case, so this name and another in the "
                                        "same folder become one")
                .arg(limits.typeName),
            std::nullopt,
            {}};
    if (item.kind == ItemKind::Directory)
        return violation;
    const auto twin = m_firstFile.constFind(key);
    if (twin == m_firstFile.cend()) {
        m_firstFile.insert(key, index);
        return violation;
    }
    Q_ASSERT(violation); // a file's name is among the names seen when a file had it
    // Two files whose names differ only in letter case are one name there: the later one
    // would replace (or be skipped for) the copy of the earlier, and copied at the same time
    // they have crashed exfat-fuse. Both go through the serial path; only "rename" keeps
    // both, otherwise the later one is refused.
    violation->serialOnly = {*twin, index};
    if (policy != CollisionPolicy::Rename)
        violation->refusal = CopyIssue::withDetail(
            FileOperation::Preflight, plan.sourcePath(index),
            QCoreApplication::translate(
                "Sluice::Preflight",
                "%1 ignores letter case: this file would take the place of the copy of “%2”; "
                "the “rename” policy keeps both")
                .arg(limits.typeName, NativePath::toDisplay(itemAt(plan, *twin).name)));
    return violation;
}

// Items the destination file system stores otherwise than asked (names that become one where
// letter case is ignored), grouped by kind of problem: one warning per kind names the first
// item and counts the rest. Refused items are not among them: their refusal names them.
class GroupedWarnings final
{
public:
    void add(const QString &group, const QByteArray &path, const QString &detail)
    {
        auto found = m_byGroup.find(group);
        if (found == m_byGroup.end()) {
            m_order << group;
            m_byGroup.insert(group, CopyIssue::withDetail(FileOperation::Preflight, path, detail,
                                                          IssueSeverity::Warning));
        } else {
            ++found->similarCount;
        }
    }
    void appendTo(CopyIssueList &warnings) const
    {
        for (const QString &group : m_order)
            warnings.append(m_byGroup.value(group));
    }

private:
    QStringList m_order;
    QHash<QString, CopyIssue> m_byGroup;
};

} // namespace

Findings checkFileSystemLimits(const Plan &plan, const Destination &destination,
                               CollisionPolicy policy, bool preserveTimestamps)
{
    Findings found;
    const FileSystemLimits &limits = destination.limits;
    GroupedWarnings grouped;
    CaseFolding caseFolding;
    for (qint32 index = destination.first; index < destination.end; ++index) {
        const PlanItem &item = itemAt(plan, index);
        if (item.refused) {
            index = item.subtreeEnd - 1;
            continue;
        }
        const auto size = sizeLimit(limits, plan, index);
        const auto name = nameLimit(limits, plan, index);
        const auto twin = caseFolding.check(limits, plan, index, policy);
        const auto kind = kindLimit(limits, plan, index);
        if (twin) {
            found.serialOnly.insert(found.serialOnly.end(), twin->serialOnly.cbegin(),
                                    twin->serialOnly.cend());
        }
        // One refusal per item, the first that applies; a folder goes with its subtree. A
        // refused item is named once, by its refusal (an error): no warning repeats it.
        const std::optional<LimitViolation> *refusing = nullptr;
        for (const auto *violation : {&twin, &size, &name, &kind}) {
            if (*violation && (*violation)->refusal) {
                refusing = violation;
                break;
            }
        }
        if (refusing) {
            found.refusals.push_back({index, *(*refusing)->refusal});
            index = item.subtreeEnd - 1;
            continue;
        }
        for (const auto *violation : {&size, &name, &twin, &kind}) {
            if (*violation)
                grouped.add((*violation)->group, plan.sourcePath(index), (*violation)->warning);
        }
    }
    grouped.appendTo(found.warnings);
    Q_UNUSED(preserveTimestamps) // times are checkFileSystemAbilities()'s, once per file system
    return found;
}

} // namespace Sluice::Preflight
