#include "collision.h"

#include "partfile.h"

#include <QRegularExpression>

#include <climits>
#include <fcntl.h>
#include <sys/stat.h>

namespace Sluice {

namespace {

bool exists(int directoryFd, const QByteArray &name)
{
    struct stat st = {};
    return ::fstatat(directoryFd, name.constData(), &st, AT_SYMLINK_NOFOLLOW) == 0;
}

} // namespace

QByteArray numberedName(const QByteArray &name, int number)
{
    qsizetype dot = name.lastIndexOf('.');
    if (dot <= 0)
        dot = name.size(); // hidden file or no extension: number at the end
    QByteArray stem = name.left(dot);
    const QByteArray extension = name.mid(dot);
    // Drop an existing " (N)" so that numbering continues instead of nesting.
    static const QRegularExpression numbered(QStringLiteral(R"( \((\d+)\)$)"));
    const QString stemText = QString::fromLatin1(stem);
    const auto match = numbered.match(stemText);
    if (match.hasMatch())
        stem.truncate(match.capturedStart());
    const QByteArray suffix = " (" + QByteArray::number(number) + ')';
    // Keep within NAME_MAX by shortening the stem, never the extension.
    const qsizetype room = NAME_MAX - extension.size() - suffix.size();
    if (stem.size() > room && room > 0)
        stem.truncate(room);
    return stem + suffix + extension;
}

QByteArray freeNumberedName(int directoryFd, const QByteArray &name)
{
    for (int number = 2;; ++number) {
        QByteArray candidate = numberedName(name, number);
        if (!exists(directoryFd, candidate) && !exists(directoryFd, partFileName(candidate)))
            return candidate;
    }
}

} // namespace Sluice
