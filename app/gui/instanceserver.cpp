#include "instanceserver.h"

#include <QDataStream>
#include <QLocalServer>
#include <QLocalSocket>
#include <QVariant>

#include <unistd.h>

namespace Sluice::Ui {

namespace {

constexpr char AcceptedReply = 'K';
constexpr quint32 MaxFrameBytes = 16 * 1024 * 1024;
constexpr int StaleCheckMs = 500;
const char BufferProperty[] = "sluiceFrame";

QByteArray frame(const QByteArray &payload)
{
    QByteArray data;
    QDataStream stream(&data, QIODevice::WriteOnly);
    stream << quint32(payload.size());
    data.append(payload);
    return data;
}

} // namespace

InstanceServer::InstanceServer(const QString &name, QObject *parent)
    : QObject(parent)
    , m_name(name)
    , m_server(new QLocalServer(this))
{
    qRegisterMetaType<Sluice::Ui::LaunchRequest>();
    m_server->setSocketOptions(QLocalServer::UserAccessOption);
    connect(m_server, &QLocalServer::newConnection, this, &InstanceServer::onNewConnection);
}

InstanceServer::~InstanceServer() = default;

QString InstanceServer::defaultName()
{
    const QString runtime = qEnvironmentVariable("XDG_RUNTIME_DIR");
    if (!runtime.isEmpty())
        return runtime + QStringLiteral("/io.github.sluicecopy.Sluice.socket");
    return QStringLiteral("io.github.sluicecopy.Sluice-%1").arg(::getuid());
}

bool InstanceServer::listen()
{
    // Ask first: with socket options set, QLocalServer binds in a private folder and renames
    // the socket into place, which would silently take the name from a live instance.
    QLocalSocket probe;
    probe.connectToServer(m_name);
    if (probe.waitForConnected(StaleCheckMs))
        return false;                   // someone is alive there
    QLocalServer::removeServer(m_name); // a socket file left by an instance that crashed
    return m_server->listen(m_name);
}

void InstanceServer::close()
{
    if (m_server->isListening())
        m_server->close(); // removes the socket file
}

bool InstanceServer::sendToRunning(const QString &name, const LaunchRequest &request, int timeoutMs)
{
    QLocalSocket socket;
    socket.connectToServer(name);
    if (!socket.waitForConnected(timeoutMs))
        return false;
    socket.write(frame(encodeLaunchRequest(request)));
    if (!socket.waitForBytesWritten(timeoutMs))
        return false;
    while (socket.bytesAvailable() < 1) {
        if (!socket.waitForReadyRead(timeoutMs))
            return false;
    }
    char reply = 0;
    return socket.getChar(&reply) && reply == AcceptedReply;
}

void InstanceServer::onNewConnection()
{
    while (QLocalSocket *socket = m_server->nextPendingConnection()) {
        connect(socket, &QLocalSocket::disconnected, socket, &QObject::deleteLater);
        connect(socket, &QLocalSocket::readyRead, this, [this, socket] { onReadyRead(socket); });
        if (socket->bytesAvailable() > 0)
            onReadyRead(socket);
    }
}

void InstanceServer::onReadyRead(QLocalSocket *socket)
{
    QByteArray buffer = socket->property(BufferProperty).toByteArray() + socket->readAll();
    socket->setProperty(BufferProperty, buffer);
    if (buffer.size() < qsizetype(sizeof(quint32)))
        return;
    quint32 length = 0;
    QDataStream(buffer) >> length;
    if (length > MaxFrameBytes) {
        socket->abort();
        return;
    }
    constexpr qsizetype HeaderBytes = sizeof(quint32);
    if (buffer.size() < HeaderBytes + qsizetype(length))
        return;
    const auto request = decodeLaunchRequest(buffer.mid(sizeof(quint32), length));
    socket->setProperty(BufferProperty, QVariant());
    if (!request) {
        socket->abort();
        return;
    }
    socket->putChar(AcceptedReply);
    socket->flush();
    socket->disconnectFromServer();
    Q_EMIT requestReceived(*request);
}

} // namespace Sluice::Ui
