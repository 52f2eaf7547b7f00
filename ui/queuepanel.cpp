#include "queuepanel.h"

#include "jobqueue.h"
#include "transferarea.h"

#include <QApplication>
#include <QGridLayout>
#include <QHeaderView>
#include <QPainter>
#include <QPushButton>
#include <QShortcut>
#include <QStyledItemDelegate>
#include <QTreeView>
#include <QVBoxLayout>

namespace Sluice::Ui {

namespace {

/// Draws the Progress column as a progress bar with its percentage.
class ProgressDelegate final : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override
    {
        const int perMille = index.data(JobQueue::PerMilleRole).toInt();
        if (perMille < 0) {
            QStyledItemDelegate::paint(painter, option, index);
            return;
        }
        QStyleOptionViewItem background = option;
        initStyleOption(&background, index);
        background.text.clear();
        QStyle *style = option.widget ? option.widget->style() : QApplication::style();
        style->drawControl(QStyle::CE_ItemViewItem, &background, painter, option.widget);
        QStyleOptionProgressBar bar;
        bar.rect = option.rect.adjusted(2, 2, -2, -2);
        bar.minimum = 0;
        bar.maximum = 1000;
        bar.progress = perMille;
        bar.text = index.data(Qt::DisplayRole).toString();
        bar.textVisible = true;
        bar.state = option.state | QStyle::State_Horizontal;
        bar.palette = option.palette;
        bar.fontMetrics = option.fontMetrics;
        style->drawControl(QStyle::CE_ProgressBar, &bar, painter, option.widget);
    }
};

} // namespace

QueuePanel::QueuePanel(JobQueue *queue, QWidget *parent)
    : QGroupBox(tr("&Queue"), parent)
    , m_queue(queue)
    , m_view(new QTreeView(this))
    , m_up(makeShortcutButton(tr("Move up"), QStringLiteral("moveJobUpButton"),
                              QKeySequence(Qt::CTRL | Qt::Key_Up),
                              tr("Run the selected job earlier"), this))
    , m_down(makeShortcutButton(tr("Move down"), QStringLiteral("moveJobDownButton"),
                                QKeySequence(Qt::CTRL | Qt::Key_Down),
                                tr("Run the selected job later"), this))
    , m_remove(new QPushButton(tr("Remove"), this))
    , m_pause(new QPushButton(tr("Pause job"), this))
    , m_clear(new QPushButton(tr("Clear finished"), this))
{
    setObjectName(QStringLiteral("queueGroup"));
    m_view->setObjectName(QStringLiteral("queueView"));
    m_view->setAccessibleName(tr("Jobs"));
    m_view->setModel(m_queue);
    m_view->setRootIsDecorated(false);
    m_view->setUniformRowHeights(true);
    m_view->setAllColumnsShowFocus(true);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setDragDropMode(QAbstractItemView::InternalMove);
    m_view->setDefaultDropAction(Qt::MoveAction);
    m_view->setDropIndicatorShown(true);
    m_view->setItemDelegateForColumn(JobQueue::ProgressColumn, new ProgressDelegate(m_view));
    QHeaderView *header = m_view->header();
    header->setStretchLastSection(false);
    header->setSectionResizeMode(JobQueue::JobColumn, QHeaderView::Stretch);
    const QFontMetrics metrics = m_view->fontMetrics();
    header->setSectionResizeMode(JobQueue::StateColumn, QHeaderView::Interactive);
    header->resizeSection(JobQueue::StateColumn,
                          metrics.horizontalAdvance(jobStateName(JobState::WaitingForDevice)) / 2
                              + 16);
    header->setSectionResizeMode(JobQueue::SizeColumn, QHeaderView::Fixed);
    header->resizeSection(JobQueue::SizeColumn,
                          metrics.horizontalAdvance(QStringLiteral("888.88 MiB")) + 12);
    header->setSectionResizeMode(JobQueue::ProgressColumn, QHeaderView::Fixed);
    header->resizeSection(JobQueue::ProgressColumn,
                          metrics.horizontalAdvance(QStringLiteral("100.0 %")) + 24);
    setFocusProxy(m_view);

    m_remove->setObjectName(QStringLiteral("removeJobButton"));
    m_remove->setToolTip(tr("Take the selected job off the queue (Delete)"));
    m_pause->setObjectName(QStringLiteral("pauseJobButton"));
    m_pause->setToolTip(tr("Hold the selected job back, or let it go on"));
    m_clear->setObjectName(QStringLiteral("clearFinishedButton"));
    m_clear->setToolTip(tr("Take the ended jobs and their history off the list"));
    auto *remove = new QShortcut(QKeySequence::Delete, m_view);
    remove->setContext(Qt::WidgetShortcut);
    connect(remove, &QShortcut::activated, this, &QueuePanel::removeSelected);

    auto *buttons = new QGridLayout;
    buttons->addWidget(m_up, 0, 0);
    buttons->addWidget(m_down, 0, 1);
    buttons->addWidget(m_remove, 0, 2);
    buttons->addWidget(m_pause, 1, 0);
    buttons->addWidget(m_clear, 1, 1, 1, 2);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_view, 1);
    layout->addLayout(buttons);

    connect(m_up, &QPushButton::clicked, this, [this] { move(-1); });
    connect(m_down, &QPushButton::clicked, this, [this] { move(1); });
    connect(m_remove, &QPushButton::clicked, this, &QueuePanel::removeSelected);
    connect(m_pause, &QPushButton::clicked, this, &QueuePanel::togglePause);
    connect(m_clear, &QPushButton::clicked, m_queue, &JobQueue::clearEnded);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this] {
        updateButtons();
        if (!m_selecting)
            Q_EMIT currentJobChanged(currentJob());
    });
    for (const auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(m_queue, signal, this, &QueuePanel::updateVisibility);
    connect(m_queue, &QAbstractItemModel::modelReset, this, &QueuePanel::updateVisibility);
    connect(m_queue, &QAbstractItemModel::dataChanged, this, &QueuePanel::updateButtons);
    connect(m_queue, &QAbstractItemModel::rowsMoved, this, &QueuePanel::updateButtons);
    updateVisibility();
}

quint64 QueuePanel::currentJob() const
{
    const QModelIndex current = m_view->selectionModel()->currentIndex();
    return current.isValid() ? m_queue->idAt(current.row()) : 0;
}

void QueuePanel::selectJob(quint64 id)
{
    const int row = m_queue->rowOf(id);
    if (row < 0 || currentJob() == id)
        return;
    m_selecting = true;
    m_view->selectionModel()->setCurrentIndex(
        m_queue->index(row, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_selecting = false;
}

QList<QWidget *> QueuePanel::tabChain() const
{
    return {m_view, m_up, m_down, m_remove, m_pause, m_clear};
}

void QueuePanel::move(int step)
{
    const quint64 id = currentJob();
    if (id != 0 && m_queue->moveJob(id, step))
        m_view->scrollTo(m_view->selectionModel()->currentIndex());
}

void QueuePanel::removeSelected()
{
    const quint64 id = currentJob();
    const int row = m_view->selectionModel()->currentIndex().row();
    if (id == 0 || !m_queue->removeJob(id))
        return;
    // The keyboard stays in the list, on the row that took the removed one's place.
    const int next = qMin(row, m_queue->rowCount() - 1);
    if (next >= 0)
        m_view->selectionModel()->setCurrentIndex(m_queue->index(next, 0),
                                                  QItemSelectionModel::ClearAndSelect
                                                      | QItemSelectionModel::Rows);
}

void QueuePanel::togglePause()
{
    const QueuedJob *job = m_queue->job(currentJob());
    if (job == nullptr || job->isEnded())
        return;
    const bool paused = job->state == JobState::Held || job->state == JobState::Paused;
    m_queue->setJobPaused(job->id, !paused);
}

void QueuePanel::updateButtons()
{
    const QueuedJob *job = m_queue->job(currentJob());
    const bool waiting = job != nullptr && job->isWaiting();
    m_up->setEnabled(waiting);
    m_down->setEnabled(waiting);
    m_remove->setEnabled(job != nullptr && !job->isStarted());
    m_pause->setEnabled(job != nullptr && !job->isEnded());
    const bool paused =
        job != nullptr && (job->state == JobState::Held || job->state == JobState::Paused);
    m_pause->setText(paused ? tr("Resume job") : tr("Pause job"));
    const bool anyEnded = std::any_of(m_queue->jobs().cbegin(), m_queue->jobs().cend(),
                                      [](const QueuedJob &row) { return row.isEnded(); });
    m_clear->setEnabled(anyEnded);
}

void QueuePanel::updateVisibility()
{
    setVisible(m_queue->rowCount() > 0);
    updateButtons();
}

} // namespace Sluice::Ui
