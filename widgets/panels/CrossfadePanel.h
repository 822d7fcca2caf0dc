#pragma once

#include "panels/AbstractDocument.h"

#include <QWidget>

#include <optional>

class QComboBox;
class QLabel;
class QPushButton;
class QSpinBox;

namespace bonescope::widgets {

class WeightGraph;

/// The crossfade inspector dock (first version): source and target movement, transition type,
/// duration in frames (and seconds), a Trigger button, and the source / target weight curves
/// with the time since the trigger as a cursor. Settings go to the document as undoable edits;
/// Trigger makes the document's blender run them live in the viewport. In cocos2d-x durationTo
/// mode the duration is the target movement's own `to`, shown and edited in the export, so
/// what the designer sees is what play(target) does in the game.
/// Record turns Triggers into calls of a blend script (AbstractRecorder::setRecording).
class CrossfadePanel : public QWidget {
    Q_OBJECT
public:
    explicit CrossfadePanel(AbstractDocument* document, QWidget* parent = nullptr);

    QComboBox* sourceBox() const { return m_source; }
    QComboBox* targetBox() const { return m_target; }
    QComboBox* typeBox() const { return m_type; }
    QSpinBox* durationBox() const { return m_duration; }
    QPushButton* triggerButton() const { return m_trigger; }
    QPushButton* recordButton() const { return m_record; }
    WeightGraph* graph() const { return m_graph; }

private:
    void rebuild();
    void pullTransition();
    void pushTransition(); ///< source, target and type
    void pushDuration();
    /// The target movement's own `to` (frames) in durationTo mode, else nullopt.
    std::optional<int> targetDurationTo() const;
    /// The duration shown: the target's `to` in durationTo mode, else the transition's.
    int durationFrames() const;
    /// Seconds `frames` of the transition last (a durationTo blend-in runs on the target's clock).
    double durationSeconds(int frames) const;
    void refreshCursor();
    /// Takes where the recording's blended pair changes (or nothing) for the graph, then
    /// refreshes it.
    void pullRecording();

    AbstractDocument* m_document;
    QComboBox* m_source;
    QComboBox* m_target;
    QComboBox* m_type;
    QSpinBox* m_duration;
    QLabel* m_seconds;
    QPushButton* m_trigger;
    QPushButton* m_record;
    WeightGraph* m_graph;
    QLabel* m_weights;
    QList<TimelineMark> m_recordedBlends; ///< where the recording's blended pair changes
};

} // namespace bonescope::widgets
