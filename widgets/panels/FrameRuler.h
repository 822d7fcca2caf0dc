#pragma once

#include "panels/AbstractDocument.h"

#include <QWidget>

namespace bonescope::widgets {

/// The timeline's ruler: frame ticks over one movement, keyframe marks of the selected bone,
/// event marks, and the current-frame cursor. Pressing or dragging scrubs to the whole frame
/// under the mouse.
class FrameRuler : public QWidget {
    Q_OBJECT
public:
    explicit FrameRuler(QWidget* parent = nullptr);

    /// Duration in frames; the ruler spans 0..duration.
    void setDuration(int frames);
    void setKeyFrames(const QList<int>& frames);
    void setEventMarks(const QList<TimelineMark>& marks);
    void setCursor(double frame);

    int duration() const { return m_duration; }
    double cursorFrame() const { return m_cursor; }
    const QList<int>& keyFrames() const { return m_keys; }
    const QList<TimelineMark>& eventMarks() const { return m_events; }

    /// x in widget pixels of `frame`, and back (rounded to the nearest whole frame).
    double xForFrame(double frame) const;
    int frameAtX(double x) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    /// The user pressed or dragged to `frame` (frames, whole).
    void scrubbed(int frame);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;

private:
    int m_duration = 0;
    double m_cursor = 0.0;
    QList<int> m_keys;
    QList<TimelineMark> m_events;
};

} // namespace bonescope::widgets
