#include "launcharguments.h"

#include "nativepath.h"

#include <QCommandLineParser>
#include <QDataStream>
#include <QIODevice>
#include <QRegularExpression>
#include <QUrl>

#include <cerrno>
#include <climits>
#include <unistd.h>

namespace Sluice::Ui {

namespace {

constexpr quint32 Magic = 0x534c4345; // "SLCE"
constexpr quint32 FormatVersion = 1;

// An argument as a native path: a file: URL decoded byte for byte, or a path made absolute.
std::optional<QByteArray> argumentPath(const QString &argument, const QByteArray &workingDirectory)
{
    const QByteArray bytes = NativePath::toNative(argument);
    // "scheme://..." is a URL (desktop files pass %U): only file: URLs name local files.
    static const QRegularExpression url(QStringLiteral("^[A-Za-z][A-Za-z0-9+.-]*://"));
    if (bytes.startsWith("file:"))
        return NativePath::fromLocalFileUrl(QUrl::fromEncoded(bytes));
    if (url.match(argument).hasMatch())
        return std::nullopt;
    if (bytes.isEmpty())
        return std::nullopt;
    if (bytes.startsWith('/') || workingDirectory.isEmpty())
        return bytes;
    return NativePath::join(workingDirectory, bytes);
}

} // namespace

LaunchParse LaunchArguments::parse(const QList<QByteArray> &arguments,
                                   const QByteArray &workingDirectory)
{
    QStringList decoded;
    for (const QByteArray &argument : arguments)
        decoded << NativePath::fromNativeLossless(argument);

    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Sluice copies files and folders with bounded memory and honest progress.\n"
           "Sources are listed in the window; with --start the copy begins at once.\n"
           "A second start hands its sources to the window already open."));
    const QCommandLineOption help({QStringLiteral("h"), QStringLiteral("help")},
                                  tr("Show this help and exit."));
    const QCommandLineOption version({QStringLiteral("v"), QStringLiteral("version")},
                                     tr("Show the version and exit."));
    const QCommandLineOption to({QStringLiteral("t"), QStringLiteral("to")},
                                tr("The folder to copy into."), tr("DESTINATION"));
    const QCommandLineOption start(
        {QStringLiteral("s"), QStringLiteral("start")},
        tr("Start copying at once (asks for the destination folder when none is given)."));
    const QCommandLineOption move(QStringLiteral("move"),
                                  tr("With --start: move instead of copy (each source item is "
                                     "deleted once its copy is on disk)."));
    const QCommandLineOption newWindow(QStringLiteral("new-window"),
                                       tr("Open a new window instead of handing the sources "
                                          "to a window already open."));
    parser.addOptions({help, version, to, start, move, newWindow});
    parser.addPositionalArgument(tr("SOURCE"), tr("Files or folders to copy."), tr("[SOURCE...]"));

    LaunchParse result;
    const QString program = QStringLiteral("sluice");
    if (!parser.parse(decoded)) {
        result.error = tr("%1: %2\nTry '%1 --help'.\n").arg(program, parser.errorText());
        result.exitCode = 2;
        return result;
    }
    if (parser.isSet(help)) {
        result.output = parser.helpText();
        return result;
    }
    if (parser.isSet(version)) {
        result.output =
            QStringLiteral("%1 %2\n").arg(program, QCoreApplication::applicationVersion());
        return result;
    }
    LaunchRequest request;
    for (const QString &argument : parser.positionalArguments()) {
        const auto path = argumentPath(argument, workingDirectory);
        if (!path) {
            result.error = tr("%1: not a local file: %2\n").arg(program, argument);
            result.exitCode = 2;
            return result;
        }
        request.sources.append(*path);
    }
    if (parser.isSet(to)) {
        const auto path = argumentPath(parser.value(to), workingDirectory);
        if (!path) {
            result.error = tr("%1: not a local folder: %2\n").arg(program, parser.value(to));
            result.exitCode = 2;
            return result;
        }
        request.destination = *path;
    }
    request.start = parser.isSet(start);
    request.move = parser.isSet(move);
    if (request.move && !request.start) {
        result.error = tr("%1: --move needs --start\n").arg(program);
        result.exitCode = 2;
        return result;
    }
    request.newWindow = parser.isSet(newWindow);
    result.request = request;
    return result;
}

QByteArray LaunchArguments::currentDirectory()
{
    QByteArray buffer(PATH_MAX, Qt::Uninitialized);
    for (;;) {
        if (::getcwd(buffer.data(), size_t(buffer.size())))
            return QByteArray(buffer.constData());
        if (errno != ERANGE || buffer.size() > (1 << 20))
            return {};
        buffer.resize(buffer.size() * 2);
    }
}

QByteArray encodeLaunchRequest(const LaunchRequest &request)
{
    QByteArray data;
    QDataStream stream(&data, QIODevice::WriteOnly);
    stream.setVersion(QDataStream::Qt_6_4);
    stream << Magic << FormatVersion << request.sources << request.destination << request.start
           << request.move << request.newWindow;
    return data;
}

std::optional<LaunchRequest> decodeLaunchRequest(const QByteArray &data)
{
    QDataStream stream(data);
    stream.setVersion(QDataStream::Qt_6_4);
    quint32 magic = 0;
    quint32 version = 0;
    stream >> magic >> version;
    if (magic != Magic || version != FormatVersion)
        return std::nullopt;
    LaunchRequest request;
    stream >> request.sources >> request.destination >> request.start >> request.move
        >> request.newWindow;
    if (stream.status() != QDataStream::Ok || !stream.atEnd())
        return std::nullopt;
    return request;
}

} // namespace Sluice::Ui
