#pragma once

// Helpers shared by the window tests: isolated settings and widgets by objectName. (The gate
// that holds the writer mid-copy is the suites' shared WriterGate, the user folders of the
// test's own are UserFolders, both tests/support.)

#include "userfolders.h"

#include <QCoreApplication>
#include <QLocale>
#include <QObject>
#include <QSettings>
#include <QString>

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

} // namespace UiTest
