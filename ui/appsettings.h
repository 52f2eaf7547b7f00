#pragma once

#include "copyoptions.h"

#include <QByteArray>
#include <QList>
#include <QStringList>

namespace Sluice::Ui {

/// What the window remembers between runs (QSettings, the application's default scope):
/// the copy options the settings dialog edits, the speed limit and whether the chart is
/// shown. A plain value; load() and save() run on the GUI thread (QSettings only).
struct WindowSettings
{
    /// chunkSize, queueDepth, onCollision, onError, engine, durability, verify,
    /// followSymlinks, preserve, speedLimit and smallJobBytes (key copy/smallJobBytes: jobs
    /// under it never wait for their disk) are remembered; the rest stays default.
    CopyOptions options;
    bool showChart = true;
    /// The "Leave out" field's patterns (excludes, sluice-cli --exclude syntax).
    QStringList leaveOut;

    /// Reads the stored settings; anything missing or invalid keeps its default.
    static WindowSettings load();
    void save() const;

    /// True when "archive-style metadata" is on (owner, xattrs, ACLs, hard links).
    bool archive() const { return options.preserve == PreserveOptions::archive(); }
    void setArchive(bool on);

    /// The options for a job started from the window: these settings, plus @p move, and
    /// preflight warnings delivered as a question so that the person can accept or cancel,
    /// and waiting for the disk while another Sluice copy writes to it (DeviceTurnPolicy).
    CopyOptions jobOptions(bool move) const;
    /// The filter of the "Leave out" patterns: one exclude rule each.
    CopyFilter leaveOutFilter() const;

    bool operator==(const WindowSettings &other) const;
};

/// Destination folders used before, most recent first (native bytes, at most
/// MaxRecentDestinations).
QList<QByteArray> loadRecentDestinations();
/// Puts @p destination first in the remembered list.
void rememberDestination(const QByteArray &destination);

inline constexpr int MaxRecentDestinations = 10;

} // namespace Sluice::Ui
