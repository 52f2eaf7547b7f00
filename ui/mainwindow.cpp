#include "mainwindow.h"

#include "appicon.h"
#include "confirmationboxes.h"
#include "copyagaindialog.h"
#include "copysession.h"
#include "destinationfield.h"
#include "droppedurls.h"
#include "ejectcontrol.h"
#include "formatting.h"
#include "issuereport.h"
#include "jobqueue.h"
#include "leaveoutfield.h"
#include "noticebar.h"
#include "notifier.h"
#include "queuepanel.h"
#include "settingsdialog.h"
#include "sourcelistmodel.h"
#include "sourcelistview.h"
#include "sourcescan.h"
#include "sourcespanel.h"
#include "transferarea.h"

#include <QApplication>
#include <QCheckBox>
#include <QCloseEvent>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFormLayout>
#include <QGroupBox>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QMimeData>
#include <QPointer>
#include <QPushButton>
#include <QScreen>
#include <QSettings>
#include <QShortcut>
#include <QSplitter>
#include <QVBoxLayout>

#include <cerrno>
#include <functional>
#include <utility>

namespace Sluice::Ui {

namespace {

const QString GeometryKey = QStringLiteral("window/geometry");
const QString SplitterKey = QStringLiteral("window/splitter");

// 900 × 680 at most; on a smaller screen, what is left of its height once a panel and a
// title bar (about 60 pixels) are taken away, so that it fits 1280 × 720.
QSize defaultSize()
{
    QSize size(900, 680);
    if (const QScreen *screen = QGuiApplication::primaryScreen()) {
        const QSize available = screen->availableGeometry().size();
        size = size.boundedTo(QSize(available.width() * 9 / 10, available.height() - 60));
    }
    return size;
}

// Asks before a running copy is cancelled (confirmationboxes.h); @p onConfirmed runs when the
// person confirms.
void askBeforeCancelling(QWidget *window, bool closing, const std::function<void()> &onConfirmed)
{
    const ConfirmationBox question = cancelConfirmationBox(window, closing);
    QObject::connect(question.confirm, &QAbstractButton::clicked, window, onConfirmed);
    question.box->open();
}

} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_settings(WindowSettings::load())
    , m_sourceScanner(new SourceScanner(this))
    , m_probeScanner(new SourceScanner(this))
    , m_sources(new SourceListModel(m_sourceScanner, this))
    , m_queue(new JobQueue(this, this))
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowIcon(appIcon());
    setAcceptDrops(true);
    buildLayout();
    connectSignals();
    setUpTabOrder();
    applySettings(m_settings);
    m_destination->setRecent(loadRecentDestinations());
    const QByteArray geometry = QSettings().value(GeometryKey).toByteArray();
    if (geometry.isEmpty() || !restoreGeometry(geometry))
        resize(defaultSize());
    updateState();
    updateTitle(-1);
    m_sourcesPanel->view()->setFocus();
    m_queue->loadInterrupted();
}

MainWindow::~MainWindow() = default;

void MainWindow::buildLayout()
{
    m_sourcesPanel = new SourcesPanel(m_sources, this);
    m_leaveOut = new LeaveOutField(this);
    m_leaveOut->setObjectName(QStringLiteral("leaveOutField"));
    m_destination = new DestinationField(m_probeScanner, this);
    m_notice = new NoticeBar(this);
    m_notice->setObjectName(QStringLiteral("noticeBar"));

    m_speedLimit = new QDoubleSpinBox(this);
    m_speedLimit->setObjectName(QStringLiteral("speedLimitSpin"));
    m_speedLimit->setRange(0, 100000);
    m_speedLimit->setDecimals(1);
    m_speedLimit->setSingleStep(1);
    m_speedLimit->setSpecialValueText(tr("No limit"));
    m_speedLimit->setSuffix(tr(" MiB/s"));
    m_speedLimit->setAccelerated(true);
    m_speedLimit->setToolTip(tr("Write at most this fast; 0 means no limit. Works while "
                                "copying: the reader slows down by itself (backpressure)."));
    m_speedLimit->findChild<QLineEdit *>()->setAcceptDrops(false);
    auto *speedCaption = new QLabel(tr("Spee&d limit:"), this);
    speedCaption->setBuddy(m_speedLimit);

    m_settingsButton = makeShortcutButton(
        tr("Se&ttings…"), QStringLiteral("settingsButton"), QKeySequence(Qt::CTRL | Qt::Key_Comma),
        tr("Buffers, policies, engine, durability, verification"), this);
    m_moveButton =
        makeShortcutButton(tr("&Move"), QStringLiteral("moveButton"),
                           QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Return),
                           tr("Copy, then delete each source item once its copy is on disk"), this);
    m_copyButton = makeShortcutButton(tr("&Copy"), QStringLiteral("copyButton"),
                                      QKeySequence(Qt::CTRL | Qt::Key_Return),
                                      tr("Copy the sources into the destination folder"), this);
    // Bold, not the default button: a default button wears the same ring as the focus
    // (Fusion, and the GTK theme through it), so Tab onto Copy would show nothing.
    QFont bold = m_copyButton->font();
    bold.setBold(true);
    m_copyButton->setFont(bold);
    // Ctrl+Enter on the keypad starts too.
    auto *keypadCopy = new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_Enter), this);
    connect(keypadCopy, &QShortcut::activated, m_copyButton, &QPushButton::click);

    auto *destinationCaption = new QLabel(tr("&Into folder:"), this);
    destinationCaption->setBuddy(m_destination->comboBox());
    auto *destinationRow = new QHBoxLayout;
    destinationRow->addWidget(destinationCaption);
    destinationRow->addWidget(m_destination, 1);
    auto *actionRow = new QHBoxLayout;
    actionRow->addWidget(speedCaption);
    actionRow->addWidget(m_speedLimit);
    actionRow->addStretch();
    actionRow->addWidget(m_settingsButton);
    actionRow->addSpacing(12);
    actionRow->addWidget(m_moveButton);
    actionRow->addWidget(m_copyButton);

    auto *setup = new QGroupBox(tr("What to copy"), this);
    setup->setObjectName(QStringLiteral("setupGroup"));
    auto *setupLayout = new QVBoxLayout(setup);
    setupLayout->addWidget(m_sourcesPanel, 1);
    setupLayout->addWidget(m_leaveOut);
    setupLayout->addLayout(destinationRow);
    m_eject = new EjectControl(setup);
    setupLayout->addWidget(m_eject->checkBox());
    setupLayout->addWidget(m_notice);
    setupLayout->addLayout(actionRow);

    m_transferArea = new TransferArea(this);
    // The queue stands beside what to copy (hidden while it has no rows), so that the
    // transfer keeps the window's height.
    m_queuePanel = new QueuePanel(m_queue, this);
    auto *top = new QSplitter(Qt::Horizontal, this);
    top->setObjectName(QStringLiteral("queueSplitter"));
    top->setChildrenCollapsible(false);
    top->addWidget(setup);
    top->addWidget(m_queuePanel);
    top->setStretchFactor(0, 3);
    top->setStretchFactor(1, 2);

    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->setObjectName(QStringLiteral("mainSplitter"));
    splitter->setChildrenCollapsible(false);
    splitter->addWidget(top);
    // The transfer side scrolls its figures itself (TransferArea): its buttons stay in view.
    splitter->addWidget(m_transferArea);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 4);
    // The list of sources starts at its smallest; the transfer side gets the rest (the
    // queue's room is made once the window has its size: showEvent()).
    splitter->setSizes({setup->minimumSizeHint().height(), 10000});
    splitter->restoreState(QSettings().value(SplitterKey).toByteArray());
    auto *central = new QWidget(this);
    auto *centralLayout = new QVBoxLayout(central);
    centralLayout->setContentsMargins(4, 4, 4, 4);
    centralLayout->addWidget(splitter);
    setCentralWidget(central);

    auto *quit = new QShortcut(QKeySequence::Quit, this);
    connect(quit, &QShortcut::activated, this, &QWidget::close);
}

int MainWindow::topHeight() const
{
    const auto *setup = findChild<QWidget *>(QStringLiteral("setupGroup"));
    const int queue = m_queuePanel->isHidden() ? 0 : m_queuePanel->heightForRows(QueueRows);
    return qMax(setup->minimumSizeHint().height(), queue);
}

void MainWindow::makeRoomForQueue()
{
    // The first job (or the history) shows the queue: it grows to QueueRows jobs, taking the
    // room from the transfer side (which scrolls its figures) as far as that one's minimum
    // allows. It is never shrunk: the person may have made it larger.
    auto *splitter = findChild<QSplitter *>(QStringLiteral("mainSplitter"));
    const QList<int> sizes = splitter->sizes();
    const int wanted = topHeight();
    if (sizes.size() != 2 || sizes.at(0) >= wanted || sizes.at(0) + sizes.at(1) <= 0)
        return;
    splitter->setSizes({wanted, sizes.at(0) + sizes.at(1) - wanted});
}

void MainWindow::makeRoomForSummary()
{
    // After a job the list of its problems needs rows more than the queue needs room for
    // more jobs than it lists (issue 13: one row of problems at 960 × 540, under a queue with
    // room for four jobs and one in it). The upper part gives what the transfer side lacks, as
    // far as its own minimum allows; what is still missing comes from the chart (TransferArea).
    auto *splitter = findChild<QSplitter *>(QStringLiteral("mainSplitter"));
    const QList<int> sizes = splitter->sizes();
    if (sizes.size() != 2 || sizes.at(0) + sizes.at(1) <= 0)
        return;
    const int lacking = m_transferArea->summaryHeight(true) - sizes.at(1);
    if (lacking <= 0)
        return;
    const int top = qMax(sizes.at(0) - lacking, splitter->widget(0)->minimumSizeHint().height());
    if (top < sizes.at(0))
        splitter->setSizes({top, sizes.at(0) + sizes.at(1) - top});
}

void MainWindow::connectSignals()
{
    connect(m_copyButton, &QPushButton::clicked, this, &MainWindow::startCopy);
    connect(m_moveButton, &QPushButton::clicked, this, &MainWindow::startMove);
    connect(m_transferArea, &TransferArea::pauseToggled, this, &MainWindow::togglePause);
    connect(m_transferArea, &TransferArea::skipRequested, this, &MainWindow::skipCurrent);
    connect(m_transferArea, &TransferArea::cancelRequested, this, &MainWindow::cancelCopy);
    connect(m_transferArea, &TransferArea::cancelAsked, this, &MainWindow::confirmCancel);
    connect(m_transferArea, &TransferArea::focusReleased, this, &MainWindow::restoreFocusAfterJob);
    connect(m_settingsButton, &QPushButton::clicked, this, &MainWindow::openSettings);
    connect(m_sources, &SourceListModel::totalsChanged, this, &MainWindow::updateState);
    connect(m_sources, &SourceListModel::refused, this, &MainWindow::onSourceRefused);
    connect(m_destination, &DestinationField::pathChanged, this, &MainWindow::updateState);
    connect(m_destination, &DestinationField::refused, m_notice, &NoticeBar::addMessage);
    connect(m_destination, &DestinationField::pathChanged, m_eject, &EjectControl::setDestination);
    connect(m_eject, &EjectControl::reported, m_notice, &NoticeBar::addMessage);
    connect(m_destination, &DestinationField::chosen, this, [this] {
        const int pending = m_startWhenChosen;
        m_startWhenChosen = -1;
        if (pending >= 0)
            start(pending == 1);
        queuePaths(std::exchange(m_queueWhenChosen, {}));
    });
    // A start that waited for a folder does not linger once the dialog is cancelled.
    connect(m_destination, &DestinationField::choiceCancelled, this, [this] {
        m_startWhenChosen = -1;
        m_queueWhenChosen.clear();
    });
    connect(m_sourcesPanel, &SourcesPanel::pathsPicked, this, &MainWindow::queuePaths);
    connect(m_queue, &JobQueue::jobStarted, this, &MainWindow::onJobStarted);
    connect(m_queue, &JobQueue::jobProgress, this, &MainWindow::onJobProgress);
    connect(m_queue, &JobQueue::jobFinished, this, &MainWindow::onJobFinished);
    connect(m_queue, &JobQueue::jobPauseChanged, this, &MainWindow::updateState);
    connect(m_queue, &QAbstractItemModel::dataChanged, this, &MainWindow::updateState);
    connect(m_queue, &JobQueue::allEnded, this, &MainWindow::allJobsFinished);
    connect(m_queue, &JobQueue::problem, m_notice, &NoticeBar::addMessage);
    connect(m_queue, &JobQueue::offeredChanged, this, &MainWindow::offerInterrupted);
    connect(m_queue, &JobQueue::keptForLater, this, &MainWindow::onKeptForLater);
    connect(m_queuePanel, &QueuePanel::currentJobChanged, this, [this](quint64 id) {
        m_jobChosen = id != 0;
        if (id != 0)
            showJob(id);
    });
    connect(m_queuePanel, &QueuePanel::appeared, this, &MainWindow::makeRoomForQueue,
            Qt::QueuedConnection); // once the panel's layout is done
    connect(m_probeScanner, &SourceScanner::scanned, this, &MainWindow::onProbed);
    connect(m_transferArea, &TransferArea::message, m_notice, &NoticeBar::addMessage);
    connect(m_transferArea, &TransferArea::summaryShown, this, &MainWindow::makeRoomForSummary,
            Qt::QueuedConnection); // once the summary's layout is done
    connect(m_leaveOut, &LeaveOutField::patternsChanged, this, [this](const QStringList &patterns) {
        WindowSettings changed = m_settings;
        changed.leaveOut = patterns;
        applySettings(changed);
    });
    connect(m_transferArea, &TransferArea::copyAgainRequested, this, &MainWindow::copyAgain);
    connect(m_transferArea, &TransferArea::retryRequested, this, &MainWindow::retrySkipped);
    connect(m_speedLimit, &QDoubleSpinBox::valueChanged, this, [this](double mebibytes) {
        m_settings.options.speedLimit = qint64(mebibytes * double(MiB));
        m_settings.save();
        m_queue->setSpeedLimit(m_settings.options.speedLimit);
    });
}

void MainWindow::setUpTabOrder()
{
    QList<QWidget *> chain{
        m_sourcesPanel->view(),
        m_sourcesPanel->findChild<QPushButton *>(QStringLiteral("addFilesButton")),
        m_sourcesPanel->findChild<QPushButton *>(QStringLiteral("addFolderButton")),
        m_sourcesPanel->findChild<QPushButton *>(QStringLiteral("removeSourcesButton")),
        m_sourcesPanel->findChild<QPushButton *>(QStringLiteral("clearSourcesButton")),
        m_leaveOut->findChild<QLineEdit *>(QStringLiteral("leaveOutEdit")),
        m_leaveOut->findChild<QWidget *>(QStringLiteral("leaveOutChoices")),
        m_destination->comboBox(),
        m_destination->chooseButton(),
        m_speedLimit,
        m_settingsButton,
        m_moveButton,
        m_copyButton,
    };
    chain.append(m_queuePanel->tabChain());
    chain.append(m_transferArea->tabChain());
    for (qsizetype i = 0; i + 1 < chain.size(); ++i)
        setTabOrder(chain.at(i), chain.at(i + 1));
    m_tabChain.clear();
    for (QWidget *stop : std::as_const(chain))
        m_tabChain.append(stop);
}

bool MainWindow::focusNextPrevChild(bool next)
{
    qsizetype at = -1;
    for (QWidget *widget = QApplication::focusWidget(); widget && widget != this && at < 0;
         widget = widget->parentWidget())
        at = m_tabChain.indexOf(widget);
    const qsizetype count = m_tabChain.size();
    if (at < 0)
        return QMainWindow::focusNextPrevChild(next);
    for (qsizetype step = 1; step < count; ++step) {
        QWidget *stop = m_tabChain.at((at + (next ? step : count - step)) % count);
        QWidget *target = stop;
        while (target && target->focusProxy())
            target = target->focusProxy();
        if (target && target->isVisible() && target->isEnabled()
            && (target->focusPolicy() & Qt::TabFocus)) {
            target->setFocus(next ? Qt::TabFocusReason : Qt::BacktabFocusReason);
            return true;
        }
    }
    return true; // the only stop that can take the focus has it
}

bool MainWindow::isBusy() const
{
    return m_queue->isActive() || m_probeId != 0;
}

bool MainWindow::stopForQuit()
{
    m_startWhenChosen = -1;
    m_queueWhenChosen.clear();
    m_probeId = 0;
    // No one to ask: what waits is kept for the next start rather than lost. The waiting jobs
    // stay the queue's until they are written down (cancelAll() would discard their journal
    // entries before that): only the started ones are cancelled.
    const bool keeping = m_queue->keepWaitingForLater();
    bool running = false;
    if (keeping) {
        m_queue->cancelStarted();
        running = m_queue->startedCount() > 0;
    } else {
        running = m_queue->cancelAll();
    }
    updateState();
    return keeping || running;
}

void MainWindow::applyLaunchRequest(const LaunchRequest &request)
{
    if ((!request.sources.isEmpty() || request.start) && isBusy()) {
        // A hand-off during a copy is a job of its own, queued behind the running ones; one
        // that names nothing to copy (`sluice --start --to X`) is none (it was queued without
        // sources, and its history entry named none).
        if (request.sources.isEmpty()) {
            m_notice->addMessage(tr("Add files or folders to copy first."));
            return;
        }
        if (request.destination.isEmpty()) {
            queuePaths(request.sources);
            return;
        }
        rememberDestination(request.destination);
        startSession(CopyRequest{request.sources, request.destination, {}},
                     m_settings.jobOptions(request.start && request.move));
        return;
    }
    if (!request.start) {
        m_sources->addPaths(request.sources);
        if (!request.destination.isEmpty())
            m_destination->setPath(request.destination);
        return;
    }
    // A start copies exactly what it names: what this window still listed from before is
    // replaced, and without --to the folder is asked for, as in a new window.
    m_sources->clear();
    m_sources->addPaths(request.sources);
    if (request.destination.isEmpty()) {
        if (m_sources->isEmpty()) {
            m_notice->addMessage(tr("Add files or folders to copy first."));
            return;
        }
        m_startWhenChosen = request.move ? 1 : 0;
        m_destination->choose();
        return;
    }
    m_destination->setPath(request.destination);
    start(request.move);
}

void MainWindow::startCopy()
{
    start(false);
}

void MainWindow::startMove()
{
    start(true);
}

void MainWindow::start(bool move)
{
    if (isBusy())
        return;
    if (m_sources->isEmpty()) {
        m_notice->addMessage(tr("Add files or folders to copy first."));
        return;
    }
    const QByteArray destination = m_destination->path();
    if (destination.isEmpty()) {
        m_startWhenChosen = move ? 1 : 0;
        m_destination->choose();
        return;
    }
    // Is the destination an existing folder? Checked off the GUI thread; onProbed() goes on.
    ScanOptions options;
    options.rootOnly = true;
    options.followSymlinks = true;
    m_probeForMove = move;
    m_probeId = m_probeScanner->scan(destination, options);
    m_focusBeforeJob = QApplication::focusWidget(); // before updateState() disables it
    updateState();
}

void MainWindow::onProbed(const SourceSummary &summary)
{
    if (summary.id != m_probeId || m_probeId == 0)
        return;
    m_probeId = 0;
    if (!summary.exists) {
        m_notice->addMessage(
            summary.errorCode == ENOENT
                ? tr("The destination folder “%1” does not exist.").arg(Format::path(summary.path))
                : tr("Cannot use the destination folder “%1”: %2")
                      .arg(Format::path(summary.path), qt_error_string(summary.errorCode)));
    } else if (summary.kind != ItemKind::Directory) {
        m_notice->addMessage(tr("“%1” is not a folder; choose a folder to copy into.")
                                 .arg(Format::path(summary.path)));
    } else if (summary.path == m_destination->path() && !m_sources->isEmpty()) {
        beginJob(summary.path, m_probeForMove);
        return;
    }
    updateState();
}

void MainWindow::beginJob(const QByteArray &destination, bool move)
{
    rememberDestination(destination);
    m_destination->setRecent(loadRecentDestinations());
    m_notice->clear();
    m_jobChosen = false; // Copy or Move pressed: the new job is the one to show
    // The list's measurement is the job's size when it is complete (small jobs never wait).
    const qint64 bytes =
        m_sources->isScanning() ? -1 : m_sources->totalBytes() - m_sources->totalBytesLeftOut();
    startSession(CopyRequest{m_sources->paths(), destination, {}}, m_settings.jobOptions(move),
                 bytes);
}

void MainWindow::confirmCancel()
{
    if (!session() || findChild<QMessageBox *>(QStringLiteral("cancelCopyBox")))
        return;
    askBeforeCancelling(this, false, [this] { cancelCopy(); });
}

void MainWindow::openSettings()
{
    auto *dialog = new SettingsDialog(m_settings, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this,
            [this, dialog] { applySettings(dialog->settings()); });
    dialog->open();
}

void MainWindow::applySettings(const WindowSettings &settings)
{
    m_settings = settings;
    m_settings.save();
    const QSignalBlocker blocker(m_speedLimit);
    m_speedLimit->setValue(double(m_settings.options.speedLimit) / double(MiB));
    m_queue->setSpeedLimit(m_settings.options.speedLimit);
    m_transferArea->setChartVisible(m_settings.showChart);
    ScanOptions scan;
    scan.followSymlinks = m_settings.options.followSymlinks;
    scan.countHardLinksOnce = m_settings.options.preserve.hardLinks;
    scan.filter = m_settings.leaveOutFilter();
    m_sources->setScanOptions(scan);
    m_leaveOut->setPatterns(m_settings.leaveOut);
}

void MainWindow::onSourceRefused(const QByteArray &path, int errorCode)
{
    if (errorCode == ENOENT)
        m_notice->addMessage(tr("Not added: “%1” no longer exists.").arg(Format::path(path)));
    else
        m_notice->addMessage(
            tr("Not added: “%1”: %2").arg(Format::path(path), qt_error_string(errorCode)));
}

void MainWindow::updateState()
{
    const bool busy = isBusy();
    const bool ready = !busy && !m_sources->isEmpty();
    m_sourcesPanel->setLocked(busy);
    m_leaveOut->setEnabled(!busy);
    // While jobs run, the folder is the one the next added sources are queued for.
    m_destination->setEnabled(m_probeId == 0);
    m_copyButton->setEnabled(ready);
    m_moveButton->setEnabled(ready);
    const CopySession *shown = session();
    m_transferArea->setJobState(shown != nullptr, shown != nullptr && shown->isPaused());
}

void MainWindow::updateTitle(int perMille)
{
    if (perMille < 0)
        setWindowTitle(tr("Sluice"));
    else
        setWindowTitle(tr("%1 copied · Sluice").arg(Format::percent(perMille)));
}

void MainWindow::showEvent(QShowEvent *event)
{
    QMainWindow::showEvent(event);
    if (!std::exchange(m_shownOnce, true)) // once the layout has the window's size
        QMetaObject::invokeMethod(this, &MainWindow::makeRoomForQueue, Qt::QueuedConnection);
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    const bool running = m_queue->startedCount() > 0;
    if (running && !m_closeWhenFinished) {
        event->ignore();
        askBeforeClosing();
        return;
    }
    if (running || m_keepingForLater) {
        event->ignore(); // cancelling or writing down; onJobFinished() or onKeptForLater() closes
        return;
    }
    if (m_queue->waitingCount() > 0) {
        event->ignore();
        if (std::exchange(m_keepQueuedOnClose, false)) {
            // "Stop, resume later" said it already: the queued jobs are kept, not asked about.
            m_keepingForLater = m_queue->keepWaitingForLater();
            if (!m_keepingForLater)
                close();
            return;
        }
        askToKeepQueued();
        return;
    }
    m_keepQueuedOnClose = false;
    QSettings settings;
    settings.setValue(GeometryKey, saveGeometry());
    if (auto *splitter = findChild<QSplitter *>(QStringLiteral("mainSplitter")))
        settings.setValue(SplitterKey, splitter->saveState());
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    if (!hasUrlList(event->mimeData())) {
        event->ignore();
        return;
    }
    event->acceptProposedAction();
    m_sourcesPanel->view()->setDropHighlight(!isBusy());
}

void MainWindow::dragLeaveEvent(QDragLeaveEvent *event)
{
    m_sourcesPanel->view()->setDropHighlight(false);
    QMainWindow::dragLeaveEvent(event);
}

void MainWindow::dragMoveEvent(QDragMoveEvent *event)
{
    if (hasUrlList(event->mimeData()))
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    m_sourcesPanel->view()->setDropHighlight(false);
    if (!hasUrlList(event->mimeData()))
        return;
    event->acceptProposedAction();
    const DroppedUrls split = splitDroppedUrls(event->mimeData()->urls());
    for (const QUrl &url : split.refused)
        m_notice->addMessage(tr("Not added: “%1” is not a local file.")
                                 .arg(url.toDisplayString(QUrl::RemoveUserInfo)));
    if (isBusy()) {
        queuePaths(split.paths); // a job of its own, behind the running ones
        return;
    }
    for (const QByteArray &path : split.paths) {
        if (m_sources->contains(path))
            m_notice->addMessage(tr("“%1” is already in the list.").arg(Format::path(path)));
    }
    m_sources->addPaths(split.paths);
}

} // namespace Sluice::Ui
