#include "queuepanel.h"

#include "jobqueue.h"
#include "transferarea.h"

#include <QApplication>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QListView>
#include <QMessageBox>
#include <QPainter>
#include <QPushButton>
#include <QShortcut>
#include <QStyledItemDelegate>
#include <QToolButton>
#include <QVBoxLayout>

namespace Sluice::Ui {

namespace {

/// One job in two lines: "name → folder", then "state · size" with the percentage, and a
/// thin progress bar under them while the job has progress. The panel is narrow: columns
/// would cut every text short.
class JobDelegate final : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    // Kept low: four rows and the panel's buttons fit above the transfer at 1280 × 720.
    static constexpr int BarHeight = 3;
    static constexpr int Margin = 2; ///< above, between the text and the bar, below

    static int rowHeight(const QFontMetrics &metrics)
    {
        return 2 * metrics.height() + BarHeight + 3 * Margin;
    }

    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        Q_UNUSED(index)
        return {option.fontMetrics.averageCharWidth() * 30, rowHeight(option.fontMetrics)};
    }

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override
    {
        QStyleOptionViewItem background = option;
        initStyleOption(&background, index);
        background.text.clear();
        QStyle *style = option.widget ? option.widget->style() : QApplication::style();
        style->drawControl(QStyle::CE_ItemViewItem, &background, painter, option.widget);
        // The selected job is always highlighted, so the style's focus mark on it cannot be
        // seen: the current row of the focused list gets a frame of its own.
        if (option.state.testFlag(QStyle::State_HasFocus)) {
            painter->save();
            const bool chosen = option.state.testFlag(QStyle::State_Selected);
            painter->setPen(QPen(
                option.palette.color(chosen ? QPalette::HighlightedText : QPalette::Highlight), 2));
            painter->setBrush(Qt::NoBrush);
            painter->drawRect(option.rect.adjusted(1, 1, -2, -2));
            painter->restore();
        }

        const QRect area = option.rect.adjusted(Margin * 3, Margin, -Margin * 3, -Margin);
        const int line = option.fontMetrics.height();
        const bool selected = option.state.testFlag(QStyle::State_Selected);
        painter->save();
        painter->setPen(
            option.palette.color(selected ? QPalette::HighlightedText : QPalette::Text));
        const QString title = index.siblingAtColumn(JobQueue::JobColumn).data().toString();
        painter->drawText(QRect(area.left(), area.top(), area.width(), line), Qt::AlignLeft,
                          option.fontMetrics.elidedText(title, Qt::ElideMiddle, area.width()));
        const QString details = JobQueue::tr("%1 · %2").arg(
            index.siblingAtColumn(JobQueue::StateColumn).data().toString(),
            index.siblingAtColumn(JobQueue::SizeColumn).data().toString());
        const QString percent = index.siblingAtColumn(JobQueue::ProgressColumn).data().toString();
        const QRect second(area.left(), area.top() + line, area.width(), line);
        painter->drawText(second, Qt::AlignRight, percent);
        const int room = area.width() - option.fontMetrics.horizontalAdvance(percent) - 8;
        painter->drawText(second, Qt::AlignLeft,
                          option.fontMetrics.elidedText(details, Qt::ElideRight, room));
        const int perMille = index.data(JobQueue::PerMilleRole).toInt();
        if (perMille >= 0) {
            const QRect bar(area.left(), area.top() + 2 * line + Margin, area.width(), BarHeight);
            painter->setPen(Qt::NoPen);
            painter->setBrush(option.palette.color(QPalette::Mid));
            painter->drawRect(bar);
            painter->setBrush(
                option.palette.color(selected ? QPalette::HighlightedText : QPalette::Highlight));
            painter->drawRect(bar.adjusted(0, 0, -bar.width() * (1000 - perMille) / 1000, 0));
        }
        painter->restore();
    }
};

// A reorder button beside the list: an arrow, with @p text as its accessible name and
// tool tip (the list is narrow, and arrows beside it take no row of their own).
QToolButton *makeArrowButton(Qt::ArrowType arrow, const QString &text, const QString &objectName,
                             const QKeySequence &keys, const QString &toolTip, QWidget *parent)
{
    auto *button = new QToolButton(parent);
    button->setObjectName(objectName);
    button->setArrowType(arrow);
    button->setText(text);
    button->setAccessibleName(text);
    button->setShortcut(keys);
    button->setToolTip(
        QStringLiteral("%1: %2 (%3)").arg(text, toolTip, keys.toString(QKeySequence::NativeText)));
    return button;
}

} // namespace

QueuePanel::QueuePanel(JobQueue *queue, QWidget *parent)
    : QGroupBox(tr("&Queue"), parent)
    , m_queue(queue)
    , m_view(new QListView(this))
    , m_up(makeArrowButton(Qt::UpArrow, tr("Move up"), QStringLiteral("moveJobUpButton"),
                           QKeySequence(Qt::CTRL | Qt::Key_Up), tr("Run the selected job earlier"),
                           this))
    , m_down(makeArrowButton(Qt::DownArrow, tr("Move down"), QStringLiteral("moveJobDownButton"),
                             QKeySequence(Qt::CTRL | Qt::Key_Down),
                             tr("Run the selected job later"), this))
    , m_remove(new QPushButton(tr("Remove"), this))
    , m_pause(new QPushButton(tr("Pause job"), this))
    , m_clear(new QPushButton(tr("Clear finished"), this))
    , m_stopForLater(new QPushButton(tr("Stop, resume later"), this))
{
    setObjectName(QStringLiteral("queueGroup"));
    m_view->setObjectName(QStringLiteral("queueView"));
    m_view->setAccessibleName(tr("Jobs"));
    m_view->setModel(m_queue);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setDragDropMode(QAbstractItemView::InternalMove);
    m_view->setDefaultDropAction(Qt::MoveAction);
    m_view->setDropIndicatorShown(true);
    m_view->setItemDelegate(new JobDelegate(m_view));
    m_view->setUniformItemSizes(true);
    m_view->setMinimumWidth(m_view->fontMetrics().averageCharWidth() * 34);
    setFocusProxy(m_view);

    m_remove->setObjectName(QStringLiteral("removeJobButton"));
    m_remove->setToolTip(tr("Take the selected job off the queue (Delete)"));
    m_pause->setObjectName(QStringLiteral("pauseJobButton"));
    m_pause->setToolTip(tr("Hold the selected job back, or let it go on"));
    m_clear->setObjectName(QStringLiteral("clearFinishedButton"));
    m_stopForLater->setObjectName(QStringLiteral("stopForLaterButton"));
    m_stopForLater->setToolTip(tr("Stop the selected job and keep what it copied, the file "
                                  "being copied included, to resume it later"));
    m_clear->setToolTip(tr("Take the ended jobs and their history off the list"));
    auto *remove = new QShortcut(QKeySequence::Delete, m_view);
    remove->setContext(Qt::WidgetShortcut);
    connect(remove, &QShortcut::activated, this, &QueuePanel::removeSelected);

    // Move up and Move down beside the list, the others in two columns under it: the panel
    // stands beside "What to copy" and must stay narrow (a 960 × 540 screen, as 1920 × 1080
    // at scale 2, in German) and low (four jobs at 1280 × 720 leave the transfer its room).
    auto *arrows = new QVBoxLayout;
    arrows->addWidget(m_up);
    arrows->addWidget(m_down);
    arrows->addStretch();
    auto *list = new QHBoxLayout;
    list->addWidget(m_view, 1);
    list->addLayout(arrows);
    auto *buttons = new QGridLayout;
    buttons->addWidget(m_pause, 0, 0);
    buttons->addWidget(m_stopForLater, 0, 1);
    buttons->addWidget(m_remove, 1, 0);
    buttons->addWidget(m_clear, 1, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(list, 1);
    layout->addLayout(buttons);

    connect(m_up, &QToolButton::clicked, this, [this] { move(-1); });
    connect(m_down, &QToolButton::clicked, this, [this] { move(1); });
    connect(m_remove, &QPushButton::clicked, this, &QueuePanel::removeSelected);
    connect(m_pause, &QPushButton::clicked, this, &QueuePanel::togglePause);
    connect(m_clear, &QPushButton::clicked, m_queue, &JobQueue::clearEnded);
    connect(m_stopForLater, &QPushButton::clicked, this,
            [this] { m_queue->stopForLater(currentJob()); });
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

int QueuePanel::heightForRows(int rows) const
{
    const int list =
        rows * JobDelegate::rowHeight(m_view->fontMetrics()) + 2 * m_view->frameWidth();
    return sizeHint().height() - m_view->sizeHint().height() + list;
}

QList<QWidget *> QueuePanel::tabChain() const
{
    return {m_view, m_up, m_down, m_remove, m_pause, m_stopForLater, m_clear};
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
    const QueuedJob *job = m_queue->job(id);
    if (job == nullptr)
        return;
    // An interrupted copy (also one queued to resume) keeps what it copied: asked first.
    const bool interrupted = !job->isEnded() && !job->journalId.isEmpty() && !job->ownEntry;
    if (!interrupted || job->neverStarted) {
        removeJob(id);
        return;
    }
    // Discarding an interrupted copy deletes what it wrote of the file in flight: asked,
    // "Keep it" the default (Enter and Escape keep it).
    auto *box = new QMessageBox(QMessageBox::Question, tr("Discard the interrupted copy?"),
                                tr("The part of the file it was copying is deleted, and the "
                                   "copy can no longer be resumed. The sources are not touched."),
                                QMessageBox::NoButton, this);
    box->setObjectName(QStringLiteral("discardInterruptedBox"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    auto *discard = box->addButton(tr("Discard"), QMessageBox::DestructiveRole);
    discard->setObjectName(QStringLiteral("discardInterruptedButton"));
    auto *keep = box->addButton(tr("Keep it"), QMessageBox::RejectRole);
    keep->setObjectName(QStringLiteral("keepInterruptedButton"));
    box->setDefaultButton(keep);
    connect(discard, &QPushButton::clicked, this, [this, id] { removeJob(id); });
    box->open();
}

void QueuePanel::removeJob(quint64 id)
{
    const int row = m_queue->rowOf(id);
    if (!m_queue->removeJob(id))
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
    const bool paused = job->state == JobState::Held || job->state == JobState::Paused
                        || job->state == JobState::Interrupted;
    m_queue->setJobPaused(job->id, !paused);
}

void QueuePanel::updateButtons()
{
    const QueuedJob *job = m_queue->job(currentJob());
    const bool waiting = job != nullptr && job->isWaiting();
    m_up->setEnabled(waiting);
    m_down->setEnabled(waiting);
    m_remove->setEnabled(job != nullptr && !job->isStarted());
    // A job another program resumed is that program's to pause.
    m_pause->setEnabled(job != nullptr && !job->isEnded()
                        && job->state != JobState::ResumedElsewhere);
    const bool paused = job != nullptr
                        && (job->state == JobState::Held || job->state == JobState::Paused
                            || job->state == JobState::Interrupted);
    m_stopForLater->setEnabled(job != nullptr && job->isStarted() && !job->isEnded());
    m_pause->setText(paused ? tr("Resume job") : tr("Pause job"));
    const bool anyEnded = std::any_of(m_queue->jobs().cbegin(), m_queue->jobs().cend(),
                                      [](const QueuedJob &row) { return row.isEnded(); });
    m_clear->setEnabled(anyEnded);
}

void QueuePanel::updateVisibility()
{
    const bool shown = m_queue->rowCount() > 0;
    const bool changed = shown == isHidden();
    setVisible(shown);
    updateButtons();
    if (changed && shown)
        Q_EMIT appeared();
}

} // namespace Sluice::Ui
