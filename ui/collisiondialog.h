#pragma once

#include "questiondialog.h"

class QCheckBox;
class QLineEdit;
class QPushButton;

namespace Sluice::Ui {

/// Asks what to do when the destination name exists (QuestionKind::Collision). Shows both
/// files (size, modification time, which is newer) and offers Overwrite, Overwrite if newer,
/// Skip, Rename (an editable suggested name), Cancel copy, and "Apply to all". Closing it
/// without a choice skips this item. GUI thread.
class CollisionDialog final : public QuestionDialog
{
    Q_OBJECT
public:
    CollisionDialog(const CopyQuestion &question, QWidget *parent);
    Q_DISABLE_COPY_MOVE(CollisionDialog)

protected:
    QuestionAnswer dismissAnswer() const override;

private:
    bool applyToAll() const;
    QByteArray chosenName() const;

    QLineEdit *m_renameEdit;
    QPushButton *m_rename;
    QCheckBox *m_applyToAll;
};

} // namespace Sluice::Ui
