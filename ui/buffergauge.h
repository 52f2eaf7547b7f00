#pragma once

#include <QWidget>

namespace Sluice::Ui {

/// A small gauge of the stream engine's buffer pool: one cell per buffer (chunks in use
/// filled), or a continuous bar when there are too many buffers to draw one by one. Colours
/// come from the palette, so it follows light and dark themes. GUI thread.
class BufferGauge final : public QWidget
{
    Q_OBJECT
public:
    explicit BufferGauge(QWidget *parent = nullptr);
    Q_DISABLE_COPY_MOVE(BufferGauge)

    /// @p inUse of @p depth buffers hold data (0 <= inUse <= depth).
    void setFill(int inUse, int depth);
    int inUse() const { return m_inUse; }
    int depth() const { return m_depth; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    int m_inUse = 0;
    int m_depth = 0;
};

} // namespace Sluice::Ui
