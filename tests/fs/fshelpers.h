#pragma once

#include "copyresult.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QProcess>
#include <QStringList>

#include <functional>

/// Helpers shared by the fs suite: fingerprints to prove a source unchanged, sluice-cli in a
/// child process (optionally unprivileged or under a file-size limit), trees deeper than
/// PATH_MAX, and a gate that holds the writer at an exact offset.
namespace FsHelpers {

/// XXH3-128 (hex) of a file's content, or "" when it cannot be read.
QByteArray fileDigest(const QByteArray &path);

/// One line per entry below @p root (sorted, relative names): type, permission bits, owner,
/// size, modification time in nanoseconds, link count, link target, and a digest of the
/// content. Equal fingerprints taken before and after a job prove the tree unchanged.
/// Access times are left out: reading a file may update them.
QByteArray treeFingerprint(const QByteArray &root);

/// The entry names in @p folder (not "." and ".."), sorted bytewise.
QList<QByteArray> listNames(const QByteArray &folder);

/// Regular files of size 0 below @p root (placeholders a failed copy must not leave).
QList<QByteArray> emptyFiles(const QByteArray &root);

/// The first issue whose path ends with @p pathSuffix, or null.
const Sluice::CopyIssue *findIssue(const Sluice::CopyResult &result, const QByteArray &pathSuffix);

/// The first error (not warning) whose path ends with @p pathSuffix, or null.
const Sluice::CopyIssue *findError(const Sluice::CopyResult &result, const QByteArray &pathSuffix);

/// Every issue's message(), one per line, for failure output.
QString describeIssues(const Sluice::CopyResult &result);

/// How to start sluice-cli.
struct ChildOptions
{
    bool unprivileged = false; ///< as user nobody / group nogroup, no supplementary groups
    qint64 fileSizeLimit = -1; ///< RLIMIT_FSIZE in bytes, or -1 for none
    QByteArray workingDirectory;
};

/// What a finished child did.
struct ChildRun
{
    int exitCode = -1; ///< exit status, or -1 when it died of a signal
    int signal = 0;    ///< the signal that ended it, or 0
    QByteArray out;
    QByteArray err;
};

/// The sluice-cli binary: the build's, or for unprivileged runs a copy in a folder that
/// user nobody can enter (the build tree may be under /root).
QByteArray cliPath(bool unprivileged = false);

/// Runs sluice-cli with raw byte arguments (names need not be UTF-8) and waits for it.
ChildRun runCli(const QList<QByteArray> &arguments, const ChildOptions &options = {});

/// A command line the preflight or the planner must refuse before the first byte.
struct Refusal
{
    QList<QByteArray> arguments;
    int exitCode = -1; ///< 1: refused as an item; 2: nothing could start
    QByteArray said;   ///< a whole line it must print exactly once (with its "\n")
};

/// The names that are not UTF-8 given on the command line, for a destination folder
/// @p destination on a file system that stores names as Unicode, spelled @p type as the
/// messages name it ("fuse.smbnetfs"): a source "a\xFF" in @p scratch (written here; its copy
/// would take that name, exit 1), a new name "n\xFF" for the file @p valid (exit 2), and a
/// folder "nd\xFF" on the way to a new name "nd\xFF/x" (exit 2). Returns the cases, or none
/// when "a\xFF" cannot be written.
QList<Refusal> notUtf8CommandLineNames(const QByteArray &scratch, const QByteArray &valid,
                                       const QByteArray &destination, const QByteArray &type);

/// Runs each of @p refusals as a dry run and as a copy: each must end with its exit code and
/// print its line once, and never an EIO ("Input/output error"); @p after runs after each run
/// (a copy that must succeed at once, say) and returns "" or what went wrong. Returns "" or
/// the first thing that went wrong, with the run's output.
QString checkRefusals(const QList<Refusal> &refusals, const std::function<QString()> &after = {});

/// The last line of a `--progress json` run's standard output, parsed: its result record.
QJsonObject resultRecord(const ChildRun &run);

/// The planned and copied figures of a `--progress json` run's result record, as one line to
/// compare: "planned ITEMS/BYTES, copied ITEMS/BYTES, bytesTotal BYTES, bytesCopied BYTES"
/// (summary.planned, summary.copied, and the record's own bytesTotal and bytesCopied).
QString summaryFigures(const ChildRun &run);

/// Three files of 1000, 2000 and 3000 bytes in the new folder @p folder ("p1", "p2", "p3"),
/// each with a second name ("p1-link"...): 6000 bytes of data under 6 names, 12000 bytes where
/// each name becomes a copy of its own. False when they cannot be made.
bool makeHardLinkPairs(const QByteArray &folder);

/// uid and gid of "nobody" / "nogroup" (65534 when the names are unknown).
uid_t nobodyUid();
gid_t nobodyGid();

/// Creates @p depth nested folders named @p component below @p root, each holding a file
/// "f" with its level number, using openat(2)/mkdirat(2) so the full path may exceed
/// PATH_MAX. Returns false on any failure.
bool makeDeepTree(const QByteArray &root, int depth, const QByteArray &component);

/// Compares two trees through directory descriptors (no path ever exceeds NAME_MAX): the
/// same names, types and file contents. Returns the differences (relative paths, shortened).
QStringList compareDeep(const QByteArray &expected, const QByteArray &actual);

/// Removes a tree of any depth through directory descriptors.
void removeDeep(const QByteArray &root);

/// @p values decoded as file names (QFile::decodeName), for QProcess arguments.
QStringList decodedArguments(const QList<QByteArray> &values);

/// How an interrupted sluice-cli ended (interruptCli()).
struct Interrupted
{
    bool signalled = false; ///< the signal was sent
    QProcess::ExitStatus status = QProcess::NormalExit;
    int exitCode = -1;
};

/// Runs sluice-cli with --progress json and @p arguments, and sends @p signalNumber once a
/// progress line reports at least @p atLeast bytes written; waits up to 120 s for its end.
Interrupted interruptCli(const QStringList &arguments, qint64 atLeast, int signalNumber);

} // namespace FsHelpers
