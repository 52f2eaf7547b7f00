// The window speaks the system's language: German and Russian next to English, chosen from
// LANGUAGE, LC_ALL, LC_MESSAGES and LANG as Qt reads them (QLocale::system().uiLanguages()).
// Qt reads the environment once per process, so each locale runs in a child: this binary with
// --probe, which installs the translators as main() does, builds the real window and reports
// texts found by objectName. The real `sluice` binary is run too, to prove that its main()
// installs Sluice's and Qt's translators, before parsing (--help is translated), and the
// real `sluice-cli`, which stays English. Core messages and plural forms are checked in this
// process with the compiled catalogues.

#include "copyissue.h"
#include "copyprogress.h"
#include "filesystemlimits.h"
#include "formatting.h"
#include "mainwindow.h"
#include "posixio.h"
#include "transferpanel.h"
#include "translations.h"
#include "uitest.h"

#include <QApplication>
#include <QDialogButtonBox>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QProcess>
#include <QPushButton>
#include <QTest>
#include <QTranslator>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <limits>
#include <memory>

using namespace Sluice;
using namespace Sluice::Ui;
using namespace Qt::StringLiterals;

namespace {

constexpr char ProbeOption[] = "--probe";
const QStringList LocaleVariables{u"LANGUAGE"_s, u"LC_ALL"_s, u"LC_MESSAGES"_s, u"LANG"_s};

CopyIssue fullDisk()
{
    return CopyIssue::fromErrno(FileOperation::Write, "/mnt/usb/a.iso", ENOSPC);
}

// The child: translators as in app/gui/main.cpp, then the real window and a few widgets.
int probe(int argc, char **argv)
{
    QApplication app(argc, argv);
    UserFolders::isolate(); // never the person's settings or journal, as in the parent
    QCoreApplication::setOrganizationName(u"sluice-test"_s);
    QCoreApplication::setApplicationName(u"tst_language"_s);
    QJsonObject texts;
    texts.insert(u"language"_s, Translations::install(app));

    MainWindow window;
    window.show();
    if (!QTest::qWaitForWindowExposed(&window))
        return 3;
    for (const char *name : {"copyButton", "moveButton"}) {
        const auto *button = UiTest::find<QPushButton>(&window, name);
        texts.insert(QLatin1String(name), button ? button->text() : u"<missing>"_s);
    }
    texts.insert(u"issue"_s, Format::issue(fullDisk()));

    TransferPanel panel;
    CopyProgress progress;
    progress.phase = CopyPhase::Copying;
    progress.itemsTotal = 1;
    progress.itemsDone = 1;
    panel.setProgress(progress);
    const auto *items = UiTest::find<QLabel>(&panel, "itemsLabel");
    texts.insert(u"items"_s, items ? items->text() : u"<missing>"_s);

    const QDialogButtonBox buttons(QDialogButtonBox::Cancel); // Qt's own translation
    texts.insert(u"qtCancel"_s, buttons.button(QDialogButtonBox::Cancel)->text());

    std::fputs(QJsonDocument(texts).toJson(QJsonDocument::Compact).constData(), stdout);
    return 0;
}

// @p program with only the locale variables of @p locale (as "NAME=value" entries).
QProcessEnvironment localeEnvironment(const QStringList &locale)
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const QString &name : LocaleVariables)
        environment.remove(name);
    for (const QString &entry : locale) {
        const qsizetype equals = entry.indexOf(u'=');
        environment.insert(entry.left(equals), entry.mid(equals + 1));
    }
    return environment;
}

struct Expected
{
    QString language;
    QString copyButton;
    QString moveButton;
    QString issue;
    QString items;
    QString qtCancel;
};

Expected expectedFor(const QString &language)
{
    if (language == u"de")
        return {.language = u"de"_s,
                .copyButton = u"&Kopieren"_s,
                .moveButton = u"Versc&hieben"_s,
                .issue = u"Schreiben nicht möglich: „/mnt/usb/a.iso“ – Kein Speicherplatz mehr "
                         "auf dem Gerät (ENOSPC)"_s,
                .items = u"1 von 1 Element"_s,
                .qtCancel = u"Abbrechen"_s};
    if (language == u"ru")
        return {.language = u"ru"_s,
                .copyButton = u"&Копировать"_s,
                .moveButton = u"&Переместить"_s,
                .issue = u"Не удалось записать «/mnt/usb/a.iso»: На устройстве не осталось "
                         "места (ENOSPC)"_s,
                .items = u"1 из 1 элемента"_s,
                .qtCancel = u"Отмена"_s};
    return {.language = u"en"_s,
            .copyButton = u"&Copy"_s,
            .moveButton = u"&Move"_s,
            .issue = u"Cannot write “/mnt/usb/a.iso”: No space left on device (ENOSPC)"_s,
            .items = u"1 of 1 item"_s,
            .qtCancel = u"Cancel"_s};
}

} // namespace

class TestLanguage final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanup();
    void everyLanguageHasACompiledCatalogue();
    void choosesTheFirstLanguageSluiceSpeaks_data();
    void choosesTheFirstLanguageSluiceSpeaks();
    void windowFollowsTheLocale_data();
    void windowFollowsTheLocale();
    void sluiceInstallsItsAndQtsTranslators_data();
    void sluiceInstallsItsAndQtsTranslators();
    void helpFollowsTheLocale_data();
    void helpFollowsTheLocale();
    void versionPrintsUnderAnyLocale_data();
    void versionPrintsUnderAnyLocale();
    void cliHelpStaysEnglish();
    void withoutADisplayTheCommandLineIsStillAnswered_data();
    void withoutADisplayTheCommandLineIsStillAnswered();
    void coreMessagesFollowTheTranslator();
    void countsPickThePluralForm_data();
    void countsPickThePluralForm();
    void pluralCountKeepsTheLastDigits();

private:
    void installCatalogue(const QString &language);
    std::unique_ptr<QTranslator> m_translator;
};

void TestLanguage::initTestCase()
{
    UiTest::isolateSettings(u"tst_language"_s);
}

void TestLanguage::cleanup()
{
    if (m_translator)
        QCoreApplication::removeTranslator(m_translator.get());
    m_translator.reset();
}

void TestLanguage::installCatalogue(const QString &language)
{
    m_translator = std::make_unique<QTranslator>();
    QVERIFY(m_translator->load(u"sluice_"_s + language, Translations::catalogueFolder()));
    QVERIFY(QCoreApplication::installTranslator(m_translator.get()));
}

void TestLanguage::everyLanguageHasACompiledCatalogue()
{
    // English holds only the plural forms of the sources ("1 of 1 item").
    QCOMPARE(Translations::available(), (QStringList{u"de"_s, u"en"_s, u"ru"_s}));
}

void TestLanguage::choosesTheFirstLanguageSluiceSpeaks_data()
{
    QTest::addColumn<QStringList>("preferred");
    QTest::addColumn<QString>("chosen");
    QTest::newRow("German") << QStringList{u"de"_s, u"de-Latn-DE"_s} << u"de"_s;
    QTest::newRow("Austrian German") << QStringList{u"de-AT"_s, u"de-Latn-AT"_s} << u"de"_s;
    QTest::newRow("Russian") << QStringList{u"ru-RU"_s, u"ru-Cyrl-RU"_s, u"ru"_s} << u"ru"_s;
    QTest::newRow("French, then German") << QStringList{u"fr"_s, u"fr-FR"_s, u"de"_s} << u"de"_s;
    QTest::newRow("English before German") << QStringList{u"en"_s, u"de"_s} << u"en"_s;
    QTest::newRow("French only") << QStringList{u"fr-FR"_s, u"fr"_s} << u"en"_s;
    QTest::newRow("C locale") << QStringList{u"C"_s} << u"en"_s;
    QTest::newRow("unknown name, then Russian") << QStringList{u"xx"_s, u"ru"_s} << u"ru"_s;
    QTest::newRow("nothing") << QStringList{} << u"en"_s;
}

void TestLanguage::choosesTheFirstLanguageSluiceSpeaks()
{
    QFETCH(QStringList, preferred);
    QFETCH(QString, chosen);
    QCOMPARE(Translations::choose(preferred), chosen);
}

void TestLanguage::windowFollowsTheLocale_data()
{
    QTest::addColumn<QStringList>("locale");
    QTest::addColumn<QString>("language");
    QTest::newRow("LANGUAGE=de") << QStringList{u"LANGUAGE=de"_s} << u"de"_s;
    QTest::newRow("LANGUAGE=de, LANG=C.UTF-8")
        << QStringList{u"LANGUAGE=de"_s, u"LANG=C.UTF-8"_s} << u"de"_s;
    QTest::newRow("LANG=de_DE.UTF-8") << QStringList{u"LANG=de_DE.UTF-8"_s} << u"de"_s;
    QTest::newRow("LANGUAGE=fr:de") << QStringList{u"LANGUAGE=fr:de"_s} << u"de"_s;
    QTest::newRow("LC_ALL=ru_RU.UTF-8") << QStringList{u"LC_ALL=ru_RU.UTF-8"_s} << u"ru"_s;
    QTest::newRow("LC_MESSAGES=ru over LANG=de")
        << QStringList{u"LC_MESSAGES=ru_RU.UTF-8"_s, u"LANG=de_DE.UTF-8"_s} << u"ru"_s;
    QTest::newRow("LANGUAGE=ru over LC_ALL=de")
        << QStringList{u"LANGUAGE=ru"_s, u"LC_ALL=de_DE.UTF-8"_s} << u"ru"_s;
    QTest::newRow("LANGUAGE=en:de, LANG=de_DE.UTF-8")
        << QStringList{u"LANGUAGE=en:de"_s, u"LANG=de_DE.UTF-8"_s} << u"en"_s;
    QTest::newRow("LANG=fr_FR.UTF-8") << QStringList{u"LANG=fr_FR.UTF-8"_s} << u"en"_s;
    QTest::newRow("LANG=C.UTF-8") << QStringList{u"LANG=C.UTF-8"_s} << u"en"_s;
    QTest::newRow("no locale variables") << QStringList{} << u"en"_s;
}

void TestLanguage::windowFollowsTheLocale()
{
    QFETCH(QStringList, locale);
    QFETCH(QString, language);
    QProcess child;
    child.setProcessEnvironment(localeEnvironment(locale));
    child.start(QCoreApplication::applicationFilePath(), {QString::fromLatin1(ProbeOption)});
    QVERIFY(child.waitForFinished(60'000));
    const QByteArray errors = child.readAllStandardError();
    QVERIFY2(child.exitStatus() == QProcess::NormalExit && child.exitCode() == 0,
             errors.constData());
    const QJsonObject texts = QJsonDocument::fromJson(child.readAllStandardOutput()).object();
    const Expected expected = expectedFor(language);
    QCOMPARE(texts.value(u"language"_s).toString(), expected.language);
    QCOMPARE(texts.value(u"copyButton"_s).toString(), expected.copyButton);
    QCOMPARE(texts.value(u"moveButton"_s).toString(), expected.moveButton);
    QCOMPARE(texts.value(u"issue"_s).toString(), expected.issue);
    QCOMPARE(texts.value(u"items"_s).toString(), expected.items);
    QCOMPARE(texts.value(u"qtCancel"_s).toString(), expected.qtCancel);
}

void TestLanguage::sluiceInstallsItsAndQtsTranslators_data()
{
    QTest::addColumn<QStringList>("locale");
    QTest::addColumn<QString>("qtText");     // from qtbase_<language>.qm (QCommandLineParser)
    QTest::addColumn<QString>("sluiceText"); // from sluice_<language>.qm (LaunchArguments)
    QTest::newRow("German") << QStringList{u"LANGUAGE=de"_s}
                            << u"Unbekannte Option 'no-such-option'."_s
                            << u"Siehe „sluice --help“."_s;
    QTest::newRow("Russian") << QStringList{u"LC_ALL=ru_RU.UTF-8"_s}
                             << u"Неизвестный параметр «no-such-option»."_s
                             << u"Попробуйте «sluice --help»."_s;
    QTest::newRow("English") << QStringList{u"LANG=fr_FR.UTF-8"_s}
                             << u"Unknown option 'no-such-option'."_s << u"Try 'sluice --help'."_s;
}

// The real binary: a wrong option is reported after the translators are installed, before a
// window opens.
void TestLanguage::sluiceInstallsItsAndQtsTranslators()
{
    QFETCH(QStringList, locale);
    QFETCH(QString, qtText);
    QFETCH(QString, sluiceText);
    QProcess sluice;
    sluice.setProcessEnvironment(localeEnvironment(locale));
    sluice.start(QStringLiteral(SLUICE_BINARY), {u"--no-such-option"_s});
    QVERIFY(sluice.waitForFinished(60'000));
    QCOMPARE(sluice.exitCode(), 2);
    const QString errors = QString::fromUtf8(sluice.readAllStandardError());
    QVERIFY2(errors.contains(qtText), qPrintable(errors));
    QVERIFY2(errors.contains(sluiceText), qPrintable(errors));
}

void TestLanguage::helpFollowsTheLocale_data()
{
    QTest::addColumn<QStringList>("locale");
    // Qt's headings (qtbase_<language>.qm), then Sluice's option texts (sluice_<language>.qm);
    // "Usage: " is followed by argv[0], a full path here.
    QTest::addColumn<QStringList>("texts");
    QTest::newRow("German") << QStringList{u"LANGUAGE=de"_s}
                            << QStringList{u"Aufruf: "_s,
                                           u"Optionen:"_s,
                                           u"Diese Hilfe anzeigen und beenden."_s,
                                           u"Der Ordner, in den kopiert wird."_s,
                                           u"Zu kopierende Dateien oder Ordner."_s,
                                           u"  QUELLE "_s,
                                           u"[QUELLE...]"_s};
    QTest::newRow("Russian") << QStringList{u"LC_ALL=ru_RU.UTF-8"_s}
                             << QStringList{u"Использование: "_s,
                                            u"Параметры:"_s,
                                            u"Показать эту справку и выйти."_s,
                                            u"Папка, в которую нужно копировать."_s,
                                            u"Файлы или папки для копирования."_s,
                                            u"  ИСТОЧНИК "_s,
                                            u"[ИСТОЧНИК...]"_s};
    QTest::newRow("English") << QStringList{u"LANG=fr_FR.UTF-8"_s}
                             << QStringList{u"Usage: "_s,
                                            u"Options:"_s,
                                            u"Show this help and exit."_s,
                                            u"The folder to copy into."_s,
                                            u"Files or folders to copy."_s,
                                            u"  SOURCE "_s,
                                            u"[SOURCE...]"_s};
}

// The real binary: the catalogues are installed before the command line is parsed, so --help
// (which needs no display) is in the window's language.
void TestLanguage::helpFollowsTheLocale()
{
    QFETCH(QStringList, locale);
    QFETCH(QStringList, texts);
    QProcess sluice;
    sluice.setProcessEnvironment(localeEnvironment(locale));
    sluice.start(QStringLiteral(SLUICE_BINARY), {u"--help"_s});
    QVERIFY(sluice.waitForFinished(60'000));
    QCOMPARE(sluice.exitCode(), 0);
    const QString help = QString::fromUtf8(sluice.readAllStandardOutput());
    for (const QString &text : texts)
        QVERIFY2(help.contains(text), qPrintable(text + u"\n--- not in ---\n"_s + help));
}

void TestLanguage::versionPrintsUnderAnyLocale_data()
{
    QTest::addColumn<QStringList>("locale");
    QTest::newRow("German") << QStringList{u"LANGUAGE=de"_s};
    QTest::newRow("Russian") << QStringList{u"LC_ALL=ru_RU.UTF-8"_s};
    QTest::newRow("no locale variables") << QStringList{};
}

void TestLanguage::versionPrintsUnderAnyLocale()
{
    QFETCH(QStringList, locale);
    QProcess sluice;
    sluice.setProcessEnvironment(localeEnvironment(locale));
    sluice.start(QStringLiteral(SLUICE_BINARY), {u"--version"_s});
    QVERIFY(sluice.waitForFinished(60'000));
    QCOMPARE(sluice.exitCode(), 0);
    QCOMPARE(QString::fromUtf8(sluice.readAllStandardOutput()), u"sluice " SLUICE_VERSION "\n"_s);
    QCOMPARE(sluice.readAllStandardError(), QByteArray());
}

// sluice-cli installs no catalogue: its output stays English, for scripts (README).
void TestLanguage::cliHelpStaysEnglish()
{
    QProcess cli;
    cli.setProcessEnvironment(localeEnvironment({u"LANGUAGE=de"_s, u"LANG=de_DE.UTF-8"_s}));
    cli.start(QStringLiteral(SLUICE_CLI_BINARY), {u"--help"_s});
    QVERIFY(cli.waitForFinished(60'000));
    QCOMPARE(cli.exitCode(), 0);
    const QString help = QString::fromUtf8(cli.readAllStandardOutput());
    QVERIFY2(help.contains(u"Usage: "_s), qPrintable(help));
    QVERIFY2(help.contains(u"Options:"_s), qPrintable(help));
    QVERIFY2(help.contains(u"Show this help and exit."_s), qPrintable(help));
    QVERIFY2(!help.contains(u"Aufruf"_s) && !help.contains(u"Optionen"_s), qPrintable(help));
}

void TestLanguage::withoutADisplayTheCommandLineIsStillAnswered_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("error");
    QTest::newRow("usage error") << QStringList{u"--bogus"_s} << 2
                                 << u"Unbekannte Option 'bogus'."_s;
    QTest::newRow("a request") << QStringList{u"--to"_s, u"/tmp"_s, u"/etc/hostname"_s} << 1
                               << u"sluice: kein Bildschirm"_s;
}

// Without DISPLAY, WAYLAND_DISPLAY and QT_QPA_PLATFORM a window cannot open (QApplication
// would abort the process): a usage error is still one (exit 2), and a valid request says
// why no window opens (exit 1), in the window's language.
void TestLanguage::withoutADisplayTheCommandLineIsStillAnswered()
{
    QFETCH(QStringList, arguments);
    QFETCH(int, exitCode);
    QFETCH(QString, error);
    QProcessEnvironment environment = localeEnvironment({u"LANGUAGE=de"_s});
    for (const char *name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
        environment.remove(QString::fromLatin1(name));
    QProcess sluice;
    sluice.setProcessEnvironment(environment);
    sluice.start(QStringLiteral(SLUICE_BINARY), arguments);
    QVERIFY(sluice.waitForFinished(60'000));
    QCOMPARE(sluice.exitStatus(), QProcess::NormalExit);
    const QString stderrText = QString::fromUtf8(sluice.readAllStandardError());
    QCOMPARE(sluice.exitCode(), exitCode);
    QVERIFY2(stderrText.contains(error), qPrintable(stderrText));
    QCOMPARE(sluice.readAllStandardOutput(), QByteArray());
}

void TestLanguage::coreMessagesFollowTheTranslator()
{
    const CopyIssue issue = fullDisk();
    const QString english = u"Cannot write “/mnt/usb/a.iso”: No space left on device (ENOSPC)"_s;
    QCOMPARE(issue.message(), english);

    installCatalogue(u"de"_s);
    // The errno name stays as the kernel calls it; the reason and the sentence are German.
    QCOMPARE(issue.cause(), u"Kein Speicherplatz mehr auf dem Gerät (ENOSPC)"_s);
    QCOMPARE(issue.message(), u"Schreiben nicht möglich: „/mnt/usb/a.iso“ – Kein Speicherplatz "
                              "mehr auf dem Gerät (ENOSPC)"_s);
    CopyIssue grouped =
        CopyIssue::fromErrno(FileOperation::Read, "/src/b", EACCES, IssueSeverity::Warning);
    grouped.similarCount = 1;
    QCOMPARE(grouped.message(), u"Warnung: Lesen nicht möglich: „/src/b“ und 1 weiteres Element – "
                                "Keine Berechtigung (EACCES)"_s);
    QCOMPARE(limitsForType(u"vfat"_s).nameProblem("a:b"),
             u"der Name enthält „:“, das vfat nicht speichern kann"_s);
    QCOMPARE(Format::operation(FileOperation::Rename),
             u"Umbenennen in den endgültigen Namen nicht möglich"_s);

    cleanup(); // the CLI's case: no translator, English as before
    QCOMPARE(issue.message(), english);
    QCOMPARE(errnoText(EACCES), QString::fromLocal8Bit(std::strerror(EACCES)));
}

void TestLanguage::countsPickThePluralForm_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<qint64>("total");
    QTest::addColumn<QString>("text");
    QTest::newRow("de 1") << u"de"_s << qint64(1) << u"1 von 1 Element"_s;
    QTest::newRow("de 2") << u"de"_s << qint64(2) << u"1 von 2 Elementen"_s;
    QTest::newRow("en 1") << u"en"_s << qint64(1) << u"1 of 1 item"_s;
    QTest::newRow("en 21") << u"en"_s << qint64(21) << u"1 of 21 items"_s;
    QTest::newRow("ru 1") << u"ru"_s << qint64(1) << u"1 из 1 элемента"_s;
    QTest::newRow("ru 3") << u"ru"_s << qint64(3) << u"1 из 3 элементов"_s;
    QTest::newRow("ru 11") << u"ru"_s << qint64(11) << u"1 из 11 элементов"_s;
    QTest::newRow("ru 21") << u"ru"_s << qint64(21) << u"1 из 21 элемента"_s;
    QTest::newRow("ru 5000000021")
        << u"ru"_s << qint64(5'000'000'021) << u"1 из 5,000,000,021 элемента"_s;
}

void TestLanguage::countsPickThePluralForm()
{
    QFETCH(QString, language);
    QFETCH(qint64, total);
    QFETCH(QString, text);
    installCatalogue(language);
    TransferPanel panel;
    CopyProgress progress;
    progress.phase = CopyPhase::Copying;
    progress.itemsTotal = total;
    progress.itemsDone = 1;
    panel.setProgress(progress);
    QCOMPARE(UiTest::find<QLabel>(&panel, "itemsLabel")->text(), text);
}

void TestLanguage::pluralCountKeepsTheLastDigits()
{
    QCOMPARE(Format::plural(0), 0);
    QCOMPARE(Format::plural(21), 21);
    QCOMPARE(Format::plural(std::numeric_limits<int>::max()), std::numeric_limits<int>::max());
    QCOMPARE(Format::plural(5'000'000'021) % 100, 21);
    QCOMPARE(Format::plural(5'000'000'012) % 100, 12);
}

int main(int argc, char **argv)
{
    if (argc > 1 && std::strcmp(argv[1], ProbeOption) == 0)
        return probe(argc, argv);
    QApplication app(argc, argv);
    TestLanguage test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_language.moc"
