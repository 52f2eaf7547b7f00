#include "windowhub.h"

#include "mainwindow.h"

namespace Sluice::Ui {

WindowHub::WindowHub(QObject *parent)
    : QObject(parent)
{}

WindowHub::~WindowHub()
{
    for (const QPointer<MainWindow> &window : std::as_const(m_windows))
        delete window.data();
}

QList<MainWindow *> WindowHub::windows() const
{
    QList<MainWindow *> open;
    for (const QPointer<MainWindow> &window : m_windows) {
        if (window)
            open.append(window.data());
    }
    return open;
}

void WindowHub::stopAll()
{
    if (m_stopRequested)
        return;
    m_stopRequested = true;
    for (MainWindow *window : windows()) {
        if (!window->stopForQuit())
            continue;
        ++m_stopping;
        connect(
            window, &MainWindow::allJobsFinished, this,
            [this] {
                if (--m_stopping == 0)
                    Q_EMIT allStopped();
            },
            Qt::SingleShotConnection);
    }
    if (m_stopping == 0)
        QMetaObject::invokeMethod(this, &WindowHub::allStopped, Qt::QueuedConnection);
}

MainWindow *WindowHub::open(const LaunchRequest &request)
{
    MainWindow *target = nullptr;
    if (!request.newWindow) {
        // An idle window first; else a busy one queues the request as a job of its own.
        const QList<MainWindow *> open = windows();
        for (MainWindow *window : open) {
            if (!window->isBusy()) {
                target = window;
                break;
            }
        }
        if (!target && !open.isEmpty())
            target = open.first();
    }
    if (!target)
        target = createWindow();
    target->show();
    target->raise();
    target->activateWindow();
    target->applyLaunchRequest(request);
    return target;
}

MainWindow *WindowHub::createWindow()
{
    auto *window = new MainWindow;
    window->setAttribute(Qt::WA_DeleteOnClose);
    m_windows.removeAll(nullptr);
    m_windows.append(window);
    return window;
}

} // namespace Sluice::Ui
