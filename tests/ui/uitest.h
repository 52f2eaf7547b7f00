#pragma once

// Helpers shared by the window tests: isolated settings, widgets by objectName, and a gate
// that holds the writer at a chosen offset (the IoHooks::beforeWrite seam) so that a test
// reaches the middle of a copy deterministically, without sleeps.

#include <QCoreApplication>
#include <QLocale>
#include <QObject>
#include <QSettings>
#include <QStandardPaths>
#include <QString>

#include <condition_variable>
#include <mutex>

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

/// Holds the writer before the first write at or past @p holdAt until open() is called.
/// Thread-safe: beforeWrite() runs on the copying thread.
class Gate
{
public:
    explicit Gate(qint64 holdAt)
        : m_holdAt(holdAt)
    {}
    ~Gate() { open(); }
    Gate(const Gate &) = delete;
    Gate &operator=(const Gate &) = delete;

    int beforeWrite(qint64 offset)
    {
        std::unique_lock lock(m_mutex);
        if (offset >= m_holdAt && !m_open) {
            m_reached = true;
            m_changed.wait(lock, [this] { return m_open; });
        }
        return 0;
    }
    bool reached()
    {
        std::lock_guard lock(m_mutex);
        return m_reached;
    }
    void open()
    {
        std::lock_guard lock(m_mutex);
        m_open = true;
        m_changed.notify_all();
    }

private:
    qint64 m_holdAt;
    std::mutex m_mutex;
    std::condition_variable m_changed;
    bool m_reached = false;
    bool m_open = false;
};

} // namespace UiTest
