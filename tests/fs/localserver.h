#pragma once

#include <QByteArray>
#include <QtGlobal>

/// What the tests' own network servers on 127.0.0.1 (tests/fs/sshfsmount.h,
/// tests/fs/smbmount.h) and their FUSE clients share. Any thread.
namespace LocalServer {

/// A TCP port nobody listens on now on 127.0.0.1 (the kernel's pick for a socket bound to
/// port 0), or 0 when none could be had.
quint16 freePort();
/// Whether something accepts a TCP connection on 127.0.0.1:@p port now.
bool accepts(quint16 port);
/// Whether @p path is the root of a FUSE mount (statfs(2) f_type FUSE_SUPER_MAGIC).
bool isFuseMount(const QByteArray &path);
/// Unmounts the FUSE mount at @p path (fusermount3 -u, lazily with -z when it is busy).
void unmountFuse(const QByteArray &path);

} // namespace LocalServer
