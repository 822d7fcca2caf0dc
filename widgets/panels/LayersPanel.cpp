#include "panels/LayersPanel.h"

#include "base/Limits.h"
#include "runtime/LayerSetupPlayback.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <utility>

namespace bonescope::widgets {

namespace {
/// "layer N" with the smallest N no layer of `setup` is called.
std::string freeLayerName(const core::LayerSetup& setup)
{
    for (int n = int(setup.layers.size()) + 1;; ++n) {
        const std::string name = "layer " + std::to_string(n);
        bool taken = false;
        for (const auto& layer : setup.layers)
            taken = taken || layer.name == name;
        if (!taken)
            return name;
    }
}
} // namespace

LayersPanel::LayersPanel(AbstractDocument* document, QWidget* parent)
    : QWidget(parent), m_document(document), m_list(new QListWidget(this)),
      m_add(new QPushButton(tr("Add"), this)), m_remove(new QPushButton(tr("Remove"), this)),
      m_up(new QPushButton(tr("Up"), this)), m_down(new QPushButton(tr("Down"), this)),
      m_editor(new QWidget(this)), m_name(new QLineEdit(m_editor)),
      m_movement(new QComboBox(m_editor)), m_weightSlider(new QSlider(Qt::Horizontal, m_editor)),
      m_weight(new QDoubleSpinBox(m_editor)), m_speed(new QDoubleSpinBox(m_editor)),
      m_mask(new QLabel(m_editor)),
      m_maskFromSelection(new QPushButton(tr("Selected bones"), m_editor)),
      m_maskAll(new QPushButton(tr("All bones"), m_editor)),
      m_nextMovement(new QComboBox(m_editor)), m_nextStart(new QDoubleSpinBox(m_editor)),
      m_nextDuration(new QDoubleSpinBox(m_editor)), m_error(new QLabel(this)),
      m_warning(new QLabel(this))
{
    m_list->setObjectName(QStringLiteral("layerList"));
    // The list asks for the rows it shows, not QListWidget's fixed 192 pixels: a dock's scroll
    // area sizes the panel to its preferred height as soon as a word-wrapped label (mask,
    // warning) has text, and the spare height jumped the fields under the list when the
    // first layer was added.
    m_list->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    m_weightSlider->setObjectName(QStringLiteral("weightSlider"));
    m_list->setToolTip(tr("Top layer first: each layer pulls the bones it moves from those below "
                          "toward its movement by its weight"));
    m_add->setToolTip(tr("Add a layer on top playing the current movement"));
    m_up->setToolTip(tr("Move the layer up the stack: it pulls the bones after the one above it"));
    m_down->setToolTip(tr("Move the layer down the stack"));
    // Typed values count once complete (Enter or leaving the field): one edit, one undo step.
    for (QDoubleSpinBox* box : {m_weight, m_speed, m_nextStart, m_nextDuration})
        box->setKeyboardTracking(false);
    m_weightSlider->setRange(0, kWeightSteps);
    m_weight->setRange(0.0, 1.0);
    m_weight->setSingleStep(0.05);
    m_weight->setDecimals(2);
    // The limits every layer stack keeps (layerSetupLimitBreach): a value shows as it plays.
    m_speed->setRange(0.0, core::kMaxSpeedScale);
    m_speed->setSingleStep(0.1);
    m_speed->setDecimals(2);
    m_speed->setSuffix(tr("×"));
    m_mask->setWordWrap(true);
    m_maskFromSelection->setToolTip(
        tr("The layer moves only the bones selected in the bone tree or the viewport"));
    m_nextStart->setRange(0.0, core::kMaxBakeSeconds);
    m_nextStart->setSuffix(tr(" s"));
    m_nextStart->setToolTip(tr("When the move to the next movement begins"));
    m_nextDuration->setRange(0.0, core::kMaxBakeSeconds);
    m_nextDuration->setSingleStep(0.1);
    m_nextDuration->setSuffix(tr(" s"));
    m_nextDuration->setToolTip(tr("How long the next movement takes to fade in (0: at once)"));
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #c0392b"));
    m_warning->setWordWrap(true);
    m_warning->setStyleSheet(QStringLiteral("color: #b9770e"));

    auto* buttons = new QHBoxLayout;
    for (QPushButton* button : {m_add, m_remove, m_up, m_down})
        buttons->addWidget(button);
    auto* weight = new QHBoxLayout;
    weight->addWidget(m_weightSlider, 1);
    weight->addWidget(m_weight);
    auto* maskButtons = new QHBoxLayout;
    maskButtons->addWidget(m_maskFromSelection);
    maskButtons->addWidget(m_maskAll);
    auto* next = new QHBoxLayout;
    next->addWidget(m_nextMovement, 1);
    next->addWidget(new QLabel(tr("at"), m_editor));
    next->addWidget(m_nextStart);
    next->addWidget(new QLabel(tr("over"), m_editor));
    next->addWidget(m_nextDuration);
    auto* form = new QFormLayout(m_editor);
    form->setContentsMargins(0, 0, 0, 0);
    form->addRow(tr("Name"), m_name);
    form->addRow(tr("Movement"), m_movement);
    form->addRow(tr("Weight"), weight);
    form->addRow(tr("Speed"), m_speed);
    form->addRow(tr("Mask"), m_mask);
    form->addRow(QString(), maskButtons);
    form->addRow(tr("Then"), next);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    // Why the setup does not play comes first: the panel scrolls in a short dock.
    layout->addWidget(m_error);
    layout->addWidget(m_list, 1);
    layout->addLayout(buttons);
    layout->addWidget(m_editor);
    layout->addWidget(m_warning);

    connect(m_add, &QPushButton::clicked, this, &LayersPanel::addLayer);
    connect(m_remove, &QPushButton::clicked, this, &LayersPanel::removeLayer);
    connect(m_up, &QPushButton::clicked, this, [this] { moveLayer(1); });
    connect(m_down, &QPushButton::clicked, this, [this] { moveLayer(-1); });
    connect(m_list, &QListWidget::currentRowChanged, this, &LayersPanel::pullLayer);
    connect(m_name, &QLineEdit::editingFinished, this, [this] {
        editLayer([name = m_name->text().toStdString()](auto& layer) { layer.name = name; });
    });
    connect(m_movement, &QComboBox::activated, this, [this] {
        const std::string name = m_movement->currentText().toStdString();
        // Arrowing through the box chooses each movement on the way: one undo step for all.
        editLayer([&name](auto& layer) { layer.movement = name; },
                  QStringLiteral("movement %1").arg(selectedLayer()));
    });
    connect(m_weightSlider, &QSlider::valueChanged, this,
            [this](int steps) { setWeight(double(steps) / kWeightSteps); });
    connect(m_weight, &QDoubleSpinBox::valueChanged, this, &LayersPanel::setWeight);
    connect(m_speed, &QDoubleSpinBox::valueChanged, this, [this](double speed) {
        editLayer([speed](auto& layer) { layer.speed = speed; },
                  QStringLiteral("speed %1").arg(selectedLayer()));
    });
    connect(m_maskFromSelection, &QPushButton::clicked, this, [this] {
        const core::ArmatureData* armature = m_document->armature();
        if (!armature)
            return;
        std::vector<std::string> bones;
        for (int bone : m_document->selection()->selectedBones())
            bones.push_back(armature->bones[size_t(bone)].name);
        editLayer([&bones](auto& layer) { layer.mask = bones; });
    });
    connect(m_maskAll, &QPushButton::clicked, this,
            [this] { editLayer([](auto& layer) { layer.mask.reset(); }); });
    connect(m_nextMovement, &QComboBox::activated, this, &LayersPanel::setTransitionFromFields);
    connect(m_nextStart, &QDoubleSpinBox::valueChanged, this,
            &LayersPanel::setTransitionFromFields);
    connect(m_nextDuration, &QDoubleSpinBox::valueChanged, this,
            &LayersPanel::setTransitionFromFields);

    connect(m_document, &AbstractDocument::documentChanged, this, &LayersPanel::rebuild);
    connect(m_document->layers(), &AbstractLayers::layerSetupChanged, this,
            &LayersPanel::pullSetup);
    connect(m_document, &AbstractDocument::frameChanged, this, &LayersPanel::refreshWarning);
    rebuild();
}

void LayersPanel::rebuild()
{
    const QStringList names = m_document->kind() == AbstractDocument::Kind::Armature
                                  ? m_document->movementNames()
                                  : QStringList();
    {
        const QSignalBlocker blockMovement(m_movement);
        const QSignalBlocker blockNext(m_nextMovement);
        m_movement->clear();
        m_movement->addItems(names);
        m_nextMovement->clear();
        m_nextMovement->addItem(tr("(stay)"));
        m_nextMovement->addItems(names);
    }
    m_add->setEnabled(!names.isEmpty());
    pullSetup();
}

// The list shows the stack top first: row 0 is the last layer.
int LayersPanel::selectedLayer() const
{
    const int row = m_list->currentRow();
    return row < 0 ? -1 : m_list->count() - 1 - row;
}

void LayersPanel::selectLayer(int index)
{
    m_list->setCurrentRow(index < 0 ? -1 : m_list->count() - 1 - index);
}

void LayersPanel::pullSetup()
{
    const core::LayerSetup& setup = m_document->layers()->layerSetup();
    const int selected = selectedLayer();
    {
        const QSignalBlocker block(m_list);
        m_list->clear();
        for (auto layer = setup.layers.rbegin(); layer != setup.layers.rend(); ++layer)
            m_list->addItem(tr("%1 — %2 × %3")
                                .arg(QString::fromStdString(layer->name),
                                     QString::fromStdString(layer->movement))
                                .arg(double(layer->weight), 0, 'f', 2));
        if (!setup.layers.empty())
            selectLayer(std::clamp(selected, 0, int(setup.layers.size()) - 1));
    }
    m_error->setText(m_document->layers()->layerSetupError());
    m_error->setVisible(!m_error->text().isEmpty());
    pullLayer();
    refreshWarning();
}

void LayersPanel::pullLayer()
{
    const core::LayerSetup& setup = m_document->layers()->layerSetup();
    const int index = selectedLayer();
    const bool has = index >= 0 && index < int(setup.layers.size());
    m_editor->setEnabled(has);
    m_remove->setEnabled(has);
    m_up->setEnabled(has && index + 1 < int(setup.layers.size()));
    m_down->setEnabled(has && index > 0);
    if (!has)
        return;
    const core::LayerSetupLayer& layer = setup.layers[size_t(index)];
    const QList<QWidget*> fields{m_name,  m_movement,     m_weightSlider, m_weight,
                                 m_speed, m_nextMovement, m_nextStart,    m_nextDuration};
    for (QWidget* field : fields)
        field->blockSignals(true);
    m_name->setText(QString::fromStdString(layer.name));
    m_movement->setCurrentText(QString::fromStdString(layer.movement));
    m_weightSlider->setValue(int(std::lround(layer.weight * kWeightSteps)));
    m_weight->setValue(layer.weight);
    m_speed->setValue(layer.speed);
    // A layer without a transition shows a new one's times, which choosing a next movement
    // then takes (not what the previously selected layer had).
    const core::LayerTransitionSetup transition =
        layer.transition.value_or(core::LayerTransitionSetup{});
    if (layer.transition)
        m_nextMovement->setCurrentText(QString::fromStdString(transition.movement));
    else
        m_nextMovement->setCurrentIndex(0);
    m_nextStart->setValue(transition.startSeconds);
    m_nextDuration->setValue(transition.durationSeconds);
    m_nextStart->setEnabled(bool(layer.transition));
    m_nextDuration->setEnabled(bool(layer.transition));
    for (QWidget* field : fields)
        field->blockSignals(false);
    if (!layer.mask) {
        m_mask->setText(tr("every bone"));
    } else {
        QStringList bones;
        for (const auto& bone : *layer.mask)
            bones << QString::fromStdString(bone);
        m_mask->setText(bones.isEmpty() ? tr("no bone") : bones.join(QStringLiteral(", ")));
    }
}

void LayersPanel::refreshWarning()
{
    const core::ArmatureData* armature = m_document->armature();
    const std::vector<float> sums = m_document->layers()->layerWeightSums();
    // The flagged bones by sum, in bone order: a layer's weight usually puts many bones at
    // one sum, which then reads once.
    std::vector<std::pair<QString, QStringList>> groups;
    int flagged = 0;
    for (size_t bone = 0; armature && bone < sums.size() && bone < armature->bones.size(); ++bone) {
        if (!core::layerWeightsUnbalanced(sums[bone]))
            continue;
        const QString sum = QString::number(sums[bone], 'f', 2);
        auto group = std::find_if(groups.begin(), groups.end(),
                                  [&sum](const auto& entry) { return entry.first == sum; });
        if (group == groups.end())
            group = groups.insert(groups.end(), {sum, {}});
        group->second << QString::fromStdString(armature->bones[bone].name);
        ++flagged;
    }
    QString text;
    if (groups.size() == 1 && flagged == int(armature->bones.size())) {
        text = tr("Weights add up to %1 on every bone, not 1").arg(groups.front().first);
    } else if (!groups.empty()) {
        QStringList parts;
        for (const auto& [sum, bones] : groups)
            parts << tr("%1 on %2").arg(sum, bones.join(QStringLiteral(", ")));
        text = tr("Weights not adding up to 1: %1").arg(parts.join(QStringLiteral("; ")));
    }
    if (text != m_warning->text())
        m_warning->setText(text);
    m_warning->setVisible(!text.isEmpty());
}

template <typename Change> void LayersPanel::editLayer(Change change, const QString& mergeKey)
{
    core::LayerSetup setup = m_document->layers()->layerSetup();
    const int index = selectedLayer();
    if (index < 0 || index >= int(setup.layers.size()))
        return;
    change(setup.layers[size_t(index)]);
    m_document->layers()->setLayerSetup(setup, mergeKey);
}

void LayersPanel::addLayer()
{
    const QStringList names = m_document->movementNames();
    if (names.isEmpty())
        return;
    core::LayerSetup setup = m_document->layers()->layerSetup();
    core::LayerSetupLayer layer;
    layer.name = freeLayerName(setup);
    layer.movement = names.value(std::max(0, m_document->currentMovement())).toStdString();
    setup.layers.push_back(std::move(layer));
    selectLayer(-1);
    m_document->layers()->setLayerSetup(setup);
    selectLayer(int(setup.layers.size()) - 1);
}

void LayersPanel::removeLayer()
{
    core::LayerSetup setup = m_document->layers()->layerSetup();
    const int index = selectedLayer();
    if (index < 0 || index >= int(setup.layers.size()))
        return;
    setup.layers.erase(setup.layers.begin() + index);
    m_document->layers()->setLayerSetup(setup);
}

void LayersPanel::moveLayer(int by)
{
    core::LayerSetup setup = m_document->layers()->layerSetup();
    const int index = selectedLayer();
    const int to = index + by;
    if (index < 0 || to < 0 || to >= int(setup.layers.size()))
        return;
    std::swap(setup.layers[size_t(index)], setup.layers[size_t(to)]);
    selectLayer(to);
    m_document->layers()->setLayerSetup(setup);
}

void LayersPanel::setWeight(double weight)
{
    editLayer([weight](auto& layer) { layer.weight = float(weight); },
              QStringLiteral("weight %1").arg(selectedLayer()));
}

void LayersPanel::setTransitionFromFields()
{
    const int next = m_nextMovement->currentIndex();
    const std::string movement = m_nextMovement->currentText().toStdString();
    const double start = m_nextStart->value();
    const double duration = m_nextDuration->value();
    editLayer(
        [&](auto& layer) {
            if (next <= 0) {
                layer.transition.reset();
                return;
            }
            core::LayerTransitionSetup transition =
                layer.transition.value_or(core::LayerTransitionSetup{});
            transition.movement = movement;
            transition.startSeconds = start;
            transition.durationSeconds = duration;
            layer.transition = transition;
        },
        QStringLiteral("transition %1").arg(selectedLayer()));
}

} // namespace bonescope::widgets
