#include "jobhistory.h"

#include <QSettings>

namespace Sluice::Ui {

namespace {

const QString HistoryKey = QStringLiteral("queue/history");
const QString SourcesKey = QStringLiteral("sources");
const QString DestinationKey = QStringLiteral("destination");
const QString MoveKey = QStringLiteral("move");
const QString StateKey = QStringLiteral("state");
const QString TotalKey = QStringLiteral("bytesTotal");
const QString DoneKey = QStringLiteral("bytesDone");
const QString PerMilleKey = QStringLiteral("perMille");
const QString TimeKey = QStringLiteral("finishedAt");
const QString CauseKey = QStringLiteral("notStartedCause");

bool isEndState(int state)
{
    return state == int(JobState::Finished) || state == int(JobState::Incomplete)
           || state == int(JobState::Failed) || state == int(JobState::Cancelled);
}

} // namespace

QList<QueuedJob> loadJobHistory()
{
    QSettings settings;
    QList<QueuedJob> jobs;
    const int size = settings.beginReadArray(HistoryKey);
    for (int i = 0; i < size; ++i) {
        settings.setArrayIndex(i);
        QueuedJob job;
        const QVariantList sources = settings.value(SourcesKey).toList();
        for (const QVariant &source : sources)
            job.request.sources.append(source.toByteArray());
        job.request.destination = settings.value(DestinationKey).toByteArray();
        job.options.move = settings.value(MoveKey).toBool();
        const int state = settings.value(StateKey).toInt();
        if (job.request.sources.isEmpty() || !isEndState(state))
            continue; // written by something else, or damaged: not shown
        job.state = JobState(state);
        job.bytesTotal = settings.value(TotalKey, -1).toLongLong();
        job.bytesDone = settings.value(DoneKey).toLongLong();
        job.perMille = settings.value(PerMilleKey, -1).toInt();
        job.finishedAt = settings.value(TimeKey).toDateTime();
        job.notStartedCause = settings.value(CauseKey).toString();
        jobs.append(job);
    }
    settings.endArray();
    return jobs.mid(qMax<qsizetype>(0, jobs.size() - JobHistoryLength));
}

void saveJobHistory(const QList<QueuedJob> &jobs)
{
    QList<const QueuedJob *> ended;
    for (const QueuedJob &job : jobs) {
        if (job.isEnded())
            ended.append(&job);
    }
    ended = ended.mid(qMax<qsizetype>(0, ended.size() - JobHistoryLength));
    QSettings settings;
    settings.remove(HistoryKey);
    settings.beginWriteArray(HistoryKey, int(ended.size()));
    for (int i = 0; i < ended.size(); ++i) {
        const QueuedJob &job = *ended.at(i);
        settings.setArrayIndex(i);
        QVariantList sources;
        for (const QByteArray &source : job.request.sources)
            sources.append(source);
        settings.setValue(SourcesKey, sources);
        settings.setValue(DestinationKey, job.request.destination);
        settings.setValue(MoveKey, job.options.move);
        settings.setValue(StateKey, int(job.state));
        settings.setValue(TotalKey, job.bytesTotal);
        settings.setValue(DoneKey, job.bytesDone);
        settings.setValue(PerMilleKey, job.perMille);
        settings.setValue(TimeKey, job.finishedAt);
        if (!job.notStartedCause.isEmpty())
            settings.setValue(CauseKey, job.notStartedCause);
    }
    settings.endArray();
}

} // namespace Sluice::Ui
