// An idle window sleeps: after a finished copy, the GUI thread has exactly the timers and
// running animations it had before the first one (none), so it does not wake up on its own.
// Counted from the event dispatcher's registered timers of every object in the window
// (QTimer, QBasicTimer, startTimer()) and the running animations parented to them (style
// animations), not by waiting.

#include "destinationfield.h"
#include "jobrunner.h"
#include "mainwindow.h"
#include "sourcelistmodel.h"
#include "testtree.h"
#include "uitest.h"
#include "writergate.h"

#include <QAbstractAnimation>
#include <QAbstractEventDispatcher>
#include <QApplication>
#include <QComboBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>

using namespace Sluice;
using namespace Sluice::Ui;

namespace {

// "objectName (class): interval ms" for every timer or running animation in @p root's tree.
QStringList wakeUpSources(const QObject *root)
{
    QStringList sources;
    QList<QObject *> objects = root->findChildren<QObject *>();
    objects.prepend(const_cast<QObject *>(root));
    const QAbstractEventDispatcher *dispatcher = QAbstractEventDispatcher::instance();
    for (QObject *object : std::as_const(objects)) {
        const QString name = QStringLiteral("%1 (%2)").arg(
            object->objectName(), QString::fromLatin1(object->metaObject()->className()));
        for (const QAbstractEventDispatcher::TimerInfo &timer :
             dispatcher->registeredTimers(object))
            sources.append(QStringLiteral("%1: timer %2 ms").arg(name).arg(timer.interval));
        if (const auto *animation = qobject_cast<const QAbstractAnimation *>(object);
            animation && animation->state() == QAbstractAnimation::Running)
            sources.append(QStringLiteral("%1: animation").arg(name));
    }
    sources.sort();
    return sources;
}

} // namespace

class TestIdle final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void finishedCopyLeavesNoTimerRunning_data();
    void finishedCopyLeavesNoTimerRunning();
};

void TestIdle::initTestCase()
{
    UiTest::isolateSettings(QStringLiteral("tst_idle"));
}

void TestIdle::finishedCopyLeavesNoTimerRunning_data()
{
    QTest::addColumn<bool>("keyboard");
    // The mouse on Copy: the button takes the focus and is disabled while the job runs.
    QTest::newRow("mouse") << false;
    // Ctrl+Return in the destination field, which is disabled while the job runs.
    QTest::newRow("keyboard") << true;
}

void TestIdle::finishedCopyLeavesNoTimerRunning()
{
    QFETCH(bool, keyboard);
    Scratch scratch;
    QVERIFY(TestTree::makePath(scratch.path("src")));
    QVERIFY(TestTree::makePath(scratch.path("out")));
    QVERIFY(TestTree::writePatternFile(scratch.path("src/big"), 24 * MiB, 1));
    for (int i = 0; i < 20; ++i)
        QVERIFY(TestTree::writePatternFile(scratch.path("src/small-" + QByteArray::number(i)),
                                           1000 + i, i));
    MainWindow window;
    // Holds the job so that its state can be looked at; declared after the window, so that
    // it opens before the window (and the job in it) goes away.
    WriterGate gate(8 * MiB, "big");
    window.setIoHooks(gate.hooks());
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    window.sourceModel()->addPaths({scratch.path("src")});
    window.destinationField()->setPath(scratch.path("out"));
    auto *copy = UiTest::find<QPushButton>(&window, "copyButton");
    QTRY_VERIFY(copy->isEnabled());
    auto *destination = window.destinationField()->comboBox();
    if (keyboard)
        destination->setFocus();
    JobRunner::drainEvents();
    QWidget *focusBefore = QApplication::focusWidget();
    QVERIFY(focusBefore);
    // Only the caret of the field that has the focus blinks, once the one-shot timers of
    // setting things up (a combo box's 20 ms size adjustment) have fired.
    const QStringList caret =
        keyboard ? QStringList{QStringLiteral(" (QWidgetLineControl): timer 500 ms")}
                 : QStringList();
    QTRY_VERIFY2_WITH_TIMEOUT(wakeUpSources(&window) == caret,
                              qPrintable(wakeUpSources(&window).join(u'\n')), 5000);
    const QStringList before = wakeUpSources(&window);

    QSignalSpy finished(&window, &MainWindow::jobFinished);
    if (keyboard)
        QTest::keyClick(focusBefore, Qt::Key_Return, Qt::ControlModifier);
    else
        QTest::mouseClick(copy, Qt::LeftButton);
    QVERIFY(gate.waitUntilReached());
    // The keyboard keeps a place that can act on the job.
    QCOMPARE(QApplication::focusWidget(), UiTest::find<QWidget>(&window, "pauseButton"));
    gate.open();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 120000);
    QCOMPARE(finished.first().first().value<CopyResult>().status, CopyStatus::Succeeded);
    JobRunner::drainEvents();
    // Back where it was when the job started: the field, or the Copy button that was clicked
    // (still enabled: the sources stay in the list after a copy).
    QCOMPARE(QApplication::focusWidget(),
             keyboard ? static_cast<QWidget *>(destination) : static_cast<QWidget *>(copy));
    const QStringList after = wakeUpSources(&window);
    QVERIFY2(after == before, qPrintable(after.join(u'\n')));
}

QTEST_MAIN(TestIdle)
#include "tst_idle.moc"
