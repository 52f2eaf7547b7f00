#pragma once

#include "appsettings.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QLabel;
class QSpinBox;

namespace Sluice::Ui {

/// Edits WindowSettings: chunk size and queue depth (with the memory they take), default
/// collision and error policies, engine, durability, verification, following symbolic
/// links, archive-style metadata, and whether the chart is shown. Shown with open();
/// settings() holds the edited values once accepted. GUI thread.
class SettingsDialog final : public QDialog
{
    Q_OBJECT
public:
    SettingsDialog(const WindowSettings &settings, QWidget *parent = nullptr);
    Q_DISABLE_COPY_MOVE(SettingsDialog)

    /// The values as edited (speed limit and anything not shown are kept from the input).
    WindowSettings settings() const;

private:
    void fill(const WindowSettings &settings);
    void updateState();

    WindowSettings m_initial;
    QComboBox *m_chunkSize;
    QSpinBox *m_queueDepth;
    QLabel *m_memory;
    QComboBox *m_collision;
    QComboBox *m_error;
    QComboBox *m_engine;
    QComboBox *m_durability;
    QComboBox *m_verify;
    QCheckBox *m_follow;
    QCheckBox *m_archive;
    QCheckBox *m_chart;
    QLabel *m_problem;
    QDialogButtonBox *m_buttons;
};

} // namespace Sluice::Ui
