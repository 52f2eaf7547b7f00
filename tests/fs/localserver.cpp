#include "localserver.h"

#include "testmount.h"

#include <QFile>
#include <QStringList>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/statfs.h>
#include <unistd.h>

namespace LocalServer {

namespace {
constexpr long FuseMagic = 0x65735546;
} // namespace

quint16 freePort()
{
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return 0;
    sockaddr_in address = {};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    quint16 port = 0;
    if (::bind(fd, reinterpret_cast<sockaddr *>(&address), sizeof address) == 0
        && ::getsockname(fd, reinterpret_cast<sockaddr *>(&address), &length) == 0)
        port = ntohs(address.sin_port);
    ::close(fd);
    return port;
}

bool accepts(quint16 port)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return false;
    sockaddr_in address = {};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    address.sin_port = htons(port);
    const bool ok = ::connect(fd, reinterpret_cast<sockaddr *>(&address), sizeof address) == 0;
    ::close(fd);
    return ok;
}

bool isFuseMount(const QByteArray &path)
{
    struct statfs fs = {};
    return ::statfs(path.constData(), &fs) == 0 && long(fs.f_type) == FuseMagic;
}

void unmountFuse(const QByteArray &path)
{
    const QString mountPoint = QFile::decodeName(path);
    if (!runTool(QStringLiteral("fusermount3"), {QStringLiteral("-u"), mountPoint}).isEmpty())
        runTool(QStringLiteral("fusermount3"),
                {QStringLiteral("-u"), QStringLiteral("-z"), mountPoint});
}

} // namespace LocalServer
