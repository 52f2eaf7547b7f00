#pragma once

#include "sourcescan.h"

#include <QAbstractTableModel>
#include <QByteArray>
#include <QHash>
#include <QList>
#include <QSet>

namespace Sluice::Ui {

/// The sources of the next copy, in the order they were added, with sizes and item counts
/// that SourceScanner measures on its own thread (the GUI thread never stats). A path that
/// turns out not to exist is taken out of the list again and reported by refused().
/// Paths are native bytes; they are shown with Format::path() and never rebuilt from text.
///
/// Thousands of paths at once (a drop) are accepted at once but become rows RowsPerTurn at
/// a time, one step per turn of the event loop, and the scanner's reports are taken a batch
/// at a time (SourceScanner::scannedBatch): the window answers its window manager between
/// steps, and totalsChanged() comes once per step or batch, not once per path. paths(),
/// contains(), isEmpty(), sourceCount() and isScanning() count the paths still waiting for
/// their row. GUI thread.
class SourceListModel final : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { NameColumn, FolderColumn, SizeColumn, ItemsColumn, LeftOutColumn, ColumnCount };
    /// Qt::UserRole + 1: the native path of a row (QByteArray).
    static constexpr int PathRole = Qt::UserRole + 1;

    /// @p scanner is not owned and must outlive the model.
    explicit SourceListModel(SourceScanner *scanner, QObject *parent = nullptr);
    Q_DISABLE_COPY_MOVE(SourceListModel)

    /// Rows inserted per turn of the event loop (about 2 ms of the GUI thread's time each).
    static constexpr int RowsPerTurn = 1000;

    /// Adds each of @p paths that is not listed yet and starts measuring it: the first
    /// RowsPerTurn become rows now, the rest in the next turns of the event loop. Returns
    /// how many were added.
    int addPaths(const QList<QByteArray> &paths);
    /// Removes the rows @p rows (any order).
    void removeRowsAt(QList<int> rows);
    void clear();
    /// Measures every row again with @p options (after "follow symlinks" or the filter
    /// changed...). LeftOutColumn shows what ScanOptions::filter leaves out of each row.
    void setScanOptions(const ScanOptions &options);

    /// Every source in the order added, the paths still waiting for their row included.
    QList<QByteArray> paths() const;
    bool isEmpty() const { return m_rows.isEmpty() && m_waiting.isEmpty(); }
    bool contains(const QByteArray &path) const { return m_listed.contains(path); }
    /// Rows plus paths still waiting for their row.
    qsizetype sourceCount() const { return m_rows.size() + m_waiting.size(); }
    /// True while at least one row is still being measured or a path waits for its row.
    bool isScanning() const { return m_scanningRows > 0 || !m_waiting.isEmpty(); }
    /// Sum of the rows measured so far (interim figures included), bytes.
    qint64 totalBytes() const { return m_totalBytes; }
    /// Items a copy would create (SourceSummary::items()), summed over the rows.
    qint64 totalItems() const { return m_totalItems; }
    /// Entries that could not be inspected, summed over the rows.
    qint64 totalUnreadable() const { return m_totalUnreadable; }
    /// Bytes the filter leaves out (SourceSummary::bytesLeftOut), summed over the rows.
    qint64 totalBytesLeftOut() const { return m_totalBytesLeftOut; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

Q_SIGNALS:
    /// @p path was taken out of the list: it could not be inspected (errno @p errorCode,
    /// e.g. ENOENT for a path that vanished before or after the drop).
    void refused(const QByteArray &path, int errorCode);
    /// Row count or any total changed.
    void totalsChanged();

private:
    struct Row
    {
        QByteArray path;
        quint64 scanId = 0;
        SourceSummary summary;
        bool scanning = true;
    };

    /// Makes rows of the next RowsPerTurn waiting paths; posts itself again while any wait.
    void insertWaiting();
    void onScanned(const QList<Sluice::SourceSummary> &summaries);
    /// "1.07 KiB in 3 items": what the filter leaves out of a row.
    static QString leftOutText(const SourceSummary &summary);
    /// What the "Left out" figures count, and how sluice-cli's differ.
    static QString leftOutExplanation();
    /// Adds (@p sign 1) or takes away (-1) @p row's figures from the totals.
    void account(const Row &row, int sign);
    /// Rebuilds the scan-id index from @p firstRow on (after rows moved).
    void reindex(qsizetype firstRow = 0);

    SourceScanner *m_scanner;
    ScanOptions m_options;
    QList<Row> m_rows;
    QList<QByteArray> m_waiting; ///< accepted by addPaths(), not yet rows
    bool m_insertPosted = false;
    // Indexes and running totals, so that a drop of thousands of files and their reports
    // cost O(1) each instead of a walk over the list.
    QSet<QByteArray> m_listed;
    QHash<quint64, qsizetype> m_rowOfScan;
    qint64 m_totalBytes = 0;
    qint64 m_totalItems = 0;
    qint64 m_totalUnreadable = 0;
    qint64 m_totalBytesLeftOut = 0;
    qsizetype m_scanningRows = 0;
};

} // namespace Sluice::Ui
