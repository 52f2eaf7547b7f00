#pragma once

#include <QByteArray>

namespace Sluice {

/// The suffix that marks Sluice's temporary files (DESIGN.md: ".<name>.sluice-part").
inline constexpr char PartFileSuffix[] = ".sluice-part";

/// The hidden sibling a file is written to before it is renamed onto @p finalName:
/// ".<finalName>.sluice-part". Names that would exceed NAME_MAX (255 bytes) are shortened
/// and made unique again with a hash of the full name.
QByteArray partFileName(const QByteArray &finalName);

/// True for names made by partFileName().
bool isPartFileName(const QByteArray &name);

/// Deletes part files left in the folder @p directoryFd by an interrupted run (a crash, a
/// kill -9, a power cut), reporting each as a warning in @p issues. A part file that a
/// running copy still holds (it keeps an exclusive flock(2) on its part file) is left
/// alone. With @p dryRun nothing is deleted; the warnings say what would be. Returns the
/// number found.
int removeStalePartFiles(int directoryFd, const QByteArray &directoryPath, bool dryRun,
                         class IssueLog &issues);

/// Removes a part file on every early exit: unlinkat(2) of @p name in @p directoryFd when
/// destroyed, unless commit() was called after the rename onto the final name succeeded.
/// Not thread-safe; lives on the stack of the thread copying the file.
class PartFileGuard final
{
public:
    PartFileGuard(int directoryFd, QByteArray name)
        : m_directoryFd(directoryFd)
        , m_name(std::move(name))
    {}
    ~PartFileGuard() { removeNow(); }
    PartFileGuard(const PartFileGuard &) = delete;
    PartFileGuard &operator=(const PartFileGuard &) = delete;

    /// The part file now has its final name: nothing to remove.
    void commit() { m_armed = false; }
    /// Removes the part file at once (idempotent).
    void removeNow();
    const QByteArray &name() const { return m_name; }

private:
    int m_directoryFd;
    QByteArray m_name;
    bool m_armed = true;
};

} // namespace Sluice
