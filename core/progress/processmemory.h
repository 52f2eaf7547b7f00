#pragma once

#include <QtGlobal>

namespace Sluice {

/// This process's resident set size in bytes: the second field of /proc/self/statm times
/// the page size (proc(5)). Returns 0 if /proc is not mounted. Thread-safe.
qint64 residentSetBytes();

/// The system's dirty page cache plus pages under write-back, in bytes: "Dirty:" +
/// "Writeback:" of /proc/meminfo (proc(5), values in KiB). Returns 0 if unreadable.
qint64 systemDirtyBytes();

} // namespace Sluice
