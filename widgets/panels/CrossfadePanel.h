#pragma once

#include "panels/AbstractDocument.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;
class QSpinBox;

namespace bonescope::widgets {

class WeightGraph;

/// The crossfade inspector dock (first version): source and target movement, transition type,
/// duration in frames (and seconds), a Trigger button, and the source / target weight curves
/// with the time since the trigger as a cursor. Settings go to the document as undoable edits;
/// Trigger makes the document's blender run them live in the viewport.
class CrossfadePanel : public QWidget {
    Q_OBJECT
public:
    explicit CrossfadePanel(AbstractDocument* document, QWidget* parent = nullptr);

    QComboBox* sourceBox() const { return m_source; }
    QComboBox* targetBox() const { return m_target; }
    QComboBox* typeBox() const { return m_type; }
    QSpinBox* durationBox() const { return m_duration; }
    QPushButton* triggerButton() const { return m_trigger; }
    WeightGraph* graph() const { return m_graph; }

private:
    void rebuild();
    void pullTransition();
    void pushTransition();
    void refreshCursor();

    AbstractDocument* m_document;
    QComboBox* m_source;
    QComboBox* m_target;
    QComboBox* m_type;
    QSpinBox* m_duration;
    QLabel* m_seconds;
    QPushButton* m_trigger;
    WeightGraph* m_graph;
    QLabel* m_weights;
};

} // namespace bonescope::widgets
