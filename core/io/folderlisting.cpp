#include "folderlisting.h"

#include "posixio.h"

#include <dirent.h>
#include <fcntl.h>
#include <memory>

namespace Sluice {

std::vector<QByteArray> namesIn(int directoryFd,
                                const std::function<bool(const QByteArray &)> &keep)
{
    std::vector<QByteArray> names;
    UniqueFd listing(::openat(directoryFd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    DIR *directory = listing ? ::fdopendir(listing.get()) : nullptr;
    if (!directory)
        return names;
    listing.release(); // closedir(3) closes it
    const std::unique_ptr<DIR, int (*)(DIR *)> closer(directory, &::closedir);
    while (const dirent *entry = ::readdir(directory)) {
        QByteArray name(entry->d_name);
        if (keep(name))
            names.push_back(std::move(name));
    }
    return names;
}

} // namespace Sluice
