#include "desktopjoblink.h"

#include "copyjob.h"
#include "dbuscall.h"
#include "launcherentry.h"
#include "plasmajobview.h"
#include "sleepinhibitor.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLocale>
#include <QUrl>

#include <fcntl.h>
#include <unistd.h>

namespace Sluice::Desktop {

namespace {

/// Jobs linked in this process and running: the taskbar's count.
int runningJobs = 0;
/// Jobs queued in this process and not started (DesktopJobLink::setQueuedJobs()).
int queuedJobs = 0;

/// syncfs(2) on the file system holding @p path (or its parent folder when @p path does
/// not exist yet). Returns 0 or an errno. Blocks until the data is on the device.
int syncFileSystemOf(const QByteArray &path)
{
    int fd = ::open(path.constData(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        const QByteArray parent = QFile::encodeName(QFileInfo(QFile::decodeName(path)).path());
        fd = ::open(parent.constData(), O_RDONLY | O_CLOEXEC | O_DIRECTORY);
    }
    if (fd < 0)
        return errno;
    const int result = ::syncfs(fd) == 0 ? 0 : errno;
    ::close(fd);
    return result;
}

/// The destination as an absolute, clean path: "/media/USB DISK" for "USB DISK/" given in
/// /media (a job view's destUrl must be an absolute file:// URL, and a trailing slash would
/// leave no file name to show).
QString absoluteDestination(const QByteArray &destination)
{
    return QDir::cleanPath(QFileInfo(QFile::decodeName(destination)).absoluteFilePath());
}

/// True while the job writes or reads data: not paused, and not waiting for a person's
/// answer to a question (which may take all night).
bool movesData(const CopyProgress &progress)
{
    return !progress.paused && !progress.waiting
           && (progress.phase == CopyPhase::Copying || progress.phase == CopyPhase::Verifying
               || progress.phase == CopyPhase::Flushing);
}

} // namespace

DesktopJobLink::DesktopJobLink(CopyJob *job, DesktopLinkOptions options, QObject *parent)
    : QObject(parent ? parent : job)
    , m_job(job)
    , m_options(std::move(options))
{
    if (m_options.destinationLabel.isEmpty()) {
        const QString destination = absoluteDestination(job->request().destination);
        const QString name = QFileInfo(destination).fileName();
        m_options.destinationLabel = name.isEmpty() ? destination : name; // "/" has no name
    }
    if (m_options.jobView) {
        m_view = new PlasmaJobView(this);
        connect(m_view, &PlasmaJobView::cancelRequested, this, &DesktopJobLink::cancelRequested);
        connect(m_view, &PlasmaJobView::suspendRequested, this, &DesktopJobLink::suspendRequested);
        connect(m_view, &PlasmaJobView::resumeRequested, this, &DesktopJobLink::resumeRequested);
        if (m_options.controlsJob) {
            connect(this, &DesktopJobLink::cancelRequested, job, &CopyJob::cancel);
            connect(this, &DesktopJobLink::suspendRequested, job, &CopyJob::suspend);
            connect(this, &DesktopJobLink::resumeRequested, job, &CopyJob::resume);
        }
    }
    if (m_options.inhibitSleep) {
        m_inhibitor = new SleepInhibitor(this);
        connect(m_inhibitor, &SleepInhibitor::sleepImminent, this,
                &DesktopJobLink::onSleepImminent);
        connect(m_inhibitor, &SleepInhibitor::wokeUp, this, &DesktopJobLink::onWokeUp);
    }
    m_ticker.setInterval(UpdateIntervalMs);
    connect(&m_ticker, &QTimer::timeout, this, &DesktopJobLink::publish);
    connect(job, &CopyJob::started, this, &DesktopJobLink::onStarted);
    connect(job, &CopyJob::progressChanged, this, &DesktopJobLink::onProgress);
    // A question stops the data at once; the next sample (waiting) would say so later.
    connect(job, &CopyJob::questionAsked, this, [this] {
        if (m_inhibitor)
            m_inhibitor->setBlocking(false, {});
    });
    connect(job, &CopyJob::finished, this, &DesktopJobLink::onFinished);
}

DesktopJobLink::~DesktopJobLink()
{
    if (m_running)
        --runningJobs;
}

void DesktopJobLink::setQueuedJobs(int count)
{
    queuedJobs = qMax(0, count);
}

bool DesktopJobLink::jobViewInUse() const
{
    return m_view && m_view->isInUse();
}

void DesktopJobLink::onStarted()
{
    m_running = true;
    ++runningJobs;
    if (m_view) {
        const QVariantMap properties{
            {QStringLiteral("title"), QCoreApplication::translate("Desktop", "Copying to %1")
                                          .arg(m_options.destinationLabel)},
            {QStringLiteral("destUrl"),
             QUrl::fromLocalFile(absoluteDestination(m_job->request().destination)).toString()},
        };
        m_view->start(PlasmaJobView::Killable | PlasmaJobView::Suspendable, properties);
    }
    if (m_inhibitor)
        m_inhibitor->setWatchingSleep(true, delayReason());
    m_ticker.start();
}

void DesktopJobLink::onProgress(const CopyProgress &progress)
{
    m_progress = progress;
    m_changed = true;
    if (m_inhibitor && m_running)
        m_inhibitor->setBlocking(movesData(progress) && !m_pausedForSleep, inhibitReason());
}

void DesktopJobLink::setProcessStopped(bool stopped)
{
    if (!m_inhibitor || !m_running)
        return;
    if (stopped)
        m_inhibitor->setBlocking(false, {});
    m_inhibitor->setWatchingSleep(!stopped, delayReason());
}

QString DesktopJobLink::inhibitReason() const
{
    // Two texts rather than one with %Ln: sluice-cli loads no translations, so an English
    // "%n file(s)" would show as it is written.
    const qint64 files = m_progress.itemsTotal;
    if (files == 1)
        return QCoreApplication::translate("Desktop", "Copying 1 file to %1")
            .arg(m_options.destinationLabel);
    return QCoreApplication::translate("Desktop", "Copying %1 files to %2")
        .arg(QLocale().toString(files), m_options.destinationLabel);
}

QString DesktopJobLink::delayReason() const
{
    return QCoreApplication::translate("Desktop", "Pausing the copy to %1 before sleeping")
        .arg(m_options.destinationLabel);
}

void DesktopJobLink::publish()
{
    if (!m_changed)
        return;
    m_changed = false;
    const CopyProgress &p = m_progress;
    if (m_view) {
        const QString info = p.paused ? QCoreApplication::translate("Desktop", "Paused")
                             : p.waiting
                                 ? QCoreApplication::translate("Desktop", "Waiting for your answer")
                                 : phaseDescription(p.phase);
        m_view->update({
            {QStringLiteral("infoMessage"), info},
            {QStringLiteral("percent"), uint(p.perMille() / 10)},
            {QStringLiteral("speed"), qulonglong(qMax<qint64>(p.writeRate, 0))},
            {QStringLiteral("processedBytes"), qulonglong(p.bytesDone)},
            {QStringLiteral("totalBytes"), qulonglong(p.bytesTotal)},
            {QStringLiteral("processedFiles"), qulonglong(p.itemsDone)},
            {QStringLiteral("totalFiles"), qulonglong(p.itemsTotal)},
            {QStringLiteral("suspended"), p.paused},
        });
    }
    // Plasma forwards its job view to the task manager itself.
    const bool viewPending = m_view && !m_view->isDecided();
    if (m_options.launcherEntry && !jobViewInUse() && !viewPending)
        LauncherEntry::update(p.perMille() / 1000.0, true, runningJobs + queuedJobs);
}

void DesktopJobLink::onFinished(const CopyResult &result)
{
    m_changed = true;
    publish();
    m_ticker.stop();
    if (m_running) {
        m_running = false;
        --runningJobs;
    }
    if (m_view) {
        switch (result.status) {
        case CopyStatus::Succeeded:
        case CopyStatus::CompletedWithWarnings:
            m_view->terminate(PlasmaJobView::NoError, {});
            break;
        case CopyStatus::Cancelled:
        case CopyStatus::Stopped:
            m_view->terminate(PlasmaJobView::KilledJobError, {});
            break;
        case CopyStatus::Failed:
            m_view->terminate(PlasmaJobView::UserDefinedError,
                              QCoreApplication::translate("Desktop", "Failed items: %1")
                                  .arg(QLocale().toString(result.itemsFailed)));
            break;
        }
    }
    if (m_options.launcherEntry && !jobViewInUse())
        LauncherEntry::update(0, false, runningJobs + queuedJobs);
    if (m_inhibitor) {
        m_inhibitor->setBlocking(false, {});
        m_inhibitor->setWatchingSleep(false, {});
    }
}

void DesktopJobLink::onSleepImminent()
{
    if (m_running && !m_job->isSuspended()) {
        m_pausedForSleep = true;
        m_job->suspend();
        m_inhibitor->setBlocking(false, {});
    }
    const QByteArray destination = m_job->request().destination;
    offThread(
        this, [destination] { return syncFileSystemOf(destination); },
        [this](int error) {
            if (error != 0)
                qCInfo(lcDesktop) << "syncfs before sleep failed:" << qt_error_string(error);
            Q_EMIT flushedForSleep();
            m_inhibitor->releaseDelay();
        });
}

void DesktopJobLink::onWokeUp()
{
    if (!m_pausedForSleep)
        return;
    m_pausedForSleep = false;
    if (m_running)
        m_job->resume();
}

} // namespace Sluice::Desktop
