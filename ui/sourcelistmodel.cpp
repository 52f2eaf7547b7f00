#include "sourcelistmodel.h"

#include "formatting.h"
#include "nativepath.h"

#include <QAbstractFileIconProvider>
#include <QFileIconProvider>

#include <algorithm>

namespace Sluice::Ui {

SourceListModel::SourceListModel(SourceScanner *scanner, QObject *parent)
    : QAbstractTableModel(parent)
    , m_scanner(scanner)
{
    connect(m_scanner, &SourceScanner::scanned, this, &SourceListModel::onScanned);
}

int SourceListModel::addPaths(const QList<QByteArray> &paths)
{
    QList<QByteArray> fresh;
    QSet<QByteArray> seen;
    for (const QByteArray &path : paths) {
        if (!path.isEmpty() && !m_listed.contains(path) && !seen.contains(path)) {
            seen.insert(path);
            fresh.append(path);
        }
    }
    if (fresh.isEmpty())
        return 0;
    const int first = int(m_rows.size());
    beginInsertRows({}, first, first + int(fresh.size()) - 1);
    for (const QByteArray &path : std::as_const(fresh)) {
        Row row;
        row.path = path;
        row.summary.path = path;
        row.scanId = m_scanner->scan(path, m_options);
        m_rowOfScan.insert(row.scanId, m_rows.size());
        m_listed.insert(path);
        account(row, 1);
        m_rows.append(row);
    }
    endInsertRows();
    Q_EMIT totalsChanged();
    return int(fresh.size());
}

void SourceListModel::removeRowsAt(QList<int> rows)
{
    std::sort(rows.begin(), rows.end(), std::greater<>());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    qsizetype lowest = m_rows.size();
    for (const int row : std::as_const(rows)) {
        if (row < 0 || row >= m_rows.size())
            continue;
        beginRemoveRows({}, row, row);
        const Row &gone = m_rows.at(row);
        m_scanner->cancel(gone.scanId);
        m_rowOfScan.remove(gone.scanId);
        m_listed.remove(gone.path);
        account(gone, -1);
        m_rows.removeAt(row);
        endRemoveRows();
        lowest = row;
    }
    reindex(lowest);
    Q_EMIT totalsChanged();
}

void SourceListModel::clear()
{
    if (m_rows.isEmpty())
        return;
    beginResetModel();
    for (const Row &row : std::as_const(m_rows))
        m_scanner->cancel(row.scanId);
    m_rows.clear();
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
    result.reserve(m_rows.size());
    for (const Row &row : m_rows)
        result.append(row.path);
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

void SourceListModel::onScanned(const SourceSummary &summary)
{
    const auto found = m_rowOfScan.constFind(summary.id);
    if (found == m_rowOfScan.cend())
        return; // a request of a removed row
    const qsizetype row = *found;
    if (!summary.exists) {
        const QByteArray path = m_rows.at(row).path;
        removeRowsAt({int(row)});
        Q_EMIT refused(path, summary.errorCode);
        return;
    }
    Row &entry = m_rows[row];
    account(entry, -1);
    entry.summary = summary;
    entry.scanning = !summary.complete;
    account(entry, 1);
    Q_EMIT dataChanged(index(int(row), 0), index(int(row), ColumnCount - 1));
    Q_EMIT totalsChanged();
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
