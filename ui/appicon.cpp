#include "appicon.h"

#include <QString>

// Q_INIT_RESOURCE must be used outside any namespace.
static void initSluiceResources()
{
    Q_INIT_RESOURCE(sluice);
}

namespace Sluice::Ui {

QIcon appIcon()
{
    static const bool initialised = [] {
        initSluiceResources();
        return true;
    }();
    Q_UNUSED(initialised);
    // The name lets a desktop's icon theme supply its own version of the same icon.
    return QIcon::fromTheme(QStringLiteral("io.github.sluicecopy.Sluice"),
                            QIcon(QString::fromUtf16(AppIconPath)));
}

} // namespace Sluice::Ui
