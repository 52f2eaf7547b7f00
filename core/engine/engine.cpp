#include "engine.h"

#include <cerrno>

namespace Sluice {

bool isEngineUnsupportedError(int error)
{
    return error == EXDEV || error == EOPNOTSUPP || error == ENOTSUP || error == ENOSYS
           || error == EINVAL || error == EBADF || error == ENOTTY || error == EPERM
           || error == ETXTBSY;
}

bool EngineMemory::hasFailed(Engine engine, dev_t source, dev_t destination) const
{
    const QPair<quint64, quint64> key(source, destination);
    std::lock_guard lock(m_mutex);
    return engine == Engine::Reflink ? m_reflinkFailed.contains(key) : m_kernelFailed.contains(key);
}

void EngineMemory::markFailed(Engine engine, dev_t source, dev_t destination)
{
    const QPair<quint64, quint64> key(source, destination);
    std::lock_guard lock(m_mutex);
    if (engine == Engine::Reflink)
        m_reflinkFailed.insert(key);
    else
        m_kernelFailed.insert(key);
}

} // namespace Sluice
