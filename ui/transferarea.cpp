#include "transferarea.h"

#include "ratechart.h"
#include "summarypanel.h"
#include "transferpanel.h"

#include <QApplication>
#include <QHBoxLayout>
#include <QPushButton>
#include <QShortcut>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace Sluice::Ui {

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

    // Pause, Skip and Cancel stand in a column beside the chart rather than in a row of
    // their own: the window then fits a 1280 × 720 screen with the chart still readable.
    auto *controls = new QVBoxLayout;
    controls->addWidget(m_pause);
    controls->addWidget(m_skip);
    controls->addWidget(m_cancel);
    controls->addStretch();
    auto *bottom = new QHBoxLayout;
    bottom->addWidget(m_chart, 1);
    bottom->addStretch(0); // takes the chart's place when it is hidden
    bottom->addLayout(controls);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_stack);
    layout->addLayout(bottom, 1);

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
    m_stack->setCurrentWidget(m_panel);
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
    m_stack->setCurrentWidget(m_summary);
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
    m_chart->setVisible(visible);
}

QList<QWidget *> TransferArea::jobButtons() const
{
    return {m_pause, m_skip, m_cancel};
}

QList<QWidget *> TransferArea::tabChain() const
{
    return {m_pause, m_skip, m_cancel, m_summary->findChild<QWidget *>(QStringLiteral("issueList")),
            m_summary->findChild<QWidget *>(QStringLiteral("saveIssuesButton"))};
}

} // namespace Sluice::Ui
