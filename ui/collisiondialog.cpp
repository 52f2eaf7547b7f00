#include "collisiondialog.h"

#include "formatting.h"
#include "nativepath.h"

#include <QCheckBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QStyle>
#include <QVBoxLayout>

namespace Sluice::Ui {

namespace {

QString sizeText(const FileFacts &facts)
{
    return facts.isDirectory ? CollisionDialog::tr("folder") : Format::size(facts.size);
}

QString timeText(const FileFacts &facts)
{
    return facts.modified.isValid()
               ? QLocale().toString(facts.modified.toLocalTime(), QLocale::ShortFormat)
               : CollisionDialog::tr("unknown");
}

QPushButton *makeButton(const QString &text, const QString &objectName, const QString &toolTip,
                        QWidget *parent)
{
    auto *button = new QPushButton(text, parent);
    button->setObjectName(objectName);
    button->setToolTip(toolTip);
    button->setAutoDefault(false);
    return button;
}

} // namespace

CollisionDialog::CollisionDialog(const CopyQuestion &question, QWidget *parent)
    : QuestionDialog(question, parent)
    , m_renameEdit(new QLineEdit(this))
    , m_rename(makeButton(tr("&Rename"), QStringLiteral("renameButton"),
                          tr("Copy under the name on the left; the existing file stays"), this))
    , m_applyToAll(new QCheckBox(tr("&Apply to all remaining conflicts"), this))
{
    setObjectName(QStringLiteral("collisionDialog"));
    setWindowTitle(tr("A file with this name exists"));
    const FileFacts &source = question.sourceFacts;
    const FileFacts &existing = question.destinationFacts;

    auto *icon = new QLabel(this);
    const int iconSize = style()->pixelMetric(QStyle::PM_MessageBoxIconSize, nullptr, this);
    icon->setPixmap(style()
                        ->standardIcon(QStyle::SP_MessageBoxQuestion, nullptr, this)
                        .pixmap(iconSize, iconSize));
    auto *headline =
        new QLabel(tr("“%1” already exists in “%2”.")
                       .arg(Format::path(NativePath::baseName(question.destination)),
                            Format::path(NativePath::parentPath(question.destination))),
                   this);
    headline->setObjectName(QStringLiteral("collisionHeadline"));
    headline->setTextFormat(Qt::PlainText);
    headline->setWordWrap(true);
    QFont bold = headline->font();
    bold.setBold(true);
    headline->setFont(bold);

    auto *facts = new QGridLayout;
    facts->addWidget(new QLabel(tr("Size"), this), 0, 1);
    facts->addWidget(new QLabel(tr("Modified"), this), 0, 2);
    auto addRow = [&](int row, const QString &caption, const FileFacts &side,
                      const QByteArray &path, const QString &objectName, bool newer) {
        auto *captionLabel = new QLabel(caption, this);
        captionLabel->setToolTip(Format::path(path));
        auto *size = new QLabel(sizeText(side), this);
        size->setObjectName(objectName + QStringLiteral("Size"));
        auto *time = new QLabel(timeText(side), this);
        time->setObjectName(objectName + QStringLiteral("Time"));
        facts->addWidget(captionLabel, row, 0);
        facts->addWidget(size, row, 1);
        facts->addWidget(time, row, 2);
        if (newer)
            facts->addWidget(new QLabel(tr("newer"), this), row, 3);
    };
    const bool sourceNewer = source.modified > existing.modified;
    const bool existingNewer = existing.modified > source.modified;
    addRow(1, tr("Being copied:"), source, question.source, QStringLiteral("source"), sourceNewer);
    addRow(2, tr("Already there:"), existing, question.destination, QStringLiteral("existing"),
           existingNewer);
    facts->setColumnStretch(3, 1);
    facts->setHorizontalSpacing(16);

    m_renameEdit->setObjectName(QStringLiteral("renameEdit"));
    m_renameEdit->setText(NativePath::fromNativeLossless(question.suggestedName));
    m_renameEdit->setToolTip(tr("A free name in the same folder; you can change it"));
    m_renameEdit->setAccessibleName(tr("New name"));
    auto *renameCaption = new QLabel(tr("New &name:"), this);
    renameCaption->setBuddy(m_renameEdit);
    auto *renameRow = new QHBoxLayout;
    renameRow->addWidget(renameCaption);
    renameRow->addWidget(m_renameEdit, 1);
    renameRow->addWidget(m_rename);

    m_applyToAll->setObjectName(QStringLiteral("applyToAllCheck"));
    m_applyToAll->setToolTip(tr("Give every later conflict of this copy the same answer "
                                "(Rename then picks numbered names)"));

    auto *overwrite = makeButton(tr("&Overwrite"), QStringLiteral("overwriteButton"),
                                 tr("Replace the existing file; it is swapped only once the "
                                    "new copy is complete"),
                                 this);
    auto *overwriteNewer = makeButton(
        tr("Overwrite if ne&wer"), QStringLiteral("overwriteNewerButton"),
        tr("Replace the existing file only if the one being copied was modified later"), this);
    auto *skip = makeButton(tr("&Skip"), QStringLiteral("skipButton"),
                            tr("Leave the existing file and do not copy this one"), this);
    auto *cancel = makeButton(tr("&Cancel copy"), QStringLiteral("cancelCopyButton"),
                              tr("Stop the whole copy; files already copied stay"), this);
    skip->setDefault(true);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(overwrite);
    buttons->addWidget(overwriteNewer);
    buttons->addWidget(skip);
    buttons->addStretch();
    buttons->addWidget(cancel);

    auto *text = new QVBoxLayout;
    text->addWidget(headline);
    text->addLayout(facts);
    auto *top = new QHBoxLayout;
    top->addWidget(icon, 0, Qt::AlignTop);
    top->addLayout(text, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addSpacing(6);
    layout->addLayout(renameRow);
    layout->addWidget(m_applyToAll);
    layout->addSpacing(6);
    layout->addLayout(buttons);

    connect(overwrite, &QPushButton::clicked, this,
            [this] { answer(Decision::Overwrite, applyToAll()); });
    connect(overwriteNewer, &QPushButton::clicked, this,
            [this] { answer(Decision::OverwriteIfNewer, applyToAll()); });
    connect(skip, &QPushButton::clicked, this, [this] { answer(Decision::Skip, applyToAll()); });
    connect(m_rename, &QPushButton::clicked, this,
            [this] { answer(Decision::Rename, applyToAll(), chosenName()); });
    connect(cancel, &QPushButton::clicked, this, [this] { answer(Decision::CancelJob); });
    connect(m_renameEdit, &QLineEdit::textChanged, this, [this] {
        const QByteArray name = chosenName();
        m_rename->setEnabled(!name.isEmpty() && !name.contains('/') && name != "." && name != "..");
    });
    setTabOrder(skip, m_renameEdit);
    skip->setFocus();
}

bool CollisionDialog::applyToAll() const
{
    return m_applyToAll->isChecked();
}

QByteArray CollisionDialog::chosenName() const
{
    // Untouched, the suggestion goes back byte for byte; edited text is the person's own.
    const QString text = m_renameEdit->text();
    if (text == NativePath::fromNativeLossless(question().suggestedName))
        return question().suggestedName;
    return NativePath::toNative(text);
}

QuestionAnswer CollisionDialog::dismissAnswer() const
{
    return QuestionAnswer{Decision::Skip, false, {}};
}

} // namespace Sluice::Ui
