#include "copyagaindialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace Sluice::Ui {

CopyAgainDialog::CopyAgainDialog(CollisionPolicy current, QWidget *parent)
    : QDialog(parent)
    , m_policy(new QComboBox(this))
{
    setObjectName(QStringLiteral("copyAgainDialog"));
    setWindowTitle(tr("Copy again"));
    m_policy->setObjectName(QStringLiteral("collisionPolicyBox"));
    m_policy->addItem(tr("Ask"), int(CollisionPolicy::Ask));
    m_policy->addItem(tr("Overwrite"), int(CollisionPolicy::Overwrite));
    m_policy->addItem(tr("Skip"), int(CollisionPolicy::Skip));
    m_policy->addItem(tr("Rename the copy (“name (2).ext”)"), int(CollisionPolicy::Rename));
    m_policy->addItem(tr("Overwrite if newer"), int(CollisionPolicy::Newer));
    const CollisionPolicy proposed =
        current == CollisionPolicy::Skip || current == CollisionPolicy::Ask
            ? CollisionPolicy::Overwrite
            : current;
    m_policy->setCurrentIndex(m_policy->findData(int(proposed)));

    auto *intro = new QLabel(tr("The same sources are copied into the same folder again."), this);
    intro->setWordWrap(true);
    auto *form = new QFormLayout;
    form->addRow(tr("&When a name exists:"), m_policy);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    //: Starts the copy again. Its mnemonic differs from the Cancel button's, which the
    //: platform theme may give one of its own (GTK: "&Cancel", Alt+C).
    QPushButton *start = buttons->addButton(tr("Co&py"), QDialogButtonBox::AcceptRole);
    start->setObjectName(QStringLiteral("copyAgainStartButton"));
    start->setDefault(true);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

CollisionPolicy CopyAgainDialog::policy() const
{
    return CollisionPolicy(m_policy->currentData().toInt());
}

} // namespace Sluice::Ui
