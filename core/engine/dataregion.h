#pragma once

#include <QtGlobal>

#include <limits>

namespace Sluice {

/// A stretch of a source file that holds data, found with SEEK_DATA / SEEK_HOLE (lseek(2)).
/// `end` is where the next hole starts; for files read without hole detection it is
/// NoEnd, and the data simply runs until read(2) returns 0.
struct DataRegion
{
    static constexpr qint64 NoEnd = std::numeric_limits<qint64>::max();
    qint64 start = 0;
    qint64 end = NoEnd;
};

/// Walks the data regions of one open file. In sparse mode each call to next() skips the
/// hole before the next region; in sequential mode (files that are not sparse, and file
/// systems without SEEK_DATA, which answer EINVAL) it yields one region from the start
/// offset to the end of the file. Not thread-safe; one per read.
class DataRegionWalker final
{
public:
    /// @p sparse: try SEEK_DATA / SEEK_HOLE. Callers pass it only when the source looks
    /// sparse (st_blocks × 512 < st_size), so ordinary files cost no extra system calls.
    DataRegionWalker(int fd, bool sparse)
        : m_fd(fd)
        , m_sparse(sparse)
    {}

    /// The next region at or after @p from. Returns false at the end of the data; then
    /// @p endOfFile holds the file's size as lseek(SEEK_END) reports it (a trailing hole
    /// makes it larger than the end of the last region), never less than @p from.
    /// @p error is set (and false returned) if lseek fails for another reason.
    bool next(qint64 from, DataRegion &region, qint64 &endOfFile, int &error);

    bool isSparse() const { return m_sparse; }

private:
    int m_fd;
    bool m_sparse;
    bool m_sequentialDone = false;
};

} // namespace Sluice
