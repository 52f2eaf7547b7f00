#include "dataregion.h"

#include <algorithm>
#include <cerrno>
#include <unistd.h>

namespace Sluice {

bool DataRegionWalker::next(qint64 from, DataRegion &region, qint64 &endOfFile, int &error)
{
    error = 0;
    if (m_sparse) {
        const off_t data = ::lseek(m_fd, from, SEEK_DATA);
        if (data < 0 && errno == ENXIO) {
            // No data at or after `from`: the rest is a hole up to the end of the file.
            const off_t size = ::lseek(m_fd, 0, SEEK_END);
            endOfFile = std::max<qint64>(from, size < 0 ? from : size);
            return false;
        }
        if (data >= 0) {
            const off_t hole = ::lseek(m_fd, data, SEEK_HOLE);
            if (hole >= 0) {
                region = {data, hole > data ? hole : DataRegion::NoEnd};
                return true;
            }
        }
        if (errno != EINVAL && errno != EOPNOTSUPP && errno != ENOTSUP && errno != ESPIPE) {
            error = errno;
            return false;
        }
        m_sparse = false; // no hole support here: read everything from `from` on
    }
    if (m_sequentialDone) {
        endOfFile = from;
        return false;
    }
    m_sequentialDone = true;
    region = {from, DataRegion::NoEnd};
    return true;
}

} // namespace Sluice
