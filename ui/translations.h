#pragma once

#include <QLocale>
#include <QString>
#include <QStringList>

class QCoreApplication;

namespace Sluice::Ui {

/// The window's language. Sluice's catalogues are compiled in (`:/i18n/sluice_<language>.qm`,
/// built from translations/*.ts); Qt's own (`qtbase_<language>.qm`: standard buttons, file
/// dialogs, context menus) come from QLibraryInfo::TranslationsPath (Debian package
/// qt6-translations-l10n). The language is the first of the system's preferred languages
/// that Sluice has a catalogue for — QLocale::system().uiLanguages(), which Qt reads from
/// LANGUAGE (a list, "fr:de"), then LC_ALL, LC_MESSAGES, LANG — and English, the language of
/// the sources, for anything else. The CLI installs none of this: its output stays English.
class Translations final
{
public:
    /// The languages Sluice has a catalogue for ("de", "en", "ru"...), sorted.
    static QStringList available();

    /// The language to use for @p preferred (most wanted first, as uiLanguages() gives them):
    /// the first that has a catalogue, by full name ("pt_BR") then language ("pt"); "en" when
    /// an English or "C" entry comes first or nothing matches.
    static QString choose(const QStringList &preferred);

    /// Chooses the language for @p preferred and installs on @p app the translators for it:
    /// Sluice's and Qt's. Returns the language chosen. Call once, before building widgets.
    static QString install(QCoreApplication &app,
                           const QStringList &preferred = QLocale::system().uiLanguages());

    /// The resource folder of the compiled catalogues.
    static QString catalogueFolder();
};

} // namespace Sluice::Ui
