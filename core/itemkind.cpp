#include "itemkind.h"

#include <sys/stat.h>

namespace Sluice {

ItemKind itemKindFromMode(mode_t mode)
{
    switch (mode & S_IFMT) {
    case S_IFDIR:
        return ItemKind::Directory;
    case S_IFLNK:
        return ItemKind::Symlink;
    case S_IFIFO:
        return ItemKind::Fifo;
    case S_IFCHR:
        return ItemKind::CharDevice;
    case S_IFBLK:
        return ItemKind::BlockDevice;
    case S_IFSOCK:
        return ItemKind::Socket;
    default:
        return ItemKind::File;
    }
}

} // namespace Sluice
