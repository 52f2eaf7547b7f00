#include "copyjob.h"

#include "copyworker.h"
#include "jobcontext.h"
#include "logging.h"
#include "progresssampler.h"

#include <QThread>

#include <new>

namespace Sluice {

void registerCoreMetaTypes()
{
    qRegisterMetaType<Sluice::CopyProgress>();
    qRegisterMetaType<Sluice::CopyResult>();
    qRegisterMetaType<Sluice::CopyQuestion>();
    qRegisterMetaType<Sluice::CopyIssue>();
    qRegisterMetaType<Sluice::CopyOptions>();
}

CopyJob::CopyJob(CopyRequest request, CopyOptions options, QObject *parent)
    : QObject(parent)
    , m_request(std::move(request))
    , m_options(std::move(options))
{
    registerCoreMetaTypes();
}

CopyJob::~CopyJob()
{
    if (m_context)
        m_context->control.cancel();
    for (QThread *thread : {m_workerThread, m_samplerThread}) {
        if (thread) {
            thread->quit();
            thread->wait();
        }
    }
    delete m_worker;
    delete m_sampler;
}

void CopyJob::setIoHooks(const IoHooks &hooks)
{
    Q_ASSERT(!m_started);
    m_hooks = hooks;
}

CopyProgress CopyJob::latestProgress() const
{
    const std::lock_guard lock(m_latestMutex);
    return m_latest;
}

bool CopyJob::isSuspended() const
{
    return m_context && m_context->control.isPaused();
}

void CopyJob::start()
{
    if (m_started)
        return;
    m_started = true;
    Q_EMIT started();

    if (m_cancelledBeforeStart) {
        finishWithoutStarting(CopyStatus::Cancelled, {});
        return;
    }
    const QStringList problems = m_options.validate();
    if (!problems.isEmpty()) {
        CopyIssueList issues;
        for (const QString &problem : problems)
            issues.append(
                CopyIssue::withDetail(FileOperation::Plan, m_request.destination, problem));
        finishWithoutStarting(CopyStatus::Failed, issues);
        return;
    }

    auto deliver = [this](const CopyQuestion &question) {
        QMetaObject::invokeMethod(
            this, [this, question] { Q_EMIT questionAsked(question); }, Qt::QueuedConnection);
    };
    try {
        m_context = std::make_shared<JobContext>(m_options, m_hooks, deliver);
        m_context->deliverNotResumable = [this](const CopyIssue &issue) {
            QMetaObject::invokeMethod(
                this, [this, issue] { Q_EMIT notResumable(issue); }, Qt::QueuedConnection);
        };
    } catch (const std::bad_alloc &) {
        finishWithoutStarting(
            CopyStatus::Failed,
            {CopyIssue::fromErrno(FileOperation::Plan, m_request.destination, ENOMEM)});
        return;
    }

    m_samplerThread = new QThread(this);
    m_samplerThread->setObjectName(QStringLiteral("sluice-progress"));
    m_sampler = new ProgressSampler(m_context);
    m_sampler->moveToThread(m_samplerThread);
    connect(m_samplerThread, &QThread::started, m_sampler, &ProgressSampler::start);
    connect(m_sampler, &ProgressSampler::sampled, this, &CopyJob::onSample);
    connect(
        m_sampler, &ProgressSampler::sampled, this,
        [this](const CopyProgress &progress) {
            const std::lock_guard lock(m_latestMutex);
            m_latest = progress;
        },
        Qt::DirectConnection); // in the sampler's thread: latestProgress()

    m_workerThread = new QThread(this);
    m_workerThread->setObjectName(QStringLiteral("sluice-copy"));
    m_worker = new CopyWorker(m_context, m_request, m_sampler, m_samplerThread);
    m_worker->moveToThread(m_workerThread);
    connect(m_workerThread, &QThread::started, m_worker, &CopyWorker::run);
    connect(m_worker, &CopyWorker::done, this, &CopyJob::onWorkerDone);

    m_samplerThread->start();
    m_workerThread->start();
    qCDebug(lcJob) << "started:" << m_request.sources.size() << "sources";
}

void CopyJob::suspend()
{
    if (m_context)
        m_context->control.pause();
}

void CopyJob::resume()
{
    if (m_context)
        m_context->control.resume();
}

void CopyJob::finishWithoutStarting(CopyStatus status, const CopyIssueList &issues)
{
    CopyResult result;
    result.started = false;
    result.status = status;
    result.issues = issues;
    CopyProgress progress;
    progress.phase = CopyPhase::Finished;
    // Deliver like a real job would: asynchronously, never from inside start().
    QMetaObject::invokeMethod(
        this, [this, progress, result] { finishNow(progress, result); }, Qt::QueuedConnection);
}

void CopyJob::cancel()
{
    if (!m_started)
        m_cancelledBeforeStart = true; // start() then ends the job Cancelled, copying nothing
    if (m_context) {
        m_context->control.cancel();
        m_context->broker.wake();
    }
}

void CopyJob::stopResumable()
{
    if (!m_started)
        m_cancelledBeforeStart = true; // nothing recorded yet: ends Cancelled
    if (m_context) {
        m_context->stopResumably.store(true);
        m_context->control.cancel();
        m_context->broker.wake();
    }
}

void CopyJob::skipCurrent()
{
    if (m_context)
        m_context->control.skipCurrent();
}

bool CopyJob::answer(quint64 questionId, Decision decision, bool applyToAll,
                     const QByteArray &newName)
{
    if (!m_context)
        return false;
    return m_context->broker.answer(questionId, QuestionAnswer{decision, applyToAll, newName});
}

void CopyJob::setSpeedLimit(qint64 bytesPerSecond)
{
    m_options.speedLimit = bytesPerSecond;
    if (m_context)
        m_context->control.setSpeedLimit(bytesPerSecond);
}

void CopyJob::onSample(const CopyProgress &progress)
{
    if (!m_finished)
        Q_EMIT progressChanged(progress);
}

void CopyJob::onWorkerDone(const CopyProgress &progress, const CopyResult &result)
{
    m_workerThread->quit();
    finishNow(progress, result);
}

void CopyJob::finishNow(const CopyProgress &progress, const CopyResult &result)
{
    if (m_finished)
        return;
    Q_EMIT progressChanged(progress);
    m_finished = true;
    Q_EMIT finished(result);
}

} // namespace Sluice
