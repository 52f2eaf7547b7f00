#pragma once

#include "launchrequest.h"

#include <QList>
#include <QObject>
#include <QPointer>

namespace Sluice::Ui {

class MainWindow;

/// Keeps the application's windows and decides where a launch request goes: into a window
/// that is not copying (raised and activated), or into a new window when every window is
/// busy or the request asks for one. Windows delete themselves when closed. GUI thread.
class WindowHub final : public QObject
{
    Q_OBJECT
public:
    explicit WindowHub(QObject *parent = nullptr);
    ~WindowHub() override;
    Q_DISABLE_COPY_MOVE(WindowHub)

    /// Shows @p request in a window (see the class comment) and returns it.
    MainWindow *open(const LaunchRequest &request);
    /// The open windows, oldest first.
    QList<MainWindow *> windows() const;
    /// Cancels every running job (a signal asked the process to end); emits allStopped()
    /// once each has finished, its part file removed. Also when nothing was running.
    void stopAll();

Q_SIGNALS:
    void allStopped();

private:
    MainWindow *createWindow();

    QList<QPointer<MainWindow>> m_windows;
    int m_stopping = 0; ///< jobs stopAll() still waits for
    bool m_stopRequested = false;
};

} // namespace Sluice::Ui
