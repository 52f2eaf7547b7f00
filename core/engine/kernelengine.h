#pragma once

#include "engine.h"

namespace Sluice {

struct EngineContext;

/// The `kernel` engine: copy_file_range(2) in steps of one chunk, so the data never enters
/// user space, yet pause, cancel, skip, the speed limit and progress keep working between
/// steps. Holes of sparse sources are kept with SEEK_DATA / SEEK_HOLE. A zero return is
/// trusted as end of file only once the offset has reached the size fstat(2) reported;
/// otherwise one byte is read with pread(2) to tell a real end from a file system that does
/// not implement the call for this file (copy_file_range(2), BUGS: /proc and /sys files
/// once copied as empty). Any error falls back to the `stream` engine at the current offset,
/// which then reports a persistent failure on the side (read or write) where it happens;
/// unsupported-call errors are remembered in UnsupportedEngines for the pair of file systems.
namespace KernelEngine {
DataOutcome copy(EngineContext &job, const DataTransfer &transfer, dev_t sourceDevice,
                 dev_t destinationDevice);
}

/// The `reflink` engine: ioctl(FICLONE) shares the source's extents with the part file, so
/// no data moves (ioctl_ficlone(2)). Only from offset 0. Failure falls back.
namespace ReflinkEngine {
DataOutcome copy(EngineContext &job, const DataTransfer &transfer, dev_t sourceDevice,
                 dev_t destinationDevice);
}

} // namespace Sluice
