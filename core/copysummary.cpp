#include "copysummary.h"

#include "nativepath.h"

#include <QCoreApplication>
#include <QJsonArray>

namespace Sluice {

namespace {

QJsonObject tallyJson(const ItemTally &tally)
{
    return QJsonObject{{QStringLiteral("items"), tally.items},
                       {QStringLiteral("bytes"), tally.bytes}};
}

} // namespace

QString SkippedItem::reasonText() const
{
    switch (reason) {
    case SkipReason::ByYou:
        return QCoreApplication::translate("Sluice::CopySummary", "skipped by you");
    case SkipReason::ByCollisionPolicy:
        return QCoreApplication::translate("Sluice::CopySummary", "exists, skipped by policy");
    case SkipReason::OnError:
        break;
    }
    return cause;
}

QString skipReasonName(SkipReason reason)
{
    switch (reason) {
    case SkipReason::ByYou:
        return QStringLiteral("you");
    case SkipReason::ByCollisionPolicy:
        return QStringLiteral("collision-policy");
    case SkipReason::OnError:
        return QStringLiteral("error");
    }
    return {};
}

ItemTally &CopySummary::tallyOf(ItemFate fate)
{
    return const_cast<ItemTally &>(std::as_const(*this).tallyOf(fate));
}

const ItemTally &CopySummary::tallyOf(ItemFate fate) const
{
    switch (fate) {
    case ItemFate::Copied:
        return copied;
    case ItemFate::Merged:
        return merged;
    case ItemFate::SkippedByYou:
        return skippedByYou;
    case ItemFate::SkippedByPolicy:
        return skippedByPolicy;
    case ItemFate::SkippedOnError:
        return skippedOnError;
    case ItemFate::ChangedWhileCopying:
        return changedWhileCopying;
    case ItemFate::Failed:
        break;
    }
    return failed;
}

ItemTally CopySummary::skipped() const
{
    ItemTally all = skippedByYou;
    all.add(skippedByPolicy.items, skippedByPolicy.bytes);
    all.add(skippedOnError.items, skippedOnError.bytes);
    return all;
}

qint64 CopySummary::averageRate() const
{
    if (movingMs <= 0 || bytesMoved <= 0)
        return 0;
    return qint64(static_cast<long double>(bytesMoved) * 1000 / movingMs);
}

QJsonObject CopySummary::toJson() const
{
    QJsonArray list;
    for (const SkippedItem &item : skippedItems) {
        list.append(QJsonObject{
            {QStringLiteral("path"), NativePath::toDisplay(item.path)},
            {QStringLiteral("reason"), skipReasonName(item.reason)},
            {QStringLiteral("cause"), item.cause},
            {QStringLiteral("text"), item.reasonText()},
            {QStringLiteral("items"), item.items},
            {QStringLiteral("bytes"), item.bytes},
        });
    }
    return QJsonObject{
        {QStringLiteral("planned"), tallyJson(planned)},
        {QStringLiteral("copied"), tallyJson(copied)},
        {QStringLiteral("merged"), tallyJson(merged)},
        {QStringLiteral("skippedByYou"), tallyJson(skippedByYou)},
        {QStringLiteral("skippedByPolicy"), tallyJson(skippedByPolicy)},
        {QStringLiteral("skippedOnError"), tallyJson(skippedOnError)},
        {QStringLiteral("failed"), tallyJson(failed)},
        {QStringLiteral("changedWhileCopying"), tallyJson(changedWhileCopying)},
        {QStringLiteral("bytesMoved"), bytesMoved},
        {QStringLiteral("movingMs"), movingMs},
        {QStringLiteral("averageRate"), averageRate()},
        {QStringLiteral("skippedItems"), list},
        {QStringLiteral("durability"), durability},
    };
}

} // namespace Sluice
