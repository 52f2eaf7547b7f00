#include "processmemory.h"

#include "posixio.h"

#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace Sluice {

namespace {

// Reads a small /proc file into @p buffer (NUL-terminated). Returns bytes read or -1.
ssize_t readProcFile(const char *path, char *buffer, std::size_t size)
{
    UniqueFd fd(retryOnEintr([&] { return ::open(path, O_RDONLY | O_CLOEXEC); }));
    if (!fd)
        return -1;
    qint64 got = 0;
    if (readFully(fd.get(), buffer, qint64(size) - 1, got) != 0)
        return -1;
    buffer[got] = '\0';
    return got;
}

qint64 meminfoField(const char *text, const char *field)
{
    const char *at = std::strstr(text, field);
    if (!at)
        return 0;
    return std::strtoll(at + std::strlen(field), nullptr, 10) * 1024;
}

} // namespace

qint64 residentSetBytes()
{
    char buffer[128];
    if (readProcFile("/proc/self/statm", buffer, sizeof buffer) <= 0)
        return 0;
    char *end = nullptr;
    std::strtoll(buffer, &end, 10); // total program size
    const long long residentPages = std::strtoll(end, nullptr, 10);
    static const long pageSize = ::sysconf(_SC_PAGESIZE);
    return qint64(residentPages) * pageSize;
}

qint64 systemDirtyBytes()
{
    char buffer[8192];
    if (readProcFile("/proc/meminfo", buffer, sizeof buffer) <= 0)
        return 0;
    return meminfoField(buffer, "\nDirty:") + meminfoField(buffer, "\nWriteback:");
}

} // namespace Sluice
