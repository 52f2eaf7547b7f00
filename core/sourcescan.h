#pragma once

#include "copyfilter.h"
#include "itemkind.h"

#include <QByteArray>
#include <QMetaType>
#include <QObject>
#include <QSet>

#include <memory>

class QThread;

namespace Sluice {

/// How a source is walked by SourceScanner.
struct ScanOptions
{
    /// Follow symbolic links (the source itself and everything below), like
    /// CopyOptions::followSymlinks; loops are detected by (st_dev, st_ino) and not entered.
    bool followSymlinks = false;
    /// Count a file with several names once per source, like PreserveOptions::hardLinks.
    bool countHardLinksOnce = false;
    /// Inspect the path itself only (stat(2) semantics when followSymlinks): used to check a
    /// destination folder or a dropped path without walking it.
    bool rootOnly = false;
    /// Measure what this filter leaves out (SourceSummary::itemsLeftOut, bytesLeftOut). The
    /// walk still counts everything, and goes into the folders left out to measure them.
    CopyFilter filter;
};

/// What a walk found below one source. Sizes are bytes. A plain value, queued across threads.
struct SourceSummary
{
    quint64 id = 0;                 ///< the id SourceScanner::scan() returned
    QByteArray path;                ///< the native path as given
    bool exists = false;            ///< false when the path itself could not be inspected
    int errorCode = 0;              ///< errno of that failed lstat(2)/stat(2), else 0
    ItemKind kind = ItemKind::File; ///< of the path itself
    qint64 bytes = 0;               ///< apparent size of the regular files (st_size)
    qint64 files = 0;               ///< regular files, the path itself included
    qint64 folders = 0;             ///< folders, the path itself included
    qint64 others = 0;              ///< symbolic links, FIFOs, devices and sockets
    qint64 unreadable = 0; ///< entries that could not be inspected or listed (not counted above)
    bool complete = false; ///< false for the interim reports of a long walk
    /// Of the counts above, the entries ScanOptions::filter leaves out: everything inside a
    /// folder left out included (the copy never reads it; this walk measures it), and the
    /// folders the filter leaves empty unless CopyFilter::keepEmptyFolders, which the copy
    /// does not create either (README, "Leaving things out").
    qint64 itemsLeftOut = 0;
    qint64 bytesLeftOut = 0; ///< apparent size of the regular files among them

    /// Items a copy of this source creates: files + folders + others.
    qint64 items() const { return files + folders + others; }
};

class SourceScanWorker;

/// Walks sources off the calling thread and reports what they hold, so that a window can
/// show sizes and item counts without a single stat(2) on its own thread (DESIGN.md,
/// "Threads"). Also answers "does this path exist, and is it a folder?" (ScanOptions::
/// rootOnly) for dropped paths and destinations.
///
/// Lives in the thread that creates it; owns one named worker thread ("sluice-scan") that
/// handles requests in order. Results arrive by the scanned() signal on the owner's
/// thread: for long walks an interim report (complete == false) about every 250 ms, then
/// exactly one final report per request unless it was cancelled. After cancel(id) or
/// cancelAll() returns, no report for those requests is emitted any more. The destructor
/// cancels everything and waits for the worker thread.
///
/// Reports are handed to the owner's thread in batches, not one event each: the worker
/// collects them and posts one delivery at most every ReportBatchMs while it walks, and at
/// once when it has nothing left to walk; a delivery still waiting takes whatever came in
/// meanwhile. A drop of 20,000 files thus costs the window a few dozen events, not 20,000
/// (bench/RESULTS.md, "The window while it copies"). Each batch is emitted as scanned() per
/// report, in order, then once as scannedBatch().
class SourceScanner final : public QObject
{
    Q_OBJECT
public:
    explicit SourceScanner(QObject *parent = nullptr);
    ~SourceScanner() override;
    Q_DISABLE_COPY_MOVE(SourceScanner)

    /// Queues a walk of @p path (native bytes). Returns the request id (never 0).
    quint64 scan(const QByteArray &path, const ScanOptions &options = {});
    /// Stops request @p id (queued or running); no further report for it.
    void cancel(quint64 id);
    /// Stops every request made so far.
    void cancelAll();
    /// Requests neither finished nor cancelled.
    qsizetype pendingCount() const { return m_pending.size(); }

    /// The longest a report waits on the worker for the next delivery while it walks, ms.
    static constexpr int ReportBatchMs = 50;

Q_SIGNALS:
    /// A report for request summary.id (see the class comment for the order).
    void scanned(const Sluice::SourceSummary &summary);
    /// The reports of one delivery, after each was emitted by scanned(): for receivers that
    /// update once per batch (a list of thousands of sources). Never empty.
    void scannedBatch(const QList<Sluice::SourceSummary> &summaries);

private:
    friend class SourceScanWorker;
    /// Emits the reports the worker has collected (posted by the worker, owner's thread).
    void deliverBatch();

    std::shared_ptr<struct ScanCancellation> m_cancellation;
    std::shared_ptr<struct ScanExchange> m_exchange;
    QThread *m_thread = nullptr;
    SourceScanWorker *m_worker = nullptr;
    quint64 m_nextId = 1;
    QSet<quint64> m_pending;
};

} // namespace Sluice

Q_DECLARE_METATYPE(Sluice::SourceSummary)
Q_DECLARE_METATYPE(Sluice::ScanOptions)
