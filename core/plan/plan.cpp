#include "plan.h"

#include "nativepath.h"

namespace Sluice {

namespace {

QByteArray relativePath(const Plan &plan, qsizetype index)
{
    QList<const QByteArray *> names;
    for (qsizetype i = index; plan.items[std::size_t(i)].parent >= 0;
         i = plan.items[std::size_t(i)].parent)
        names.prepend(&plan.items[std::size_t(i)].name);
    QByteArray path;
    for (const QByteArray *name : names) {
        path += '/';
        path += *name;
    }
    return path;
}

} // namespace

QByteArray Plan::sourcePath(qsizetype index) const
{
    const PlanRoot &root = roots[items[std::size_t(index)].root];
    return root.sourcePath + relativePath(*this, index);
}

QByteArray Plan::destinationPath(qsizetype index) const
{
    const PlanRoot &root = roots[items[std::size_t(index)].root];
    return NativePath::join(root.destinationParent, root.destinationName)
           + relativePath(*this, index);
}

QList<std::pair<qint32, qint32>> Plan::rootRanges() const
{
    QList<std::pair<qint32, qint32>> ranges;
    ranges.reserve(roots.size());
    auto next = qint32(0);
    for (qint32 rootIndex = 0; rootIndex < roots.size(); ++rootIndex) {
        const qint32 first = next;
        while (next < qint32(items.size()) && items[std::size_t(next)].root == rootIndex)
            ++next;
        ranges.append({first, next});
    }
    return ranges;
}

QList<QByteArray> Plan::childNames(qint32 folder) const
{
    QList<QByteArray> names;
    const PlanItem &item = items[std::size_t(folder)];
    for (qint32 child = folder + 1; child < item.subtreeEnd;
         child = items[std::size_t(child)].subtreeEnd) {
        if (!items[std::size_t(child)].refused)
            names << items[std::size_t(child)].name;
    }
    return names;
}

void Plan::markLossNamed(qint32 index)
{
    PlanItem &item = items[std::size_t(index)];
    const qint64 before = item.countedBytes();
    item.lossNamed = true;
    const qint64 added = item.countedBytes() - before;
    if (added == 0)
        return;
    totalBytes += added;
    for (qint32 folder = item.parent; folder >= 0; folder = items[std::size_t(folder)].parent)
        items[std::size_t(folder)].subtreeBytes += added;
}

} // namespace Sluice
