#pragma once

#include <QByteArray>
#include <QList>
#include <QStringList>
#include <QUrl>

class QMimeData;

namespace Sluice::Ui {

/// The URLs of a drop, split into local paths the window can copy and the rest.
struct DroppedUrls
{
    /// Native paths of `file:` URLs, decoded byte for byte (NativePath::fromLocalFileUrl()),
    /// in drop order. Whether they still exist is checked later, off the GUI thread.
    QList<QByteArray> paths;
    /// URLs that do not name a local file (http:, remote hosts), for a message.
    QList<QUrl> refused;
};

/// Splits @p urls (see DroppedUrls). Pure; any thread.
DroppedUrls splitDroppedUrls(const QList<QUrl> &urls);

/// True when @p mime carries a URL list (`text/uri-list`), the format file managers drag.
bool hasUrlList(const QMimeData *mime);

} // namespace Sluice::Ui
