#include "threadpriority.h"

#include "logging.h"

#include <sched.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace Sluice {

int copyThreadNice()
{
    // getpriority() may return -1 as a valid value: errno tells a failure apart.
    errno = 0;
    const int processNice = getpriority(PRIO_PROCESS, id_t(getpid()));
    const int base = errno == 0 ? processNice : 0;
    return std::min(19, base + CopyThreadNiceOffset);
}

bool lowerCurrentThreadPriority()
{
    const auto thread = pid_t(gettid());
    bool lowered = true;
    const sched_param batch{};
    if (sched_setscheduler(thread, SCHED_BATCH, &batch) != 0) {
        qCWarning(lcJob) << "could not set SCHED_BATCH:" << std::strerror(errno);
        lowered = false;
    }
    if (setpriority(PRIO_PROCESS, id_t(thread), copyThreadNice()) != 0) {
        qCWarning(lcJob) << "could not lower the thread's priority:" << std::strerror(errno);
        lowered = false;
    }
    return lowered;
}

} // namespace Sluice
