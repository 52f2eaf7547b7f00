#pragma once

// The one writer gate of the test suites (core, fs and ui): holds a copying thread before a
// write at or past a chosen offset (the IoHooks::beforeWrite seam) until the test opens it,
// so that a test reaches the middle of a copy deterministically, without sleeps (in the
// spirit of KeePassXC's FailDevice).

#include "iohooks.h"

#include <QByteArray>
#include <QtGlobal>

#include <condition_variable>
#include <mutex>

/// Holds every write at or past @p holdAt bytes into a file whose destination ends with
/// @p fileSuffix (any file when empty) until open(); after open() every write goes through.
/// Thread-safe: beforeWrite() runs on the copying thread, the rest on the test's thread. The
/// destructor opens the gate, so that a failing test never leaves a copying thread blocked; declare
/// the gate before the job it holds.
class WriterGate final
{
public:
    explicit WriterGate(qint64 holdAt, QByteArray fileSuffix = {});
    ~WriterGate();
    Q_DISABLE_COPY_MOVE(WriterGate)

    /// Hooks whose beforeWrite goes through this gate (which must outlive the job).
    Sluice::IoHooks hooks();
    /// The hook itself, for tests that combine the gate with hooks of their own: blocks
    /// while the gate applies to @p destination at @p offset and is closed. Returns 0.
    int beforeWrite(const QByteArray &destination, qint64 offset, qint64 length);

    /// True once a writer is (or was) held.
    bool reached() const;
    /// Spins the test's event loop until a writer is held. False after @p timeoutMs.
    bool waitUntilReached(int timeoutMs = 60000) const;
    /// Where the first held write starts and how long it is (-1 and 0 before one is held).
    qint64 heldOffset() const;
    qint64 heldLength() const;
    /// Writes that went through the hook after open() (the held one included).
    int writesAfterOpen() const;

    /// Lets the held writer (and every later write) go on.
    void open();

private:
    const qint64 m_holdAt;
    const QByteArray m_fileSuffix;
    mutable std::mutex m_mutex;
    std::condition_variable m_changed;
    bool m_open = false;
    qint64 m_heldOffset = -1;
    qint64 m_heldLength = 0;
    int m_writesAfterOpen = 0;
};
