#pragma once

#include <QFrame>

namespace Sluice::Ui {

/// A one-line label that shortens its text in the middle ("/home/…/big.iso") instead of
/// widening the window, and shows the whole text as its tool tip. Its size hint does not
/// depend on the text, so a long file name never makes the layout jump. GUI thread.
class ElidedLabel final : public QFrame
{
    Q_OBJECT
public:
    explicit ElidedLabel(QWidget *parent = nullptr);
    Q_DISABLE_COPY_MOVE(ElidedLabel)

    /// The full text (not elided).
    QString text() const { return m_text; }
    void setText(const QString &text);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    QString m_text;
};

} // namespace Sluice::Ui
