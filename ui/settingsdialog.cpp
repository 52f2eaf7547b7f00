#include "settingsdialog.h"

#include "formatting.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace Sluice::Ui {

namespace {

QComboBox *makeCombo(const QString &objectName, QWidget *parent)
{
    auto *combo = new QComboBox(parent);
    combo->setObjectName(objectName);
    return combo;
}

template<typename Enum>
void addChoice(QComboBox *combo, const QString &text, Enum value, const QString &toolTip = {})
{
    combo->addItem(text, QVariant::fromValue(int(value)));
    combo->setItemData(combo->count() - 1, toolTip, Qt::ToolTipRole);
}

template<typename Enum>
void select(QComboBox *combo, Enum value)
{
    const int index = combo->findData(QVariant::fromValue(int(value)));
    combo->setCurrentIndex(qMax(0, index));
}

template<typename Enum>
Enum selected(const QComboBox *combo)
{
    return Enum(combo->currentData().toInt());
}

} // namespace

SettingsDialog::SettingsDialog(const WindowSettings &settings, QWidget *parent)
    : QDialog(parent)
    , m_initial(settings)
    , m_chunkSize(makeCombo(QStringLiteral("chunkSizeCombo"), this))
    , m_queueDepth(new QSpinBox(this))
    , m_memory(new QLabel(this))
    , m_collision(makeCombo(QStringLiteral("collisionCombo"), this))
    , m_error(makeCombo(QStringLiteral("errorCombo"), this))
    , m_engine(makeCombo(QStringLiteral("engineCombo"), this))
    , m_durability(makeCombo(QStringLiteral("durabilityCombo"), this))
    , m_verify(makeCombo(QStringLiteral("verifyCombo"), this))
    , m_follow(new QCheckBox(tr("&Follow symbolic links (copy what they point to)"), this))
    , m_archive(new QCheckBox(tr("&Archive: also keep owner, extended attributes, ACLs and "
                                 "hard links"),
                              this))
    , m_chart(new QCheckBox(tr("Show the rate c&hart while copying"), this))
    , m_problem(new QLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel
                                         | QDialogButtonBox::RestoreDefaults,
                                     this))
{
    setObjectName(QStringLiteral("settingsDialog"));
    setWindowTitle(tr("Sluice settings"));

    for (const qint64 size : {64 * KiB, 256 * KiB, 1 * MiB, 4 * MiB, 16 * MiB, 64 * MiB})
        m_chunkSize->addItem(Format::size(size), size);
    m_chunkSize->setToolTip(tr("Bytes per buffer. 256 KiB to 16 MiB perform about the same; "
                               "64 KiB costs more processor time."));
    m_queueDepth->setObjectName(QStringLiteral("queueDepthSpin"));
    m_queueDepth->setRange(MinQueueDepth, MaxQueueDepth);
    m_queueDepth->setToolTip(tr("Buffers between the reader and the writer. More buffers "
                                "absorb longer hiccups; memory grows with them."));
    m_memory->setObjectName(QStringLiteral("bufferMemoryLabel"));

    addChoice(m_collision, tr("Ask"), CollisionPolicy::Ask);
    addChoice(m_collision, tr("Overwrite"), CollisionPolicy::Overwrite);
    addChoice(m_collision, tr("Skip"), CollisionPolicy::Skip);
    addChoice(m_collision, tr("Rename the copy (“name (2).ext”)"), CollisionPolicy::Rename);
    addChoice(m_collision, tr("Overwrite if newer"), CollisionPolicy::Newer);
    addChoice(m_error, tr("Ask"), ErrorPolicy::Ask);
    addChoice(m_error, tr("Retry three times, then skip"), ErrorPolicy::Retry);
    addChoice(m_error, tr("Skip the item"), ErrorPolicy::Skip);
    addChoice(m_error, tr("Stop the copy"), ErrorPolicy::Abort);
    addChoice(m_engine, tr("Automatic (reflink, then kernel, then stream)"), Engine::Auto);
    addChoice(m_engine, tr("Stream: through Sluice's buffers"), Engine::Stream,
              tr("Needed for verification and the speed limit on every byte"));
    addChoice(m_engine, tr("Kernel: copy_file_range"), Engine::Kernel);
    addChoice(m_engine, tr("Reflink: share blocks (copy-on-write file systems)"), Engine::Reflink);
    addChoice(m_durability, tr("Whole copy: flush behind, one sync at the end"), Durability::Job);
    addChoice(m_durability, tr("Every file: sync each file before it gets its name"),
              Durability::File);
    addChoice(m_durability, tr("None: leave it to the system"), Durability::None,
              tr("Faster, but “done” may come while data is still in memory"));
    addChoice(m_verify, tr("No"), VerifyAlgorithm::None);
    addChoice(m_verify, tr("xxHash (fast)"), VerifyAlgorithm::Xxh3);
    addChoice(m_verify, tr("SHA-256"), VerifyAlgorithm::Sha256);
    m_verify->setToolTip(tr("Hash while copying, then read each copy back from the disk and "
                            "compare"));
    m_follow->setObjectName(QStringLiteral("followSymlinksCheck"));
    m_archive->setObjectName(QStringLiteral("archiveCheck"));
    m_chart->setObjectName(QStringLiteral("showChartCheck"));
    m_problem->setObjectName(QStringLiteral("settingsProblemLabel"));
    m_problem->setWordWrap(true);
    m_buttons->setObjectName(QStringLiteral("settingsButtons"));

    auto *buffers = new QGroupBox(tr("Buffers"), this);
    auto *bufferForm = new QFormLayout(buffers);
    bufferForm->addRow(tr("Chunk si&ze:"), m_chunkSize);
    bufferForm->addRow(tr("&Queue depth:"), m_queueDepth);
    bufferForm->addRow(QString(), m_memory);
    auto *behaviour = new QGroupBox(tr("When copying"), this);
    auto *behaviourForm = new QFormLayout(behaviour);
    behaviourForm->addRow(tr("If a &name exists:"), m_collision);
    behaviourForm->addRow(tr("If an item fa&ils:"), m_error);
    behaviourForm->addRow(tr("&Engine:"), m_engine);
    behaviourForm->addRow(tr("&Durability:"), m_durability);
    behaviourForm->addRow(tr("&Verify copies:"), m_verify);
    behaviourForm->addRow(m_follow);
    behaviourForm->addRow(m_archive);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(buffers);
    layout->addWidget(behaviour);
    layout->addWidget(m_chart);
    layout->addWidget(m_problem);
    layout->addWidget(m_buttons);

    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_buttons->button(QDialogButtonBox::RestoreDefaults), &QPushButton::clicked, this,
            [this] {
                WindowSettings defaults;
                defaults.options.speedLimit = m_initial.options.speedLimit;
                fill(defaults);
            });
    for (QComboBox *combo : {m_chunkSize, m_engine, m_verify})
        connect(combo, &QComboBox::currentIndexChanged, this, &SettingsDialog::updateState);
    connect(m_queueDepth, &QSpinBox::valueChanged, this, &SettingsDialog::updateState);
    fill(settings);
}

void SettingsDialog::fill(const WindowSettings &settings)
{
    const CopyOptions &options = settings.options;
    int chunkIndex = m_chunkSize->findData(options.chunkSize);
    if (chunkIndex < 0) {
        m_chunkSize->addItem(Format::size(options.chunkSize), options.chunkSize);
        chunkIndex = m_chunkSize->count() - 1;
    }
    m_chunkSize->setCurrentIndex(chunkIndex);
    m_queueDepth->setValue(options.queueDepth);
    select(m_collision, options.onCollision);
    select(m_error, options.onError);
    select(m_engine, options.engine);
    select(m_durability, options.durability);
    select(m_verify, options.verify);
    m_follow->setChecked(options.followSymlinks);
    m_archive->setChecked(settings.archive());
    m_chart->setChecked(settings.showChart);
    updateState();
}

WindowSettings SettingsDialog::settings() const
{
    WindowSettings edited = m_initial;
    CopyOptions &options = edited.options;
    options.chunkSize = m_chunkSize->currentData().toLongLong();
    options.queueDepth = m_queueDepth->value();
    options.onCollision = selected<CollisionPolicy>(m_collision);
    options.onError = selected<ErrorPolicy>(m_error);
    options.engine = selected<Engine>(m_engine);
    options.durability = selected<Durability>(m_durability);
    options.verify = selected<VerifyAlgorithm>(m_verify);
    options.followSymlinks = m_follow->isChecked();
    edited.setArchive(m_archive->isChecked());
    edited.showChart = m_chart->isChecked();
    return edited;
}

void SettingsDialog::updateState()
{
    const CopyOptions options = settings().options;
    m_memory->setText(tr("Memory for data: %1 × %2 = %3, whatever the file size")
                          .arg(Format::size(options.chunkSize))
                          .arg(options.queueDepth)
                          .arg(Format::size(options.chunkSize * options.queueDepth)));
    const bool conflict =
        options.engine == Engine::Reflink && options.verify != VerifyAlgorithm::None;
    m_problem->setText(conflict ? tr("Verification reads the data as it passes through Sluice; "
                                     "the reflink engine moves none. Choose another engine or "
                                     "turn verification off.")
                                : QString());
    m_problem->setVisible(conflict);
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(options.validate().isEmpty());
}

} // namespace Sluice::Ui
