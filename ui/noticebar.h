#pragma once

#include <QFrame>

class QLabel;
class QToolButton;

namespace Sluice::Ui {

/// A dismissible strip that tells the person what the window refused or could not do
/// ("Not added: “http://…” is not a local file"). Keeps the last few messages; hidden when
/// empty. GUI thread.
class NoticeBar final : public QFrame
{
    Q_OBJECT
public:
    explicit NoticeBar(QWidget *parent = nullptr);
    Q_DISABLE_COPY_MOVE(NoticeBar)

    /// Adds @p message (plain text) and shows the bar.
    void addMessage(const QString &message);
    /// A message that changes: @p message takes the place of the one given last under
    /// @p key (a new one is added as addMessage() does); an empty @p message removes it, and
    /// the bar hides when none is left.
    void setMessage(const QString &key, const QString &message);
    /// The messages shown, oldest first.
    QStringList messages() const { return m_messages; }
    /// Removes every message and hides the bar.
    void clear();

private:
    QLabel *m_icon;
    QLabel *m_text;
    QToolButton *m_close;
    QStringList m_messages;
    QStringList m_keys; ///< setMessage()'s key of each message; empty for addMessage()'s
    void showMessages();
};

} // namespace Sluice::Ui
