#pragma once

#include "panels/AbstractDocument.h"
#include "panels/CallEditor.h"

#include <QPointer>
#include <QWidget>

class QBoxLayout;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QToolButton;

namespace bonescope::widgets {

class EventLane;
class FrameRuler;

/// The timeline dock: movement list, play / pause / step / loop / speed, the frame ruler with
/// key and event marks (drag to scrub), and the current frame in frames and seconds. While a
/// blend script is recorded the ruler spans the whole script and marks its calls, which are
/// edited there: dragged to another update, changed in place (CallEditor) or deleted.
class TimelinePanel : public QWidget {
    Q_OBJECT
public:
    explicit TimelinePanel(AbstractDocument* document, QWidget* parent = nullptr);

    QComboBox* movementBox() const { return m_movements; }
    EventLane* eventLane() const { return m_lane; }
    QToolButton* playButton() const { return m_play; }
    QToolButton* loopButton() const { return m_loop; }
    QDoubleSpinBox* speedBox() const { return m_speed; }
    FrameRuler* ruler() const { return m_ruler; }
    QLabel* frameLabel() const { return m_frameLabel; }
    /// The call editor open on the ruler; null when none.
    CallEditor* callEditor() const { return m_callEditor; }
    /// Opens the editor of recorded call `index` under its mark (crossfade calls only).
    void editCall(int index);

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void rebuild();
    /// The current movement's duration, marks and frame (after a change of movement or of
    /// its values).
    void refreshRuler();
    void refreshMarks();
    void refreshFrame(double frame);
    void refreshPlaying(bool playing);
    /// Edit or delete recorded call `index`, from its mark's context menu.
    void showCallMenu(int index, QPoint globalPosition);

    AbstractDocument* m_document;
    QComboBox* m_movements;
    QToolButton* m_play;
    QToolButton* m_loop;
    QDoubleSpinBox* m_speed;
    FrameRuler* m_ruler;
    /// Judges the frame events under the ruler; its pass is the one the ruler marks.
    EventLane* m_lane;
    QLabel* m_frameLabel;
    QBoxLayout* m_header; ///< the controls, then the readout beside or under them
    QPointer<CallEditor> m_callEditor;
};

} // namespace bonescope::widgets
