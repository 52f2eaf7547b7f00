#pragma once

class QAbstractButton;
class QMessageBox;
class QWidget;

namespace Sluice::Ui {

/// A question box and the buttons its caller connects. The box is parented to the window,
/// deletes itself when closed (Qt::WA_DeleteOnClose) and is not open yet (open() it).
struct ConfirmationBox
{
    QMessageBox *box = nullptr;
    QAbstractButton *confirm = nullptr; ///< the destructive choice
    QAbstractButton *keep = nullptr;    ///< the default (Enter): nothing is lost
    QAbstractButton *stay = nullptr;    ///< the keep-queued box's Cancel, else nullptr
    /// The close box's "Stop, resume later" (the running jobs keep their part files and
    /// journal entries, the queued ones are kept too), else nullptr.
    QAbstractButton *later = nullptr;
};

/// Asked before a running copy is cancelled: "Cancel copy" (or "Cancel copy and close" when
/// @p closing, the window is being closed) against "Keep copying", the default, so that Enter
/// and Escape keep the copy. When @p closing, also "Stop, resume later", the queue panel's
/// choice of that name (its text and translation): quitting need not throw away the file
/// being copied (issue 12). Object names "cancelCopyBox" / "closeWhileCopyingBox". GUI
/// thread.
ConfirmationBox cancelConfirmationBox(QWidget *window, bool closing);

/// Asked when the window closes with @p waiting jobs queued: "Keep for next start" (the
/// default), "Discard them", or Cancel (the window stays open). Object name "keepQueuedBox".
/// GUI thread.
ConfirmationBox keepQueuedBox(QWidget *window, int waiting);

} // namespace Sluice::Ui
