#pragma once

// Helpers shared by the window tests: isolated settings and widgets by objectName. (The gate
// that holds the writer mid-copy is the suites' shared WriterGate, tests/support.)

#include <QCoreApplication>
#include <QLocale>
#include <QObject>
#include <QSettings>
#include <QStandardPaths>
#include <QString>

namespace UiTest {

/// Gives this test binary its own QSettings file (test mode, a per-binary application
/// name, so parallel tests do not share it), empties it, and makes jobs fast: durability
/// "none" (the flush path has its own tests in core). Numbers are formatted in US English
/// whatever the machine's locale, so that expected texts are exact.
inline void isolateSettings(const QString &binaryName)
{
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    QStandardPaths::setTestModeEnabled(true);
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
