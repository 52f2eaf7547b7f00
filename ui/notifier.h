#pragma once

#include "copyoptions.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <functional>

class QWidget;

namespace Sluice::Ui {

/// Buttons of the finished notification (org.freedesktop.Notifications actions; each is
/// offered only when it applies).
struct NotificationActions
{
    /// "Open folder": shown in the file manager with these native paths selected
    /// (org.freedesktop.FileManager1.ShowItems). Empty: no such button.
    QList<QByteArray> showItems;
    /// "Eject": called when pressed. Empty: no such button.
    std::function<void()> eject;
};

/// Tells the person that a job ended when @p window is not the active window: a desktop
/// notification (org.freedesktop.Notifications over the session D-Bus, sent asynchronously)
/// with @p actions as buttons, and QApplication::alert() on the window (taskbar attention).
/// Does nothing while the window is active. GUI thread.
void notifyIfInactive(QWidget *window, const QString &title, const QString &body,
                      const NotificationActions &actions = {});

/// Where each source of @p request lands when copied into a folder: under its own name in
/// destinationFolders[i] when the request has one folder per source (the retry form),
/// otherwise in `destination`. Native paths, one per source, in order.
QList<QByteArray> copiedItemPaths(const CopyRequest &request);

/// org.freedesktop.FileManager1.ShowItems for native @p paths (asynchronous; without a file
/// manager service nothing happens beyond one log line). GUI thread.
void showInFileManager(const QList<QByteArray> &paths);

} // namespace Sluice::Ui
