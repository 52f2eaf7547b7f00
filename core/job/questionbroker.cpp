#include "questionbroker.h"

#include "jobcontrol.h"
#include "logging.h"

namespace Sluice {

QuestionBroker::QuestionBroker(JobControl &control,
                               std::function<void(const CopyQuestion &)> deliver)
    : m_control(control)
    , m_deliver(std::move(deliver))
{}

QuestionAnswer QuestionBroker::ask(CopyQuestion question)
{
    const auto kindIndex = std::size_t(question.kind);
    std::unique_lock lock(m_mutex);
    // Wait for our turn; an "apply to all" given meanwhile settles us without asking.
    m_changed.wait(lock,
                   [&] { return !m_busy || m_standing[kindIndex] || m_control.isCancelled(); });
    if (m_control.isCancelled())
        return {Decision::CancelJob, false, {}};
    if (m_standing[kindIndex])
        return *m_standing[kindIndex];

    m_busy = true;
    question.id = m_nextId++;
    m_pendingId = question.id;
    m_reply.reset();
    m_asked.fetch_add(1, std::memory_order_acq_rel);
    m_asking.store(true, std::memory_order_release);
    lock.unlock();
    qCDebug(lcJob) << "question" << question.id << "kind" << int(question.kind);
    m_deliver(question);
    lock.lock();
    m_changed.wait(lock, [&] { return m_reply.has_value() || m_control.isCancelled(); });
    QuestionAnswer reply = m_reply.value_or(QuestionAnswer{Decision::CancelJob, false, {}});
    if (m_control.isCancelled())
        reply = {Decision::CancelJob, false, {}};
    m_busy = false;
    m_asking.store(false, std::memory_order_release);
    m_pendingId = 0;
    m_reply.reset();
    if (reply.applyToAll && reply.decision != Decision::CancelJob) {
        QuestionAnswer standing = reply;
        standing.newName.clear(); // an edited name fits one file only
        m_standing[kindIndex] = standing;
    }
    lock.unlock();
    m_changed.notify_all();
    return reply;
}

bool QuestionBroker::answer(quint64 id, const QuestionAnswer &answer)
{
    {
        std::lock_guard lock(m_mutex);
        if (!m_busy || id != m_pendingId || m_reply)
            return false;
        m_reply = answer;
    }
    m_changed.notify_all();
    return true;
}

std::optional<QuestionAnswer> QuestionBroker::standingAnswer(QuestionKind kind) const
{
    std::lock_guard lock(m_mutex);
    return m_standing[std::size_t(kind)];
}

void QuestionBroker::wake()
{
    {
        std::lock_guard lock(m_mutex);
    }
    m_changed.notify_all();
}

} // namespace Sluice
