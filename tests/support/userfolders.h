#pragma once

// The folders of the person running the tests (their settings, their job journal) are never
// read or written by a test: a window test reads the journal and the queue's history when it
// opens, and entries left there by anything else (a crash, another test) would change what
// it sees (a stale history entry once crashed ui-layout).

#include <QString>

namespace UserFolders {

/// Gives this process, and every process it starts afterwards, user folders of its own in a
/// temporary folder made for it (removed when the process exits): XDG_CONFIG_HOME (QSettings
/// follow it: QStandardPaths' test mode, which would put them under ~/.qttest, is turned
/// off), XDG_STATE_HOME (the job journal, JobJournal::folder()), XDG_CACHE_HOME and
/// XDG_DATA_HOME (XDG Base Directory Specification). Whatever the environment named before
/// (the person's folders, or a folder CTest set) is not used any more. Call it before the
/// first QSettings of the process (initTestCase()): QSettings fixes its folder then. Calling
/// it again returns the same folder and changes nothing. GUI thread; fails the process
/// (qFatal) when no temporary folder can be made.
QString isolate();

} // namespace UserFolders
