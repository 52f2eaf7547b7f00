#include "translations.h"

#include <QCoreApplication>
#include <QDir>
#include <QLibraryInfo>
#include <QTranslator>

namespace Sluice::Ui {

namespace {

constexpr QLatin1StringView CataloguePrefix("sluice_");
constexpr QLatin1StringView CatalogueSuffix(".qm");
constexpr QLatin1StringView English("en");

// Installs on @p app the translator of @p file in @p folder, if it loads. Owned by @p app.
bool installCatalogue(QCoreApplication &app, const QString &file, const QString &folder)
{
    auto *translator = new QTranslator(&app);
    if (translator->load(file, folder) && QCoreApplication::installTranslator(translator))
        return true;
    delete translator;
    return false;
}

} // namespace

QString Translations::catalogueFolder()
{
    return QStringLiteral(":/i18n");
}

QStringList Translations::available()
{
    QStringList languages;
    const QStringList files =
        QDir(catalogueFolder())
            .entryList({CataloguePrefix + u'*' + CatalogueSuffix}, QDir::Files, QDir::Name);
    for (const QString &file : files)
        languages << file.mid(CataloguePrefix.size(),
                              file.size() - CataloguePrefix.size() - CatalogueSuffix.size());
    return languages;
}

QString Translations::choose(const QStringList &preferred)
{
    const QStringList known = available();
    for (const QString &name : preferred) {
        if (name == u"C" || name.startsWith(u"C.") || name == u"POSIX")
            return English; // the C locale: untranslated
        const QLocale locale(name);
        if (locale.language() == QLocale::C)
            continue; // a name Qt does not know ("C" stands in for it)
        if (locale.language() == QLocale::English)
            return English; // wanted before any language Sluice has: the sources' English
        for (const QString &candidate :
             {locale.name(), QLocale::languageToCode(locale.language())}) {
            if (known.contains(candidate))
                return candidate;
        }
    }
    return English;
}

QString Translations::install(QCoreApplication &app, const QStringList &preferred)
{
    QString language = choose(preferred);
    // Sluice's catalogue (for English: its plural forms, "1 of 1 item"), then Qt's.
    installCatalogue(app, CataloguePrefix + language, catalogueFolder());
    installCatalogue(app, QStringLiteral("qtbase_") + language,
                     QLibraryInfo::path(QLibraryInfo::TranslationsPath));
    return language;
}

} // namespace Sluice::Ui
