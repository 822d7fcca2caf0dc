#pragma once

#include "panels/AbstractDocument.h"

#include <QWidget>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QSlider;

namespace bonescope::widgets {

/// The layers dock (seed 004): the document's layer stack, top first as layers are drawn (Up
/// moves a layer up the list and the stack) — add, remove and reorder layers; per layer its name,
/// movement, weight (slider and box), speed, bone mask (taken from the bones selected in the tree
/// or the viewport) and a transition to another movement. Every change is an undoable edit of the
/// document's layer setup, shown live in the viewport. Bones whose layer weights do not add up to 1
/// are listed under the stack.
class LayersPanel : public QWidget {
    Q_OBJECT
public:
    explicit LayersPanel(AbstractDocument* document, QWidget* parent = nullptr);

    QListWidget* layerList() const { return m_list; }
    /// The layer selected in the list (index into the setup's layers, bottom first); −1: none.
    int selectedLayer() const;
    /// Selects layer `index` (bottom first) in the list, none for −1.
    void selectLayer(int index);
    QPushButton* addButton() const { return m_add; }
    QPushButton* removeButton() const { return m_remove; }
    QPushButton* upButton() const { return m_up; }
    QPushButton* downButton() const { return m_down; }
    QComboBox* movementBox() const { return m_movement; }
    QSlider* weightSlider() const { return m_weightSlider; }
    QDoubleSpinBox* weightBox() const { return m_weight; }
    QDoubleSpinBox* speedBox() const { return m_speed; }
    QPushButton* maskFromSelectionButton() const { return m_maskFromSelection; }
    QPushButton* maskAllButton() const { return m_maskAll; }
    QComboBox* nextMovementBox() const { return m_nextMovement; }
    QDoubleSpinBox* nextStartBox() const { return m_nextStart; }
    QDoubleSpinBox* nextDurationBox() const { return m_nextDuration; }
    /// The bones whose layer weights add up to more or less than 1 (empty text when none).
    QLabel* weightWarning() const { return m_warning; }

    /// Steps of the weight slider: it moves the weight by 1/kWeightSteps.
    static constexpr int kWeightSteps = 100;

private:
    void rebuild();
    void pullSetup();
    void pullLayer();
    void refreshWarning();
    /// Sends the setup with `change` applied to the current layer; `mergeKey` as
    /// AbstractLayers::setLayerSetup.
    template <typename Change> void editLayer(Change change, const QString& mergeKey = {});
    void addLayer();
    void removeLayer();
    void moveLayer(int by);
    void setWeight(double weight);
    void setTransitionFromFields();

    AbstractDocument* m_document;
    QListWidget* m_list;
    QPushButton* m_add;
    QPushButton* m_remove;
    QPushButton* m_up;
    QPushButton* m_down;
    QWidget* m_editor;
    QLineEdit* m_name;
    QComboBox* m_movement;
    QSlider* m_weightSlider;
    QDoubleSpinBox* m_weight;
    QDoubleSpinBox* m_speed;
    QLabel* m_mask;
    QPushButton* m_maskFromSelection;
    QPushButton* m_maskAll;
    QComboBox* m_nextMovement;
    QDoubleSpinBox* m_nextStart;
    QDoubleSpinBox* m_nextDuration;
    QLabel* m_error;
    QLabel* m_warning;
};

} // namespace bonescope::widgets
