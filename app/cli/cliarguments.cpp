#include "cliarguments.h"

#include "nativepath.h"
#include "pathnames.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDateTime>
#include <QFile>

#include <cerrno>
#include <sys/stat.h>
#include <unistd.h>

namespace Sluice::Cli {

namespace {

QString policyList()
{
    return QStringLiteral("ask|overwrite|skip|rename|newer");
}

// A pattern file larger than this is refused rather than read.
constexpr qint64 MaxPatternFileBytes = 4 * MiB;

// The options that choose what is left out (CopyFilter).
struct FilterOptions
{
    QCommandLineOption exclude{
        QStringLiteral("exclude"),
        QStringLiteral("Leave out entries matching PATTERN (repeatable; with --include, the first "
                       "pattern that matches decides, as in rsync). A pattern with a '/' matches "
                       "the path below the source, one without the name at any depth; a "
                       "trailing '/' matches folders only; '**' matches any number of folders."),
        QStringLiteral("PATTERN")};
    QCommandLineOption include{
        QStringLiteral("include"),
        QStringLiteral("Keep entries matching PATTERN even if a later --exclude matches them."),
        QStringLiteral("PATTERN")};
    QCommandLineOption excludeFrom{
        QStringLiteral("exclude-from"),
        QStringLiteral("Read --exclude patterns from FILE ('-': standard input), one a line; "
                       "lines starting with '#' or ';' are comments, '+ ' makes a line an "
                       "--include, '- ' an --exclude."),
        QStringLiteral("FILE")};
    QCommandLineOption gitignore{
        QStringLiteral("gitignore"),
        QStringLiteral("Leave out what the .gitignore files in the sources ignore, with git's "
                       "rules (asked after --exclude/--include)."),
    };
    QCommandLineOption minSize{QStringLiteral("min-size"),
                               QStringLiteral("Leave out files smaller than SIZE (10K, 1MiB)."),
                               QStringLiteral("SIZE")};
    QCommandLineOption maxSize{QStringLiteral("max-size"),
                               QStringLiteral("Leave out files larger than SIZE."),
                               QStringLiteral("SIZE")};
    QCommandLineOption newerThan{
        QStringLiteral("newer-than"),
        QStringLiteral("Copy only files modified after WHEN: a date (2026-11-01), date and time "
                       "(2026-11-01T08:30) or a time ago (90s, 30min, 12h, 7d, 2w)."),
        QStringLiteral("WHEN")};
    QCommandLineOption olderThan{QStringLiteral("older-than"),
                                 QStringLiteral("Copy only files modified before WHEN."),
                                 QStringLiteral("WHEN")};
    QCommandLineOption keepEmpty{
        QStringLiteral("keep-empty-folders"),
        QStringLiteral("Create folders that the filters leave empty (by default they are left "
                       "out too).")};
    QCommandLineOption verbose{{QStringLiteral("v"), QStringLiteral("verbose")},
                               QStringLiteral("List each entry the filters leave out (in a dry run "
                                              "and in a copy) before the count.")};

    QList<QCommandLineOption> all() const
    {
        return {exclude, include,   excludeFrom, gitignore, minSize,
                maxSize, newerThan, olderThan,   keepEmpty, verbose};
    }
};

// Reads @p device to its end (a pipe gives its bytes in pieces), but at most @p limit bytes.
// Nothing on a read error (QIODevice::errorString() says which).
std::optional<QByteArray> readToEnd(QIODevice &device, qint64 limit)
{
    QByteArray text(limit, Qt::Uninitialized);
    qint64 filled = 0;
    while (filled < limit) {
        const qint64 got = device.read(text.data() + filled, limit - filled);
        if (got < 0)
            return std::nullopt;
        if (got == 0)
            break;
        filled += got;
    }
    text.truncate(filled);
    return text;
}

// The rules of --exclude, --include and --exclude-from in command-line order (the first
// match decides, so the order is the meaning). Returns an error message or nothing.
QString readFilterRules(const QCommandLineParser &parser, const FilterOptions &options,
                        QList<FilterRule> &rules)
{
    QHash<QString, qsizetype> used;
    bool readStdin = false;
    for (const QString &name : parser.optionNames()) {
        const bool include = name == options.include.names().constFirst();
        const bool exclude = name == options.exclude.names().constFirst();
        const bool from = name == options.excludeFrom.names().constFirst();
        if (!include && !exclude && !from)
            continue;
        const QString value = parser.values(name).at(used[name]++);
        if (!from) {
            rules.append({include ? FilterRule::Action::Include : FilterRule::Action::Exclude,
                          NativePath::toNative(value)});
            continue;
        }
        const bool fromStdin = value == QLatin1String("-");
        if (fromStdin && readStdin)
            return QStringLiteral("--exclude-from - can be given once (standard input is read "
                                  "to its end)");
        readStdin = readStdin || fromStdin;
        QFile file;
        const bool opened =
            fromStdin ? file.open(STDIN_FILENO, QIODevice::ReadOnly, QFileDevice::DontCloseHandle)
                      : (file.setFileName(QFile::decodeName(NativePath::toNative(value))),
                         file.open(QIODevice::ReadOnly));
        if (!opened)
            return QStringLiteral("cannot read --exclude-from '%1': %2")
                .arg(value, file.errorString());
        const std::optional<QByteArray> text = readToEnd(file, MaxPatternFileBytes + 1);
        if (!text)
            return QStringLiteral("cannot read --exclude-from '%1': %2")
                .arg(value, file.errorString());
        if (text->size() > MaxPatternFileBytes)
            return QStringLiteral("--exclude-from '%1' is larger than 4 MiB").arg(value);
        appendFilterRules(*text, FilterRule::Action::Exclude, rules);
    }
    return {};
}

// Fills @p filter from the filter options; returns an error message or nothing.
QString readFilter(const QCommandLineParser &parser, const FilterOptions &options,
                   CopyFilter &filter)
{
    if (QString error = readFilterRules(parser, options, filter.rules); !error.isEmpty())
        return error;
    filter.gitignore = parser.isSet(options.gitignore);
    filter.keepEmptyFolders = parser.isSet(options.keepEmpty);
    const QDateTime now = QDateTime::currentDateTime();
    for (const QCommandLineOption *option : {&options.minSize, &options.maxSize}) {
        if (!parser.isSet(*option))
            continue;
        const auto size = parseByteSize(parser.value(*option));
        if (!size)
            return QStringLiteral("invalid --%1 '%2' (expected a size such as 500K, 10M or 2GiB)")
                .arg(option->names().constFirst(), parser.value(*option));
        (option == &options.minSize ? filter.minSize : filter.maxSize) = *size;
    }
    for (const QCommandLineOption *option : {&options.newerThan, &options.olderThan}) {
        if (!parser.isSet(*option))
            continue;
        const auto when = parseFilterTime(parser.value(*option), now);
        if (!when)
            return QStringLiteral("invalid --%1 '%2' (expected a date such as 2026-11-01, a "
                                  "date and time such as 2026-11-01T08:30, or a time ago such "
                                  "as 7d, 12h or 30min)")
                .arg(option->names().constFirst(), parser.value(*option));
        (option == &options.newerThan ? filter.newerThanNs : filter.olderThanNs) = *when;
    }
    return {};
}

} // namespace

ParseResult parseArguments(int argc, char **argv, bool stdinIsTerminal, bool stderrIsTerminal)
{
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << NativePath::fromNativeLossless(QByteArray(argv[i]));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Copy files and folders like `cp -r`, with bounded memory and honest progress.\n"
        "Sources are copied into DESTINATION when it is an existing folder; a single source\n"
        "may instead be copied to a new name.\n"
        "\n"
        "Exit status: 0 all copied; 1 finished, but some items failed or were skipped\n"
        "because of errors, or changed while copying (read twice, changed both times);\n"
        "2 bad usage or nothing could start (a --dry-run that finds\n"
        "the real run could not start, too); 130 cancelled by SIGINT or SIGTERM, or by\n"
        "SIGPIPE when the reader of the output went away (`| head -1`): the file being\n"
        "copied is removed, finished files are kept. With --eject: 3 all copied, but the\n"
        "drive could not be ejected (the reason is printed). 75 stopped resumably (SIGINT\n"
        "or SIGTERM with --resumable): resume with sluice-cli --resume ID. When the journal\n"
        "cannot be written, --resumable cannot keep the copy: SIGINT or SIGTERM cancel it\n"
        "(130) and say so.\n"
        "\n"
        "Every copy is recorded in a journal ($XDG_STATE_HOME/sluice/jobs) until it ends, so\n"
        "that a copy killed, stopped or cut off by a power loss can be resumed where its last\n"
        "checkpoint was: sluice-cli --list-interrupted, sluice-cli --resume [ID...]. A copy\n"
        "whose journal cannot be written (a read-only or full folder) goes on and says at once\n"
        "that it cannot be resumed."));
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsCompactedShortOptions);
    const QCommandLineOption help({QStringLiteral("h"), QStringLiteral("help")},
                                  QStringLiteral("Show this help and exit."));
    const QCommandLineOption version({QStringLiteral("V"), QStringLiteral("version")},
                                     QStringLiteral("Show the version and exit."));
    const QCommandLineOption chunkSize(
        QStringLiteral("chunk-size"),
        QStringLiteral("Bytes per buffer of the stream engine: 64K, 1M, 4MiB... (default 1M)."),
        QStringLiteral("SIZE"), QStringLiteral("1M"));
    const QCommandLineOption queueDepth(
        QStringLiteral("queue-depth"),
        QStringLiteral("Buffers between reader and writer (default 8). Memory for data is "
                       "chunk size x queue depth, whatever the file size."),
        QStringLiteral("N"), QStringLiteral("8"));
    const QCommandLineOption onConflict(
        QStringLiteral("on-conflict"),
        QStringLiteral("When the destination exists: %1 (default: ask on a terminal, "
                       "otherwise skip). rename gives \"name (2).ext\"; newer overwrites only "
                       "when the source is newer.")
            .arg(policyList()),
        QStringLiteral("POLICY"));
    const QCommandLineOption onError(
        QStringLiteral("on-error"),
        QStringLiteral("When an item fails: ask|retry|skip|abort (default: ask on a terminal, "
                       "otherwise skip). retry tries three times, then skips."),
        QStringLiteral("POLICY"));
    const QCommandLineOption progress(
        QStringLiteral("progress"),
        QStringLiteral("bar: a status line on stderr (default on a terminal); json: one "
                       "object per line on stdout every 100 ms; none."),
        QStringLiteral("STYLE"));
    const QCommandLineOption engine(
        QStringLiteral("engine"),
        QStringLiteral("How file data moves: auto (reflink, then copy_file_range, then "
                       "read/write), stream, kernel or reflink (default auto)."),
        QStringLiteral("ENGINE"), QStringLiteral("auto"));
    const QCommandLineOption durability(
        QStringLiteral("durability"),
        QStringLiteral("file: fdatasync each file before it gets its name; job: flush behind "
                       "and one syncfs per destination before reporting done (default); none."),
        QStringLiteral("WHEN"), QStringLiteral("job"));
    const QCommandLineOption limit(
        QStringLiteral("limit"),
        QStringLiteral("Write at most RATE bytes/s (10M, 500KiB/s). With --resume: "
                       "instead of the limit each copy recorded."),
        QStringLiteral("RATE"));
    const QCommandLineOption verify(
        QStringLiteral("verify"),
        QStringLiteral("Hash while copying, re-read each copy from disk and compare: xxh3 or "
                       "sha256."),
        QStringLiteral("ALGORITHM"));
    const QCommandLineOption checksumFile(
        QStringLiteral("checksum-file"),
        QStringLiteral("With --verify: write an xxh128sum/sha256sum compatible list here."),
        QStringLiteral("PATH"));
    const QCommandLineOption move(QStringLiteral("move"),
                                  QStringLiteral("Delete each source item once its copy is "
                                                 "safely on disk."));
    const QCommandLineOption archive(
        {QStringLiteral("a"), QStringLiteral("archive")},
        QStringLiteral("Also keep owner and group, extended attributes, ACLs and hard links."));
    const QCommandLineOption dereference(
        {QStringLiteral("L"), QStringLiteral("dereference")},
        QStringLiteral("Copy what symbolic links point to instead of the links (loops are "
                       "detected and reported)."));
    const QCommandLineOption workers(
        QStringLiteral("workers"),
        QStringLiteral("Threads for small files (0 = the default: 4 per processor, 4 to 8; 1 = "
                       "none; at most 64)."),
        QStringLiteral("N"), QStringLiteral("0"));
    const QCommandLineOption dryRun(
        QStringLiteral("dry-run"),
        QStringLiteral("Plan and check only; write nothing. Says how many items "
                       "and bytes would be copied, and fails "
                       "(exit 2) when the copy could not start, "
                       "such as an unwritable destination. Names each "
                       "destination file system and what it cannot do "
                       "(learned from one hidden probe file, removed at once)."));
    const QCommandLineOption quiet(
        {QStringLiteral("q"), QStringLiteral("quiet")},
        QStringLiteral("Print only errors (no warnings, progress or summary)."));
    // Tuning knobs for bench/run.sh, kept out of --help and the man page.
    QCommandLineOption flushWindow(QStringLiteral("flush-window"),
                                   QStringLiteral("Bytes per flush-behind window (default 8M)."),
                                   QStringLiteral("SIZE"));
    flushWindow.setFlags(QCommandLineOption::HiddenFromHelp);
    QCommandLineOption flushLag(
        QStringLiteral("flush-lag"),
        QStringLiteral("Flush-behind windows in flight before the oldest is waited for."),
        QStringLiteral("N"));
    flushLag.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOptions({help,    version,      chunkSize, queueDepth,  onConflict,
                       onError, progress,     engine,    durability,  limit,
                       verify,  checksumFile, move,      archive,     dereference,
                       workers, dryRun,       quiet,     flushWindow, flushLag});
    const QCommandLineOption queue(
        QStringLiteral("queue"),
        QStringLiteral("Wait for other Sluice copies to the same disk to finish first (one copy "
                       "per disk at a time, shared with the window). Without it a copy starts at "
                       "once, and copies that wait take turns after it. Copies under 64 MiB "
                       "never wait."));
    parser.addOption(queue);
    const FilterOptions filterOptions;
    parser.addOptions(filterOptions.all());
    const QCommandLineOption desktopProgress(
        QStringLiteral("desktop-progress"),
        QStringLiteral("Show the copy in the desktop's job view (Plasma) or taskbar, and keep "
                       "the machine from sleeping while data moves (D-Bus; off by default)."));
    const QCommandLineOption eject(
        QStringLiteral("eject"),
        QStringLiteral("When everything is copied and on disk, unmount the destination's "
                       "removable drive and power it off (UDisks2). Never after a failure."));
    parser.addOptions({desktopProgress, eject});
    const QCommandLineOption listInterrupted(
        QStringLiteral("list-interrupted"),
        QStringLiteral("List the interrupted copies of the journal that can be resumed (id, "
                       "progress, last checkpoint, sources and destination; JSON lines with "
                       "--progress json), then exit."));
    const QCommandLineOption resume(
        QStringLiteral("resume"),
        QStringLiteral("Resume the interrupted copies named by the IDs given instead of SOURCE "
                       "and DESTINATION (all of them when none is given), one after the other, "
                       "with their original options. Finished files are not copied again; the "
                       "file in flight continues after its last checkpoint unless its source "
                       "changed (then it starts again, and the reason is printed)."));
    const QCommandLineOption discard(
        QStringLiteral("discard"),
        QStringLiteral("Forget the interrupted copies named by the IDs given and remove the "
                       "part file each kept."));
    const QCommandLineOption resumable(
        QStringLiteral("resumable"),
        QStringLiteral("On SIGINT or SIGTERM, stop resumably: keep the file in flight (after a "
                       "last checkpoint) and the journal entry, print how to resume, exit 75. "
                       "When the journal cannot be written: cancel, say so, exit 130."));
    parser.addOptions({listInterrupted, resume, discard, resumable});
    QCommandLineOption noJournal(QStringLiteral("no-journal"),
                                 QStringLiteral("Do not record the copy in the journal."));
    noJournal.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOption(noJournal);
    parser.addPositionalArgument(QStringLiteral("SOURCE"), QStringLiteral("Files or folders."),
                                 QStringLiteral("SOURCE..."));
    parser.addPositionalArgument(QStringLiteral("DESTINATION"),
                                 QStringLiteral("Folder to copy into, or a new name."));

    ParseResult result;
    auto usageError = [&](const QString &message) {
        result.error = QStringLiteral("sluice-cli: %1\nTry 'sluice-cli --help'.\n").arg(message);
        result.exitCode = 2;
        return result;
    };
    if (!parser.parse(arguments))
        return usageError(parser.errorText());
    if (parser.isSet(help)) {
        result.output = parser.helpText();
        return result;
    }
    if (parser.isSet(version)) {
        result.output =
            QStringLiteral("sluice-cli %1\n").arg(QCoreApplication::applicationVersion());
        return result;
    }

    Arguments args;
    const QStringList positional = parser.positionalArguments();
    const int modes =
        int(parser.isSet(listInterrupted)) + int(parser.isSet(resume)) + int(parser.isSet(discard));
    if (modes > 1)
        return usageError(
            QStringLiteral("--list-interrupted, --resume and --discard exclude each other"));
    args.mode = parser.isSet(listInterrupted) ? Mode::ListInterrupted
                : parser.isSet(resume)        ? Mode::Resume
                : parser.isSet(discard)       ? Mode::Discard
                                              : Mode::Copy;
    args.resumable = parser.isSet(resumable);
    if (args.mode != Mode::Copy) {
        if (args.mode == Mode::ListInterrupted && !positional.isEmpty())
            return usageError(QStringLiteral("--list-interrupted takes no arguments"));
        if (args.mode == Mode::Discard && positional.isEmpty())
            return usageError(QStringLiteral("--discard needs the IDs to forget"));
        args.ids = positional;
        const QString progressText =
            parser.isSet(progress)
                ? parser.value(progress)
                : (stderrIsTerminal ? QStringLiteral("bar") : QStringLiteral("none"));
        if (progressText == QLatin1String("json"))
            args.progress = ProgressStyle::Json;
        else if (progressText == QLatin1String("bar"))
            args.progress = ProgressStyle::Bar;
        else if (progressText == QLatin1String("none"))
            args.progress = ProgressStyle::None;
        else
            return usageError(QStringLiteral("invalid --progress '%1' (expected bar|json|none)")
                                  .arg(progressText));
        args.quiet = parser.isSet(quiet);
        if (args.quiet && !parser.isSet(progress))
            args.progress = ProgressStyle::None;
        args.collisionAsk = stdinIsTerminal; // whether a resumed "ask" policy can prompt
        args.errorAsk = stdinIsTerminal;
        if (parser.isSet(limit)) {
            if (args.mode != Mode::Resume)
                return usageError(QStringLiteral("--limit needs SOURCE and DESTINATION, or "
                                                 "--resume"));
            const auto rate = parseByteRate(parser.value(limit));
            if (!rate)
                return usageError(QStringLiteral("invalid --limit '%1'").arg(parser.value(limit)));
            args.resumeLimit = *rate;
        }
        result.arguments = args;
        return result;
    }
    if (positional.size() < 2)
        return usageError(positional.isEmpty() ? QStringLiteral("missing SOURCE and DESTINATION")
                                               : QStringLiteral("missing DESTINATION"));
    for (qsizetype i = 0; i + 1 < positional.size(); ++i)
        args.request.sources << NativePath::toNative(positional.at(i));
    args.request.destination = NativePath::toNative(positional.last());

    CopyOptions &options = args.options;
    const auto chunk = parseByteSize(parser.value(chunkSize));
    if (!chunk)
        return usageError(QStringLiteral("invalid --chunk-size '%1'").arg(parser.value(chunkSize)));
    options.chunkSize = *chunk;
    bool ok = false;
    options.queueDepth = parser.value(queueDepth).toInt(&ok);
    if (!ok)
        return usageError(
            QStringLiteral("invalid --queue-depth '%1'").arg(parser.value(queueDepth)));

    // `--exclude-from -` reads the patterns from standard input: it is not there to prompt.
    if (parser.values(filterOptions.excludeFrom).contains(QStringLiteral("-")))
        stdinIsTerminal = false;
    const QString collisionText =
        parser.isSet(onConflict)
            ? parser.value(onConflict)
            : (stdinIsTerminal ? QStringLiteral("ask") : QStringLiteral("skip"));
    const auto collision = collisionPolicyFromString(collisionText);
    if (!collision)
        return usageError(QStringLiteral("invalid --on-conflict '%1' (expected %2)")
                              .arg(collisionText, policyList()));
    const QString errorText =
        parser.isSet(onError) ? parser.value(onError)
                              : (stdinIsTerminal ? QStringLiteral("ask") : QStringLiteral("skip"));
    const auto errorPolicy = errorPolicyFromString(errorText);
    if (!errorPolicy)
        return usageError(QStringLiteral("invalid --on-error '%1' (expected "
                                         "ask|retry|skip|abort)")
                              .arg(errorText));
    if ((*collision == CollisionPolicy::Ask || *errorPolicy == ErrorPolicy::Ask)
        && !stdinIsTerminal)
        return usageError(QStringLiteral("'ask' needs a terminal on standard input (not one "
                                         "that --exclude-from - reads); choose another "
                                         "--on-conflict / --on-error policy"));
    options.onCollision = *collision;
    options.onError = *errorPolicy;
    args.collisionAsk = *collision == CollisionPolicy::Ask;
    args.errorAsk = *errorPolicy == ErrorPolicy::Ask;
    options.confirmPreflight = args.errorAsk;

    const QString progressText =
        parser.isSet(progress)
            ? parser.value(progress)
            : (stderrIsTerminal ? QStringLiteral("bar") : QStringLiteral("none"));
    if (progressText == QLatin1String("bar"))
        args.progress = ProgressStyle::Bar;
    else if (progressText == QLatin1String("json"))
        args.progress = ProgressStyle::Json;
    else if (progressText == QLatin1String("none"))
        args.progress = ProgressStyle::None;
    else
        return usageError(
            QStringLiteral("invalid --progress '%1' (expected bar|json|none)").arg(progressText));

    const auto engineChoice = engineFromString(parser.value(engine));
    if (!engineChoice)
        return usageError(QStringLiteral("invalid --engine '%1' (expected "
                                         "auto|stream|kernel|reflink)")
                              .arg(parser.value(engine)));
    options.engine = *engineChoice;
    const auto durabilityChoice = durabilityFromString(parser.value(durability));
    if (!durabilityChoice)
        return usageError(QStringLiteral("invalid --durability '%1' (expected file|job|none)")
                              .arg(parser.value(durability)));
    options.durability = *durabilityChoice;
    if (parser.isSet(limit)) {
        const auto rate = parseByteRate(parser.value(limit));
        if (!rate)
            return usageError(QStringLiteral("invalid --limit '%1'").arg(parser.value(limit)));
        options.speedLimit = *rate;
    }
    if (parser.isSet(verify)) {
        const auto algorithm = verifyAlgorithmFromString(parser.value(verify));
        if (!algorithm || *algorithm == VerifyAlgorithm::None)
            return usageError(QStringLiteral("invalid --verify '%1' (expected xxh3|sha256)")
                                  .arg(parser.value(verify)));
        options.verify = *algorithm;
    }
    if (parser.isSet(checksumFile)) {
        if (options.verify == VerifyAlgorithm::None)
            return usageError(QStringLiteral("--checksum-file needs --verify"));
        options.checksumFile = NativePath::toNative(parser.value(checksumFile));
    }
    const int workerCount = parser.value(workers).toInt(&ok);
    if (!ok || workerCount < 0)
        return usageError(QStringLiteral("invalid --workers '%1'").arg(parser.value(workers)));
    options.smallFileWorkers = workerCount;
    if (parser.isSet(flushWindow)) {
        const auto window = parseByteSize(parser.value(flushWindow));
        if (!window)
            return usageError(
                QStringLiteral("invalid --flush-window '%1'").arg(parser.value(flushWindow)));
        options.flushWindow = *window;
    }
    if (parser.isSet(flushLag)) {
        options.flushLag = parser.value(flushLag).toInt(&ok);
        if (!ok)
            return usageError(
                QStringLiteral("invalid --flush-lag '%1'").arg(parser.value(flushLag)));
    }
    options.move = parser.isSet(move);
    if (parser.isSet(archive))
        options.preserve = PreserveOptions::archive();
    options.followSymlinks = parser.isSet(dereference);
    options.dryRun = parser.isSet(dryRun);
    options.journal = !parser.isSet(noJournal);
    options.deviceTurn =
        parser.isSet(queue) ? DeviceTurnPolicy::Wait : DeviceTurnPolicy::TakeIfFree;
    args.quiet = parser.isSet(quiet);
    args.desktopProgress = parser.isSet(desktopProgress);
    args.eject = parser.isSet(eject);
    if (args.quiet && !parser.isSet(progress))
        args.progress = ProgressStyle::None;
    if (const QString error = readFilter(parser, filterOptions, options.filter); !error.isEmpty())
        return usageError(error);
    args.verbose = parser.isSet(filterOptions.verbose);
    options.listLeftOut = args.verbose;

    const QStringList problems = options.validate();
    if (!problems.isEmpty())
        return usageError(problems.join(QStringLiteral("; ")));
    result.arguments = args;
    return result;
}

QString checkTrailingSlashDestination(const Arguments &arguments)
{
    const QByteArray &destination = arguments.request.destination;
    const QList<QByteArray> &sources = arguments.request.sources;
    if (destination.size() < 2 || !destination.endsWith('/') || sources.size() != 1)
        return {}; // several sources always need an existing folder (the planner says so)
    if (findPathNameProblem(destination))
        return {}; // never looked up: the planner refuses it by that name
    struct stat st = {};
    if (::stat(destination.constData(), &st) == 0 || errno != ENOENT)
        return {}; // an existing folder, or a problem the planner reports
    const QByteArray &source = sources.first();
    // Like the planner: a symlink is copied as a link unless -L or "source/" follow it.
    const bool follow = arguments.options.followSymlinks || source.endsWith('/');
    const int found = follow ? ::stat(source.constData(), &st) : ::lstat(source.constData(), &st);
    if (found != 0 || S_ISDIR(st.st_mode))
        return {}; // a missing source is reported by the planner; a folder becomes DESTINATION
    return QStringLiteral("cannot copy '%1' to '%2': Not a directory (ENOTDIR): the "
                          "destination ends in '/' but is not an existing folder")
        .arg(NativePath::toDisplay(source), NativePath::toDisplay(destination));
}

} // namespace Sluice::Cli
