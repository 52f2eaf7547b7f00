#include "partfile.h"

#include <QCryptographicHash>

#include <climits>
#include <fcntl.h>
#include <unistd.h>

namespace Sluice {

QByteArray partFileName(const QByteArray &finalName)
{
    const QByteArray suffix(PartFileSuffix);
    QByteArray name = '.' + finalName + suffix;
    if (name.size() <= NAME_MAX)
        return name;
    const QByteArray hash =
        QCryptographicHash::hash(finalName, QCryptographicHash::Sha1).toHex().left(12);
    const qsizetype keep = NAME_MAX - 1 - 1 - hash.size() - suffix.size();
    return '.' + finalName.left(keep) + '~' + hash + suffix;
}

bool isPartFileName(const QByteArray &name)
{
    return name.size() > qsizetype(sizeof PartFileSuffix) && name.startsWith('.')
           && name.endsWith(PartFileSuffix);
}

void PartFileGuard::removeNow()
{
    if (!m_armed)
        return;
    m_armed = false;
    ::unlinkat(m_directoryFd, m_name.constData(), 0);
}

} // namespace Sluice
