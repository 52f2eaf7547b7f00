#include "droppedurls.h"

#include "nativepath.h"

#include <QMimeData>

namespace Sluice::Ui {

DroppedUrls splitDroppedUrls(const QList<QUrl> &urls)
{
    DroppedUrls split;
    for (const QUrl &url : urls) {
        if (const auto path = NativePath::fromLocalFileUrl(url))
            split.paths.append(*path);
        else
            split.refused.append(url);
    }
    return split;
}

bool hasUrlList(const QMimeData *mime)
{
    return mime && mime->hasUrls();
}

} // namespace Sluice::Ui
