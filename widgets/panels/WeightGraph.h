#pragma once

#include "panels/Transition.h"

#include <QWidget>

namespace bonescope::widgets {

/// The crossfade inspector's graph: source and target weights over a transition's time
/// (frames on the x axis, with seconds), and the current time as a cursor.
class WeightGraph : public QWidget {
    Q_OBJECT
public:
    explicit WeightGraph(QWidget* parent = nullptr);

    void setTransition(TransitionType type, int durationFrames);
    /// Cursor position in frames since the trigger; negative hides it.
    void setCursor(double elapsedFrames);
    double cursor() const { return m_cursor; }
    int durationFrames() const { return m_duration; }

    QSize sizeHint() const override { return {320, 140}; }
    QSize minimumSizeHint() const override { return {160, 100}; }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    TransitionType m_type = TransitionType::WhileAnimating;
    int m_duration = 10;
    double m_cursor = -1.0;
};

} // namespace bonescope::widgets
