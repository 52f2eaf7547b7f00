#pragma once

#include "questiondialog.h"

namespace Sluice::Ui {

/// Lists what the checks before copying found (QuestionKind::Preflight: not enough space,
/// names or sizes the destination cannot store, pseudo-files…) before anything is written,
/// and lets the person copy anyway or cancel. Closing it cancels. GUI thread.
class PreflightDialog final : public QuestionDialog
{
    Q_OBJECT
public:
    PreflightDialog(const CopyQuestion &question, QWidget *parent);
    Q_DISABLE_COPY_MOVE(PreflightDialog)

protected:
    QuestionAnswer dismissAnswer() const override;
};

} // namespace Sluice::Ui
