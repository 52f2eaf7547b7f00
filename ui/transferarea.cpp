#include "transferarea.h"

#include "ratechart.h"
#include "summarypanel.h"
#include "transferpanel.h"

#include <QApplication>
#include <QHBoxLayout>
#include <QPushButton>
#include <QScrollArea>
#include <QShortcut>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace Sluice::Ui {

namespace {

// The layout of the transfer's scroll area: it fills the area (or keeps its minimum), never
// grows to the height its wrapped labels would like. With a layout that has a height for
// width, QScrollArea sizes the content by it, and a layout answers with its preferred height:
// the summary's long list of problems would then push the summary's buttons out of view.
class FillingLayout final : public QVBoxLayout
{
public:
    using QVBoxLayout::QVBoxLayout;
    bool hasHeightForWidth() const override { return false; }
};

} // namespace

QPushButton *makeShortcutButton(const QString &text, const QString &objectName,
                                const QKeySequence &keys, const QString &toolTip, QWidget *parent)
{
    auto *button = new QPushButton(text, parent);
    button->setObjectName(objectName);
    button->setShortcut(keys);
    button->setToolTip(
        QStringLiteral("%1 (%2)").arg(toolTip, keys.toString(QKeySequence::NativeText)));
    return button;
}

TransferArea::TransferArea(QWidget *parent)
    : QGroupBox(tr("Transfer"), parent)
    , m_stack(new QStackedWidget(this))
    , m_panel(new TransferPanel(this))
    , m_summary(new SummaryPanel(this))
    , m_pause(makeShortcutButton(tr("&Pause"), QStringLiteral("pauseButton"),
                                 QKeySequence(Qt::CTRL | Qt::Key_P),
                                 tr("Pause or resume reading and writing"), this))
    , m_skip(makeShortcutButton(tr("S&kip file"), QStringLiteral("skipButton"),
                                QKeySequence(Qt::CTRL | Qt::Key_K),
                                tr("Give up the file being copied (its partial copy is "
                                   "removed) and go on with the next"),
                                this))
    , m_cancel(makeShortcutButton(tr("Cancel"), QStringLiteral("cancelButton"),
                                  QKeySequence(Qt::Key_Escape),
                                  tr("Stop the copy: the file being copied is removed, "
                                     "finished files stay"),
                                  this))
    , m_chart(new RateChart(this))
    , m_details(new QScrollArea(this))
{
    setObjectName(QStringLiteral("transferGroup"));
    m_panel->setObjectName(QStringLiteral("transferPanel"));
    m_summary->setObjectName(QStringLiteral("summaryPanel"));
    m_stack->setObjectName(QStringLiteral("transferStack"));
    m_chart->setObjectName(QStringLiteral("rateChart"));
    m_stack->addWidget(m_panel);
    m_stack->addWidget(m_summary);
    // The pause button keeps its width when its text changes to "Resume".
    m_pause->setMinimumWidth(qMax(m_pause->sizeHint().width(),
                                  m_pause->fontMetrics().horizontalAdvance(tr("Res&ume")) + 32));

    // On a small screen (1280 × 720, or 1920 × 1080 at scale factor 2: 960 × 540) the figures
    // scroll inside their own area; Pause, Skip and Cancel stand in a column beside the figures
    // and the chart, outside any scroll area (they take no height from the summary), and the
    // chart keeps the height its legend needs, or yields all of it (fitChart()).
    // So the job's buttons are always in view, whatever the theme's font and the language.
    m_details->setObjectName(QStringLiteral("transferDetails"));
    auto *content = new QWidget(this);
    auto *contentLayout = new FillingLayout(content);
    contentLayout->setContentsMargins(0, 0, 0, 0);
    contentLayout->addWidget(m_stack);
    m_details->setWidget(content);
    m_details->setWidgetResizable(true);
    m_details->setFrameShape(QFrame::NoFrame);
    m_details->setFocusPolicy(Qt::NoFocus); // a Tab stop that would show no focus
    m_details->setMinimumHeight(4 * fontMetrics().lineSpacing());
    auto *controls = new QVBoxLayout;
    controls->addWidget(m_pause);
    controls->addWidget(m_skip);
    controls->addWidget(m_cancel);
    controls->addStretch();
    m_column = new QVBoxLayout;
    m_column->setContentsMargins(0, 0, 0, 0);
    m_column->addWidget(m_details);
    m_column->addWidget(m_chart);
    auto *area = new QHBoxLayout(this);
    area->addLayout(m_column, 1);
    area->addLayout(controls);
    showPage(m_panel);

    connect(m_pause, &QPushButton::clicked, this, &TransferArea::pauseToggled);
    connect(m_skip, &QPushButton::clicked, this, &TransferArea::skipRequested);
    connect(m_cancel, &QPushButton::clicked, this, &TransferArea::cancelRequested);
    // Escape is named in Cancel's tool tip but asks first: it is not the button's shortcut.
    m_cancel->setShortcut(QKeySequence());
    auto *escape = new QShortcut(QKeySequence(Qt::Key_Escape), this);
    escape->setObjectName(QStringLiteral("escapeShortcut"));
    connect(escape, &QShortcut::activated, this, [this] {
        if (m_cancel->isEnabled())
            Q_EMIT cancelAsked();
    });
    connect(m_summary, &SummaryPanel::message, this, &TransferArea::message);
    connect(m_summary, &SummaryPanel::copyAgainRequested, this, &TransferArea::copyAgainRequested);
    connect(m_summary, &SummaryPanel::retryRequested, this, &TransferArea::retryRequested);
    setJobState(false, false);
}

void TransferArea::beginJob()
{
    m_panel->reset();
    m_chart->clear();
    showPage(m_panel);
}

void TransferArea::setProgress(const CopyProgress &progress)
{
    m_panel->setProgress(progress);
    if (m_chart->isVisibleTo(this))
        m_chart->addSample(progress);
}

void TransferArea::showResult(const CopyResult &result, const CopyRequest &request, bool move)
{
    m_summary->setResult(result, request, move);
    showPage(m_summary);
}

void TransferArea::showPage(QWidget *page)
{
    // A stack is as large as its largest page: the hidden page is told to ask for nothing,
    // so that the summary is not held at the panel's height (or the other way round).
    for (QWidget *each : {static_cast<QWidget *>(m_panel), static_cast<QWidget *>(m_summary)}) {
        each->setSizePolicy(each == page
                                ? QSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred)
                                : QSizePolicy(QSizePolicy::Ignored, QSizePolicy::Ignored));
    }
    m_stack->setCurrentWidget(page);
    // While copying the figures keep their natural height and the chart takes what is left;
    // the summary's list of problems takes most of it, the chart keeps its minimum or more.
    const bool summary = page == m_summary;
    m_column->setStretchFactor(m_details, summary ? 3 : 0);
    m_column->setStretchFactor(m_chart, 1);
    fitChart();
    if (summary)
        Q_EMIT summaryShown();
}

int TransferArea::summaryHeight(bool withChart) const
{
    const QMargins frame = contentsMargins();
    const QMargins inner = layout()->contentsMargins();
    int height = frame.top() + frame.bottom() + inner.top() + inner.bottom()
                 + m_summary->minimumSizeHint().height();
    if (withChart)
        height += m_column->spacing() + m_chart->minimumSizeHint().height();
    return height;
}

void TransferArea::fitChart()
{
    // After a job on a short window (960 × 540) the summary's list of problems comes before
    // the chart of a job that has ended: the chart goes rather than the list shrinking to a
    // row. The decision rests on the area's own height, which the chart does not change.
    const bool summary = m_stack->currentWidget() == m_summary;
    const bool room = !summary || height() >= summaryHeight(true);
    m_chart->setVisible(m_chartWanted && room);
}

void TransferArea::resizeEvent(QResizeEvent *event)
{
    QGroupBox::resizeEvent(event);
    fitChart();
}

void TransferArea::setJobState(bool running, bool paused)
{
    if (!running && jobButtons().contains(QApplication::focusWidget()))
        Q_EMIT focusReleased();
    m_pause->setEnabled(running);
    m_skip->setEnabled(running);
    m_cancel->setEnabled(running);
    m_pause->setText(running && paused ? tr("Res&ume") : tr("&Pause"));
    m_pause->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_P)); // setText() reset it
}

void TransferArea::setChartVisible(bool visible)
{
    m_chartWanted = visible;
    fitChart();
}

QList<QWidget *> TransferArea::jobButtons() const
{
    return {m_pause, m_skip, m_cancel};
}

QList<QWidget *> TransferArea::tabChain() const
{
    return QList<QWidget *>{m_pause, m_skip, m_cancel} + m_summary->tabChain();
}

} // namespace Sluice::Ui
