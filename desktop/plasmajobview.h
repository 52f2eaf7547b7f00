#pragma once

#include <QDBusMessage>
#include <QDBusObjectPath>
#include <QDBusPendingCall>
#include <QObject>
#include <QVariantMap>

#include <optional>

class QDBusServiceWatcher;

namespace Sluice::Desktop {

/// One job in Plasma's job view (the notification area's "file transfers"), spoken to over
/// the session bus: org.kde.JobViewServerV2.requestView on service org.kde.JobViewServer,
/// object /JobViewServer, then update() and terminate() on the returned org.kde.JobViewV3
/// object (the interfaces KJobWidgets' KUiServerV2JobTracker uses; no KDE library is
/// linked). Every call is asynchronous; without the service nothing happens beyond one log
/// line (noteUnavailable). When the service's owner changes (plasmashell restarted) a job
/// that has not terminated registers again. GUI (or main) thread.
class PlasmaJobView final : public QObject
{
    Q_OBJECT
public:
    /// KJob::Capability values of requestView's capabilities argument.
    enum Capability : int { Killable = 0x1, Suspendable = 0x2 };
    /// terminate() error codes, as KJob uses them: 0 success, 1 killed (cancelled), and
    /// KJob::UserDefinedError for a failure described by the message.
    enum ErrorCode : uint { NoError = 0, KilledJobError = 1, UserDefinedError = 100 };

    /// How long requestView's answer is awaited. A plasmashell busy at login can take
    /// seconds; the call blocks nothing, and giving up earlier left the view it granted
    /// later showing a job that never ends.
    static constexpr int RequestViewTimeoutMs = 25000;

    explicit PlasmaJobView(QObject *parent = nullptr);
    ~PlasmaJobView() override;
    Q_DISABLE_COPY_MOVE(PlasmaJobView)

    /// Asks for a view with @p capabilities (Capability flags) and the first @p properties
    /// (the keys update() takes). Call once.
    void start(int capabilities, const QVariantMap &properties);
    /// Merges @p properties into the view's state and sends them: "title", "infoMessage"
    /// (QString), "percent" (uint), "speed" (qulonglong bytes/s), "processedBytes",
    /// "totalBytes", "processedFiles", "totalFiles" (qulonglong), "destUrl" (QString,
    /// file://...), "suspended" (bool). Before the view exists the state is kept and sent
    /// when it does. The caller limits the rate (a few per second).
    void update(const QVariantMap &properties);
    /// Ends the view with @p errorCode (ErrorCode) and @p errorMessage. Later calls do nothing.
    void terminate(uint errorCode, const QString &errorMessage);

    /// True while a view is registered (the job shows in Plasma).
    bool isInUse() const { return !m_viewPath.path().isEmpty(); }
    /// True once requestView has been answered (with a view or an error).
    bool isDecided() const { return m_decided; }

Q_SIGNALS:
    /// The person pressed the view's stop, pause or resume button.
    void cancelRequested();
    void suspendRequested();
    void resumeRequested();
    /// requestView was answered: @p inUse tells whether the job now shows in Plasma.
    void availabilityChanged(bool inUse);

private Q_SLOTS:
    void onCancelRequested() { Q_EMIT cancelRequested(); }
    void onSuspendRequested() { Q_EMIT suspendRequested(); }
    void onResumeRequested() { Q_EMIT resumeRequested(); }

private:
    void requestView();
    void onViewReply(const QDBusMessage &reply);
    void onServerOwnerChanged(const QString &newOwner);
    void connectViewSignals(bool connect);
    void sendToView(const QString &method, const QVariantList &arguments);

    /// A view granted after this object is gone is ended by a watcher of this call.
    void endLateView() const;

    QDBusServiceWatcher *m_serverWatcher = nullptr;
    std::optional<QDBusPendingCall> m_request; ///< requestView while m_requesting
    int m_capabilities = 0;
    QVariantMap m_state;
    QString m_viewOwner; ///< unique bus name of the process holding the view
    QDBusObjectPath m_viewPath;
    bool m_requesting = false;
    bool m_decided = false;
    bool m_terminated = false;
    uint m_errorCode = NoError;
    QString m_errorMessage;
};

} // namespace Sluice::Desktop
