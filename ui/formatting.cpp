#include "formatting.h"

#include "nativepath.h"

#include <QLocale>

#include <limits>

namespace Sluice::Ui {

QString Format::path(const QByteArray &path)
{
    QString text = NativePath::toDisplay(path);
    for (QChar &character : text) {
        // U+2400 "Control Pictures": ␊ for a newline, ␉ for a tab...
        if (character.unicode() < 0x20)
            character = QChar(char16_t(0x2400 + character.unicode()));
        else if (character.unicode() == 0x7F)
            character = QChar(char16_t(0x2421));
    }
    return text;
}

namespace {

// QLocale::formattedDataSize() says "1 bytes" (Qt 6.4 has one word for every count below
// 1024); those counts get a plural-aware text of their own (English forms in sluice_en.ts;
// the source text is the plural, as the window says without a catalogue).
QString dataSize(qint64 bytes, int precision)
{
    const qint64 bounded = qMax<qint64>(0, bytes);
    if (bounded < 1024)
        return Format::tr("%Ln bytes", nullptr, int(bounded));
    return QLocale().formattedDataSize(bounded, precision);
}

} // namespace

QString Format::size(qint64 bytes)
{
    return dataSize(bytes, 2);
}

QString Format::rate(qint64 bytesPerSecond)
{
    return tr("%1/s").arg(dataSize(bytesPerSecond, 1));
}

QString Format::count(qint64 value)
{
    return QLocale().toString(value);
}

int Format::plural(qint64 value)
{
    constexpr qint64 Million = 1'000'000;
    if (value >= 0 && value <= std::numeric_limits<int>::max())
        return int(value);
    return int(Million + qAbs(value % Million));
}

QString Format::duration(qint64 ms)
{
    const qint64 seconds = qMax<qint64>(0, ms) / 1000;
    const qint64 hours = seconds / 3600;
    const qint64 minutes = (seconds / 60) % 60;
    const QString secondsText = QStringLiteral("%1").arg(seconds % 60, 2, 10, QLatin1Char('0'));
    if (hours > 0)
        return QStringLiteral("%1:%2:%3")
            .arg(hours)
            .arg(minutes, 2, 10, QLatin1Char('0'))
            .arg(secondsText);
    return QStringLiteral("%1:%2").arg(minutes).arg(secondsText);
}

QString Format::seconds(qint64 ms)
{
    if (ms >= 60'000)
        return duration(ms);
    return tr("%1 s").arg(QLocale().toString(double(qMax<qint64>(0, ms)) / 1000.0, 'f', 2));
}

QString Format::percent(int perMille)
{
    const int bounded = qBound(0, perMille, 1000);
    return tr("%1 %").arg(QLocale().toString(bounded / 10.0, 'f', 1));
}

QString Format::engine(Engine engine)
{
    switch (engine) {
    case Engine::Stream:
        return tr("stream (through Sluice's buffers)");
    case Engine::Kernel:
        return tr("kernel (copy_file_range, no buffers)");
    case Engine::Reflink:
        return tr("reflink (shared blocks, nothing to move)");
    case Engine::Auto:
        break;
    }
    return tr("—");
}

QString Format::operation(FileOperation operation)
{
    return operationName(operation); // core's wording, translated in context Sluice::CopyIssue
}

QString Format::issue(const CopyIssue &issue)
{
    QString text = tr("%1 “%2”").arg(operation(issue.operation), path(issue.path));
    if (issue.similarCount > 0)
        text = tr("%1 (and %2 more like it)", nullptr, plural(issue.similarCount))
                   .arg(text, count(issue.similarCount));
    const QString cause = issue.cause();
    return cause.isEmpty() ? text : tr("%1: %2").arg(text, cause);
}

} // namespace Sluice::Ui
