// The question broker on its own (white-box): copying threads ask and block, the test's
// thread answers; ids, one question at a time, "apply to all" remembered per kind, and
// cancel releasing every waiting thread with Decision::CancelJob.

#include "jobcontext.h"
#include "questionbroker.h"
#include "testprinters.h"

#include <QTest>

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

using namespace Sluice;

namespace {

// A job's control block and broker (wired as in a job: cancel wakes the broker), with the
// delivered questions recorded for the test's thread. It notices a question delivered while
// another one is still unanswered.
class Rig
{
public:
    Rig()
        : m_job(std::make_shared<JobContext>(CopyOptions{}, IoHooks{},
                                             [this](const CopyQuestion &q) { deliver(q); }))
    {}
    QuestionBroker &broker() { return m_job->broker; }
    JobControl &control() { return m_job->control; }

    /// QuestionBroker::answer(), keeping count of the questions still outstanding.
    bool answer(quint64 id, const QuestionAnswer &answer)
    {
        {
            std::lock_guard lock(m_mutex);
            --m_outstanding; // before the asker is released: it may ask again at once
        }
        const bool accepted = m_job->broker.answer(id, answer);
        if (!accepted) {
            std::lock_guard lock(m_mutex);
            ++m_outstanding;
        }
        return accepted;
    }
    bool overlapped() const
    {
        std::lock_guard lock(m_mutex);
        return m_overlapped;
    }

    int delivered() const
    {
        std::lock_guard lock(m_mutex);
        return int(m_questions.size());
    }
    CopyQuestion question(int index) const
    {
        std::lock_guard lock(m_mutex);
        return m_questions.at(std::size_t(index));
    }

private:
    void deliver(const CopyQuestion &question)
    {
        std::lock_guard lock(m_mutex);
        m_overlapped = m_overlapped || m_outstanding > 0;
        ++m_outstanding;
        m_questions.push_back(question);
    }

    mutable std::mutex m_mutex;
    std::vector<CopyQuestion> m_questions;
    int m_outstanding = 0;
    bool m_overlapped = false;
    std::shared_ptr<JobContext> m_job;
};

// A thread that asks one question and keeps the answer. Its destructor cancels the job if
// the question is still open (a failed test), so that it never hangs in join().
class Asker
{
public:
    Asker(Rig &rig, QuestionKind kind, const QByteArray &source)
        : m_control(rig.control())
        , m_thread([this, &broker = rig.broker(), kind, source] {
            m_entered = true;
            CopyQuestion question;
            question.kind = kind;
            question.source = source;
            question.id = 999; // the broker assigns ids; whatever the asker set is replaced
            const QuestionAnswer answer = broker.ask(question);
            std::lock_guard lock(m_mutex);
            m_answer = answer;
        })
    {}
    ~Asker()
    {
        if (!done())
            m_control.cancel();
        m_thread.join();
    }
    Q_DISABLE_COPY_MOVE(Asker)

    /// The thread is about to call ask().
    bool entered() const { return m_entered; }
    bool done() const
    {
        std::lock_guard lock(m_mutex);
        return m_answer.has_value();
    }
    QuestionAnswer answer() const
    {
        std::lock_guard lock(m_mutex);
        return m_answer.value_or(QuestionAnswer{Decision::Overwrite, true, "not answered"});
    }

private:
    JobControl &m_control;
    std::atomic<bool> m_entered{false};
    mutable std::mutex m_mutex;
    std::optional<QuestionAnswer> m_answer;
    std::thread m_thread;
};

} // namespace

class TestQuestionBroker final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void askFromAnotherThreadBlocksUntilAnswered();
    void idsAreAssignedInOrderAndAnswerNeedsTheWaitingId();
    void oneQuestionAtATime();
    void applyToAllIsRememberedPerKind();
    void applyToAllSettlesThreadsWaitingTheirTurn();
    void cancelJobAnswerIsNeverRemembered();
    void cancelReleasesEveryWaitingThreadWithCancelJob();
    void askAfterCancelReturnsCancelJobAtOnce();
};

void TestQuestionBroker::askFromAnotherThreadBlocksUntilAnswered()
{
    Rig rig;
    Asker asker(rig, QuestionKind::Collision, "/src/a");
    QTRY_COMPARE(rig.delivered(), 1);
    const CopyQuestion question = rig.question(0);
    QCOMPARE(question.kind, QuestionKind::Collision);
    QCOMPARE(question.source, QByteArray("/src/a"));
    QCOMPARE(question.id, quint64(1));
    QVERIFY(!asker.done()); // still blocked: nobody answered

    QVERIFY(rig.answer(question.id, {Decision::Rename, false, "a (2)"}));
    QTRY_VERIFY(asker.done());
    QCOMPARE(asker.answer().decision, Decision::Rename);
    QCOMPARE(asker.answer().newName, QByteArray("a (2)"));
    QVERIFY(!asker.answer().applyToAll);
    // Answered once: a second answer to the same id is refused, nothing is remembered.
    QVERIFY(!rig.answer(question.id, {Decision::Skip, false, {}}));
    QVERIFY(!rig.broker().standingAnswer(QuestionKind::Collision));
}

void TestQuestionBroker::idsAreAssignedInOrderAndAnswerNeedsTheWaitingId()
{
    Rig rig;
    QVERIFY(!rig.answer(1, {Decision::Skip, false, {}})); // nothing waits yet
    for (quint64 expected = 1; expected <= 3; ++expected) {
        Asker asker(rig, QuestionKind::Error, "/src/e" + QByteArray::number(expected));
        QTRY_COMPARE(rig.delivered(), int(expected));
        const quint64 id = rig.question(int(expected) - 1).id;
        QCOMPARE(id, expected);
        QVERIFY(!rig.answer(id + 1, {Decision::Skip, false, {}})); // not waiting
        QVERIFY(!rig.answer(id - 1, {Decision::Skip, false, {}})); // already answered
        QVERIFY(!asker.done());
        QVERIFY(rig.answer(id, {Decision::Retry, false, {}}));
        QTRY_VERIFY(asker.done());
        QCOMPARE(asker.answer().decision, Decision::Retry);
    }
}

void TestQuestionBroker::oneQuestionAtATime()
{
    Rig rig;
    Asker first(rig, QuestionKind::Error, "/src/first");
    QTRY_COMPARE(rig.delivered(), 1);
    Asker second(rig, QuestionKind::Collision, "/src/second");
    // The second asker waits for its turn: its question is not delivered while the first
    // is outstanding (the rig notices a question delivered while another one is open).
    QTRY_VERIFY(second.entered());
    QCOMPARE(rig.delivered(), 1);
    QVERIFY(!second.done());
    QVERIFY(rig.answer(rig.question(0).id, {Decision::Skip, false, {}}));
    QTRY_VERIFY(first.done());
    QTRY_COMPARE(rig.delivered(), 2);
    const CopyQuestion next = rig.question(1);
    QCOMPARE(next.source, QByteArray("/src/second"));
    QCOMPARE(next.id, quint64(2));
    QVERIFY(!second.done());
    QVERIFY(rig.answer(next.id, {Decision::Overwrite, false, {}}));
    QTRY_VERIFY(second.done());
    QCOMPARE(first.answer().decision, Decision::Skip);
    QCOMPARE(second.answer().decision, Decision::Overwrite);
    QVERIFY(!rig.overlapped());
}

void TestQuestionBroker::applyToAllIsRememberedPerKind()
{
    Rig rig;
    {
        Asker asker(rig, QuestionKind::Collision, "/src/a");
        QTRY_COMPARE(rig.delivered(), 1);
        QVERIFY(rig.answer(rig.question(0).id, {Decision::Rename, true, "edited"}));
        QTRY_VERIFY(asker.done());
        QCOMPARE(asker.answer().newName, QByteArray("edited")); // this file gets the name
    }
    const std::optional<QuestionAnswer> standing =
        rig.broker().standingAnswer(QuestionKind::Collision);
    QVERIFY(standing);
    QCOMPARE(standing->decision, Decision::Rename);
    QVERIFY(standing->applyToAll);
    QVERIFY(standing->newName.isEmpty()); // an edited name fits one file only
    QVERIFY(!rig.broker().standingAnswer(QuestionKind::Error));
    QVERIFY(!rig.broker().standingAnswer(QuestionKind::Preflight));

    // Later collisions are settled without asking, on the asking thread, at once.
    {
        Asker asker(rig, QuestionKind::Collision, "/src/b");
        QTRY_VERIFY(asker.done());
        QCOMPARE(asker.answer().decision, Decision::Rename);
        QVERIFY(asker.answer().newName.isEmpty());
    }
    QCOMPARE(rig.delivered(), 1);
    // Another kind is still asked.
    Asker error(rig, QuestionKind::Error, "/src/c");
    QTRY_COMPARE(rig.delivered(), 2);
    QCOMPARE(rig.question(1).kind, QuestionKind::Error);
    QCOMPARE(rig.question(1).id, quint64(2));
    QVERIFY(rig.answer(2, {Decision::Skip, false, {}}));
    QTRY_VERIFY(error.done());
    QVERIFY(!rig.broker().standingAnswer(QuestionKind::Error));
}

void TestQuestionBroker::applyToAllSettlesThreadsWaitingTheirTurn()
{
    Rig rig;
    Asker first(rig, QuestionKind::Collision, "/src/first");
    QTRY_COMPARE(rig.delivered(), 1);
    std::vector<std::unique_ptr<Asker>> waiting;
    waiting.reserve(4);
    for (int i = 0; i < 4; ++i)
        waiting.push_back(std::make_unique<Asker>(rig, QuestionKind::Collision,
                                                  "/src/w" + QByteArray::number(i)));
    QVERIFY(rig.answer(rig.question(0).id, {Decision::Skip, true, {}}));
    QTRY_VERIFY(first.done());
    for (const auto &asker : waiting) {
        QTRY_VERIFY(asker->done());
        QCOMPARE(asker->answer().decision, Decision::Skip);
        QVERIFY(asker->answer().applyToAll);
    }
    QCOMPARE(rig.delivered(), 1); // none of the four was asked
    QVERIFY(!rig.overlapped());
}

void TestQuestionBroker::cancelJobAnswerIsNeverRemembered()
{
    Rig rig;
    Asker asker(rig, QuestionKind::Preflight, "/src");
    QTRY_COMPARE(rig.delivered(), 1);
    QVERIFY(rig.answer(rig.question(0).id, {Decision::CancelJob, true, {}}));
    QTRY_VERIFY(asker.done());
    QCOMPARE(asker.answer().decision, Decision::CancelJob);
    QVERIFY(!rig.broker().standingAnswer(QuestionKind::Preflight));
}

void TestQuestionBroker::cancelReleasesEveryWaitingThreadWithCancelJob()
{
    Rig rig;
    Asker asked(rig, QuestionKind::Error, "/src/asked");
    QTRY_COMPARE(rig.delivered(), 1);
    Asker queued(rig, QuestionKind::Error, "/src/queued");
    Asker other(rig, QuestionKind::Collision, "/src/other");
    const quint64 id = rig.question(0).id;
    QTRY_VERIFY(queued.entered() && other.entered());
    QVERIFY(!asked.done());

    rig.control().cancel(); // through the job's waker, as CopyJob::cancel() does
    QTRY_VERIFY(asked.done());
    QTRY_VERIFY(queued.done());
    QTRY_VERIFY(other.done());
    for (const Asker *asker : {&asked, &queued, &other}) {
        QCOMPARE(asker->answer().decision, Decision::CancelJob);
        QVERIFY(!asker->answer().applyToAll);
    }
    QCOMPARE(rig.delivered(), 1);                           // the queued ones were never asked
    QVERIFY(!rig.answer(id, {Decision::Retry, false, {}})); // too late
    QVERIFY(!rig.broker().standingAnswer(QuestionKind::Error));
}

void TestQuestionBroker::askAfterCancelReturnsCancelJobAtOnce()
{
    Rig rig;
    rig.control().cancel();
    Asker asker(rig, QuestionKind::Collision, "/src/late");
    QTRY_VERIFY(asker.done());
    QCOMPARE(asker.answer().decision, Decision::CancelJob);
    QCOMPARE(rig.delivered(), 0);
}

QTEST_GUILESS_MAIN(TestQuestionBroker)
#include "tst_questionbroker.moc"
