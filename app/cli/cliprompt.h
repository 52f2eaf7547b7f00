#pragma once

#include "copyquestion.h"

#include <functional>
#include <optional>

namespace Sluice::Cli {

/// The signals a prompt listens for while it waits for input: the read end of the process's
/// signal self-pipe and what to do when a signal arrived.
struct PromptSignals
{
    int fd = -1; ///< readable when a signal arrived; -1: the prompt waits for input only
    /// Called on the main thread when @p fd is readable. Returns true to ask again (after
    /// Ctrl+Z and `fg`: the question is printed again and read anew), false to give up
    /// asking (a termination signal: the job is being cancelled or stopped).
    std::function<bool()> handle;
    /// Called every @p tickMs while the prompt waits (JSON progress goes on meanwhile).
    std::function<void()> tick;
    int tickMs = -1;
};

/// Asks @p question on the terminal (stderr for the text, stdin for the answer) and returns
/// the decision. Blocks the main thread while the person types; the copy is waiting for
/// the answer anyway. End of input counts as Abort. While waiting it also watches
/// @p signals, so that Ctrl+Z (SIGTSTP) and Ctrl+C are handled at once rather than after
/// the answer; returns no answer when their handler gave up asking. stdin is read with
/// read(2) and poll(2), not stdio, so that no typed line waits unseen in a stdio buffer.
/// A process in the background of its terminal (tcgetpgrp(3) is not its process group,
/// after Ctrl+Z and `bg`) neither prints the question nor reads: it stops with SIGTTIN as
/// job control expects of a background job reading its terminal (termios(3), credentials(7)),
/// and prints the question once when it is continued in the foreground.
std::optional<QuestionAnswer> promptForAnswer(const CopyQuestion &question,
                                              const PromptSignals &signals = {});

} // namespace Sluice::Cli
