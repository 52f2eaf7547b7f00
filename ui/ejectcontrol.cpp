#include "ejectcontrol.h"

#include "driveejector.h"

#include <QCheckBox>

namespace Sluice::Ui {

EjectControl::EjectControl(QWidget *parent)
    : QObject(parent)
    , m_check(new QCheckBox(tr("E&ject the drive when done"), parent))
    , m_prober(new Desktop::DriveEjector(this))
    , m_ejector(new Desktop::DriveEjector(this))
{
    m_check->setObjectName(QStringLiteral("ejectCheck"));
    m_check->setToolTip(tr("When everything is copied and on the drive, unmount it and power "
                           "it off, so that it can be unplugged"));
    m_check->setVisible(false);
    connect(m_prober, &Desktop::DriveEjector::driveFound, this, &EjectControl::onDriveFound);
    connect(m_ejector, &Desktop::DriveEjector::finished, this, &EjectControl::onEjected);
}

EjectControl::~EjectControl() = default;

void EjectControl::setDestination(const QByteArray &path)
{
    m_destination = path;
    if (path.isEmpty()) {
        onDriveFound({});
        return;
    }
    m_prober->probe(path);
}

void EjectControl::onDriveFound(const Desktop::DriveInfo &info)
{
    // Only the answer about the latest destination counts: one probe per keystroke, and
    // their answers may come in any order.
    if (info.destination != m_destination)
        return;
    m_offered = info.found && info.removable;
    m_label = info.label;
    m_check->setVisible(m_offered);
    if (m_offered && !info.label.isEmpty())
        m_check->setText(tr("E&ject “%1” when done").arg(info.label));
    else
        m_check->setText(tr("E&ject the drive when done"));
}

void EjectControl::jobFinished(const CopyResult &result, const QByteArray &destination)
{
    const bool complete = result.status == CopyStatus::Succeeded
                          || result.status == CopyStatus::CompletedWithWarnings;
    if (!m_offered || !m_check->isChecked())
        return;
    if (!complete) {
        Q_EMIT reported(tr("The drive was not ejected: the copy did not complete."));
        return;
    }
    eject(destination);
}

void EjectControl::eject(const QByteArray &destination)
{
    m_ejector->eject(destination);
}

void EjectControl::onEjected(const Desktop::EjectOutcome &outcome)
{
    if (outcome.ejected) {
        m_offered = false;
        m_check->setVisible(false);
        Q_EMIT reported(tr("“%1” can be safely unplugged.").arg(outcome.driveLabel));
    } else {
        Q_EMIT reported(outcome.problem);
    }
}

} // namespace Sluice::Ui
