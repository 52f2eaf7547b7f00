#pragma once

#include <QByteArray>

#include <functional>
#include <vector>

namespace Sluice {

/// The names in the folder open as @p directoryFd for which @p keep returns true, in
/// readdir(3) order ("." and ".." included for @p keep to judge). The folder is read
/// through a descriptor of its own, so @p directoryFd's offset is left alone. Empty when
/// the folder cannot be opened or listed (openat(2), fdopendir(3)); calling thread.
/// Collect first, then act: unlinking while readdir(3) goes on may skip or repeat names.
std::vector<QByteArray> namesIn(int directoryFd,
                                const std::function<bool(const QByteArray &)> &keep);

} // namespace Sluice
