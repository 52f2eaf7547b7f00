#include "flushbehind.h"

#include "logging.h"
#include "posixio.h"

#include <fcntl.h>

namespace Sluice {

FlushBehind::FlushBehind(int destinationFd, int sourceFd, qint64 window, int lag)
    : m_destinationFd(destinationFd)
    , m_sourceFd(sourceFd)
    , m_window(window)
    , m_lag(lag)
{}

int FlushBehind::advance(qint64 end)
{
    while (end - m_started >= m_window) {
        if (retryOnEintr([&] {
                return ::sync_file_range(m_destinationFd, m_started, m_window,
                                         SYNC_FILE_RANGE_WRITE);
            })
            != 0)
            return errno;
        m_started += m_window;
        if (m_started - m_waited > qint64(m_lag) * m_window) {
            if (const int error = waitAndDrop(m_waited, m_waited + m_window))
                return error;
        }
    }
    return 0;
}

int FlushBehind::finish(qint64 end, bool wait)
{
    if (end > m_started) {
        if (retryOnEintr([&] {
                return ::sync_file_range(m_destinationFd, m_started, end - m_started,
                                         SYNC_FILE_RANGE_WRITE);
            })
            != 0)
            return errno;
        m_started = end;
    }
    if (wait && end > m_waited)
        return waitAndDrop(m_waited, end);
    return 0;
}

int FlushBehind::waitAndDrop(qint64 from, qint64 to)
{
    constexpr unsigned WaitFlags =
        SYNC_FILE_RANGE_WAIT_BEFORE | SYNC_FILE_RANGE_WRITE | SYNC_FILE_RANGE_WAIT_AFTER;
    if (retryOnEintr([&] { return ::sync_file_range(m_destinationFd, from, to - from, WaitFlags); })
        != 0)
        return errno;
    // Advice only: failures change nothing about correctness.
    ::posix_fadvise(m_destinationFd, from, to - from, POSIX_FADV_DONTNEED);
    if (m_sourceFd >= 0)
        ::posix_fadvise(m_sourceFd, from, to - from, POSIX_FADV_DONTNEED);
    m_waited = to;
    qCDebug(lcFlush) << "durable and dropped up to" << to;
    return 0;
}

} // namespace Sluice
