#include "translations.h"

#include <QCoreApplication>
#include <QDir>
#include <QLibraryInfo>
#include <QTranslator>

namespace Sluice::Ui {

namespace {

constexpr QLatin1StringView CataloguePrefix("sluice_");
constexpr QLatin1StringView CatalogueSuffix(".qm");

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
    const QString english = QStringLiteral("en");
    const QStringList known = available();
    for (const QString &name : preferred) {
        if (name == u"C" || name.startsWith(u"C.") || name == u"POSIX")
            return english; // the C locale: untranslated
        const QLocale locale(name);
        if (locale.language() == QLocale::C)
            continue; // a name Qt does not know ("C" stands in for it)
        if (locale.language() == QLocale::English)
            return english; // wanted before any language Sluice has: the sources' English
        for (const QString &candidate :
             {locale.name(), QLocale::languageToCode(locale.language())}) {
            if (known.contains(candidate))
                return candidate;
        }
    }
    return english;
}

QString Translations::install(QCoreApplication &app, const QStringList &preferred)
{
    const QString language = choose(preferred);
    // Sluice's catalogue (for English: its plural forms, "1 of 1 item"), then Qt's.
    auto *sluice = new QTranslator(&app);
    if (sluice->load(CataloguePrefix + language, catalogueFolder()))
        QCoreApplication::installTranslator(sluice);
    else
        delete sluice;
    auto *qt = new QTranslator(&app);
    if (qt->load(QStringLiteral("qtbase_") + language,
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    else
        delete qt;
    return language;
}

} // namespace Sluice::Ui
