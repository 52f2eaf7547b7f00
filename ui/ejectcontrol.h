#pragma once

#include "copyresult.h"

#include <QByteArray>
#include <QObject>

class QCheckBox;
class QWidget;

namespace Sluice::Desktop {
class DriveEjector;
struct DriveInfo;
struct EjectOutcome;
} // namespace Sluice::Desktop

namespace Sluice::Ui {

/// The window's "Eject the drive when done" check box: shown only while the destination
/// folder is on a removable drive (asked of UDisks2 whenever the destination changes, see
/// Desktop::DriveEjector), and after a job that copied everything it ejects that drive.
/// A failed or cancelled job never ejects. GUI thread.
class EjectControl final : public QObject
{
    Q_OBJECT
public:
    /// The check box is created as a child of @p parent (objectName "ejectCheck"), hidden.
    explicit EjectControl(QWidget *parent);
    ~EjectControl() override;
    Q_DISABLE_COPY_MOVE(EjectControl)

    QCheckBox *checkBox() const { return m_check; }
    /// The destination folder changed: looks up its drive.
    void setDestination(const QByteArray &path);
    /// True while the destination is on a removable drive (the check box is offered).
    bool isOffered() const { return m_offered; }
    /// The drive's label ("USB DISK"), while offered.
    QString driveLabel() const { return m_label; }
    /// A job into @p destination ended: ejects when checked and @p result copied everything.
    void jobFinished(const Sluice::CopyResult &result, const QByteArray &destination);
    /// Ejects the drive of @p destination now (the notification's "Eject").
    void eject(const QByteArray &destination);

Q_SIGNALS:
    /// What became of an eject, for the window's notice bar: "“USB DISK” can be safely
    /// unplugged", or what stopped it.
    void reported(const QString &message);

private:
    void onDriveFound(const Sluice::Desktop::DriveInfo &info);
    void onEjected(const Sluice::Desktop::EjectOutcome &outcome);

    QCheckBox *m_check;
    Desktop::DriveEjector *m_prober;
    Desktop::DriveEjector *m_ejector;
    QByteArray m_destination; ///< the latest destination: only its probe's answer counts
    bool m_offered = false;
    QString m_label;
};

} // namespace Sluice::Ui
