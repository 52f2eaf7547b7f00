// A copy that kills itself with SIGKILL in an instant a hook chooses, to leave what a kill -9
// there leaves (tst_sshfsresume). Usage: sluice_killedcopy SOURCE DESTINATION FOLDER: copies
// SOURCE into the folder DESTINATION with the journal on, as sluice-cli does, and raises
// SIGKILL right after it made the destination folder FOLDER (IoHooks::afterFolderMade),
// before that folder's journal record. Exits 2 when that instant never came, 64 on bad usage.

#include "iohooks.h"
#include "jobrunner.h"

#include <QCoreApplication>

#include <csignal>

int main(int argc, char **argv)
{
    const QCoreApplication app(argc, argv);
    if (argc != 4)
        return 64;
    Sluice::CopyOptions options = JobRunner::quickOptions();
    options.journal = true;
    Sluice::IoHooks hooks;
    const QByteArray killAt = argv[3];
    hooks.afterFolderMade = [killAt](const QByteArray &folderPath) {
        if (folderPath == killAt)
            std::raise(SIGKILL);
    };
    JobRunner::run({QByteArray(argv[1])}, QByteArray(argv[2]), options, {}, hooks);
    return 2;
}
