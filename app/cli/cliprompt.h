#pragma once

#include "copyquestion.h"

namespace Sluice::Cli {

/// Asks @p question on the terminal (stderr for the text, stdin for the answer) and returns
/// the decision. Blocks the main thread while the person types; the copy is waiting for
/// the answer anyway. End of input counts as Abort.
QuestionAnswer promptForAnswer(const CopyQuestion &question);

} // namespace Sluice::Cli
