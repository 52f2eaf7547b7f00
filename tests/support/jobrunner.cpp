#include "jobrunner.h"

#include "testtree.h"

#include <QCoreApplication>
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QTimer>

namespace JobRunner {

Sluice::CopyOptions quickOptions()
{
    Sluice::CopyOptions options;
    options.onCollision = Sluice::CollisionPolicy::Overwrite;
    options.onError = Sluice::ErrorPolicy::Skip;
    options.durability = Sluice::Durability::None;
    return options;
}

Run run(const QList<QByteArray> &sources, const QByteArray &destination,
        const Sluice::CopyOptions &options, const Answerer &answerer, const Sluice::IoHooks &hooks,
        const ProgressHook &onProgress, int timeoutMs)
{
    Run outcome;
    Sluice::CopyJob job(Sluice::CopyRequest{sources, destination}, options);
    job.setIoHooks(hooks);
    QEventLoop loop;
    QObject::connect(&job, &Sluice::CopyJob::progressChanged, &loop,
                     [&](const Sluice::CopyProgress &progress) {
                         outcome.samples << progress;
                         if (onProgress)
                             onProgress(job, progress);
                     });
    QObject::connect(
        &job, &Sluice::CopyJob::questionAsked, &loop, [&](const Sluice::CopyQuestion &question) {
            outcome.questions << question;
            const Sluice::QuestionAnswer answer =
                answerer ? answerer(question)
                         : Sluice::QuestionAnswer{Sluice::Decision::CancelJob, false, {}};
            job.answer(question.id, answer.decision, answer.applyToAll, answer.newName);
        });
    QObject::connect(&job, &Sluice::CopyJob::finished, &loop,
                     [&](const Sluice::CopyResult &result) {
                         ++outcome.finishedCount;
                         outcome.result = result;
                         loop.quit();
                     });
    QTimer timeout;
    timeout.setSingleShot(true);
    QObject::connect(&timeout, &QTimer::timeout, &loop, [&] {
        outcome.timedOut = true;
        loop.quit();
    });
    timeout.start(timeoutMs);
    job.start();
    loop.exec();
    // Let anything still queued arrive, so a second finished() would be counted.
    drainEvents();
    return outcome;
}

bool settledWhilePaused(const QList<Sluice::CopyProgress> &samples, qint64 writtenAtLeast)
{
    if (samples.size() < 2)
        return false;
    const Sluice::CopyProgress &last = samples.at(samples.size() - 1);
    const Sluice::CopyProgress &previous = samples.at(samples.size() - 2);
    return last.paused && previous.paused && last.bytesWritten >= writtenAtLeast
           && last.bytesRead == previous.bytesRead && last.bytesWritten == previous.bytesWritten
           && last.bytesDone == previous.bytesDone;
}

void drainEvents()
{
    constexpr int Rounds = 3;
    for (int round = 0; round < Rounds; ++round) {
        bool markerSeen = false;
        QEventLoop loop;
        // Posted events are delivered in order: when the marker runs, everything posted
        // before it has been delivered.
        QMetaObject::invokeMethod(
            &loop,
            [&] {
                markerSeen = true;
                loop.quit();
            },
            Qt::QueuedConnection);
        if (!markerSeen)
            loop.exec();
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    }
}

} // namespace JobRunner

Scratch::Scratch()
    : m_dir(QDir(qEnvironmentVariable("SLUICE_TEST_TMP", QDir::tempPath()))
                .filePath(QStringLiteral("sluice-test-XXXXXX")))
{
    m_dir.setAutoRemove(false);
}

Scratch::~Scratch()
{
    if (m_dir.isValid())
        TestTree::removeTree(path());
}

QByteArray Scratch::path(const QByteArray &relative) const
{
    const QByteArray base = QFile::encodeName(m_dir.path());
    return relative.isEmpty() ? base : base + '/' + relative;
}
