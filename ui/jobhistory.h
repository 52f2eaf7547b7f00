#pragma once

#include "jobqueue.h"

#include <QList>

namespace Sluice::Ui {

/// Ended jobs the queue panel keeps showing after a restart: the most recent
/// JobHistoryLength, newest last, in QSettings (array "queue/history": sources, destination,
/// move, state, sizes, time). Only what the panel shows is kept — no options, no issues.
/// GUI thread (QSettings).
QList<QueuedJob> loadJobHistory();
/// Replaces the stored history with the ended jobs of @p jobs (the last JobHistoryLength).
void saveJobHistory(const QList<QueuedJob> &jobs);

inline constexpr int JobHistoryLength = 20;

} // namespace Sluice::Ui
