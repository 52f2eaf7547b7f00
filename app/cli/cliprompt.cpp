#include "cliprompt.h"

#include "nativepath.h"

#include <QLocale>

#include <cstdio>
#include <cstring>

namespace Sluice::Cli {

namespace {

QString facts(const FileFacts &facts)
{
    return QStringLiteral("%1, modified %2")
        .arg(QLocale::c().formattedDataSize(facts.size, 1, QLocale::DataSizeIecFormat),
             facts.modified.toString(Qt::ISODate));
}

// Reads one answer line; returns its first character (0 at end of input).
char readChoice(const QString &prompt)
{
    std::fputs(prompt.toLocal8Bit().constData(), stderr);
    std::fflush(stderr);
    char line[512];
    if (!std::fgets(line, sizeof line, stdin))
        return 0;
    const char *first = line;
    while (*first == ' ' || *first == '\t')
        ++first;
    return *first == '\n' ? ' ' : *first;
}

QByteArray readLine(const QString &prompt)
{
    std::fputs(prompt.toLocal8Bit().constData(), stderr);
    std::fflush(stderr);
    char line[4096];
    if (!std::fgets(line, sizeof line, stdin))
        return {};
    QByteArray text(line);
    while (text.endsWith('\n') || text.endsWith('\r'))
        text.chop(1);
    return text;
}

} // namespace

QuestionAnswer promptForAnswer(const CopyQuestion &question)
{
    switch (question.kind) {
    case QuestionKind::Collision: {
        const QString intro =
            QStringLiteral("“%1” already exists.\n  existing: %2\n  new:      %3\n")
                .arg(NativePath::toDisplay(question.destination), facts(question.destinationFacts),
                     facts(question.sourceFacts));
        const QString prompt =
            intro
            + QStringLiteral("[o]verwrite, overwrite if [n]ewer, [s]kip, [r]ename to “%1”, "
                             "[e]nter a name, [c]ancel copy (capital letter: same for all): ")
                  .arg(NativePath::toDisplay(question.suggestedName));
        for (;;) {
            const char choice = readChoice(prompt);
            if (choice == 0)
                return {Decision::CancelJob, false, {}}; // end of input
            const bool all = choice >= 'A' && choice <= 'Z';
            switch (choice | 0x20) {
            case 'o':
                return {Decision::Overwrite, all, {}};
            case 'n':
                return {Decision::OverwriteIfNewer, all, {}};
            case 's':
                return {Decision::Skip, all, {}};
            case 'r':
                return {Decision::Rename, all, {}};
            case 'e': {
                const QByteArray name = readLine(QStringLiteral("New name: "));
                if (!name.isEmpty())
                    return {Decision::Rename, false, name};
                break;
            }
            case 'c':
                return {Decision::CancelJob, false, {}};
            default:
                break;
            }
        }
    }
    case QuestionKind::Error: {
        const QString prompt = question.issue.message()
                               + QStringLiteral("\n[r]etry, [s]kip, skip [a]ll errors, a[b]ort: ");
        for (;;) {
            switch (readChoice(prompt)) {
            case 'r':
            case 'R':
                return {Decision::Retry, false, {}};
            case 's':
                return {Decision::Skip, false, {}};
            case 'S':
            case 'a':
            case 'A':
                return {Decision::Skip, true, {}};
            case 0:
            case 'b':
            case 'B':
                return {Decision::AbortJob, false, {}};
            default:
                break;
            }
        }
    }
    case QuestionKind::Preflight: {
        QString text = QStringLiteral("Before copying:\n");
        for (const CopyIssue &issue : question.issues)
            text += QStringLiteral("  - %1\n").arg(issue.message());
        for (;;) {
            switch (readChoice(text + QStringLiteral("Copy anyway? [y/n]: "))) {
            case 'y':
            case 'Y':
                return {Decision::Continue, false, {}};
            case 0:
            case 'n':
            case 'N':
                return {Decision::CancelJob, false, {}};
            default:
                break;
            }
        }
    }
    }
    return {Decision::CancelJob, false, {}};
}

} // namespace Sluice::Cli
