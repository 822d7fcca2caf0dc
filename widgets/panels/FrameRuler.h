#pragma once

#include "panels/AbstractDocument.h"

#include <QWidget>

namespace bonescope::widgets {

/// The timeline's ruler: frame ticks over one movement, keyframe marks of the selected bone,
/// event marks, and the current-frame cursor. Pressing or dragging scrubs to the whole frame
/// under the mouse. Editable marks (a recording's calls) are picked by their flag: a click
/// selects one, a drag moves it by whole frames, a double-click or the context menu asks to
/// edit it and Delete to remove it; the ruler only reports, the timeline panel acts.
class FrameRuler : public QWidget {
    Q_OBJECT
public:
    explicit FrameRuler(QWidget* parent = nullptr);

    /// Duration in frames; the ruler spans 0..duration.
    void setDuration(int frames);
    /// Keyframe marks, in frames (a bone of its own `sc` reaches keyframes between frames).
    void setKeyFrames(const QList<double>& frames);
    void setEventMarks(const QList<TimelineMark>& marks);
    void setCursor(double frame);
    void setMarksEditable(bool editable);

    int duration() const { return m_duration; }
    double cursorFrame() const { return m_cursor; }
    const QList<double>& keyFrames() const { return m_keys; }
    const QList<TimelineMark>& eventMarks() const { return m_events; }
    bool marksEditable() const { return m_marksEditable; }
    /// The editable mark last clicked (index into eventMarks()); −1 when none.
    int selectedMark() const { return m_selectedMark; }
    /// Index of the mark whose flag is at `position` (the nearest where flags overlap); −1
    /// when none.
    int flagAt(QPointF position) const;
    /// flagAt for editable marks; −1 when the marks are not editable.
    int markAt(QPointF position) const { return m_marksEditable ? flagAt(position) : -1; }

    /// x in widget pixels of `frame`, and back (rounded to the nearest whole frame).
    double xForFrame(double frame) const;
    int frameAtX(double x) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    /// The user pressed or dragged to `frame` (frames, whole).
    void scrubbed(int frame);
    /// An editable mark was dragged from its frame to `frame` (whole) and released.
    void markMoved(int index, int frame);
    /// Double-click on an editable mark.
    void markActivated(int index);
    /// Context menu on an editable mark, at `globalPosition`.
    void markMenuRequested(int index, QPoint globalPosition);
    /// Delete pressed while an editable mark is selected.
    void markDeleteRequested(int index);

protected:
    /// Tool tips name the event under the pointer (its flag's label may be elided).
    bool event(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    int m_duration = 0;
    double m_cursor = 0.0;
    QList<double> m_keys;
    QList<TimelineMark> m_events;
    bool m_marksEditable = false;
    int m_selectedMark = -1;
    int m_draggedMark = -1; ///< the mark being dragged; −1: the mouse scrubs
    int m_dragFrame = 0;    ///< where the dragged mark is drawn
};

} // namespace bonescope::widgets
