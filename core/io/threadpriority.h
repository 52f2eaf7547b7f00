#pragma once

namespace Sluice {

/// How much lower than the process's main (GUI) thread the copying threads run: their nice
/// value is the main thread's plus this, at most 19 (setpriority(2)). Measured in
/// bench/run.sh's "GUI latency" section; see docs/design-notes.md.
inline constexpr int CopyThreadNiceOffset = 10;

/// The nice value the copying threads get: the process's (main thread's) nice value plus
/// CopyThreadNiceOffset, at most 19.
int copyThreadNice();

/// Lowers the CPU priority of the calling thread only, so that a copy never makes the window
/// (whose thread keeps the process's priority) or the rest of the desktop stutter: scheduling
/// policy SCHED_BATCH (sched(7): treated as CPU-bound, no wake-up preference) and nice
/// copyThreadNice(). On Linux both calls, given the thread id (gettid(2)), act on one thread,
/// not the process (setpriority(2) NOTES, sched_setscheduler(2)). Threads the caller starts
/// later inherit both. Lowering needs no privilege; a failure (a seccomp filter, say) is
/// logged and the thread runs on at its old priority. Returns true when both took effect.
/// Call it first thing in the worker, reader, small-file and scan threads.
bool lowerCurrentThreadPriority();

} // namespace Sluice
