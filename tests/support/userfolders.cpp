#include "userfolders.h"

#include <QDir>
#include <QFile>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <utility>

namespace UserFolders {

QString isolate()
{
    static QTemporaryDir folder(QDir::tempPath() + QStringLiteral("/sluice-user-XXXXXX"));
    static bool done = false;
    if (!folder.isValid())
        qFatal("cannot make a temporary folder for the test's user folders: %s",
               qPrintable(folder.errorString()));
    if (std::exchange(done, true))
        return folder.path();
    QStandardPaths::setTestModeEnabled(false);
    for (const char *variable :
         {"XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME"}) {
        const QString path = folder.filePath(QString::fromLatin1(variable).toLower());
        if (!QDir().mkpath(path))
            qFatal("cannot make %s", qPrintable(path));
        qputenv(variable, QFile::encodeName(path));
    }
    return folder.path();
}

} // namespace UserFolders
