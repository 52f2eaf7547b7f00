#pragma once

#include "copysummary.h"

#include <mutex>

namespace Sluice {

/// How the items of one job ended, tallied by fate (items and bytes) with the list of the
/// items left out and why: the figures of CopySummary. Written by the threads that finish
/// items (worker, small-file threads: one short lock per item, nothing per chunk), read once
/// at the end. Thread-safe.
class OutcomeBook final
{
public:
    OutcomeBook() = default;
    Q_DISABLE_COPY_MOVE(OutcomeBook)

    /// Counts @p items items of @p bytes logical bytes as ending with @p fate.
    void count(ItemFate fate, qint64 items, qint64 bytes);
    /// Lists @p item as left out (its counts go through count(), by the caller that ends it).
    void listSkipped(SkippedItem item);
    /// The tallies and the list so far (planned, copied bytes, rate: filled by the worker).
    CopySummary snapshot() const;

private:
    mutable std::mutex m_mutex;
    CopySummary m_summary;
};

} // namespace Sluice
