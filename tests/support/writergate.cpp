#include "writergate.h"

#include <QTest>

WriterGate::WriterGate(qint64 holdAt, QByteArray fileSuffix)
    : m_holdAt(holdAt)
    , m_fileSuffix(std::move(fileSuffix))
{}

WriterGate::~WriterGate()
{
    open();
}

Sluice::IoHooks WriterGate::hooks()
{
    Sluice::IoHooks hooks;
    hooks.beforeWrite = [this](const QByteArray &destination, qint64 offset, qint64 length) {
        return beforeWrite(destination, offset, length);
    };
    return hooks;
}

int WriterGate::beforeWrite(const QByteArray &destination, qint64 offset, qint64 length)
{
    if (!m_fileSuffix.isEmpty() && !destination.endsWith(m_fileSuffix))
        return 0;
    std::unique_lock lock(m_mutex);
    if (!m_open && offset >= m_holdAt) {
        if (m_heldOffset < 0) {
            m_heldOffset = offset;
            m_heldLength = length;
        }
        m_changed.wait(lock, [this] { return m_open; });
    }
    if (m_open)
        ++m_writesAfterOpen;
    return 0;
}

bool WriterGate::reached() const
{
    std::lock_guard lock(m_mutex);
    return m_heldOffset >= 0;
}

bool WriterGate::waitUntilReached(int timeoutMs) const
{
    return QTest::qWaitFor([this] { return reached(); }, timeoutMs);
}

qint64 WriterGate::heldOffset() const
{
    std::lock_guard lock(m_mutex);
    return m_heldOffset;
}

qint64 WriterGate::heldLength() const
{
    std::lock_guard lock(m_mutex);
    return m_heldLength;
}

int WriterGate::writesAfterOpen() const
{
    std::lock_guard lock(m_mutex);
    return m_writesAfterOpen;
}

void WriterGate::open()
{
    {
        std::lock_guard lock(m_mutex);
        m_open = true;
    }
    m_changed.notify_all();
}
