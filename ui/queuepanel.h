#pragma once

#include <QGroupBox>

class QPushButton;
class QListView;
class QToolButton;

namespace Sluice::Ui {

class JobQueue;

/// "Queue": every job of the window — sources → destination, state, size, progress (two
/// lines per job), running and waiting ones first, then the history — with Move up / Move
/// down (arrows beside the list; Ctrl+Up, Ctrl+Down; dragging a queued row works too), Remove
/// (Delete; an interrupted job is discarded), Pause job / Resume job (also resumes an
/// interrupted job), Stop, resume later and Clear finished. The buttons act on the selected job;
/// the selection is the job the transfer area shows (currentJobChanged()). Keyboard only:
/// Alt+Q reaches the list. GUI thread; the model is not owned.
class QueuePanel final : public QGroupBox
{
    Q_OBJECT
public:
    explicit QueuePanel(JobQueue *queue, QWidget *parent = nullptr);
    Q_DISABLE_COPY_MOVE(QueuePanel)

    QListView *view() const { return m_view; }
    /// The selected job's id, or 0.
    quint64 currentJob() const;
    /// Selects job @p id (without emitting currentJobChanged()).
    void selectJob(quint64 id);
    /// The focusable widgets in tab order.
    QList<QWidget *> tabChain() const;
    /// The panel's height when its list shows @p rows jobs whole.
    int heightForRows(int rows) const;

Q_SIGNALS:
    /// The person selected job @p id (0: none).
    void currentJobChanged(quint64 id);
    /// The panel was hidden (no rows) and is shown now.
    void appeared();

private:
    void move(int step);
    /// Remove (Delete): an interrupted copy is discarded only after asking.
    void removeSelected();
    void removeJob(quint64 id);
    void togglePause();
    void updateButtons();
    void updateVisibility();

    JobQueue *m_queue;
    QListView *m_view;
    QToolButton *m_up;
    QToolButton *m_down;
    QPushButton *m_remove;
    QPushButton *m_pause;
    QPushButton *m_clear;
    QPushButton *m_stopForLater;
    bool m_selecting = false;
};

} // namespace Sluice::Ui
