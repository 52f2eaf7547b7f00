#pragma once

#include "engine.h"

namespace Sluice {

class ChunkReader;
struct EngineContext;

/// The `stream` engine (DESIGN.md, "Transfer"): user-space buffers from the job's ChunkPool,
/// so that per-byte work (checksums, the speed limit) can see the data.
namespace StreamEngine {

/// Big files: the ChunkReader thread reads ahead while this (the worker) thread writes, with
/// at most queueDepth chunks in flight. Holes of sparse sources are skipped on the read
/// side and left unwritten here; the part file gets its final size with ftruncate(2).
/// Pause, cancel and skip are observed between chunks; on any early exit the reader is
/// stopped and every chunk returned to the pool before this returns.
DataOutcome copyPipelined(EngineContext &job, ChunkReader &reader, const DataTransfer &transfer);

/// Small files, on a small-file worker thread: the same loop without a second thread,
/// borrowing one chunk from the pool for the duration of the file.
DataOutcome copyInline(EngineContext &job, const DataTransfer &transfer);

} // namespace StreamEngine

} // namespace Sluice
