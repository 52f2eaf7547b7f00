#pragma once

#include <QByteArray>
#include <QString>
#include <QUrl>

#include <optional>

/// Conversions between native file names (raw bytes, as the kernel stores them) and Qt
/// strings. Linux file names are byte strings, not text: QFile::decodeName() and
/// QUrl::toLocalFile() replace bytes that are not UTF-8 with U+FFFD, so a name such as
/// "a\xFF" could never be opened again after a round trip through them. Everything in core/
/// therefore takes paths as QByteArray; these helpers are the only places that convert.
namespace Sluice::NativePath {

/// Decodes a command-line argument or other native bytes into a QString without loss:
/// valid UTF-8 is decoded normally and every byte that is not part of valid UTF-8 becomes
/// the lone surrogate U+DC80 + byte (PEP 383 "surrogateescape"). toNative() reverses it.
QString fromNativeLossless(const QByteArray &bytes);

/// Reverses fromNativeLossless(): the exact original bytes.
QByteArray toNative(const QString &text);

/// A file name for people to read: each byte that is not part of valid UTF-8 shown as
/// "\xHH" (upper-case hex digits, as in "a\xFF"), so that the bytes can be told apart and
/// typed again (bash's $'a\xff'); everything else decoded. Never turn the result back into a path.
QString toDisplay(const QByteArray &path);

/// Whether @p bytes are valid UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing
/// above U+10FFFF). Pure.
bool isValidUtf8(const QByteArray &bytes);

/// The native path of a `file:` URL, decoded from its percent-encoded form byte for byte
/// (RFC 8089), or nothing for URLs that do not name a local file (http:, remote hosts).
std::optional<QByteArray> fromLocalFileUrl(const QUrl &url);

/// A `file:` URL whose percent-encoding carries @p path byte for byte.
QUrl toLocalFileUrl(const QByteArray &path);

/// @p directory + "/" + @p name, without doubling a trailing slash.
QByteArray join(const QByteArray &directory, const QByteArray &name);

/// The last component of @p path ignoring trailing slashes ("a/b/" gives "b").
QByteArray baseName(const QByteArray &path);

/// Everything before the last component ("a/b" gives "a", "b" gives ".", "/b" gives "/").
QByteArray parentPath(const QByteArray &path);

/// Where @p path is, as an absolute path without symlinks, "." or "..": realpath(3) of its
/// longest existing leading part, followed by the rest (which need not exist yet, such as a
/// file a copy will create), with "." and ".." applied by name. Empty when not even the
/// current folder can be resolved.
QByteArray canonicalLocation(const QByteArray &path);

} // namespace Sluice::NativePath
