#include "nativepath.h"

#include <cstdlib>

namespace Sluice::NativePath {

namespace {

constexpr char16_t EscapeBase = 0xDC80;

// Length of the valid UTF-8 sequence starting at data[i], or 0 if it is not valid
// (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF).
int validUtf8Length(const unsigned char *data, qsizetype size, qsizetype i)
{
    const unsigned char lead = data[i];
    if (lead < 0x80)
        return 1;
    int length = 0;
    char32_t codePoint = 0;
    if ((lead & 0xE0) == 0xC0) {
        length = 2;
        codePoint = lead & 0x1F;
    } else if ((lead & 0xF0) == 0xE0) {
        length = 3;
        codePoint = lead & 0x0F;
    } else if ((lead & 0xF8) == 0xF0) {
        length = 4;
        codePoint = lead & 0x07;
    } else {
        return 0;
    }
    if (i + length > size)
        return 0;
    for (int k = 1; k < length; ++k) {
        const unsigned char next = data[i + k];
        if ((next & 0xC0) != 0x80)
            return 0;
        codePoint = (codePoint << 6) | (next & 0x3F);
    }
    static constexpr char32_t minimum[] = {0, 0, 0x80, 0x800, 0x10000};
    if (codePoint < minimum[length] || codePoint > 0x10FFFF
        || (codePoint >= 0xD800 && codePoint <= 0xDFFF))
        return 0;
    return length;
}

} // namespace

QString fromNativeLossless(const QByteArray &bytes)
{
    QString result;
    result.reserve(bytes.size());
    const auto *data = reinterpret_cast<const unsigned char *>(bytes.constData());
    qsizetype i = 0;
    while (i < bytes.size()) {
        const int length = validUtf8Length(data, bytes.size(), i);
        if (length == 0) {
            result.append(QChar(char16_t(EscapeBase + data[i])));
            ++i;
        } else {
            result.append(QString::fromUtf8(bytes.constData() + i, length));
            i += length;
        }
    }
    return result;
}

QByteArray toNative(const QString &text)
{
    QByteArray result;
    result.reserve(text.size());
    qsizetype runStart = 0;
    auto flushRun = [&](qsizetype end) {
        if (end > runStart)
            result.append(QStringView(text).mid(runStart, end - runStart).toUtf8());
    };
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char16_t unit = text.at(i).unicode();
        const bool escapedByte = unit >= EscapeBase && unit <= EscapeBase + 0xFF;
        // A real low surrogate is preceded by a high one; ours stand alone.
        const bool paired = i > 0 && text.at(i - 1).isHighSurrogate();
        if (escapedByte && !paired) {
            flushRun(i);
            result.append(char(unit - EscapeBase));
            runStart = i + 1;
        }
    }
    flushRun(text.size());
    return result;
}

QString toDisplay(const QByteArray &path)
{
    if (isValidUtf8(path))
        return QString::fromUtf8(path);
    QString result;
    result.reserve(path.size() + 8);
    const auto *data = reinterpret_cast<const unsigned char *>(path.constData());
    qsizetype i = 0;
    while (i < path.size()) {
        const int length = validUtf8Length(data, path.size(), i);
        if (length == 0) {
            result.append(QStringLiteral("\\x")
                          + QString::number(data[i], 16).toUpper().rightJustified(2, u'0'));
            ++i;
        } else {
            result.append(QString::fromUtf8(path.constData() + i, length));
            i += length;
        }
    }
    return result;
}

bool isValidUtf8(const QByteArray &bytes)
{
    const auto *data = reinterpret_cast<const unsigned char *>(bytes.constData());
    for (qsizetype i = 0; i < bytes.size();) {
        const int length = validUtf8Length(data, bytes.size(), i);
        if (length == 0)
            return false;
        i += length;
    }
    return true;
}

std::optional<QByteArray> fromLocalFileUrl(const QUrl &url)
{
    if (!url.isValid() || !url.isLocalFile())
        return std::nullopt;
    const QString host = url.host();
    if (!host.isEmpty() && host != QLatin1String("localhost"))
        return std::nullopt;
    const QByteArray encoded = url.path(QUrl::FullyEncoded).toLatin1();
    QByteArray path = QByteArray::fromPercentEncoding(encoded);
    if (path.isEmpty() || !path.startsWith('/'))
        return std::nullopt;
    return path;
}

QUrl toLocalFileUrl(const QByteArray &path)
{
    // Unreserved characters and '/' stay literal; everything else is percent-encoded.
    const QByteArray encoded = path.toPercentEncoding("/");
    return QUrl::fromEncoded(QByteArrayLiteral("file://") + encoded, QUrl::StrictMode);
}

QByteArray join(const QByteArray &directory, const QByteArray &name)
{
    if (directory.isEmpty())
        return name;
    if (directory.endsWith('/'))
        return directory + name;
    return directory + '/' + name;
}

QByteArray baseName(const QByteArray &path)
{
    qsizetype end = path.size();
    while (end > 1 && path.at(end - 1) == '/')
        --end;
    const qsizetype slash = path.lastIndexOf('/', end - 1);
    return path.mid(slash + 1, end - slash - 1);
}

QByteArray parentPath(const QByteArray &path)
{
    qsizetype end = path.size();
    while (end > 1 && path.at(end - 1) == '/')
        --end;
    const qsizetype slash = path.lastIndexOf('/', end - 1);
    if (slash < 0)
        return QByteArrayLiteral(".");
    if (slash == 0)
        return QByteArrayLiteral("/");
    return path.left(slash);
}

QByteArray canonicalLocation(const QByteArray &path)
{
    const QByteArray absolute = path.startsWith('/') ? path : QByteArray("./") + path;
    QList<QByteArray> rest; // components below the existing part, innermost last
    QByteArray existing = absolute;
    for (;;) {
        if (char *resolved = ::realpath(existing.constData(), nullptr)) {
            QList<QByteArray> parts;
            for (const QByteArray &part : QByteArray(resolved).split('/')) {
                if (!part.isEmpty())
                    parts.append(part);
            }
            ::free(resolved);
            for (auto it = rest.crbegin(); it != rest.crend(); ++it) {
                if (*it == "..") {
                    if (!parts.isEmpty())
                        parts.removeLast();
                } else if (!it->isEmpty() && *it != ".") {
                    parts.append(*it);
                }
            }
            return '/' + parts.join('/');
        }
        if (existing == "/" || existing == ".")
            return {};
        rest.append(baseName(existing));
        existing = parentPath(existing);
    }
}

} // namespace Sluice::NativePath
