#pragma once

#include "copyoptions.h"

#include <QDialog>

class QComboBox;

namespace Sluice::Ui {

/// "Copy again…": asks what to do with names that exist this time (the collision policy),
/// preselecting @p current's next sensible choice (Overwrite after Skip or Ask). Non-modal:
/// open() it and read policy() on accepted(). GUI thread.
class CopyAgainDialog final : public QDialog
{
    Q_OBJECT
public:
    CopyAgainDialog(CollisionPolicy current, QWidget *parent = nullptr);
    Q_DISABLE_COPY_MOVE(CopyAgainDialog)

    CollisionPolicy policy() const;

private:
    QComboBox *m_policy;
};

} // namespace Sluice::Ui
