#pragma once

// Helpers shared by the window tests: isolated settings and widgets by objectName. (The gate
// that holds the writer mid-copy is the suites' shared WriterGate, the user folders of the
// test's own are UserFolders, both tests/support.)

#include "userfolders.h"

#include <QApplication>
#include <QByteArray>
#include <QCoreApplication>
#include <QList>
#include <QLocale>
#include <QObject>
#include <QPushButton>
#include <QSettings>
#include <QString>
#include <QStringList>
#include <QTest>

namespace UiTest {

/// Gives this test process its own settings and job journal, never the person's (user
/// folders in a temporary folder of its own, UserFolders::isolate(): parallel tests, and two
/// registrations of one binary, share nothing), empties the settings, and makes jobs fast:
/// durability "none" (the flush path has its own tests in core). Numbers are formatted in US
/// English whatever the machine's locale, so that expected texts are exact.
inline void isolateSettings(const QString &binaryName)
{
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    UserFolders::isolate();
    QCoreApplication::setOrganizationName(QStringLiteral("sluice-test"));
    QCoreApplication::setApplicationName(binaryName);
    QSettings settings;
    settings.clear();
    settings.setValue(QStringLiteral("copy/durability"), QStringLiteral("none"));
    settings.sync();
}

/// The child of @p root named @p name, or nullptr.
template<typename Widget>
Widget *find(const QObject *root, const char *name)
{
    return root->findChild<Widget *>(QString::fromLatin1(name));
}

/// What a person does to start a copy in @p window (a MainWindow; a template, so that this
/// header needs no mainwindow.h): shows it, adds @p sources to its list, types @p destination
/// and clicks Copy once it can be clicked. False when the window is not exposed or Copy does
/// not become enabled within 5 s (QTRY_VERIFY's time). Watch MainWindow::jobFinished before.
template<typename Window>
bool startCopy(Window &window, const QList<QByteArray> &sources, const QByteArray &destination)
{
    window.show();
    if (!QTest::qWaitForWindowExposed(&window))
        return false;
    window.sourceModel()->addPaths(sources);
    window.destinationField()->setPath(destination);
    auto *copy = find<QPushButton>(&window, "copyButton");
    if (!copy || !QTest::qWaitFor([copy] { return copy->isEnabled(); }, 5000))
        return false;
    QTest::mouseClick(copy, Qt::LeftButton);
    return true;
}

/// The objectName of the named widget that holds the keyboard focus (the focus widget or
/// its nearest named parent: a combo box's line edit counts as the combo), or an empty string.
inline QString focusedName()
{
    QWidget *widget = QApplication::focusWidget();
    while (widget && widget->objectName().isEmpty())
        widget = widget->parentWidget();
    return widget ? widget->objectName() : QString();
}

/// The window's Tab stops after the source list, down to Copy, as Tab visits them when no
/// source is selected and no job runs (Remove, Pause, Skip and Cancel are disabled then).
inline QStringList upperTabStops()
{
    return {
        QStringLiteral("addFilesButton"),
        QStringLiteral("addFolderButton"),
        QStringLiteral("clearSourcesButton"),
        QStringLiteral("leaveOutEdit"),
        QStringLiteral("leaveOutChoices"),
        QStringLiteral("destinationCombo"),
        QStringLiteral("chooseDestinationButton"),
        QStringLiteral("speedLimitSpin"),
        QStringLiteral("settingsButton"),
        QStringLiteral("moveButton"),
        QStringLiteral("copyButton"),
    };
}

} // namespace UiTest
