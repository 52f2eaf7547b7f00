#pragma once

#include <QByteArray>
#include <QWidget>

class QComboBox;
class QPushButton;

namespace Sluice {
class SourceScanner;
struct SourceSummary;
} // namespace Sluice

namespace Sluice::Ui {

/// The destination folder: an editable field with the recently used folders, a "Choose…"
/// button (QFileDialog, non-blocking) and a drop target for one folder. Keeps the path as
/// native bytes: a folder from a drop or a dialog is stored as it came and shown with
/// NativePath::fromNativeLossless(), so that only what the person types is ever converted
/// from text (losslessly, with NativePath::toNative()). Whether a dropped path is a folder
/// is asked of the SourceScanner, never stat-ed here. GUI thread.
class DestinationField final : public QWidget
{
    Q_OBJECT
public:
    /// @p scanner is not owned and must outlive the field.
    explicit DestinationField(SourceScanner *scanner, QWidget *parent = nullptr);
    Q_DISABLE_COPY_MOVE(DestinationField)

    /// The destination folder as native bytes; empty when none is set.
    QByteArray path() const { return m_path; }
    void setPath(const QByteArray &path);
    /// Fills the drop-down with @p recent (most recent first) without changing path().
    void setRecent(const QList<QByteArray> &recent);
    /// The editable combo box, for focus chains and buddies.
    QComboBox *comboBox() const { return m_combo; }
    QPushButton *chooseButton() const { return m_choose; }
    /// True while one folder (or file) is dragged over the field: the field is tinted with
    /// the palette's highlight colour and its placeholder says what a drop does.
    bool dropHighlight() const { return m_dropHighlight; }

public Q_SLOTS:
    /// Opens the folder dialog; chosen() follows when the person picks one.
    void choose();

Q_SIGNALS:
    void pathChanged(const QByteArray &path);
    /// The person picked a folder in the dialog opened by choose().
    void chosen(const QByteArray &path);
    /// The dialog opened by choose() was closed without a folder.
    void choiceCancelled();
    /// A drop could not be used; @p message says why.
    void refused(const QString &message);

protected:
    void dragEnterEvent(QDragEnterEvent *event) override;
    /// Accepts each move while the field takes the drag (entered with one item, enabled), so
    /// that the answer never rests on the one given to the move before.
    void dragMoveEvent(QDragMoveEvent *event) override;
    void dragLeaveEvent(QDragLeaveEvent *event) override;
    void dropEvent(QDropEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void onProbed(const Sluice::SourceSummary &summary);
    void setDropHighlight(bool on);

    SourceScanner *m_scanner;
    QComboBox *m_combo;
    QPushButton *m_choose;
    QByteArray m_path;
    quint64 m_probeId = 0;
    bool m_dropHighlight = false;
};

} // namespace Sluice::Ui
