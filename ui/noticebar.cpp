#include "noticebar.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>
#include <QToolButton>

namespace Sluice::Ui {

namespace {
constexpr qsizetype MaxMessages = 4;
}

NoticeBar::NoticeBar(QWidget *parent)
    : QFrame(parent)
    , m_icon(new QLabel(this))
    , m_text(new QLabel(this))
    , m_close(new QToolButton(this))
{
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::AlternateBase);
    const int iconSize = style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, this);
    m_icon->setPixmap(style()
                          ->standardIcon(QStyle::SP_MessageBoxInformation, nullptr, this)
                          .pixmap(iconSize, iconSize));
    m_icon->setAlignment(Qt::AlignTop);
    m_text->setObjectName(QStringLiteral("noticeText"));
    m_text->setWordWrap(true);
    m_text->setTextFormat(Qt::PlainText);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_close->setObjectName(QStringLiteral("noticeCloseButton"));
    m_close->setAutoRaise(true);
    m_close->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton, nullptr, this));
    m_close->setToolTip(tr("Dismiss these messages"));
    m_close->setAccessibleName(tr("Dismiss"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 4, 4, 4);
    layout->addWidget(m_icon);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_close, 0, Qt::AlignTop);
    connect(m_close, &QToolButton::clicked, this, &NoticeBar::clear);
    hide();
}

void NoticeBar::addMessage(const QString &message)
{
    setMessage({}, message);
}

void NoticeBar::setMessage(const QString &key, const QString &message)
{
    const qsizetype at = key.isEmpty() ? -1 : m_keys.indexOf(key);
    if (at >= 0 && message.isEmpty()) {
        m_messages.removeAt(at);
        m_keys.removeAt(at);
    } else if (at >= 0) {
        m_messages[at] = message;
    } else if (!message.isEmpty()) {
        m_messages.append(message);
        m_keys.append(key);
        while (m_messages.size() > MaxMessages) {
            m_messages.removeFirst();
            m_keys.removeFirst();
        }
    }
    showMessages();
}

void NoticeBar::showMessages()
{
    m_text->setText(m_messages.join(QLatin1Char('\n')));
    setVisible(!m_messages.isEmpty());
}

void NoticeBar::clear()
{
    m_messages.clear();
    m_keys.clear();
    showMessages();
}

} // namespace Sluice::Ui
