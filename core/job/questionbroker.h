#pragma once

#include "copyquestion.h"

#include <atomic>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>

namespace Sluice {

class JobControl;

/// Hands questions from the copying threads to whoever answers them (the window's dialog,
/// the CLI's prompt, a test) and blocks the asking thread until the answer arrives. Only one
/// question is outstanding at a time: other threads that need to ask wait their turn, and
/// when their turn comes an "apply to all" answer given meanwhile may already settle them.
/// Thread-safe. Cancelling the job releases every waiting thread with Decision::CancelJob.
class QuestionBroker final
{
public:
    /// @p deliver is called on the asking thread (without locks held) for each question that
    /// needs a person; it must not block (CopyJob posts it to the job's thread).
    QuestionBroker(JobControl &control, std::function<void(const CopyQuestion &)> deliver);
    Q_DISABLE_COPY_MOVE(QuestionBroker)

    /// Asks @p question (its id is assigned here) and waits for the answer. Returns the
    /// remembered answer at once if an earlier "apply to all" covers this kind.
    QuestionAnswer ask(CopyQuestion question);

    /// Delivers the answer to question @p id. Returns false if no such question is waiting
    /// (already answered, or cancelled).
    bool answer(quint64 id, const QuestionAnswer &answer);

    /// A remembered "apply to all" decision for @p kind, if any.
    std::optional<QuestionAnswer> standingAnswer(QuestionKind kind) const;

    /// Wakes waiting askers so they observe a cancelled job.
    void wake();

    /// True from the moment a question is delivered until its answer arrives (or the job is
    /// cancelled): the job is waiting for a person. Any thread.
    bool isAsking() const { return m_asking.load(std::memory_order_acquire); }
    /// Questions delivered so far (a sampler compares it to know one fell in its interval).
    quint64 questionCount() const { return m_asked.load(std::memory_order_acquire); }

private:
    JobControl &m_control;
    std::function<void(const CopyQuestion &)> m_deliver;
    mutable std::mutex m_mutex;
    std::condition_variable m_changed;
    bool m_busy = false; // a question is outstanding
    std::atomic<bool> m_asking{false};
    std::atomic<quint64> m_asked{0};
    quint64 m_nextId = 1;
    quint64 m_pendingId = 0;
    std::optional<QuestionAnswer> m_reply;
    std::optional<QuestionAnswer> m_standing[3];
};

} // namespace Sluice
