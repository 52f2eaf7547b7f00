#include "sourcelistmodel.h"

#include "formatting.h"
#include "nativepath.h"

#include <QAbstractFileIconProvider>
#include <QFileIconProvider>

#include <algorithm>
#include <utility>

namespace Sluice::Ui {

SourceListModel::SourceListModel(SourceScanner *scanner, QObject *parent)
    : QAbstractTableModel(parent)
    , m_scanner(scanner)
{
    connect(m_scanner, &SourceScanner::scannedBatch, this, &SourceListModel::onScanned);
}

int SourceListModel::addPaths(const QList<QByteArray> &paths)
{
    int added = 0;
    for (const QByteArray &path : paths) {
        if (path.isEmpty() || m_listed.contains(path))
            continue;
        m_listed.insert(path);
        m_waiting.append(path);
        ++added;
    }
    if (added > 0 && !m_insertPosted)
        insertWaiting();
    return added;
}

void SourceListModel::insertWaiting()
{
    m_insertPosted = false;
    if (m_waiting.isEmpty())
        return;
    const qsizetype count = qMin<qsizetype>(RowsPerTurn, m_waiting.size());
    const int first = int(m_rows.size());
    beginInsertRows({}, first, first + int(count) - 1);
    for (qsizetype i = 0; i < count; ++i) {
        Row row;
        row.path = m_waiting.at(i);
        row.summary.path = row.path;
        row.scanId = m_scanner->scan(row.path, m_options);
        m_rowOfScan.insert(row.scanId, m_rows.size());
        account(row, 1);
        m_rows.append(std::move(row));
    }
    m_waiting.remove(0, count);
    endInsertRows();
    if (!m_waiting.isEmpty()) {
        // The rest in the next turn: the window answers its events in between.
        m_insertPosted = true;
        QMetaObject::invokeMethod(this, &SourceListModel::insertWaiting, Qt::QueuedConnection);
    }
    Q_EMIT totalsChanged();
}

void SourceListModel::removeRowsAt(QList<int> rows)
{
    std::sort(rows.begin(), rows.end(), std::greater<>());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    rows.erase(std::remove_if(rows.begin(), rows.end(),
                              [this](int row) { return row < 0 || row >= m_rows.size(); }),
               rows.end());
    if (rows.isEmpty())
        return;
    // Runs of neighbouring rows go in one step each (thousands of vanished paths at once).
    for (qsizetype i = 0; i < rows.size();) {
        const int last = rows.at(i);
        qsizetype end = i + 1;
        while (end < rows.size() && rows.at(end) == rows.at(end - 1) - 1)
            ++end;
        const int first = rows.at(end - 1);
        beginRemoveRows({}, first, last);
        for (int row = first; row <= last; ++row) {
            const Row &gone = m_rows.at(row);
            m_scanner->cancel(gone.scanId);
            m_rowOfScan.remove(gone.scanId);
            m_listed.remove(gone.path);
            account(gone, -1);
        }
        m_rows.remove(first, last - first + 1);
        endRemoveRows();
        i = end;
    }
    reindex(rows.constLast());
    Q_EMIT totalsChanged();
}

void SourceListModel::clear()
{
    if (isEmpty())
        return;
    beginResetModel();
    for (const Row &row : std::as_const(m_rows))
        m_scanner->cancel(row.scanId);
    m_rows.clear();
    m_waiting.clear();
    m_listed.clear();
    m_rowOfScan.clear();
    m_totalBytes = m_totalItems = m_totalUnreadable = m_totalBytesLeftOut = 0;
    m_scanningRows = 0;
    endResetModel();
    Q_EMIT totalsChanged();
}

void SourceListModel::setScanOptions(const ScanOptions &options)
{
    if (options.followSymlinks == m_options.followSymlinks
        && options.countHardLinksOnce == m_options.countHardLinksOnce
        && options.filter == m_options.filter)
        return;
    m_options = options;
    m_options.rootOnly = false;
    for (Row &row : m_rows) {
        m_scanner->cancel(row.scanId);
        account(row, -1);
        row.scanId = m_scanner->scan(row.path, m_options);
        row.scanning = true;
        row.summary = SourceSummary{};
        row.summary.path = row.path;
        account(row, 1);
    }
    m_rowOfScan.clear();
    reindex();
    if (!m_rows.isEmpty())
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
    Q_EMIT totalsChanged();
}

QList<QByteArray> SourceListModel::paths() const
{
    QList<QByteArray> result;
    result.reserve(sourceCount());
    for (const Row &row : m_rows)
        result.append(row.path);
    result.append(m_waiting);
    return result;
}

void SourceListModel::account(const Row &row, int sign)
{
    m_totalBytes += sign * row.summary.bytes;
    m_totalItems += sign * row.summary.items();
    m_totalUnreadable += sign * row.summary.unreadable;
    m_totalBytesLeftOut += sign * row.summary.bytesLeftOut;
    m_scanningRows += row.scanning ? sign : 0;
}

void SourceListModel::reindex(qsizetype firstRow)
{
    for (qsizetype i = firstRow; i < m_rows.size(); ++i)
        m_rowOfScan.insert(m_rows.at(i).scanId, i);
}

void SourceListModel::onScanned(const QList<SourceSummary> &summaries)
{
    qsizetype first = m_rows.size();
    qsizetype last = -1;
    QList<int> refusedRows;
    QList<std::pair<QByteArray, int>> refusals;
    for (const SourceSummary &summary : summaries) {
        const auto found = m_rowOfScan.constFind(summary.id);
        if (found == m_rowOfScan.cend())
            continue; // a request of a removed row
        const qsizetype row = *found;
        if (!summary.exists) {
            refusedRows.append(int(row));
            refusals.append({m_rows.at(row).path, summary.errorCode});
            continue;
        }
        Row &entry = m_rows[row];
        account(entry, -1);
        entry.summary = summary;
        entry.scanning = !summary.complete;
        account(entry, 1);
        first = qMin(first, row);
        last = qMax(last, row);
    }
    // One change for the whole batch: the view repaints what it shows of that range.
    if (last >= 0)
        Q_EMIT dataChanged(index(int(first), 0), index(int(last), ColumnCount - 1));
    if (!refusedRows.isEmpty())
        removeRowsAt(refusedRows); // tells totalsChanged() itself
    else if (last >= 0)
        Q_EMIT totalsChanged();
    for (const auto &[path, errorCode] : std::as_const(refusals))
        Q_EMIT refused(path, errorCode);
}

int SourceListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int SourceListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant SourceListModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size())
        return {};
    const Row &row = m_rows.at(index.row());
    const SourceSummary &summary = row.summary;
    if (role == PathRole)
        return row.path;
    if (role == Qt::ToolTipRole) {
        QString tip = Format::path(row.path);
        if (summary.unreadable > 0)
            tip += QLatin1Char('\n')
                   + tr("Entries that could not be read (not counted): %1")
                         .arg(Format::count(summary.unreadable));
        if (summary.itemsLeftOut > 0)
            tip += QLatin1Char('\n') + tr("Left out by the filter: %1.").arg(leftOutText(summary))
                   + QLatin1Char('\n') + leftOutExplanation();
        return tip;
    }
    if (role == Qt::TextAlignmentRole && index.column() >= SizeColumn)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::DecorationRole && index.column() == NameColumn) {
        static const QFileIconProvider icons;
        if (row.scanning && summary.items() == 0)
            return icons.icon(QAbstractFileIconProvider::File);
        return icons.icon(summary.kind == ItemKind::Directory ? QAbstractFileIconProvider::Folder
                                                              : QAbstractFileIconProvider::File);
    }
    if (role != Qt::DisplayRole)
        return {};
    const QString pending = row.scanning ? tr("%1…") : QStringLiteral("%1");
    switch (index.column()) {
    case NameColumn:
        return Format::path(NativePath::baseName(row.path));
    case FolderColumn:
        return Format::path(NativePath::parentPath(row.path));
    case SizeColumn:
        if (row.scanning && summary.items() == 0)
            return tr("measuring…");
        if (summary.kind != ItemKind::Directory && summary.kind != ItemKind::File)
            return tr("link or special");
        return pending.arg(Format::size(summary.bytes));
    case ItemsColumn:
        if (row.scanning && summary.items() == 0)
            return QString();
        return pending.arg(Format::count(summary.items()));
    case LeftOutColumn:
        if (!m_options.filter.isActive() || (row.scanning && summary.items() == 0))
            return QString();
        if (summary.itemsLeftOut == 0)
            return pending.arg(tr("nothing"));
        return pending.arg(leftOutText(summary));
    default:
        return {};
    }
}

QString SourceListModel::leftOutText(const SourceSummary &summary)
{
    return tr("%1 in %Ln item(s)", nullptr, Format::plural(summary.itemsLeftOut))
        .arg(Format::size(summary.bytesLeftOut));
}

QString SourceListModel::leftOutExplanation()
{
    return tr("Counted: everything the copy would not create, what is inside a folder left "
              "out included, and folders left empty by the filter. sluice-cli's summary counts "
              "a folder left out as one item and does not measure what it holds.");
}

QVariant SourceListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole && section == LeftOutColumn)
        return leftOutExplanation();
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case NameColumn:
        return tr("Name");
    case FolderColumn:
        return tr("In folder");
    case SizeColumn:
        return tr("Size");
    case ItemsColumn:
        return tr("Items");
    case LeftOutColumn:
        return tr("Left out");
    default:
        return {};
    }
}

} // namespace Sluice::Ui
