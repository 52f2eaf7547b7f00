// The window on top of the job journal (issue 12): interrupted copies are offered at start
// (Resume or discard each, as queue rows), "Stop, resume later" keeps a running job's part
// file for a resume, and quitting with queued jobs keeps them for the next start. Real jobs,
// a real journal in a temporary XDG_STATE_HOME, WriterGates to stop mid-file.

#include "copyjob.h"
#include "destinationfield.h"
#include "formatting.h"
#include "jobjournal.h"
#include "jobqueue.h"
#include "jobrunner.h"
#include "launchrequest.h"
#include "mainwindow.h"
#include "noticebar.h"
#include "queuepanel.h"
#include "sourcelistmodel.h"
#include "testtree.h"
#include "uitest.h"
#include "writergate.h"

#include <QDir>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Sluice;
using namespace Sluice::Ui;

namespace {

QStringList entriesIn(const QByteArray &folder)
{
    return QDir(QFile::decodeName(folder))
        .entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden);
}

} // namespace

class TestWindowResume final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void interruptedJobsAreOfferedAtStart();
    void stopResumeLaterKeepsWhatWasCopied();
    void quittingKeepsQueuedJobsForTheNextStart();

private:
    /// A job copying big<n> into out<n>, stopped resumably mid-file; its journal id.
    QString interruptedJob(int n);
    void openWindow();
    QString notices() const;
    JobQueue *queue() const { return m_window->queue(); }
    QueuePanel *panel() const { return UiTest::find<QueuePanel>(m_window.get(), "queueGroup"); }
    QPushButton *panelButton(const char *name) const
    {
        return UiTest::find<QPushButton>(panel(), name);
    }

    QTemporaryDir m_state;
    QTemporaryDir m_runtime;
    std::unique_ptr<Scratch> m_scratch;
    std::vector<std::unique_ptr<WriterGate>> m_gates;
    std::unique_ptr<MainWindow> m_window;
};

void TestWindowResume::initTestCase()
{
    UiTest::isolateSettings(QStringLiteral("tst_windowresume"));
    QSettings().setValue(QStringLiteral("copy/smallJobBytes"), 0);
    QVERIFY(m_state.isValid() && m_runtime.isValid());
    QVERIFY(QFile::setPermissions(m_runtime.path(),
                                  QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
    qputenv("XDG_RUNTIME_DIR", QFile::encodeName(m_runtime.path()));
}

void TestWindowResume::init()
{
    // A journal of its own per test function.
    const QString state = m_state.filePath(QString::fromLatin1(QTest::currentTestFunction()));
    QVERIFY(QDir().mkpath(state));
    qputenv("XDG_STATE_HOME", QFile::encodeName(state));
    QSettings().remove(QStringLiteral("queue"));
    m_scratch = std::make_unique<Scratch>();
    for (int n = 1; n <= 3; ++n) {
        const QByteArray name = "big" + QByteArray::number(n);
        QVERIFY(TestTree::writePatternFile(m_scratch->path(name), 8 * MiB, quint32(n)));
        QVERIFY(TestTree::makePath(m_scratch->path("out" + QByteArray::number(n))));
    }
}

void TestWindowResume::cleanup()
{
    for (const auto &gate : m_gates)
        gate->open();
    m_window.reset();
    m_gates.clear();
    m_scratch.reset();
}

QString TestWindowResume::interruptedJob(int n)
{
    const QByteArray number = QByteArray::number(n);
    WriterGate gate(2 * MiB, "out" + number + "/big" + number);
    CopyOptions options;
    options.durability = Durability::None;
    CopyJob job(CopyRequest{{m_scratch->path("big" + number)}, m_scratch->path("out" + number)},
                options);
    job.setIoHooks(gate.hooks());
    QSignalSpy finished(&job, &CopyJob::finished);
    job.start();
    if (!gate.waitUntilReached())
        return {};
    job.stopResumable();
    gate.open();
    if (!finished.wait(60000))
        return {};
    const auto result = finished.first().first().value<CopyResult>();
    return result.status == CopyStatus::Stopped ? result.journalId : QString();
}

void TestWindowResume::openWindow()
{
    m_window = std::make_unique<MainWindow>();
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

QString TestWindowResume::notices() const
{
    QStringList texts;
    for (const QLabel *label : m_window->findChild<NoticeBar *>()->findChildren<QLabel *>())
        texts << label->text();
    return texts.join(QLatin1Char('\n'));
}

void TestWindowResume::interruptedJobsAreOfferedAtStart()
{
    const QString first = interruptedJob(1);
    const QString second = interruptedJob(2);
    QVERIFY(!first.isEmpty() && !second.isEmpty());
    const QList<InterruptedJob> entries = JobJournal::interrupted();
    QCOMPARE(entries.size(), 2);
    qint64 left = 0;
    qint64 total = 0;
    for (const InterruptedJob &entry : entries) {
        left += entry.totalBytes - entry.doneBytes;
        total += entry.totalBytes;
    }
    QCOMPARE(total, 16 * MiB);
    QVERIFY(!entriesIn(m_scratch->path("out2")).isEmpty()); // the part file in flight

    openWindow();
    QTRY_COMPARE(queue()->rowCount(), 2);
    for (const QueuedJob &job : queue()->jobs())
        QCOMPARE(job.state, JobState::Interrupted);
    QVERIFY(panel()->isVisible());
    QTRY_VERIFY2(notices().contains(QStringLiteral("2 copies were interrupted: %1 of %2 left.")
                                        .arg(Format::size(left), Format::size(total))),
                 qPrintable(notices()));
    QVERIFY(!m_window->isBusy()); // offered, not started

    // Resume the first: it runs to the end, and its entry is gone.
    const quint64 resumed = queue()->jobs().at(queue()->jobs().at(0).journalId == first ? 0 : 1).id;
    const quint64 discarded = resumed == queue()->idAt(0) ? queue()->idAt(1) : queue()->idAt(0);
    panel()->selectJob(resumed);
    QCOMPARE(panelButton("pauseJobButton")->text(), QStringLiteral("Resume job"));
    QSignalSpy finished(m_window.get(), &MainWindow::jobFinished);
    QTest::mouseClick(panelButton("pauseJobButton"), Qt::LeftButton);
    QVERIFY(finished.wait(60000));
    QCOMPARE(finished.first().first().value<CopyResult>().status, CopyStatus::Succeeded);
    QCOMPARE(TestTree::readFile(m_scratch->path("out1/big1")),
             TestTree::readFile(m_scratch->path("big1")));
    QCOMPARE(entriesIn(m_scratch->path("out1")), QStringList{QStringLiteral("big1")});

    // Discard the second with Remove: the entry and its part file go.
    panel()->selectJob(discarded);
    QTest::mouseClick(panelButton("removeJobButton"), Qt::LeftButton);
    // Asked first, "Keep it" the default: nothing is discarded until the person says so.
    QMessageBox *box = nullptr;
    QTRY_VERIFY((box = m_window->findChild<QMessageBox *>(QStringLiteral("discardInterruptedBox")))
                != nullptr);
    QCOMPARE(box->defaultButton()->objectName(), QStringLiteral("keepInterruptedButton"));
    QCOMPARE(queue()->rowOf(discarded) >= 0, true);
    QCOMPARE(JobJournal::interrupted().size(), 1);
    box->findChild<QPushButton *>(QStringLiteral("discardInterruptedButton"))->click();
    QTRY_COMPARE(queue()->rowOf(discarded), -1);
    QVERIFY(JobJournal::interrupted().isEmpty());
    QCOMPARE(entriesIn(m_scratch->path("out2")), QStringList());
}

void TestWindowResume::stopResumeLaterKeepsWhatWasCopied()
{
    openWindow();
    m_gates.push_back(std::make_unique<WriterGate>(2 * MiB, "out1/big1"));
    WriterGate &gate = *m_gates.back();
    m_window->setIoHooks(gate.hooks());
    m_window->sourceModel()->addPaths({m_scratch->path("big1")});
    m_window->destinationField()->setPath(m_scratch->path("out1"));
    QSignalSpy finished(m_window.get(), &MainWindow::jobFinished);
    QTest::mouseClick(UiTest::find<QPushButton>(m_window.get(), "copyButton"), Qt::LeftButton);
    QVERIFY(gate.waitUntilReached());
    const quint64 id = queue()->idAt(0);
    QCOMPARE(panel()->currentJob(), id); // the running job is the one shown
    QVERIFY(panelButton("stopForLaterButton")->isEnabled());
    QTest::mouseClick(panelButton("stopForLaterButton"), Qt::LeftButton);
    gate.open();
    QVERIFY(finished.wait(60000));
    QCOMPARE(finished.first().first().value<CopyResult>().status, CopyStatus::Stopped);
    QCOMPARE(queue()->job(id)->state, JobState::Interrupted);
    QVERIFY(!m_window->isBusy());
    const QList<InterruptedJob> entries = JobJournal::interrupted();
    QCOMPARE(entries.size(), 1);
    QCOMPARE(entries.first().id, queue()->job(id)->journalId);
    // Not the final name, but the part file is there.
    QVERIFY(!QFile::exists(QFile::decodeName(m_scratch->path("out1/big1"))));
    QCOMPARE(entriesIn(m_scratch->path("out1")).size(), 1);

    m_window->setIoHooks({});
    QTest::mouseClick(panelButton("pauseJobButton"), Qt::LeftButton); // "Resume job"
    QVERIFY(finished.wait(60000));
    QCOMPARE(finished.at(1).first().value<CopyResult>().status, CopyStatus::Succeeded);
    QCOMPARE(queue()->job(id)->state, JobState::Finished);
    QCOMPARE(TestTree::readFile(m_scratch->path("out1/big1")),
             TestTree::readFile(m_scratch->path("big1")));
    QCOMPARE(entriesIn(m_scratch->path("out1")), QStringList{QStringLiteral("big1")});
    QVERIFY(JobJournal::interrupted().isEmpty());
}

void TestWindowResume::quittingKeepsQueuedJobsForTheNextStart()
{
    openWindow();
    m_gates.push_back(std::make_unique<WriterGate>(2 * MiB, "out1/big1"));
    WriterGate &gate = *m_gates.back();
    m_window->setIoHooks(gate.hooks());
    m_window->sourceModel()->addPaths({m_scratch->path("big1")});
    m_window->destinationField()->setPath(m_scratch->path("out1"));
    QTest::mouseClick(UiTest::find<QPushButton>(m_window.get(), "copyButton"), Qt::LeftButton);
    QVERIFY(gate.waitUntilReached());
    for (const QByteArray &n : {QByteArray("2"), QByteArray("3")})
        m_window->applyLaunchRequest(
            LaunchRequest{{m_scratch->path("big" + n)}, m_scratch->path("out" + n), true});
    QCOMPARE(queue()->waitingCount(), 2);

    m_window->close();
    QMessageBox *box = nullptr;
    QTRY_VERIFY((box = UiTest::find<QMessageBox>(m_window.get(), "closeWhileCopyingBox")));
    QTest::mouseClick(box->findChild<QPushButton *>(QStringLiteral("cancelAndCloseButton")),
                      Qt::LeftButton);
    gate.open();
    QTRY_VERIFY_WITH_TIMEOUT((box = UiTest::find<QMessageBox>(m_window.get(), "keepQueuedBox")),
                             60000);
    QCOMPARE(box->text(), QStringLiteral("Keep the 2 queued jobs for the next start?"));
    QVERIFY(m_window->isVisible());
    QCOMPARE(queue()->startedCount(), 0); // nothing else started meanwhile
    QTest::mouseClick(box->findChild<QPushButton *>(QStringLiteral("keepQueuedButton")),
                      Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!m_window->isVisible(), 30000);

    const QList<InterruptedJob> kept = JobJournal::interrupted();
    QCOMPARE(kept.size(), 2);
    QList<QByteArray> sources;
    for (const InterruptedJob &entry : kept) {
        QVERIFY(entry.neverStarted);
        sources += entry.request.sources;
    }
    std::sort(sources.begin(), sources.end());
    QCOMPARE(sources, (QList<QByteArray>{m_scratch->path("big2"), m_scratch->path("big3")}));
    QCOMPARE(entriesIn(m_scratch->path("out2")), QStringList());
    QCOMPARE(entriesIn(m_scratch->path("out1")), QStringList()); // cancelled: part file removed

    // The next start offers them.
    m_window.reset();
    openWindow();
    QTRY_COMPARE(queue()->rowCount(), 3); // the cancelled job (history) and the two kept
    int interrupted = 0;
    for (const QueuedJob &job : queue()->jobs())
        interrupted += job.state == JobState::Interrupted ? 1 : 0;
    QCOMPARE(interrupted, 2);
    QTRY_VERIFY2(notices().contains(QStringLiteral("2 copies were kept for later")),
                 qPrintable(notices()));
}

QTEST_MAIN(TestWindowResume)
#include "tst_windowresume.moc"
