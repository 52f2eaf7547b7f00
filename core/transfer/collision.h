#pragma once

#include <QByteArray>

namespace Sluice {

/// "name (N).ext" for @p name: the number goes before the last extension ("report (2).pdf"),
/// after the whole name for hidden files and names without one (".bashrc (2)", "README (2)"),
/// replacing a number already there ("report (2).pdf" gives "report (3).pdf" for 3).
QByteArray numberedName(const QByteArray &name, int number);

/// The first numberedName() of @p name, from 2 on, that is free in @p directoryFd (checked
/// with fstatat(2), AT_SYMLINK_NOFOLLOW), together with its part-file name.
QByteArray freeNumberedName(int directoryFd, const QByteArray &name);

} // namespace Sluice
