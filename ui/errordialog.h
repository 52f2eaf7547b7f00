#pragma once

#include "questiondialog.h"

namespace Sluice::Ui {

/// Asks what to do after an item failed (QuestionKind::Error): shows the path, the operation
/// and the cause, and offers Retry, Skip, Skip all and Abort. Closing it without a choice
/// skips the item. GUI thread.
class ErrorDialog final : public QuestionDialog
{
    Q_OBJECT
public:
    ErrorDialog(const CopyQuestion &question, QWidget *parent);
    Q_DISABLE_COPY_MOVE(ErrorDialog)

protected:
    QuestionAnswer dismissAnswer() const override;
};

} // namespace Sluice::Ui
