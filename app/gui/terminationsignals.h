#pragma once

#include <QObject>

class QSocketNotifier;

namespace Sluice::Ui {

/// Turns SIGTERM, SIGINT and SIGHUP (logout, `kill`, Ctrl+C in a terminal) into a Qt signal
/// on the GUI thread: the handler only writes the signal number to a self-pipe
/// (async-signal-safe), a QSocketNotifier reads it in the event loop. The handler puts the
/// default action back, so a second signal ends the process at once (the part file then
/// stays; the next copy into the same folder removes it). One instance per process.
class TerminationSignals final : public QObject
{
    Q_OBJECT
public:
    explicit TerminationSignals(QObject *parent = nullptr);
    ~TerminationSignals() override;
    Q_DISABLE_COPY_MOVE(TerminationSignals)

    /// False when the pipe could not be made; the signals then keep their default action.
    bool isInstalled() const { return m_notifier != nullptr; }

Q_SIGNALS:
    /// @p signalNumber arrived (SIGTERM, SIGINT or SIGHUP).
    void received(int signalNumber);

private:
    void onReadable();

    QSocketNotifier *m_notifier = nullptr;
};

} // namespace Sluice::Ui
