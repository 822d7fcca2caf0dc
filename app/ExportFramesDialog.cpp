#include "ExportFramesDialog.h"

#include "panels/Counted.h"

#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace bonescope::app {

namespace {

enum Background { Transparent, Checker, ViewColour };

const QString kErrorStyle = QStringLiteral("color: #c0392b");

QSpinBox* sideBox(int value)
{
    auto* box = new QSpinBox;
    box->setRange(1, cli::kMaxFrameSide);
    box->setValue(value);
    box->setSuffix(QStringLiteral(" px"));
    return box;
}

} // namespace

ExportFramesDialog::ExportFramesDialog(bool flipbook, const QStringList& names, int current,
                                       int recordingUpdates, const QColor& viewBackground,
                                       const QString& folder, Planner plan, Writer write,
                                       QWidget* parent)
    : QDialog(parent), m_flipbook(flipbook), m_plan(std::move(plan)), m_write(std::move(write)),
      m_viewBackground(viewBackground), m_names(new QComboBox),
      m_sheet(new QRadioButton(tr("One sprite sheet"))),
      m_fixedSize(new QCheckBox(tr("Fixed size:"))), m_width(sideBox(256)), m_height(sideBox(256)),
      m_background(new QComboBox), m_folder(new QLineEdit(folder)), m_planLabel(new QLabel),
      m_error(new QLabel)
{
    setWindowTitle(tr("Export Frames"));
    auto* form = new QFormLayout;
    m_names->addItems(names);
    m_names->setCurrentIndex(current);
    m_names->setObjectName(QStringLiteral("exportNames"));
    form->addRow(flipbook ? tr("Animation:") : tr("Movement:"), m_names);

    if (flipbook) {
        m_reverse = new QCheckBox(tr("Reversed"));
        m_reverse->setObjectName(QStringLiteral("exportReverse"));
        form->addRow(QString(), m_reverse);
    } else {
        m_loopButton = new QRadioButton(tr("One loop, without the blend-in"));
        m_loopButton->setToolTip(
            tr("<p>The frames until every bone starts over together (a bone's <i>sc</i> "
               "stretches its pass), which then repeat seamlessly; a movement played once, from "
               "its start to its end</p>"));
        m_loopButton->setChecked(true);
        m_scenarioButton = new QRadioButton(tr("Scenario:"));
        m_scenarioButton->setObjectName(QStringLiteral("exportScenarioButton"));
        m_scenario = new QLineEdit;
        m_scenario->setObjectName(QStringLiteral("exportScenario"));
        m_scenario->setToolTip(tr("<p>A golden scenario as <tt>bonescope-cli bake</tt> takes it: "
                                  "play:MOV, cross:A:B:K:D, speed:MOV:S, goto:MOV:F, …</p>"));
        m_scenario->setEnabled(false);
        auto* scenarioRow = new QHBoxLayout;
        scenarioRow->addWidget(m_scenarioButton);
        scenarioRow->addWidget(m_scenario, 1);
        // Two groups of radio buttons share the dialog: each its own group.
        auto* framesGroup = new QButtonGroup(this);
        framesGroup->addButton(m_loopButton);
        framesGroup->addButton(m_scenarioButton);
        auto* frames = new QVBoxLayout;
        frames->addWidget(m_loopButton);
        frames->addLayout(scenarioRow);
        if (recordingUpdates > 0) {
            m_recordingButton = new QRadioButton(
                widgets::counted(recordingUpdates, tr("The blend recording (1 update)"),
                                 tr("The blend recording (%1 updates)")));
            m_recordingButton->setObjectName(QStringLiteral("exportRecording"));
            m_recordingButton->setToolTip(
                tr("<p>Every update of the recorded blend script, crossfades and layers "
                   "included, as the timeline plays it (<tt>bonescope-cli render "
                   "--script</tt>)</p>"));
            framesGroup->addButton(m_recordingButton);
            frames->addWidget(m_recordingButton);
            // The recording plays its own movements.
            connect(m_recordingButton, &QRadioButton::toggled, m_names, &QWidget::setDisabled);
        }
        form->addRow(tr("Frames:"), frames);
        connect(m_scenarioButton, &QRadioButton::toggled, m_scenario, &QWidget::setEnabled);
        connect(m_names, &QComboBox::currentIndexChanged, this,
                &ExportFramesDialog::followMovement);
        followMovement();
        m_bones = new QCheckBox(tr("Draw the bones"));
        form->addRow(QString(), m_bones);
    }

    auto* separateFrames = new QRadioButton(tr("One PNG a frame"));
    separateFrames->setChecked(true);
    m_sheet->setObjectName(QStringLiteral("exportSheet"));
    auto* writeGroup = new QButtonGroup(this);
    writeGroup->addButton(separateFrames);
    writeGroup->addButton(m_sheet);
    auto* writeAs = new QHBoxLayout;
    writeAs->addWidget(separateFrames);
    writeAs->addWidget(m_sheet);
    writeAs->addStretch();
    form->addRow(tr("Write:"), writeAs);

    m_fixedSize->setToolTip(tr("Unchecked: the animation's own size, one point to a pixel"));
    m_width->setEnabled(false);
    m_height->setEnabled(false);
    connect(m_fixedSize, &QCheckBox::toggled, m_width, &QWidget::setEnabled);
    connect(m_fixedSize, &QCheckBox::toggled, m_height, &QWidget::setEnabled);
    auto* size = new QHBoxLayout;
    size->addWidget(m_fixedSize);
    size->addWidget(m_width);
    size->addWidget(new QLabel(QStringLiteral("×")));
    size->addWidget(m_height);
    size->addStretch();
    form->addRow(tr("Size:"), size);

    m_background->setObjectName(QStringLiteral("exportBackground"));
    m_background->addItem(tr("Transparent"), Transparent);
    m_background->addItem(tr("Checkerboard"), Checker);
    m_background->addItem(tr("The view's colour (%1)").arg(viewBackground.name()), ViewColour);
    form->addRow(tr("Background:"), m_background);

    m_folder->setObjectName(QStringLiteral("exportFolder"));
    auto* browse = new QPushButton(tr("Browse…"));
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString chosen =
            QFileDialog::getExistingDirectory(this, tr("Export Frames Into"), m_folder->text());
        if (!chosen.isEmpty())
            m_folder->setText(chosen);
    });
    auto* folderRow = new QHBoxLayout;
    folderRow->addWidget(m_folder, 1);
    folderRow->addWidget(browse);
    form->addRow(tr("Folder:"), folderRow);

    m_planLabel->setObjectName(QStringLiteral("exportPlan"));
    m_planLabel->setWordWrap(true);
    m_planLabel->setTextFormat(Qt::PlainText);
    m_planLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    form->addRow(QString(), m_planLabel);

    m_error->setObjectName(QStringLiteral("exportError"));
    m_error->setWordWrap(true);
    m_error->setStyleSheet(kErrorStyle);
    m_error->hide();

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel);
    m_exportButton = buttons->addButton(tr("Export"), QDialogButtonBox::AcceptRole);
    m_exportButton->setDefault(true);
    m_exportButton->setObjectName(QStringLiteral("exportButton"));
    // Return in a field is Export's alone: a button that takes the default while Export is off
    // (a choice being typed) would keep it, and Return would browse or cancel.
    browse->setAutoDefault(false);
    buttons->button(QDialogButtonBox::Cancel)->setAutoDefault(false);
    connect(buttons, &QDialogButtonBox::accepted, this, &ExportFramesDialog::exportFrames);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_error);
    layout->addWidget(buttons);
    setMinimumWidth(520);

    connect(m_names, &QComboBox::currentIndexChanged, this, &ExportFramesDialog::showPlan);
    connect(m_sheet, &QRadioButton::toggled, this, &ExportFramesDialog::showPlan);
    if (m_reverse)
        connect(m_reverse, &QCheckBox::toggled, this, &ExportFramesDialog::showPlan);
    if (m_scenario) {
        connect(m_loopButton, &QRadioButton::toggled, this, &ExportFramesDialog::showPlan);
        connect(m_scenarioButton, &QRadioButton::toggled, this, &ExportFramesDialog::showPlan);
        connect(m_scenario, &QLineEdit::textChanged, this, &ExportFramesDialog::showPlan);
    }
    showPlan();
}

void ExportFramesDialog::showPlan()
{
    const cli::FramePlan plan = m_plan(choice());
    m_exportButton->setEnabled(plan.ok());
    m_exportButton->setDefault(plan.ok());
    m_error->hide(); // an export's error was about the choice before
    m_planLabel->setStyleSheet(plan.ok() ? QString() : kErrorStyle);
    if (!plan.ok()) {
        m_planLabel->setText(plan.error);
        return;
    }
    QStringList lines{widgets::counted(plan.frames, tr("1 frame"), tr("%1 frames")) +
                      QStringLiteral(": ") + plan.files(m_sheet->isChecked())};
    m_planLabel->setText((lines + plan.warnings).join(QLatin1Char('\n')));
}

void ExportFramesDialog::followMovement()
{
    if (m_scenario->text() != m_followedScenario)
        return; // typed by the user: theirs
    m_followedScenario = QStringLiteral("play:") + m_names->currentText();
    m_scenario->setText(m_followedScenario);
}

ExportFramesDialog::Choice ExportFramesDialog::choice() const
{
    Choice choice;
    if (m_flipbook)
        choice.scenario = QStringLiteral("flipbook:") + m_names->currentText() +
                          (m_reverse->isChecked() ? QStringLiteral(":reverse") : QString());
    else if (m_loopButton->isChecked())
        choice.loop = m_names->currentText();
    else if (m_recordingButton && m_recordingButton->isChecked())
        choice.recording = true;
    else
        choice.scenario = m_scenario->text().trimmed();
    cli::FrameRequest& request = choice.request;
    if (m_fixedSize->isChecked())
        request.size = QSize(m_width->value(), m_height->value());
    request.sheet = m_sheet->isChecked();
    request.out = QDir(m_folder->text().trimmed());
    request.options.showAxes = false;
    request.options.showBones = m_bones && m_bones->isChecked();
    switch (m_background->currentData().toInt()) {
    case Checker:
        request.options.checkerBackground = true;
        break;
    case ViewColour:
        request.options.background = m_viewBackground;
        break;
    default:
        request.options.background = Qt::transparent;
    }
    return choice;
}

void ExportFramesDialog::exportFrames()
{
    if (m_folder->text().trimmed().isEmpty()) {
        m_error->setText(tr("Choose a folder to write the frames into."));
        m_error->show();
        return;
    }
    cli::FramesWritten written = m_write(choice());
    if (!written.ok()) {
        m_error->setText(written.error);
        m_error->show();
        return;
    }
    m_written = std::move(written);
    accept();
}

} // namespace bonescope::app
