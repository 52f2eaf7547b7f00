#pragma once

#include "sourcescan.h"

#include <QAbstractTableModel>
#include <QByteArray>
#include <QList>

namespace Sluice::Ui {

/// The sources of the next copy, in the order they were added, with sizes and item counts
/// that SourceScanner measures on its own thread (the GUI thread never stats). A path that
/// turns out not to exist is taken out of the list again and reported by refused().
/// Paths are native bytes; they are shown with Format::path() and never rebuilt from text.
/// GUI thread.
class SourceListModel final : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { NameColumn, FolderColumn, SizeColumn, ItemsColumn, ColumnCount };
    /// Qt::UserRole + 1: the native path of a row (QByteArray).
    static constexpr int PathRole = Qt::UserRole + 1;

    /// @p scanner is not owned and must outlive the model.
    explicit SourceListModel(SourceScanner *scanner, QObject *parent = nullptr);
    Q_DISABLE_COPY_MOVE(SourceListModel)

    /// Adds each of @p paths that is not listed yet and starts measuring it. Returns how
    /// many were added.
    int addPaths(const QList<QByteArray> &paths);
    /// Removes the rows @p rows (any order).
    void removeRowsAt(QList<int> rows);
    void clear();
    /// Measures every row again with @p options (after "follow symlinks" changed...).
    void setScanOptions(const ScanOptions &options);

    QList<QByteArray> paths() const;
    bool isEmpty() const { return m_rows.isEmpty(); }
    /// True while at least one row is still being measured.
    bool isScanning() const;
    /// Sum of the rows measured so far (interim figures included), bytes.
    qint64 totalBytes() const;
    /// Items a copy would create (SourceSummary::items()), summed over the rows.
    qint64 totalItems() const;
    /// Entries that could not be inspected, summed over the rows.
    qint64 totalUnreadable() const;

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

    void onScanned(const Sluice::SourceSummary &summary);
    qsizetype rowOfScan(quint64 id) const;

    SourceScanner *m_scanner;
    ScanOptions m_options;
    QList<Row> m_rows;
};

} // namespace Sluice::Ui
