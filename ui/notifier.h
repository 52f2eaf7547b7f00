#pragma once

#include <QString>

class QWidget;

namespace Sluice::Ui {

/// Tells the person that a job ended when @p window is not the active window: a desktop
/// notification (org.freedesktop.Notifications over the session D-Bus, sent asynchronously)
/// and QApplication::alert() on the window (taskbar attention). Does nothing while the
/// window is active. GUI thread.
void notifyIfInactive(QWidget *window, const QString &title, const QString &body);

} // namespace Sluice::Ui
