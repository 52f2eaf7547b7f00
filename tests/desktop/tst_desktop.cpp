// The desktop integration (desktop/) against a real dbus-daemon with python-dbusmock mocks:
// Plasma's job view, taskbar progress, logind inhibitors and UDisks2 eject, in process (a
// real CopyJob on a real file system) and through sluice-cli.

#include "copyjob.h"
#include "dbustestbus.h"
#include "desktopjoblink.h"
#include "driveejector.h"
#include "jobrunner.h"
#include "sleepinhibitor.h"
#include "testtree.h"
#include "writergate.h"

#include <QDBusArgument>
#include <QDBusConnection>
#include <QDBusConnectionInterface>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QTest>
#include <QUrl>

#include <csignal>
#include <cstring>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

using namespace Sluice;
using namespace TestTree;

namespace {

constexpr qint64 FileSize = 8LL * 1024 * 1024;
const QString ServerPath = QStringLiteral("/JobViewServer");
const QString FirstView = QStringLiteral("/JobViewServer/JobView_1");
const QString ViewInterface = QStringLiteral("org.kde.JobViewV3");
const QString LogindPath = QStringLiteral("/org/freedesktop/login1");
const QString LogindInterface = QStringLiteral("org.freedesktop.login1.Manager");

QVariantMap toMap(const QVariant &value)
{
    return qdbus_cast<QVariantMap>(value);
}

/// logind mock's ListInhibitors as "what/mode/why" strings.
QStringList inhibitors(const DBusMock &logind)
{
    const QDBusMessage reply =
        logind.call(LogindPath, LogindInterface, QStringLiteral("ListInhibitors"));
    QStringList found;
    if (reply.type() != QDBusMessage::ReplyMessage)
        return found;
    const QDBusArgument array = reply.arguments().constFirst().value<QDBusArgument>();
    array.beginArray();
    while (!array.atEnd()) {
        QString what, who, why, mode;
        uint uid = 0, pid = 0;
        array.beginStructure();
        array >> what >> who >> why >> mode >> uid >> pid;
        array.endStructure();
        found << QStringLiteral("%1/%2/%3").arg(what, mode, why);
    }
    array.endArray();
    return found;
}

QStringList ejectLog(const DBusMock &udisks)
{
    const QDBusMessage reply =
        udisks.call(QStringLiteral("/org/freedesktop/UDisks2"),
                    QStringLiteral("org.freedesktop.DBus.Mock"), QStringLiteral("GetEjectLog"));
    return reply.arguments().value(0).toStringList();
}

using TestTree::processState;

qulonglong deviceOf(const QByteArray &path)
{
    struct stat status = {};
    return ::stat(path.constData(), &status) == 0 ? qulonglong(status.st_dev) : 0;
}

} // namespace

class TestDesktop final : public QObject
{
    Q_OBJECT

public Q_SLOTS:
    void onLauncherUpdate(const QString &appUri, const QVariantMap &properties)
    {
        m_launcherUris << appUri;
        m_launcherUpdates << properties;
    }
    void onViewButton() { ++m_viewButtons; }

private Q_SLOTS:
    void initTestCase();
    void init();
    void jobViewFollowsTheCopy();
    void jobViewCancelRemovesPartFile();
    void jobViewSuspendStopsTheBytes();
    void jobViewRegistersAgainWhenServerRestarts();
    void slowJobViewServerDelaysNothing();
    void viewGrantedAfterTheJobIsStillEnded();
    void launcherEntryWithoutJobView();
    void launcherCountIncludesQueuedJobs();
    void noLauncherEntryWhileJobViewShows();
    void inhibitorHeldWhileDataMoves();
    void noBlockLockWhileAQuestionWaits();
    void refusedInhibitIsNotAskedAgainEverySample();
    void destinationGivenRelativeWithSlashIsNamed();
    void prepareForSleepPausesAndFlushesFirst();
    void portalInhibitorInSandbox();
    void ejectUnmountsLocksThenPowersOff();
    void ejectNamesBusyProcessAndUnmountsNothing();
    void ejectNamesProgramRunFromTheDrive();
    void probeFindsRemovableDrive();
    void ejectDetachesLoopDevice();
    void realUdisksdEjectsLoopDevice();
    void cliDesktopProgressUsesJobView();
    void cliEjectsOnlyAfterSuccess();
    void cliEjectOntoFixedDriveSaysOneLine();
    void cliStoppedByCtrlZHoldsNoLock();
    void cliCopiesWhenTheBusHangs();

private:
    struct Copy
    {
        Copy() = default;
        Copy(Copy &&) = default;
        Copy &operator=(Copy &&) = default;
        /// A failed check may leave the writer held: let it go before the job is destroyed.
        ~Copy()
        {
            if (gate)
                gate->open();
        }
        std::unique_ptr<WriterGate> gate;
        std::unique_ptr<CopyJob> job;
        Desktop::DesktopJobLink *link = nullptr;
        QByteArray destination;
        std::unique_ptr<QSignalSpy> finished;
        std::unique_ptr<QSignalSpy> progress;
    };
    /// One FileSize file into an empty destination folder, held by a gate at half the file
    /// when @p gated, limited to @p speedLimit bytes/s otherwise.
    /// @p destination: the request's destination as given (default: the folder's path).
    Copy startCopy(bool gated, qint64 speedLimit = 0, const QByteArray &destination = {});
    QString
    runCli(const QStringList &arguments, int *exitCode,
           const QProcessEnvironment &environment = QProcessEnvironment::systemEnvironment());

    DBusTestBus m_bus;
    std::unique_ptr<Scratch> m_scratch;
    QStringList m_launcherUris;
    QList<QVariantMap> m_launcherUpdates;
    int m_viewButtons = 0;
};

void TestDesktop::initTestCase()
{
    QString why;
    if (!m_bus.start(&why))
        QSKIP(qPrintable(why));
    QVERIFY(QDBusConnection::sessionBus().isConnected());
    QVERIFY(QDBusConnection::sessionBus().connect(
        QString(), QString(), QStringLiteral("com.canonical.Unity.LauncherEntry"),
        QStringLiteral("Update"), this, SLOT(onLauncherUpdate(QString, QVariantMap))));
}

void TestDesktop::init()
{
    m_scratch = std::make_unique<Scratch>();
    QVERIFY(m_scratch->isValid());
    m_launcherUris.clear();
    m_launcherUpdates.clear();
}

TestDesktop::Copy TestDesktop::startCopy(bool gated, qint64 speedLimit,
                                         const QByteArray &destination)
{
    Copy copy;
    const QByteArray source = m_scratch->path("big.bin");
    [&] { QVERIFY(writePatternFile(source, FileSize)); }();
    copy.destination = m_scratch->path("out");
    [&] { QVERIFY(makePath(copy.destination)); }();
    CopyOptions options = JobRunner::quickOptions();
    options.speedLimit = speedLimit;
    CopyRequest request;
    request.sources = {source};
    request.destination = destination.isEmpty() ? copy.destination : destination;
    copy.job = std::make_unique<CopyJob>(request, options);
    if (gated) {
        copy.gate = std::make_unique<WriterGate>(FileSize / 2);
        copy.job->setIoHooks(copy.gate->hooks());
    }
    copy.link = new Desktop::DesktopJobLink(copy.job.get(), {});
    copy.finished = std::make_unique<QSignalSpy>(copy.job.get(), &CopyJob::finished);
    copy.progress = std::make_unique<QSignalSpy>(copy.job.get(), &CopyJob::progressChanged);
    copy.job->start();
    return copy;
}

void TestDesktop::jobViewFollowsTheCopy()
{
    DBusMock server(mockTemplate(QStringLiteral("jobviewserver.py")),
                    QStringLiteral("org.kde.JobViewServer"));
    QString why;
    QVERIFY2(server.start(&why), qPrintable(why));
    Copy copy = startCopy(true);
    QVERIFY(copy.gate->waitUntilReached());
    QTRY_COMPARE(server.methodCalls(ServerPath, QStringLiteral("requestView")).size(), 1);
    const QVariantList request =
        server.methodCalls(ServerPath, QStringLiteral("requestView")).at(0);
    QCOMPARE(request.at(0).toString(), QStringLiteral("io.github.sluicecopy.Sluice"));
    QCOMPARE(request.at(1).toInt(), 3); // Killable | Suspendable
    QVERIFY(toMap(request.at(2))
                .value(QStringLiteral("destUrl"))
                .toString()
                .startsWith(QStringLiteral("file:///")));
    QTRY_VERIFY(copy.link->jobViewInUse());
    // Held at half the file: the view sees bytes move, not all of them.
    QTRY_VERIFY([&] {
        const auto calls = server.methodCalls(FirstView, QStringLiteral("update"));
        return std::any_of(calls.cbegin(), calls.cend(), [](const QVariantList &call) {
            return toMap(call.at(0)).value(QStringLiteral("processedBytes")).toULongLong() > 0;
        });
    }());
    copy.gate->open();
    QTRY_COMPARE(copy.finished->size(), 1);
    QTRY_COMPARE(server.methodCalls(FirstView, QStringLiteral("terminate")).size(), 1);
    QCOMPARE(server.methodCalls(FirstView, QStringLiteral("terminate")).at(0).at(0).toUInt(), 0u);

    QList<qulonglong> processed;
    qulonglong totalBytes = 0;
    qulonglong totalFiles = 0;
    QStringList messages;
    for (const QVariantList &call : server.methodCalls(FirstView, QStringLiteral("update"))) {
        const QVariantMap properties = toMap(call.at(0));
        messages << properties.value(QStringLiteral("infoMessage")).toString();
        if (properties.contains(QStringLiteral("processedBytes")))
            processed << properties.value(QStringLiteral("processedBytes")).toULongLong();
        totalBytes = properties.value(QStringLiteral("totalBytes"), totalBytes).toULongLong();
        totalFiles = properties.value(QStringLiteral("totalFiles"), totalFiles).toULongLong();
    }
    QCOMPARE(totalBytes, qulonglong(FileSize));
    QCOMPARE(totalFiles, 1ull);
    // What a person reads in the job view, not the JSON phase name ("copying").
    QVERIFY2(messages.contains(QStringLiteral("Copying")), qPrintable(messages.join(u'|')));
    QVERIFY2(!messages.contains(QStringLiteral("copying")), qPrintable(messages.join(u'|')));
    QVERIFY2(processed.size() >= 2, "one update mid-copy and one at the end");
    QVERIFY(std::is_sorted(processed.cbegin(), processed.cend()));
    QVERIFY(processed.first() < qulonglong(FileSize));
    QCOMPARE(processed.last(), qulonglong(FileSize));
    QCOMPARE(readFile(copy.destination + "/big.bin"), readFile(m_scratch->path("big.bin")));
}

void TestDesktop::jobViewCancelRemovesPartFile()
{
    DBusMock server(mockTemplate(QStringLiteral("jobviewserver.py")),
                    QStringLiteral("org.kde.JobViewServer"));
    QString why;
    QVERIFY2(server.start(&why), qPrintable(why));
    Copy copy = startCopy(true);
    QVERIFY(copy.gate->waitUntilReached());
    QTRY_VERIFY(copy.link->jobViewInUse());
    QCOMPARE(findPartFiles(copy.destination).size(), 1);
    // The test hears the button press in the same dispatch as the link; once the events
    // queued behind it are drained, the job has been cancelled and the gate may open.
    QVERIFY(QDBusConnection::sessionBus().connect(QString(), FirstView, ViewInterface,
                                                  QStringLiteral("cancelRequested"), this,
                                                  SLOT(onViewButton())));
    server.emitSignal(FirstView, ViewInterface, QStringLiteral("cancelRequested"), {}, {});
    QTRY_COMPARE(m_viewButtons, 1);
    JobRunner::drainEvents();
    copy.gate->open();
    QTRY_COMPARE(copy.finished->size(), 1);
    QCOMPARE(copy.finished->at(0).at(0).value<CopyResult>().status, CopyStatus::Cancelled);
    QCOMPARE(findPartFiles(copy.destination).size(), 0);
    QCOMPARE(countEntries(copy.destination), 0);
    QTRY_COMPARE(server.methodCalls(FirstView, QStringLiteral("terminate")).size(), 1);
    QCOMPARE(server.methodCalls(FirstView, QStringLiteral("terminate")).at(0).at(0).toUInt(), 1u);
}

void TestDesktop::jobViewSuspendStopsTheBytes()
{
    DBusMock server(mockTemplate(QStringLiteral("jobviewserver.py")),
                    QStringLiteral("org.kde.JobViewServer"));
    QString why;
    QVERIFY2(server.start(&why), qPrintable(why));
    Copy copy = startCopy(false, 4LL * 1024 * 1024);
    QTRY_VERIFY(copy.link->jobViewInUse());
    QTRY_VERIFY(!copy.progress->isEmpty()
                && copy.progress->last().at(0).value<CopyProgress>().bytesWritten > 0);
    server.emitSignal(FirstView, ViewInterface, QStringLiteral("suspendRequested"), {}, {});
    QTRY_VERIFY(copy.job->isSuspended());
    // Settled: two paused samples in a row with the same counters, then nothing moves.
    QList<CopyProgress> samples;
    QTRY_VERIFY([&] {
        samples.clear();
        for (const QList<QVariant> &signal : *copy.progress)
            samples << signal.at(0).value<CopyProgress>();
        return JobRunner::settledWhilePaused(samples, 1);
    }());
    const qint64 settled = samples.last().bytesWritten;
    const qsizetype seen = copy.progress->size();
    QTRY_VERIFY(copy.progress->size() >= seen + 3);
    QCOMPARE(copy.progress->last().at(0).value<CopyProgress>().bytesWritten, settled);
    QVERIFY(settled < FileSize);
    QTRY_VERIFY([&] {
        const auto calls = server.methodCalls(FirstView, QStringLiteral("update"));
        return std::any_of(calls.cbegin(), calls.cend(), [](const QVariantList &call) {
            const QVariantMap properties = toMap(call.at(0));
            return properties.value(QStringLiteral("suspended")).toBool()
                   && properties.value(QStringLiteral("infoMessage")).toString()
                          == QStringLiteral("Paused");
        });
    }());
    server.emitSignal(FirstView, ViewInterface, QStringLiteral("resumeRequested"), {}, {});
    QTRY_COMPARE_WITH_TIMEOUT(copy.finished->size(), 1, 60000);
    QCOMPARE(copy.finished->at(0).at(0).value<CopyResult>().status, CopyStatus::Succeeded);
}

void TestDesktop::jobViewRegistersAgainWhenServerRestarts()
{
    auto server = std::make_unique<DBusMock>(mockTemplate(QStringLiteral("jobviewserver.py")),
                                             QStringLiteral("org.kde.JobViewServer"));
    QString why;
    QVERIFY2(server->start(&why), qPrintable(why));
    Copy copy = startCopy(true);
    QVERIFY(copy.gate->waitUntilReached());
    QTRY_VERIFY(copy.link->jobViewInUse());
    server->stop(); // plasmashell crashed
    QTRY_VERIFY(!copy.link->jobViewInUse());
    server = std::make_unique<DBusMock>(mockTemplate(QStringLiteral("jobviewserver.py")),
                                        QStringLiteral("org.kde.JobViewServer"));
    QVERIFY2(server->start(&why), qPrintable(why));
    QTRY_COMPARE(server->methodCalls(ServerPath, QStringLiteral("requestView")).size(), 1);
    QTRY_VERIFY(copy.link->jobViewInUse());
    copy.gate->open();
    QTRY_COMPARE(copy.finished->size(), 1);
    QTRY_COMPARE(server->methodCalls(FirstView, QStringLiteral("terminate")).size(), 1);
}

void TestDesktop::slowJobViewServerDelaysNothing()
{
    // requestView answers after 4 s: the whole copy happens before the answer (the view
    // it grants is ended then: viewGrantedAfterTheJobIsStillEnded).
    DBusMock server(mockTemplate(QStringLiteral("jobviewserver.py")),
                    QStringLiteral("org.kde.JobViewServer"), {{QStringLiteral("ReplyDelay"), 4}});
    QString why;
    QVERIFY2(server.start(&why), qPrintable(why));
    Copy copy = startCopy(false);
    QTRY_COMPARE(copy.finished->size(), 1);
    QCOMPARE(copy.finished->at(0).at(0).value<CopyResult>().status, CopyStatus::Succeeded);
    QVERIFY(!copy.link->jobViewInUse());
}

void TestDesktop::viewGrantedAfterTheJobIsStillEnded()
{
    // plasmashell answers requestView late (busy at login): by then the copy is over and
    // its link gone. The view it granted must still end, or it shows a job forever.
    DBusMock server(mockTemplate(QStringLiteral("jobviewserver.py")),
                    QStringLiteral("org.kde.JobViewServer"), {{QStringLiteral("ReplyDelay"), 3}});
    QString why;
    QVERIFY2(server.start(&why), qPrintable(why));
    {
        Copy copy = startCopy(false);
        QTRY_COMPARE(copy.finished->size(), 1);
        QCOMPARE(copy.finished->at(0).at(0).value<CopyResult>().status, CopyStatus::Succeeded);
        QVERIFY(!copy.link->jobViewInUse());
    } // job and link destroyed, the request still on its way
    QTRY_COMPARE_WITH_TIMEOUT(server.methodCalls(FirstView, QStringLiteral("terminate")).size(), 1,
                              30000);
    QCOMPARE(server.methodCalls(FirstView, QStringLiteral("terminate")).at(0).at(0).toUInt(), 0u);
    const QList<QVariantList> updates = server.methodCalls(FirstView, QStringLiteral("update"));
    QVERIFY(!updates.isEmpty());
    QCOMPARE(toMap(updates.last().at(0)).value(QStringLiteral("processedBytes")).toULongLong(),
             qulonglong(FileSize));
}

void TestDesktop::launcherEntryWithoutJobView()
{
    Copy copy = startCopy(false, 16LL * 1024 * 1024);
    QTRY_COMPARE_WITH_TIMEOUT(copy.finished->size(), 1, 60000);
    JobRunner::drainEvents();
    QTRY_VERIFY(!m_launcherUpdates.isEmpty()
                && !m_launcherUpdates.last().value(QStringLiteral("progress-visible")).toBool());
    QCOMPARE(m_launcherUris.first(),
             QStringLiteral("application://io.github.sluicecopy.Sluice.desktop"));
    QList<double> shown;
    for (const QVariantMap &update : std::as_const(m_launcherUpdates)) {
        if (update.value(QStringLiteral("progress-visible")).toBool()) {
            shown << update.value(QStringLiteral("progress")).toDouble();
            QCOMPARE(update.value(QStringLiteral("count")).toLongLong(), 1);
            QCOMPARE(update.value(QStringLiteral("count")).metaType(),
                     QMetaType::fromType<qlonglong>());
        }
    }
    QVERIFY2(shown.size() >= 2, qPrintable(QString::number(shown.size())));
    QVERIFY(std::is_sorted(shown.cbegin(), shown.cend()));
    QVERIFY(shown.first() < 1.0);
    QCOMPARE(shown.last(), 1.0);
}

void TestDesktop::launcherCountIncludesQueuedJobs()
{
    // The window has two jobs queued behind this one: the dock counts three, then two.
    Desktop::DesktopJobLink::setQueuedJobs(2);
    const auto reset = qScopeGuard([] { Desktop::DesktopJobLink::setQueuedJobs(0); });
    Copy copy = startCopy(false, 16LL * 1024 * 1024);
    QTRY_COMPARE_WITH_TIMEOUT(copy.finished->size(), 1, 60000);
    JobRunner::drainEvents();
    QTRY_VERIFY(!m_launcherUpdates.isEmpty()
                && !m_launcherUpdates.last().value(QStringLiteral("progress-visible")).toBool());
    int shown = 0;
    for (const QVariantMap &update : std::as_const(m_launcherUpdates)) {
        if (update.value(QStringLiteral("progress-visible")).toBool()) {
            QCOMPARE(update.value(QStringLiteral("count")).toLongLong(), 3);
            ++shown;
        }
    }
    QVERIFY(shown >= 1);
    QCOMPARE(m_launcherUpdates.last().value(QStringLiteral("count")).toLongLong(), 2);
}

void TestDesktop::noLauncherEntryWhileJobViewShows()
{
    DBusMock server(mockTemplate(QStringLiteral("jobviewserver.py")),
                    QStringLiteral("org.kde.JobViewServer"));
    QString why;
    QVERIFY2(server.start(&why), qPrintable(why));
    Copy copy = startCopy(false, 16LL * 1024 * 1024);
    QTRY_COMPARE_WITH_TIMEOUT(copy.finished->size(), 1, 60000);
    QTRY_COMPARE(server.methodCalls(FirstView, QStringLiteral("terminate")).size(), 1);
    JobRunner::drainEvents();
    QCOMPARE(m_launcherUpdates.size(), 0);
}

void TestDesktop::inhibitorHeldWhileDataMoves()
{
    DBusMock logind(QStringLiteral("logind"), QStringLiteral("org.freedesktop.login1"));
    QString why;
    QVERIFY2(logind.start(&why), qPrintable(why));
    Copy copy = startCopy(true);
    QVERIFY(copy.gate->waitUntilReached());
    const QStringList moving{QStringLiteral("sleep/delay/Pausing the copy to out before sleeping"),
                             QStringLiteral("sleep:idle/block/Copying 1 file to out")};
    QTRY_COMPARE(inhibitors(logind), moving);
    copy.job->suspend();
    QTRY_COMPARE(inhibitors(logind), QStringList{moving.first()});
    QVERIFY(!copy.link->sleepInhibitor()->holdsBlockLock());
    copy.job->resume();
    QTRY_COMPARE(inhibitors(logind), moving);
    copy.gate->open();
    QTRY_COMPARE(copy.finished->size(), 1);
    // The mock sees each descriptor hang up.
    QTRY_COMPARE(inhibitors(logind), QStringList());
}

void TestDesktop::noBlockLockWhileAQuestionWaits()
{
    // A collision question can wait all night: no data moves, so the machine may sleep.
    DBusMock logind(QStringLiteral("logind"), QStringLiteral("org.freedesktop.login1"));
    QString why;
    QVERIFY2(logind.start(&why), qPrintable(why));
    const QByteArray big = m_scratch->path("a.bin");
    const QByteArray small = m_scratch->path("z.txt");
    const QByteArray destination = m_scratch->path("out");
    QVERIFY(writePatternFile(big, FileSize));
    QVERIFY(writeFile(small, "new\n"));
    QVERIFY(makePath(destination));
    QVERIFY(writeFile(destination + "/z.txt", "old\n"));
    CopyOptions options = JobRunner::quickOptions();
    options.onCollision = CollisionPolicy::Ask;
    CopyRequest request;
    request.sources = {big, small};
    request.destination = destination;
    CopyJob job(request, options);
    WriterGate gate(FileSize / 2);
    job.setIoHooks(gate.hooks());
    auto *link = new Desktop::DesktopJobLink(&job, {});
    QSignalSpy questions(&job, &CopyJob::questionAsked);
    QSignalSpy finished(&job, &CopyJob::finished);
    QSignalSpy samples(&job, &CopyJob::progressChanged);
    job.start();
    QVERIFY(gate.waitUntilReached());
    const QString delay = QStringLiteral("sleep/delay/Pausing the copy to out before sleeping");
    QTRY_COMPARE(inhibitors(logind),
                 (QStringList{delay, QStringLiteral("sleep:idle/block/Copying 2 files to out")}));
    gate.open();
    QTRY_COMPARE(questions.size(), 1);
    QTRY_COMPARE(inhibitors(logind), QStringList{delay});
    QVERIFY(!link->sleepInhibitor()->holdsBlockLock());
    // Still released five samples later (each sample could take it again).
    const qsizetype seen = samples.size();
    QTRY_VERIFY(samples.size() >= seen + 5);
    QCOMPARE(inhibitors(logind), QStringList{delay});
    const auto question = questions.at(0).at(0).value<CopyQuestion>();
    job.answer(question.id, Decision::Skip, false, {});
    QTRY_COMPARE(finished.size(), 1);
    QTRY_COMPARE(inhibitors(logind), QStringList());
    QCOMPARE(readFile(destination + "/z.txt"), QByteArray("old\n"));
}

void TestDesktop::refusedInhibitIsNotAskedAgainEverySample()
{
    // logind says no (polkit): each progress sample (100 ms) wanted the lock again.
    DBusMock logind(mockTemplate(QStringLiteral("logind_refusing.py")),
                    QStringLiteral("org.freedesktop.login1"));
    QString why;
    QVERIFY2(logind.start(&why), qPrintable(why));
    Copy copy = startCopy(true);
    QVERIFY(copy.gate->waitUntilReached());
    const auto requests = [&](const QString &what) {
        const QList<QVariantList> calls = logind.methodCalls(LogindPath, QStringLiteral("Inhibit"));
        return std::count_if(calls.cbegin(), calls.cend(), [&](const QVariantList &call) {
            return call.value(0).toString() == what;
        });
    };
    QTRY_COMPARE(requests(QStringLiteral("sleep:idle")), 1);
    // Ten more samples while the data still "moves" (held by the gate, not paused).
    const qsizetype seen = copy.progress->size();
    QTRY_VERIFY(copy.progress->size() >= seen + 10);
    QCOMPARE(requests(QStringLiteral("sleep:idle")), 1);
    QCOMPARE(requests(QStringLiteral("sleep")), 1);
    QVERIFY(!copy.link->sleepInhibitor()->holdsBlockLock());
    copy.gate->open();
    QTRY_COMPARE(copy.finished->size(), 1);
    QCOMPARE(readFile(copy.destination + "/big.bin"), readFile(m_scratch->path("big.bin")));
}

void TestDesktop::destinationGivenRelativeWithSlashIsNamed()
{
    // "sluice-cli photos/ usb/": the job view gets an absolute file:// URL and a name.
    DBusMock server(mockTemplate(QStringLiteral("jobviewserver.py")),
                    QStringLiteral("org.kde.JobViewServer"));
    DBusMock logind(QStringLiteral("logind"), QStringLiteral("org.freedesktop.login1"));
    QString why;
    QVERIFY2(server.start(&why), qPrintable(why));
    QVERIFY2(logind.start(&why), qPrintable(why));
    const QString previous = QDir::currentPath();
    const auto restore = qScopeGuard([&] { QDir::setCurrent(previous); });
    QVERIFY(QDir::setCurrent(QFile::decodeName(m_scratch->path())));
    Copy copy = startCopy(true, 0, "out/");
    QVERIFY(copy.gate->waitUntilReached());
    QTRY_COMPARE(server.methodCalls(ServerPath, QStringLiteral("requestView")).size(), 1);
    const QVariantMap hints =
        toMap(server.methodCalls(ServerPath, QStringLiteral("requestView")).at(0).at(2));
    QCOMPARE(hints.value(QStringLiteral("title")).toString(), QStringLiteral("Copying to out"));
    QCOMPARE(hints.value(QStringLiteral("destUrl")).toString(),
             QUrl::fromLocalFile(QFile::decodeName(copy.destination)).toString());
    QTRY_VERIFY(
        inhibitors(logind).contains(QStringLiteral("sleep:idle/block/Copying 1 file to out")));
    copy.gate->open();
    QTRY_COMPARE(copy.finished->size(), 1);
    QCOMPARE(readFile(copy.destination + "/big.bin"), readFile(m_scratch->path("big.bin")));
}

void TestDesktop::prepareForSleepPausesAndFlushesFirst()
{
    DBusMock logind(QStringLiteral("logind"), QStringLiteral("org.freedesktop.login1"));
    QString why;
    QVERIFY2(logind.start(&why), qPrintable(why));
    Copy copy = startCopy(false, 4LL * 1024 * 1024);
    QTRY_VERIFY(copy.link->sleepInhibitor()->holdsDelayLock());
    QTRY_VERIFY(copy.link->sleepInhibitor()->holdsBlockLock());
    bool suspendedWhenFlushed = false;
    QStringList locksWhenFlushed;
    connect(copy.link, &Desktop::DesktopJobLink::flushedForSleep, this, [&] {
        suspendedWhenFlushed = copy.job->isSuspended();
        locksWhenFlushed = inhibitors(logind);
    });
    QSignalSpy flushed(copy.link, &Desktop::DesktopJobLink::flushedForSleep);
    logind.emitSignal(LogindPath, LogindInterface, QStringLiteral("PrepareForSleep"),
                      QStringLiteral("b"), {true});
    QTRY_COMPARE(flushed.size(), 1);
    QVERIFY(suspendedWhenFlushed);
    QCOMPARE(locksWhenFlushed,
             QStringList{QStringLiteral("sleep/delay/Pausing the copy to out before sleeping")});
    QTRY_COMPARE(inhibitors(logind), QStringList());
    QVERIFY(copy.job->isSuspended());
    logind.emitSignal(LogindPath, LogindInterface, QStringLiteral("PrepareForSleep"),
                      QStringLiteral("b"), {false});
    QTRY_VERIFY(!copy.job->isSuspended());
    QTRY_VERIFY(copy.link->sleepInhibitor()->holdsDelayLock());
    QTRY_COMPARE_WITH_TIMEOUT(copy.finished->size(), 1, 60000);
    QCOMPARE(copy.finished->at(0).at(0).value<CopyResult>().status, CopyStatus::Succeeded);
    QTRY_COMPARE(inhibitors(logind), QStringList());
}

void TestDesktop::portalInhibitorInSandbox()
{
    // A sandbox is recognised by its info file; the seam names one in the scratch folder.
    const QByteArray info = m_scratch->path("flatpak-info");
    QVERIFY(writeFile(info, "[Application]\nname=io.github.sluicecopy.Sluice\n"));
    qputenv("SLUICE_FLATPAK_INFO", info);
    const auto unset = qScopeGuard([] { qunsetenv("SLUICE_FLATPAK_INFO"); });
    QVERIFY(Desktop::SleepInhibitor::inSandbox());
    DBusMock portal(mockTemplate(QStringLiteral("portal.py")),
                    QStringLiteral("org.freedesktop.portal.Desktop"));
    QString why;
    QVERIFY2(portal.start(&why), qPrintable(why));
    const QString portalPath = QStringLiteral("/org/freedesktop/portal/desktop");
    Copy copy = startCopy(true);
    QVERIFY(copy.gate->waitUntilReached());
    QTRY_VERIFY(copy.link->sleepInhibitor()->holdsBlockLock());
    // Only the block lock: the portal has no delay lock.
    QCOMPARE(portal.methodCalls(portalPath, QStringLiteral("Inhibit")).size(), 1);
    const QVariantList inhibit = portal.methodCalls(portalPath, QStringLiteral("Inhibit")).at(0);
    QCOMPARE(inhibit.at(0).toString(), QString());
    QCOMPARE(inhibit.at(1).toUInt(), 4u | 8u); // suspend | idle
    QCOMPARE(toMap(inhibit.at(2)).value(QStringLiteral("reason")).toString(),
             QStringLiteral("Copying 1 file to out"));
    const QString handle = portalPath + QStringLiteral("/request/mock/inhibit_1");
    QCOMPARE(portal.methodCalls(handle, QStringLiteral("Close")).size(), 0);
    copy.gate->open();
    QTRY_COMPARE(copy.finished->size(), 1);
    QTRY_COMPARE(portal.methodCalls(handle, QStringLiteral("Close")).size(), 1);
    QVERIFY(!copy.link->sleepInhibitor()->holdsBlockLock());
    JobRunner::drainEvents();
    QCOMPARE(portal.methodCalls(portalPath, QStringLiteral("Inhibit")).size(), 1);
}

void TestDesktop::ejectUnmountsLocksThenPowersOff()
{
    DBusMock udisks(mockTemplate(QStringLiteral("udisks2.py")),
                    QStringLiteral("org.freedesktop.UDisks2"),
                    {{QStringLiteral("DeviceNumber"), qint64(deviceOf(m_scratch->path()))},
                     {QStringLiteral("MountPoint"), QStringLiteral("/nonexistent/usb-disk")}});
    QString why;
    QVERIFY2(udisks.start(&why), qPrintable(why));
    Desktop::DriveEjector ejector;
    QSignalSpy finished(&ejector, &Desktop::DriveEjector::finished);
    ejector.eject(m_scratch->path());
    QTRY_COMPARE(finished.size(), 1);
    const auto outcome = finished.at(0).at(0).value<Desktop::EjectOutcome>();
    QVERIFY2(outcome.ejected, qPrintable(outcome.problem));
    QCOMPARE(outcome.driveLabel, QStringLiteral("USB DISK"));
    const QString devices = QStringLiteral("/org/freedesktop/UDisks2/block_devices/");
    QCOMPARE(ejectLog(udisks),
             (QStringList{devices + QStringLiteral("dm_2d0 Unmount"),
                          devices + QStringLiteral("sdb1 Lock"),
                          QStringLiteral("/org/freedesktop/UDisks2/drives/USB_DISK PowerOff")}));
}

void TestDesktop::ejectNamesBusyProcessAndUnmountsNothing()
{
    const QByteArray mount = m_scratch->path("usb-disk");
    QVERIFY(makePath(mount));
    DBusMock udisks(mockTemplate(QStringLiteral("udisks2.py")),
                    QStringLiteral("org.freedesktop.UDisks2"),
                    {{QStringLiteral("DeviceNumber"), qint64(deviceOf(m_scratch->path()))},
                     {QStringLiteral("MountPoint"), QString::fromLocal8Bit(mount)}});
    QString why;
    QVERIFY2(udisks.start(&why), qPrintable(why));
    QProcess holder; // a shell whose working folder is on the "drive"
    holder.setWorkingDirectory(QString::fromLocal8Bit(mount));
    holder.start(QStringLiteral("sleep"), {QStringLiteral("600")});
    QVERIFY(holder.waitForStarted());
    Desktop::DriveEjector ejector;
    QSignalSpy finished(&ejector, &Desktop::DriveEjector::finished);
    ejector.eject(m_scratch->path());
    QTRY_COMPARE(finished.size(), 1);
    holder.kill();
    holder.waitForFinished();
    const auto outcome = finished.at(0).at(0).value<Desktop::EjectOutcome>();
    QVERIFY(!outcome.ejected);
    QVERIFY2(outcome.problem.contains(QStringLiteral("sleep (pid %1)").arg(holder.processId()))
                 || outcome.problem.contains(QStringLiteral("sleep (pid ")),
             qPrintable(outcome.problem));
    QVERIFY2(outcome.problem.contains(QString::fromLocal8Bit(mount)), qPrintable(outcome.problem));
    QCOMPARE(ejectLog(udisks), QStringList());
}

void TestDesktop::ejectNamesProgramRunFromTheDrive()
{
    // A program started from the stick keeps it busy with no open descriptor or working
    // folder there: only /proc/PID/maps (or exe) shows it.
    const QByteArray mount = m_scratch->path("usb-disk");
    QVERIFY(makePath(mount));
    const QString program = QFile::decodeName(mount + "/sleep");
    QVERIFY(QFile::copy(QStringLiteral("/bin/sleep"), program));
    QVERIFY(QFile::setPermissions(program, QFile::ReadOwner | QFile::ExeOwner));
    DBusMock udisks(mockTemplate(QStringLiteral("udisks2.py")),
                    QStringLiteral("org.freedesktop.UDisks2"),
                    {{QStringLiteral("DeviceNumber"), qint64(deviceOf(m_scratch->path()))},
                     {QStringLiteral("MountPoint"), QString::fromLocal8Bit(mount)}});
    QString why;
    QVERIFY2(udisks.start(&why), qPrintable(why));
    QProcess holder;
    holder.setWorkingDirectory(QString::fromLocal8Bit(m_scratch->path()));
    holder.start(program, {QStringLiteral("600")});
    QVERIFY(holder.waitForStarted());
    const auto stop = qScopeGuard([&] {
        holder.kill();
        holder.waitForFinished();
    });
    Desktop::DriveEjector ejector;
    QSignalSpy finished(&ejector, &Desktop::DriveEjector::finished);
    ejector.eject(m_scratch->path());
    QTRY_COMPARE(finished.size(), 1);
    const auto outcome = finished.at(0).at(0).value<Desktop::EjectOutcome>();
    QVERIFY(!outcome.ejected);
    QVERIFY2(outcome.problem.contains(QStringLiteral("sleep (pid %1)").arg(holder.processId())),
             qPrintable(outcome.problem));
    QCOMPARE(ejectLog(udisks), QStringList());
}

void TestDesktop::probeFindsRemovableDrive()
{
    DBusMock udisks(mockTemplate(QStringLiteral("udisks2.py")),
                    QStringLiteral("org.freedesktop.UDisks2"),
                    {{QStringLiteral("DeviceNumber"), qint64(deviceOf(m_scratch->path()))},
                     {QStringLiteral("MountPoint"), QStringLiteral("/nonexistent/usb-disk")}});
    QString why;
    QVERIFY2(udisks.start(&why), qPrintable(why));
    Desktop::DriveEjector ejector;
    QSignalSpy found(&ejector, &Desktop::DriveEjector::driveFound);
    ejector.probe(m_scratch->path());
    QTRY_COMPARE(found.size(), 1);
    const auto drive = found.at(0).at(0).value<Desktop::DriveInfo>();
    QVERIFY(drive.found);
    QVERIFY(drive.removable);
    QCOMPARE(drive.label, QStringLiteral("USB DISK"));
    QCOMPARE(drive.drivePath, QStringLiteral("/org/freedesktop/UDisks2/drives/USB_DISK"));
    QCOMPARE(ejectLog(udisks), QStringList());
}

void TestDesktop::ejectDetachesLoopDevice()
{
    DBusMock udisks(mockTemplate(QStringLiteral("udisks2.py")),
                    QStringLiteral("org.freedesktop.UDisks2"),
                    {{QStringLiteral("DeviceNumber"), qint64(deviceOf(m_scratch->path()))},
                     {QStringLiteral("MountPoint"), QStringLiteral("/nonexistent/image")},
                     {QStringLiteral("Loop"), true}});
    QString why;
    QVERIFY2(udisks.start(&why), qPrintable(why));
    Desktop::DriveEjector ejector;
    QSignalSpy found(&ejector, &Desktop::DriveEjector::driveFound);
    ejector.probe(m_scratch->path());
    QTRY_COMPARE(found.size(), 1);
    const auto drive = found.at(0).at(0).value<Desktop::DriveInfo>();
    QVERIFY(drive.found && drive.removable && drive.loopDevice);
    QCOMPARE(drive.label, QStringLiteral("IMAGE"));
    QSignalSpy finished(&ejector, &Desktop::DriveEjector::finished);
    ejector.eject(m_scratch->path());
    QTRY_COMPARE(finished.size(), 1);
    const auto outcome = finished.at(0).at(0).value<Desktop::EjectOutcome>();
    QVERIFY2(outcome.ejected, qPrintable(outcome.problem));
    const QString loop = QStringLiteral("/org/freedesktop/UDisks2/block_devices/loop0");
    QCOMPARE(ejectLog(udisks),
             (QStringList{loop + QStringLiteral(" Unmount"), loop + QStringLiteral(" Delete")}));
}

/// Runs @p program with @p arguments (deadline 30 s); its exit code, or -1.
static int run(const QString &program, const QStringList &arguments, QByteArray *output = nullptr)
{
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(program, arguments);
    if (!process.waitForFinished(30000)) {
        process.kill();
        process.waitForFinished();
        return -1;
    }
    if (output)
        *output = process.readAll().trimmed();
    return process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
}

static bool mounted(const QByteArray &mountPoint)
{
    QFile mounts(QStringLiteral("/proc/self/mountinfo"));
    if (!mounts.open(QIODevice::ReadOnly))
        return false;
    return mounts.readAll().contains(" " + mountPoint + " ");
}

void TestDesktop::realUdisksdEjectsLoopDevice()
{
    const QString udisksd = QStringLiteral("/usr/libexec/udisks2/udisksd");
    if (::geteuid() != 0)
        QSKIP("needs root: loop devices and mounts");
    if (!QFileInfo::exists(udisksd))
        QSKIP("udisksd is not installed (udisks2: scripts/install-deps.sh test)");
    // A system bus of the test's own, where udisksd (as root) may own its name.
    const QByteArray config = m_scratch->path("system-bus.conf");
    QVERIFY(writeFile(config, "<busconfig><type>system</type><listen>unix:path="
                                  + m_scratch->path("system_bus_socket")
                                  + "</listen><auth>EXTERNAL</auth>"
                                    "<policy context=\"default\"><allow user=\"*\"/>"
                                    "<allow own=\"*\"/><allow send_destination=\"*\"/>"
                                    "<allow receive_sender=\"*\"/></policy></busconfig>\n"));
    DBusTestBus systemBus;
    QString why;
    QVERIFY2(systemBus.startWithConfig(QString::fromLocal8Bit(config), &why), qPrintable(why));
    const QDBusConnection bus =
        QDBusConnection::connectToBus(systemBus.address(), QStringLiteral("udisks-system-bus"));
    const auto disconnect = qScopeGuard(
        [] { QDBusConnection::disconnectFromBus(QStringLiteral("udisks-system-bus")); });
    QVERIFY(bus.isConnected());
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("DBUS_SYSTEM_BUS_ADDRESS"), systemBus.address());
    QProcess daemon;
    daemon.setProcessEnvironment(environment);
    daemon.setProcessChannelMode(QProcess::MergedChannels);
    daemon.start(udisksd, {QStringLiteral("--no-sigint"), QStringLiteral("--disable-modules")});
    QVERIFY2(daemon.waitForStarted(), qPrintable(daemon.errorString()));
    const auto stopDaemon = qScopeGuard([&] {
        daemon.terminate();
        if (!daemon.waitForFinished(5000))
            daemon.kill();
        daemon.waitForFinished();
    });
    QTRY_VERIFY2_WITH_TIMEOUT(
        bus.interface()->isServiceRegistered(QStringLiteral("org.freedesktop.UDisks2")).value()
            || daemon.state() == QProcess::NotRunning,
        "udisksd took its name", 10000);
    QVERIFY2(daemon.state() == QProcess::Running, daemon.readAll().constData());

    // An ext4 image on a loop device, mounted in the scratch folder.
    const QByteArray image = m_scratch->path("disk.img");
    const QByteArray mountPoint = m_scratch->path("mnt");
    QVERIFY(makePath(mountPoint));
    QByteArray output;
    QCOMPARE(run(QStringLiteral("truncate"),
                 {QStringLiteral("-s"), QStringLiteral("32M"), QString::fromLocal8Bit(image)}),
             0);
    QVERIFY2(run(QStringLiteral("mkfs.ext4"),
                 {QStringLiteral("-q"), QStringLiteral("-F"), QStringLiteral("-L"),
                  QStringLiteral("SLUICE"), QString::fromLocal8Bit(image)},
                 &output)
                 == 0,
             output.constData());
    QByteArray device;
    if (run(QStringLiteral("losetup"),
            {QStringLiteral("--find"), QStringLiteral("--show"), QString::fromLocal8Bit(image)},
            &device)
        != 0)
        QSKIP(qPrintable(QStringLiteral("no loop device: ") + QString::fromLocal8Bit(device)));
    const auto detach = qScopeGuard([&] {
        if (mounted(mountPoint))
            run(QStringLiteral("umount"), {QString::fromLocal8Bit(mountPoint)});
        run(QStringLiteral("losetup"), {QStringLiteral("-d"), QString::fromLocal8Bit(device)});
    });
    QVERIFY2(run(QStringLiteral("mount"),
                 {QString::fromLocal8Bit(device), QString::fromLocal8Bit(mountPoint)}, &output)
                 == 0,
             output.constData());

    // udisksd learns of block devices from udev: without it, the loop device never shows.
    const QString blockPath = QStringLiteral("/org/freedesktop/UDisks2/block_devices/")
                              + QFileInfo(QString::fromLocal8Bit(device)).fileName();
    const auto exported = [&] {
        QDBusMessage get = QDBusMessage::createMethodCall(
            QStringLiteral("org.freedesktop.UDisks2"), blockPath,
            QStringLiteral("org.freedesktop.DBus.Properties"), QStringLiteral("Get"));
        get << QStringLiteral("org.freedesktop.UDisks2.Block") << QStringLiteral("Device");
        return bus.call(get, QDBus::Block, 2000).type() == QDBusMessage::ReplyMessage;
    };
    if (!QTest::qWaitFor(exported, 5000)) {
        if (!QFileInfo::exists(QStringLiteral("/run/udev")))
            QSKIP("udisksd cannot see block devices: no udev (/run/udev missing)");
        QFAIL(qPrintable(QStringLiteral("udisksd did not export %1 within 5 s").arg(blockPath)));
    }

    const QByteArray source = m_scratch->path("small.txt");
    QVERIFY(writeFile(source, "data\n"));
    int exitCode = -1;
    const QString errors = runCli({QStringLiteral("--eject"), QString::fromLocal8Bit(source),
                                   QString::fromLocal8Bit(mountPoint)},
                                  &exitCode, environment);
    QVERIFY2(exitCode == 0, qPrintable(errors));
    QVERIFY2(errors.contains(QStringLiteral("“SLUICE” can be safely unplugged")),
             qPrintable(errors));
    QVERIFY(!mounted(mountPoint));
    QVERIFY(!QFileInfo::exists(QStringLiteral("/sys/block/%1/loop/backing_file")
                                   .arg(QFileInfo(QString::fromLocal8Bit(device)).fileName())));
}

QString TestDesktop::runCli(const QStringList &arguments, int *exitCode,
                            const QProcessEnvironment &environment)
{
    QProcess cli;
    cli.setProcessEnvironment(environment);
    cli.start(QStringLiteral(SLUICE_CLI_PATH), arguments);
    // The event loop keeps running meanwhile.
    if (!QTest::qWaitFor([&] { return cli.state() == QProcess::NotRunning; }, 120000)) {
        cli.kill(); // reported as -1 below
        cli.waitForFinished();
    }
    *exitCode = cli.exitStatus() == QProcess::NormalExit ? cli.exitCode() : -1;
    return QString::fromLocal8Bit(cli.readAllStandardError());
}

void TestDesktop::cliDesktopProgressUsesJobView()
{
    DBusMock server(mockTemplate(QStringLiteral("jobviewserver.py")),
                    QStringLiteral("org.kde.JobViewServer"));
    QString why;
    QVERIFY2(server.start(&why), qPrintable(why));
    const QByteArray source = m_scratch->path("big.bin");
    QVERIFY(writePatternFile(source, FileSize));
    int exitCode = -1;
    runCli({QString::fromLocal8Bit(source), QString::fromLocal8Bit(m_scratch->path("plain.bin"))},
           &exitCode);
    QCOMPARE(exitCode, 0);
    QCOMPARE(server.methodCalls(ServerPath, QStringLiteral("requestView")).size(), 0);
    const QString errors =
        runCli({QStringLiteral("--desktop-progress"), QString::fromLocal8Bit(source),
                QString::fromLocal8Bit(m_scratch->path("shown.bin"))},
               &exitCode);
    QVERIFY2(exitCode == 0, qPrintable(errors));
    QTRY_COMPARE(server.methodCalls(ServerPath, QStringLiteral("requestView")).size(), 1);
    QTRY_COMPARE(server.methodCalls(FirstView, QStringLiteral("terminate")).size(), 1);
    QCOMPARE(server.methodCalls(FirstView, QStringLiteral("terminate")).at(0).at(0).toUInt(), 0u);
}

void TestDesktop::cliEjectsOnlyAfterSuccess()
{
    DBusMock udisks(mockTemplate(QStringLiteral("udisks2.py")),
                    QStringLiteral("org.freedesktop.UDisks2"),
                    {{QStringLiteral("DeviceNumber"), qint64(deviceOf(m_scratch->path()))},
                     {QStringLiteral("MountPoint"), QStringLiteral("/nonexistent/usb-disk")}});
    QString why;
    QVERIFY2(udisks.start(&why), qPrintable(why));
    const QByteArray source = m_scratch->path("small.txt");
    QVERIFY(writeFile(source, "data\n"));
    const QByteArray destination = m_scratch->path("out");
    QVERIFY(makePath(destination));
    int exitCode = -1;
    QString errors = runCli({QStringLiteral("--eject"), QString::fromLocal8Bit(source),
                             QString::fromLocal8Bit(m_scratch->path("missing")),
                             QString::fromLocal8Bit(destination)},
                            &exitCode);
    QVERIFY(exitCode != 0);
    QVERIFY2(errors.contains(QStringLiteral("not ejected")), qPrintable(errors));
    QCOMPARE(ejectLog(udisks), QStringList());
    errors = runCli({QStringLiteral("--eject"), QString::fromLocal8Bit(source),
                     QString::fromLocal8Bit(destination)},
                    &exitCode);
    QVERIFY2(exitCode == 0, qPrintable(errors));
    QVERIFY2(errors.contains(QStringLiteral("“USB DISK” can be safely unplugged")),
             qPrintable(errors));
    QCOMPARE(ejectLog(udisks).size(), 3);
    QVERIFY(ejectLog(udisks).last().endsWith(QStringLiteral("USB_DISK PowerOff")));
    QCOMPARE(readFile(destination + "/small.txt"), QByteArray("data\n"));
}

void TestDesktop::cliEjectOntoFixedDriveSaysOneLine()
{
    // The destination is on no drive UDisks2 knows as removable: one line says so.
    DBusMock udisks(mockTemplate(QStringLiteral("udisks2.py")),
                    QStringLiteral("org.freedesktop.UDisks2"),
                    {{QStringLiteral("DeviceNumber"), qint64(deviceOf(m_scratch->path())) + 1},
                     {QStringLiteral("MountPoint"), QStringLiteral("/nonexistent/usb-disk")}});
    QString why;
    QVERIFY2(udisks.start(&why), qPrintable(why));
    const QByteArray source = m_scratch->path("small.txt");
    QVERIFY(writeFile(source, "data\n"));
    const QByteArray destination = m_scratch->path("out");
    QVERIFY(makePath(destination));
    int exitCode = -1;
    const QString errors =
        runCli({QStringLiteral("--quiet"), QStringLiteral("--eject"),
                QString::fromLocal8Bit(source), QString::fromLocal8Bit(destination)},
               &exitCode);
    QCOMPARE(exitCode, 3);
    QCOMPARE(errors, QStringLiteral("sluice-cli: the drive was not ejected: The destination is "
                                    "not on a drive that can be ejected.\n"));
    QCOMPARE(ejectLog(udisks), QStringList());
    QCOMPARE(readFile(destination + "/small.txt"), QByteArray("data\n"));
}

void TestDesktop::cliStoppedByCtrlZHoldsNoLock()
{
    // A stopped process runs no event loop: it must let go of its locks before it stops.
    DBusMock logind(QStringLiteral("logind"), QStringLiteral("org.freedesktop.login1"));
    QString why;
    QVERIFY2(logind.start(&why), qPrintable(why));
    const QByteArray source = m_scratch->path("big.bin");
    QVERIFY(writePatternFile(source, FileSize));
    QProcess cli;
    // A group of its own whose parent (this test) is in the same session: the kernel
    // discards SIGTSTP's stop in an orphaned process group (as under some test runners),
    // and the copy would rightly go on holding its locks.
    cli.setChildProcessModifier([] { ::setpgid(0, 0); });
    cli.start(QStringLiteral(SLUICE_CLI_PATH),
              {QStringLiteral("--desktop-progress"), QStringLiteral("--progress"),
               QStringLiteral("none"), QStringLiteral("--limit"), QStringLiteral("1M"),
               QString::fromLocal8Bit(source),
               QString::fromLocal8Bit(m_scratch->path("copy.bin"))});
    QVERIFY(cli.waitForStarted());
    const auto stop = qScopeGuard([&] {
        ::kill(pid_t(cli.processId()), SIGCONT);
        cli.kill();
        cli.waitForFinished();
    });
    const pid_t pid = pid_t(cli.processId());
    const QStringList moving{
        QStringLiteral("sleep/delay/Pausing the copy to copy.bin before sleeping"),
        QStringLiteral("sleep:idle/block/Copying 1 file to copy.bin")};
    QTRY_COMPARE_WITH_TIMEOUT(inhibitors(logind), moving, 20000);
    QCOMPARE(::kill(pid, SIGTSTP), 0);
    QTRY_COMPARE(processState(pid), 'T'); // stopped
    QTRY_COMPARE(inhibitors(logind), QStringList());
    QCOMPARE(::kill(pid, SIGCONT), 0);
    QTRY_COMPARE(inhibitors(logind), moving);
    QCOMPARE(::kill(pid, SIGTERM), 0);
    QVERIFY(cli.waitForFinished(20000));
    QCOMPARE(cli.exitCode(), 130);
    QTRY_COMPARE(inhibitors(logind), QStringList());
}

void TestDesktop::cliCopiesWhenTheBusHangs()
{
    // A bus daemon that accepts connections and never answers (stopped, or wedged): QtDBus
    // alone would wait for it forever, before the first byte is copied, deaf to SIGTERM.
    const QByteArray socketPath = m_scratch->path("hung-bus");
    const int listening = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    QVERIFY(listening >= 0);
    const auto closeSocket = qScopeGuard([&] { ::close(listening); });
    sockaddr_un address = {};
    address.sun_family = AF_UNIX;
    QVERIFY(size_t(socketPath.size()) < sizeof(address.sun_path));
    std::memcpy(address.sun_path, socketPath.constData(), size_t(socketPath.size()));
    QCOMPARE(::bind(listening, reinterpret_cast<const sockaddr *>(&address), sizeof(address)), 0);
    QCOMPARE(::listen(listening, 8), 0); // connections complete in the backlog, unanswered
    const QByteArray source = m_scratch->path("small.txt");
    QVERIFY(writeFile(source, "data\n"));
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    const QString busAddress = QStringLiteral("unix:path=") + QFile::decodeName(socketPath);
    environment.insert(QStringLiteral("DBUS_SESSION_BUS_ADDRESS"), busAddress);
    environment.insert(QStringLiteral("DBUS_SYSTEM_BUS_ADDRESS"), busAddress);
    QProcess cli;
    cli.setProcessEnvironment(environment);
    cli.start(QStringLiteral(SLUICE_CLI_PATH),
              {QStringLiteral("--desktop-progress"), QStringLiteral("--progress"),
               QStringLiteral("none"), QString::fromLocal8Bit(source),
               QString::fromLocal8Bit(m_scratch->path("copy.txt"))});
    QVERIFY2(cli.waitForFinished(30000), "sluice-cli waits for a bus that does not answer");
    const QString errors = QString::fromLocal8Bit(cli.readAllStandardError());
    QVERIFY2(cli.exitStatus() == QProcess::NormalExit && cli.exitCode() == 0, qPrintable(errors));
    QCOMPARE(readFile(m_scratch->path("copy.txt")), QByteArray("data\n"));
    QCOMPARE(errors.count(QStringLiteral("sluice.desktop:")), 1);
    QVERIFY2(errors.contains(QStringLiteral("the session bus is not available")),
             qPrintable(errors));
}

QTEST_GUILESS_MAIN(TestDesktop)
#include "tst_desktop.moc"
