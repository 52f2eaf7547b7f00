// No keyboard mnemonic (Alt + the letter after "&") is used twice in one window, in any
// language Sluice ships: every dialog is built with each language's catalogues installed
// (Sluice's and Qt's, as the window does) and every text that carries a mnemonic is read —
// buttons, check boxes, radio buttons, labels with a buddy, group boxes, tabs and menus.
// The button boxes' standard buttons are read as the platform theme names them.
// CTest runs it twice: offscreen, and under Xvfb with Qt's GTK platform theme (the README's
// dark look), whose standard buttons carry mnemonics of their own ("&OK", "&Cancel");
// SLUICE_EXPECT_THEME_MNEMONICS=1 makes sure that theme really is the one in use.

#include "appsettings.h"
#include "collisiondialog.h"
#include "confirmationboxes.h"
#include "copyagaindialog.h"
#include "errordialog.h"
#include "mainwindow.h"
#include "preflightdialog.h"
#include "settingsdialog.h"
#include "translations.h"
#include "uitest.h"

#include <QAbstractButton>
#include <QDialogButtonBox>
#include <QGroupBox>
#include <QKeySequence>
#include <QLabel>
#include <QLibraryInfo>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QTabBar>
#include <QTest>
#include <QTranslator>

#include <functional>
#include <memory>

using namespace Sluice;
using namespace Sluice::Ui;
using namespace Qt::StringLiterals;

namespace {

// The texts of @p root's tree that give a mnemonic, each with what carries it.
QList<std::pair<QString, QString>> mnemonicTexts(const QWidget *root)
{
    QList<std::pair<QString, QString>> texts; // (text, carrier)
    const auto carrier = [](const QObject *object) {
        return u"%1 %2"_s.arg(QString::fromLatin1(object->metaObject()->className()),
                              object->objectName());
    };
    for (const QWidget *widget : root->findChildren<QWidget *>()) {
        if (const auto *button = qobject_cast<const QAbstractButton *>(widget))
            texts.append({button->text(), carrier(button)});
        else if (const auto *label = qobject_cast<const QLabel *>(widget); label && label->buddy())
            texts.append({label->text(), carrier(label)});
        else if (const auto *group = qobject_cast<const QGroupBox *>(widget))
            texts.append({group->title(), carrier(group)});
        else if (const auto *tabs = qobject_cast<const QTabBar *>(widget))
            for (int i = 0; i < tabs->count(); ++i)
                texts.append({tabs->tabText(i), carrier(tabs)});
        else if (const auto *bar = qobject_cast<const QMenuBar *>(widget))
            for (const QAction *action : bar->actions())
                texts.append({action->text(), carrier(bar)});
    }
    return texts;
}

// "Alt+N: “New &name:” (QLabel), “Overwrite if &newer” (QPushButton overwriteNewerButton)"
// for every mnemonic given twice in @p root (menus are checked on their own: a menu's
// mnemonics only act while it is open).
QStringList duplicateMnemonics(const QWidget *root)
{
    QStringList duplicates;
    const auto check = [&duplicates](const QList<std::pair<QString, QString>> &texts,
                                     const QString &where) {
        QMap<QString, QStringList> byKey;
        for (const auto &[text, carrier] : texts) {
            const QKeySequence key = QKeySequence::mnemonic(text);
            if (!key.isEmpty())
                byKey[key.toString()].append(u"“%1” (%2)"_s.arg(text, carrier));
        }
        for (auto it = byKey.cbegin(); it != byKey.cend(); ++it)
            if (it.value().size() > 1)
                duplicates.append(u"%1%2: %3"_s.arg(where, it.key(), it.value().join(u", "_s)));
    };
    check(mnemonicTexts(root), {});
    for (const QMenu *menu : root->findChildren<QMenu *>()) {
        QList<std::pair<QString, QString>> texts;
        for (const QAction *action : menu->actions())
            texts.append({action->text(), u"menu %1"_s.arg(menu->title())});
        check(texts, u"menu “%1”: "_s.arg(menu->title()));
    }
    return duplicates;
}

CopyQuestion collision()
{
    CopyQuestion question;
    question.id = 1;
    question.kind = QuestionKind::Collision;
    question.source = "/src/report.pdf";
    question.destination = "/dst/report.pdf";
    question.sourceFacts = FileFacts{1536, QDateTime::fromSecsSinceEpoch(1'700'000'000), false};
    question.destinationFacts =
        FileFacts{1024, QDateTime::fromSecsSinceEpoch(1'600'000'000), false};
    question.suggestedName = "report (2).pdf";
    return question;
}

CopyQuestion error()
{
    CopyQuestion question;
    question.id = 2;
    question.kind = QuestionKind::Error;
    question.source = "/src/big.iso";
    question.destination = "/mnt/usb/big.iso";
    question.issue = CopyIssue::fromErrno(FileOperation::Write, "/mnt/usb/big.iso", ENOSPC);
    return question;
}

CopyQuestion preflight()
{
    CopyQuestion question;
    question.id = 3;
    question.kind = QuestionKind::Preflight;
    question.issues = {CopyIssue::withDetail(FileOperation::Preflight, "/mnt/usb",
                                             u"not enough free space"_s, IssueSeverity::Warning)};
    return question;
}

using Builder = std::function<std::unique_ptr<QWidget>(QWidget *parent)>;

} // namespace

class TestMnemonics final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void noMnemonicTwiceInAWindow_data();
    void noMnemonicTwiceInAWindow();
};

void TestMnemonics::initTestCase()
{
    UiTest::isolateSettings(u"tst_mnemonics"_s);
    // Every shipped language is walked: a new catalogue must be added to this list.
    QCOMPARE(Translations::available(), (QStringList{u"de"_s, u"en"_s, u"ru"_s}));
    if (qEnvironmentVariableIntValue("SLUICE_EXPECT_THEME_MNEMONICS") == 1) {
        const QDialogButtonBox buttons(QDialogButtonBox::Cancel);
        QCOMPARE(buttons.button(QDialogButtonBox::Cancel)->text(), u"&Cancel"_s);
    }
}

void TestMnemonics::noMnemonicTwiceInAWindow_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<Builder>("build");
    QTest::addColumn<bool>("hasMnemonics");
    // The message boxes' own buttons carry none ("Keep copying"); a theme's Cancel may.
    const auto messageBox = [](QWidget *parent, const ConfirmationBox &question) {
        Q_UNUSED(parent)
        question.box->setAttribute(Qt::WA_DeleteOnClose, false);
        return std::unique_ptr<QWidget>(question.box);
    };
    const QList<std::pair<const char *, Builder>> boxes{
        {"cancel confirmation",
         [messageBox](QWidget *parent) -> std::unique_ptr<QWidget> {
             return messageBox(parent, cancelConfirmationBox(parent, false));
         }},
        {"close confirmation",
         [messageBox](QWidget *parent) -> std::unique_ptr<QWidget> {
             return messageBox(parent, cancelConfirmationBox(parent, true));
         }},
        {"keep-queued box",
         [messageBox](QWidget *parent) -> std::unique_ptr<QWidget> {
             return messageBox(parent, keepQueuedBox(parent, 3));
         }},
    };
    const QList<std::pair<const char *, Builder>> windows{
        {"main window",
         [](QWidget *) -> std::unique_ptr<QWidget> { return std::make_unique<MainWindow>(); }},
        {"collision dialog",
         [](QWidget *parent) -> std::unique_ptr<QWidget> {
             return std::make_unique<CollisionDialog>(collision(), parent);
         }},
        {"error dialog",
         [](QWidget *parent) -> std::unique_ptr<QWidget> {
             return std::make_unique<ErrorDialog>(error(), parent);
         }},
        {"preflight dialog",
         [](QWidget *parent) -> std::unique_ptr<QWidget> {
             return std::make_unique<PreflightDialog>(preflight(), parent);
         }},
        {"settings dialog",
         [](QWidget *parent) -> std::unique_ptr<QWidget> {
             return std::make_unique<SettingsDialog>(WindowSettings::load(), parent);
         }},
        {"copy-again dialog",
         [](QWidget *parent) -> std::unique_ptr<QWidget> {
             return std::make_unique<CopyAgainDialog>(CollisionPolicy::Skip, parent);
         }},
    };
    for (const QString &language : Translations::available()) {
        for (const auto &[name, build] : windows)
            QTest::addRow("%s, %s", qPrintable(language), name) << language << build << true;
        for (const auto &[name, build] : boxes)
            QTest::addRow("%s, %s", qPrintable(language), name) << language << build << false;
    }
}

void TestMnemonics::noMnemonicTwiceInAWindow()
{
    QFETCH(QString, language);
    QFETCH(Builder, build);
    QFETCH(bool, hasMnemonics);
    QTranslator sluice;
    QVERIFY(sluice.load(u"sluice_"_s + language, Translations::catalogueFolder()));
    QTranslator qt;
    const bool hasQt = language != u"en"_s;
    if (hasQt)
        QVERIFY(
            qt.load(u"qtbase_"_s + language, QLibraryInfo::path(QLibraryInfo::TranslationsPath)));
    QCoreApplication::installTranslator(&sluice);
    if (hasQt)
        QCoreApplication::installTranslator(&qt);

    QWidget parent;
    std::unique_ptr<QWidget> window = build(&parent);
    window->setAttribute(Qt::WA_DeleteOnClose, false); // the question dialogs set it
    const QList<std::pair<QString, QString>> texts = mnemonicTexts(window.get());
    const QStringList duplicates = duplicateMnemonics(window.get());
    window.reset();
    QCoreApplication::removeTranslator(&sluice);
    QCoreApplication::removeTranslator(&qt);
    // The walk sees the window's mnemonics at all (a window without any proves nothing), or
    // at least a message box's two or three buttons.
    if (hasMnemonics)
        QVERIFY(std::any_of(texts.begin(), texts.end(), [](const auto &entry) {
            return !QKeySequence::mnemonic(entry.first).isEmpty();
        }));
    else
        QCOMPARE_GE(texts.size(), 2);
    QVERIFY2(duplicates.isEmpty(), qPrintable(duplicates.join(u'\n')));
}

QTEST_MAIN(TestMnemonics)
#include "tst_mnemonics.moc"
