#pragma once

#include "copyoptions.h"
#include "copyresult.h"

#include <QCoreApplication>
#include <QObject>
#include <QString>

#include <functional>

namespace Sluice::Ui {

/// The words for a finished job: a headline, the figures, and the text of "Save list…".
/// Stateless; any thread.
class IssueReport final
{
    Q_DECLARE_TR_FUNCTIONS(Sluice::Ui::IssueReport)
public:
    /// One line that says how the job ended ("Done: everything was copied"...).
    static QString headline(const CopyResult &result, bool move);
    /// Figures, one per line: copied, skipped, failed, bytes, time, average rate, memory.
    static QStringList figures(const CopyResult &result, bool move);
    /// Average rate over the job, bytes/s: bytes moved / time spent moving (paused time and
    /// time waiting for an answer left out, CopySummary); for a result without a summary,
    /// bytes copied / elapsed time. 0 when unknown.
    static qint64 averageRate(const CopyResult &result);
    /// One line per skipped item: "“/src/a”: exists, skipped by policy".
    static QStringList skippedLines(const CopyResult &result);
    /// The line under the problem list: "No problems." only when nothing was skipped either.
    static QString problemCount(const CopyResult &result);
    /// The whole report as plain text: request, headline, figures, then one line per issue
    /// ("error: Cannot write “/x”: No space left on device (ENOSPC)").
    static QString text(const CopyResult &result, const CopyRequest &request, bool move);
};

/// Writes @p text as UTF-8 to @p path (atomically, QSaveFile) on a thread of the global
/// pool, so that the GUI thread never waits for a disk; then calls @p done on @p context's
/// thread with an empty string on success or the error text. Nothing is called if
/// @p context is gone by then.
void saveTextInBackground(const QString &path, const QString &text, QObject *context,
                          std::function<void(const QString &error)> done);

} // namespace Sluice::Ui
