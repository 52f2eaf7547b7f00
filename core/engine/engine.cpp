#include "engine.h"

#include "iohooks.h"
#include "jobcontrol.h"
#include "speedlimiter.h"

#include <cerrno>

namespace Sluice {

bool EngineContext::stopping() const
{
    return control.isCancelled();
}

bool stopRequested(const EngineContext &job, const DataTransfer &transfer)
{
    return job.stopping() || (transfer.skipRequested && transfer.skipRequested());
}

DataOutcome stopOutcome(const EngineContext &job)
{
    return {job.stopping() ? DataOutcome::Status::Cancelled : DataOutcome::Status::Skipped, 0, {}};
}

std::optional<DataOutcome> beforeWriting(EngineContext &job, const DataTransfer &transfer,
                                         qint64 offset, qint64 length, qint64 charge)
{
    if (!job.control.waitWhilePaused() || stopRequested(job, transfer))
        return stopOutcome(job);
    if (!job.limiter.throttle(charge, transfer.skipRequested))
        return stopOutcome(job); // the limiter gave the bytes back
    // From here on, an end without the write gives back what the limiter took.
    const auto notWritten = [&job, charge](DataOutcome outcome) {
        job.limiter.charge(-charge);
        return outcome;
    };
    if (stopRequested(job, transfer))
        return notWritten(stopOutcome(job));
    if (!job.hooks.beforeWrite)
        return std::nullopt;
    if (const int injected = job.hooks.beforeWrite(transfer.destinationPath, offset, length))
        return notWritten(DataOutcome::failed(
            CopyIssue::fromErrno(FileOperation::Write, transfer.destinationPath, injected)));
    if (stopRequested(job, transfer))
        return notWritten(stopOutcome(job));
    return std::nullopt;
}

bool isEngineUnsupportedError(int error)
{
    return error == EXDEV || error == EOPNOTSUPP || error == ENOTSUP || error == ENOSYS
           || error == EINVAL || error == EBADF || error == ENOTTY || error == EPERM
           || error == ETXTBSY;
}

bool UnsupportedEngines::hasFailed(Engine engine, dev_t source, dev_t destination) const
{
    const QPair<quint64, quint64> key(source, destination);
    std::lock_guard lock(m_mutex);
    return engine == Engine::Reflink ? m_reflinkFailed.contains(key) : m_kernelFailed.contains(key);
}

void UnsupportedEngines::markFailed(Engine engine, dev_t source, dev_t destination)
{
    const QPair<quint64, quint64> key(source, destination);
    std::lock_guard lock(m_mutex);
    if (engine == Engine::Reflink)
        m_reflinkFailed.insert(key);
    else
        m_kernelFailed.insert(key);
}

} // namespace Sluice
