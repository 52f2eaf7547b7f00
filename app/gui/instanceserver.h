#pragma once

#include "launcharguments.h"

#include <QObject>

class QLocalServer;
class QLocalSocket;

namespace Sluice::Ui {

/// The single-instance channel (QLocalServer/QLocalSocket): the first `sluice` listens on a
/// per-user socket; a later start sends its LaunchRequest there and exits, so the sources
/// land in the window already open. Frames are a quint32 length and an encoded request;
/// the server answers one byte when it accepted. The socket is user-only
/// (QLocalServer::UserAccessOption). GUI thread.
class InstanceServer final : public QObject
{
    Q_OBJECT
public:
    /// @p name: a socket name or absolute path, see defaultName().
    explicit InstanceServer(const QString &name, QObject *parent = nullptr);
    ~InstanceServer() override;
    Q_DISABLE_COPY_MOVE(InstanceServer)

    /// Starts listening. A stale socket left by a crashed instance is removed; returns false
    /// when another instance answers on the name (or listening fails).
    bool listen();
    /// Stops listening and removes the socket file (only when this instance listens).
    void close();
    QString name() const { return m_name; }

    /// $XDG_RUNTIME_DIR/io.github.sluicecopy.Sluice.socket, or a name with the user id in
    /// the temporary folder when there is no runtime directory.
    static QString defaultName();
    /// Client side: hands @p request to the instance listening on @p name. Blocks up to
    /// @p timeoutMs (called from main() before any window exists). True when accepted.
    static bool sendToRunning(const QString &name, const LaunchRequest &request,
                              int timeoutMs = 3000);

Q_SIGNALS:
    /// Another start of `sluice` sent @p request.
    void requestReceived(const Sluice::Ui::LaunchRequest &request);

private:
    void onNewConnection();
    void onReadyRead(QLocalSocket *socket);

    QString m_name;
    QLocalServer *m_server;
};

} // namespace Sluice::Ui
