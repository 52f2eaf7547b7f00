#pragma once

#include <QString>
#include <QTranslator>

namespace Sluice::Cli {

/// sluice-cli's texts with a count, marked for lupdate with their plural forms (context
/// "Sluice::Cli"). Each source is the English plural, "%n" standing for the count, as the
/// window's texts are; countText() translates them.
namespace CountText {
inline constexpr char LeftOut[] =
    QT_TRANSLATE_N_NOOP("Sluice::Cli", "filters left out %n items, %1%2");
inline constexpr char LeftOutFolders[] = QT_TRANSLATE_N_NOOP(
    "Sluice::Cli", "; %n of them are folders, each counted as one item without its contents");
inline constexpr char WouldCopy[] =
    QT_TRANSLATE_N_NOOP("Sluice::Cli", "dry run: would copy %n items, %1; nothing was written");
inline constexpr char DryRunErrors[] =
    QT_TRANSLATE_N_NOOP("Sluice::Cli", "dry run: %1 (%n errors); nothing was written");
inline constexpr char Changed[] = QT_TRANSLATE_N_NOOP(
    "Sluice::Cli", "%n files changed while copying (kept as read, listed above)");
inline constexpr char Resumed[] = QT_TRANSLATE_N_NOOP(
    "Sluice::Cli", "resumed: %n files finished before were not copied again; %1 not written again");
inline constexpr char Bytes[] = QT_TRANSLATE_N_NOOP("Sluice::Cli", "%n bytes");
inline constexpr char InterruptedProgress[] =
    QT_TRANSLATE_N_NOOP("Sluice::Cli", "%1 of %n items, %2 of %3 bytes");
} // namespace CountText

/// @p text (one of CountText) for the count @p n, through
/// QCoreApplication::translate("Sluice::Cli", text, nullptr, n): "%n" becomes @p n and the
/// installed catalogues choose the plural form (Qt's rules, QTranslator). Qt takes an int: for
/// a larger @p n it is given the int with the same last six digits, hence the same plural
/// form, and the number shown is @p n. Any thread.
QString countText(const char *text, qint64 n);

/// The English singular of CountText's texts, as a translator to install in main(): what
/// translations/sluice_en.ts (the English plural forms) is to the window. sluice-cli loads no
/// catalogue (its output stays English, for scripts: README "Languages"), and the core-only
/// build has no lrelease to compile one; without this, Qt prints a source as it is written,
/// "1 files". For any other text or count it finds nothing, so Qt keeps the source (the
/// English plural) or what another catalogue says. Thread-safe (immutable).
class EnglishPlurals final : public QTranslator
{
public:
    using QTranslator::QTranslator;
    QString translate(const char *context, const char *sourceText,
                      const char *disambiguation = nullptr, int n = -1) const override;
    bool isEmpty() const override { return false; }
};

} // namespace Sluice::Cli
