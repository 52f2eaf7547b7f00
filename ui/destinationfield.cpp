#include "destinationfield.h"

#include "droppedurls.h"
#include "formatting.h"
#include "nativepath.h"
#include "sourcescan.h"

#include <QComboBox>
#include <QDragEnterEvent>
#include <QDragLeaveEvent>
#include <QDropEvent>
#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QMimeData>
#include <QPushButton>

namespace Sluice::Ui {

namespace {

QString idlePlaceholder()
{
    return DestinationField::tr("Folder to copy into: type, choose or drop one");
}

} // namespace

DestinationField::DestinationField(SourceScanner *scanner, QWidget *parent)
    : QWidget(parent)
    , m_scanner(scanner)
    , m_combo(new QComboBox(this))
    , m_choose(new QPushButton(tr("C&hoose…"), this))
{
    m_combo->setObjectName(QStringLiteral("destinationCombo"));
    m_combo->setEditable(true);
    m_combo->setInsertPolicy(QComboBox::NoInsert);
    m_combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_combo->setMinimumContentsLength(30);
    m_combo->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    m_combo->lineEdit()->setPlaceholderText(idlePlaceholder());
    m_combo->lineEdit()->setClearButtonEnabled(true);
    m_combo->setToolTip(tr("The folder the sources are copied into. Recently used folders "
                           "are in the list; you can also drop a folder here."));
    m_combo->setAccessibleName(tr("Destination folder"));
    // Drops of files are ours (a folder), not text for the line edit.
    m_combo->setAcceptDrops(false);
    m_combo->lineEdit()->setAcceptDrops(false);
    m_choose->setObjectName(QStringLiteral("chooseDestinationButton"));
    m_choose->setToolTip(tr("Choose the destination folder (Ctrl+D)"));
    m_choose->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_D));
    setAcceptDrops(true);

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_combo, 1);
    layout->addWidget(m_choose);

    connect(m_choose, &QPushButton::clicked, this, &DestinationField::choose);
    connect(m_combo->lineEdit(), &QLineEdit::textEdited, this, [this](const QString &text) {
        // Typed text is the person's own: converted losslessly, never from a display form.
        m_path = NativePath::toNative(text);
        Q_EMIT pathChanged(m_path);
    });
    connect(m_combo, &QComboBox::activated, this,
            [this](int index) { setPath(m_combo->itemData(index).toByteArray()); });
    connect(m_scanner, &SourceScanner::scanned, this, &DestinationField::onProbed);
}

void DestinationField::setPath(const QByteArray &path)
{
    m_path = path;
    m_combo->setEditText(NativePath::fromNativeLossless(path));
    m_combo->lineEdit()->setToolTip(Format::path(path));
    Q_EMIT pathChanged(m_path);
}

void DestinationField::setRecent(const QList<QByteArray> &recent)
{
    const QByteArray current = m_path;
    const QString text = m_combo->currentText();
    m_combo->clear();
    for (const QByteArray &path : recent)
        m_combo->addItem(Format::path(path), path);
    m_combo->setCurrentIndex(-1);
    m_combo->setEditText(text);
    m_path = current;
}

void DestinationField::choose()
{
    auto *dialog = new QFileDialog(this, tr("Copy into folder"));
    dialog->setObjectName(QStringLiteral("destinationDialog"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setFileMode(QFileDialog::Directory);
    dialog->setOption(QFileDialog::ShowDirsOnly);
    dialog->setAcceptMode(QFileDialog::AcceptOpen);
    if (!m_path.isEmpty())
        dialog->setDirectory(QFile::decodeName(m_path));
    connect(dialog, &QFileDialog::fileSelected, this, [this](const QString &folder) {
        setPath(QFile::encodeName(folder));
        Q_EMIT chosen(m_path);
    });
    connect(dialog, &QDialog::rejected, this, &DestinationField::choiceCancelled);
    dialog->open();
}

void DestinationField::dragEnterEvent(QDragEnterEvent *event)
{
    const DroppedUrls split = splitDroppedUrls(event->mimeData()->urls());
    if (split.paths.size() == 1 && isEnabled()) {
        event->acceptProposedAction();
        setDropHighlight(true);
    } else {
        event->ignore();
    }
}

void DestinationField::dragMoveEvent(QDragMoveEvent *event)
{
    if (m_dropHighlight && isEnabled()) {
        event->acceptProposedAction();
        return;
    }
    setDropHighlight(false);
    event->ignore();
}

void DestinationField::dragLeaveEvent(QDragLeaveEvent *event)
{
    setDropHighlight(false);
    QWidget::dragLeaveEvent(event);
}

void DestinationField::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    // A new palette (light/dark switch) while the tint is on keeps the tint on it.
    if (event->type() == QEvent::PaletteChange && m_dropHighlight)
        setDropHighlight(true);
}

void DestinationField::setDropHighlight(bool on)
{
    if (!on) {
        if (!m_dropHighlight)
            return;
        m_dropHighlight = false;
        m_combo->setPalette(QPalette());
        m_combo->lineEdit()->setPlaceholderText(idlePlaceholder());
        return;
    }
    m_dropHighlight = true;
    // The field's own colours, not the source list's outline: a third of the highlight
    // colour over the base, readable in light and dark palettes.
    QPalette tinted = palette();
    const QColor base = tinted.color(QPalette::Base);
    const QColor highlight = tinted.color(QPalette::Highlight);
    const auto mix = [](int from, int to) { return (from * 2 + to) / 3; };
    tinted.setColor(QPalette::Base,
                    QColor(mix(base.red(), highlight.red()), mix(base.green(), highlight.green()),
                           mix(base.blue(), highlight.blue())));
    tinted.setColor(QPalette::Button, highlight);
    m_combo->setPalette(tinted);
    m_combo->lineEdit()->setPlaceholderText(tr("Drop to copy into this folder"));
}

void DestinationField::dropEvent(QDropEvent *event)
{
    setDropHighlight(false);
    const DroppedUrls split = splitDroppedUrls(event->mimeData()->urls());
    if (split.paths.size() != 1) {
        Q_EMIT refused(tr("Drop exactly one folder on the destination field."));
        return;
    }
    event->acceptProposedAction();
    // Is it a folder? Asked off the GUI thread; onProbed() finishes the drop.
    ScanOptions options;
    options.rootOnly = true;
    options.followSymlinks = true;
    m_scanner->cancel(m_probeId);
    m_probeId = m_scanner->scan(split.paths.constFirst(), options);
}

void DestinationField::onProbed(const SourceSummary &summary)
{
    if (summary.id != m_probeId || m_probeId == 0)
        return;
    m_probeId = 0;
    if (!summary.exists)
        Q_EMIT refused(tr("“%1” no longer exists.").arg(Format::path(summary.path)));
    else if (summary.kind != ItemKind::Directory)
        Q_EMIT refused(tr("“%1” is not a folder; drop a folder to copy into.")
                           .arg(Format::path(summary.path)));
    else
        setPath(summary.path);
}

} // namespace Sluice::Ui
