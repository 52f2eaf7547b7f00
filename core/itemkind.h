#pragma once

#include <QtGlobal>

#include <sys/types.h>

namespace Sluice {

/// The kind of a file-system entry, from lstat(2)'s st_mode (inode(7)).
enum class ItemKind : quint8 { File, Directory, Symlink, Fifo, CharDevice, BlockDevice, Socket };

/// Classifies @p mode (S_IFMT bits).
ItemKind itemKindFromMode(mode_t mode);

} // namespace Sluice
