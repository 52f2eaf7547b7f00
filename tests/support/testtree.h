#pragma once

#include <QByteArray>
#include <QStringList>

#include <sys/types.h>

/// Helpers for tests that build real trees on real file systems and compare them byte for
/// byte. Paths are native bytes, as in core/. Every helper QVERIFY-fails loudly through a
/// returned bool or the list of differences it returns; none of them sleeps.
namespace TestTree {

/// Writes @p size bytes of a deterministic pattern derived from @p seed (so that different
/// files differ and a shifted copy is caught). Returns false on any I/O error.
bool writePatternFile(const QByteArray &path, qint64 size, quint32 seed = 1);

/// Writes @p data exactly.
bool writeFile(const QByteArray &path, const QByteArray &data);

/// Reads a whole (small) file; for test fixtures only.
QByteArray readFile(const QByteArray &path);

/// Creates a sparse file of @p size bytes with @p markers written at the given offsets
/// (each marker is the 8-byte little-endian offset itself).
bool writeSparseFile(const QByteArray &path, qint64 size, const QList<qint64> &markers);

/// mkdir -p.
bool makePath(const QByteArray &path, mode_t mode = 0755);

/// Allocated bytes (st_blocks × 512) of @p path, or -1.
qint64 allocatedBytes(const QByteArray &path);

/// Compares two trees entry by entry without following symlinks: same names (bytes),
/// same types, same regular-file contents (read block by block), same symlink targets,
/// same device numbers, and, when asked, the same permission bits and modification times
/// (nanoseconds). Returns one line per difference; empty when identical.
struct CompareOptions
{
    bool modes = true;
    bool mtimes = true;
    bool owners = false;
};
QStringList compareTrees(const QByteArray &expected, const QByteArray &actual,
                         CompareOptions options = {});

/// Every path below @p root whose name ends in ".sluice-part" (leftovers).
QList<QByteArray> findPartFiles(const QByteArray &root);

/// rm -rf with native names (QDir::removeRecursively() cannot delete names that are not
/// UTF-8); folders without permissions are opened up first.
void removeTree(const QByteArray &root);

/// Number of entries below @p root (not counting it).
qint64 countEntries(const QByteArray &root);

/// The state letter of /proc/PID/stat (proc(5)): 'T' stopped by a signal, 'S' sleeping,
/// 'R' running; '?' when it cannot be read.
char processState(pid_t pid);

/// How often the thread named @p threadName (its comm, proc(5): at most 15 bytes) of process
/// @p pid went to sleep of its own accord so far: voluntary_ctxt_switches of
/// /proc/PID/task/TID/status. A thread that sleeps between timer ticks wakes, and sleeps
/// again, once per tick: this counts its ticks from outside. -1 when there is no such thread.
qint64 threadSleeps(pid_t pid, const QByteArray &threadName);

} // namespace TestTree
