#include "sourcespanel.h"

#include "formatting.h"
#include "sourcelistmodel.h"
#include "sourcelistview.h"

#include <QFile>
#include <QFileDialog>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace Sluice::Ui {

SourcesPanel::SourcesPanel(SourceListModel *model, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
    , m_view(new SourceListView(this))
    , m_addFiles(new QPushButton(tr("Add &files…"), this))
    , m_addFolder(new QPushButton(tr("Add f&older…"), this))
    , m_remove(new QPushButton(tr("&Remove"), this))
    , m_clear(new QPushButton(tr("C&lear"), this))
    , m_totals(new QLabel(this))
{
    m_view->setObjectName(QStringLiteral("sourceList"));
    m_view->setModel(m_model);
    m_view->setAccessibleName(tr("Sources"));
    QHeaderView *header = m_view->header();
    header->setSectionResizeMode(SourceListModel::NameColumn, QHeaderView::Stretch);
    header->setSectionResizeMode(SourceListModel::FolderColumn, QHeaderView::Stretch);
    // Fixed widths from the widest figures: ResizeToContents would measure every row on
    // every scanner report, which makes a drop of thousands of files quadratic.
    const QFontMetrics metrics = m_view->fontMetrics();
    header->setSectionResizeMode(SourceListModel::SizeColumn, QHeaderView::Fixed);
    header->setSectionResizeMode(SourceListModel::ItemsColumn, QHeaderView::Fixed);
    header->resizeSection(SourceListModel::SizeColumn,
                          metrics.horizontalAdvance(QStringLiteral("8,888.88 MiB…")) + 16);
    header->resizeSection(SourceListModel::ItemsColumn,
                          metrics.horizontalAdvance(QStringLiteral("8,888,888…")) + 16);
    header->setSectionResizeMode(SourceListModel::LeftOutColumn, QHeaderView::Fixed);
    header->resizeSection(
        SourceListModel::LeftOutColumn,
        metrics.horizontalAdvance(QStringLiteral("8,888.88 MiB in 8,888,888 items…")) + 16);

    m_addFiles->setObjectName(QStringLiteral("addFilesButton"));
    m_addFiles->setToolTip(tr("Choose files to copy (Ctrl+O)"));
    m_addFiles->setShortcut(QKeySequence::Open);
    m_addFolder->setObjectName(QStringLiteral("addFolderButton"));
    m_addFolder->setToolTip(tr("Choose a folder to copy (Ctrl+Shift+O)"));
    m_addFolder->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    m_remove->setObjectName(QStringLiteral("removeSourcesButton"));
    m_remove->setToolTip(tr("Take the selected sources off the list (Delete)"));
    m_clear->setObjectName(QStringLiteral("clearSourcesButton"));
    m_clear->setToolTip(tr("Take every source off the list"));
    m_totals->setObjectName(QStringLiteral("sourceTotalsLabel"));
    m_totals->setTextFormat(Qt::PlainText);

    // Two by two beside the list, not one under the other: the list may then be as low as
    // two buttons, which leaves the transfer its room on a 1280 × 720 screen.
    auto *buttons = new QGridLayout;
    buttons->addWidget(m_addFiles, 0, 0);
    buttons->addWidget(m_addFolder, 0, 1);
    buttons->addWidget(m_remove, 1, 0);
    buttons->addWidget(m_clear, 1, 1);
    buttons->setRowStretch(2, 1);
    auto *row = new QHBoxLayout;
    row->addWidget(m_view, 1);
    row->addLayout(buttons);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(row, 1);
    layout->addWidget(m_totals);

    connect(m_addFiles, &QPushButton::clicked, this, &SourcesPanel::addFiles);
    connect(m_addFolder, &QPushButton::clicked, this, &SourcesPanel::addFolder);
    connect(m_remove, &QPushButton::clicked, this, &SourcesPanel::removeSelected);
    connect(m_clear, &QPushButton::clicked, m_model, &SourceListModel::clear);
    connect(m_view, &SourceListView::removeRequested, this, &SourcesPanel::removeSelected);
    connect(m_model, &SourceListModel::totalsChanged, this, &SourcesPanel::updateTotals);
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &SourcesPanel::updateButtons);
    updateTotals();
}

void SourcesPanel::setLocked(bool locked)
{
    m_locked = locked;
    m_view->setEnabled(!locked);
    updateButtons();
}

void SourcesPanel::take(const QList<QByteArray> &paths)
{
    if (m_locked)
        Q_EMIT pathsPicked(paths);
    else
        m_model->addPaths(paths);
}

void SourcesPanel::addFiles()
{
    auto *dialog = new QFileDialog(this, tr("Add files to copy"));
    dialog->setObjectName(QStringLiteral("addFilesDialog"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setFileMode(QFileDialog::ExistingFiles);
    connect(dialog, &QFileDialog::filesSelected, this, [this](const QStringList &files) {
        QList<QByteArray> paths;
        for (const QString &file : files)
            paths.append(QFile::encodeName(file));
        take(paths);
    });
    dialog->open();
}

void SourcesPanel::addFolder()
{
    auto *dialog = new QFileDialog(this, tr("Add a folder to copy"));
    dialog->setObjectName(QStringLiteral("addFolderDialog"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setFileMode(QFileDialog::Directory);
    dialog->setOption(QFileDialog::ShowDirsOnly);
    connect(dialog, &QFileDialog::fileSelected, this,
            [this](const QString &folder) { take({QFile::encodeName(folder)}); });
    dialog->open();
}

void SourcesPanel::removeSelected()
{
    if (!m_locked)
        m_model->removeRowsAt(m_view->selectedRows());
}

void SourcesPanel::updateButtons()
{
    m_remove->setEnabled(!m_locked && !m_view->selectedRows().isEmpty());
    m_clear->setEnabled(!m_locked && !m_model->isEmpty());
}

void SourcesPanel::updateTotals()
{
    const qsizetype sources = m_model->sourceCount();
    QString text;
    if (sources == 0) {
        text = tr("Nothing to copy yet.");
    } else {
        text = tr("Sources: %1 · Size: %2 · Items: %3")
                   .arg(Format::count(sources), Format::size(m_model->totalBytes()),
                        Format::count(m_model->totalItems()));
        if (m_model->isScanning())
            text += tr(" (still measuring…)");
        if (const qint64 unreadable = m_model->totalUnreadable())
            text += tr(" · Unreadable: %1").arg(Format::count(unreadable));
        if (const qint64 leftOut = m_model->totalBytesLeftOut())
            text += tr(" · Left out: %1").arg(Format::size(leftOut));
    }
    m_totals->setText(text);
    updateButtons();
}

} // namespace Sluice::Ui
