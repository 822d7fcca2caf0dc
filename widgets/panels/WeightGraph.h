#pragma once

#include "panels/AbstractDocument.h"
#include "panels/Transition.h"

#include "base/FrameRate.h"

#include <QList>
#include <QPolygonF>
#include <QWidget>

#include <vector>

namespace bonescope::widgets {

/// The crossfade inspector's graph: source and target weights over a transition's time
/// (frames on the x axis, with seconds), and the current time as a cursor. While a recording
/// plays it draws the weights the blender had at each update of the recording instead, so a
/// crossfade triggered during another shows as the blender re-targets it.
class WeightGraph : public QWidget {
    Q_OBJECT
public:
    explicit WeightGraph(QWidget* parent = nullptr);

    /// The curve of `type` over `durationFrames` frames of the fade's clock, which last
    /// `durationSeconds` (core::crossfadeSeconds).
    void setTransition(TransitionType type, int durationFrames, double durationSeconds);
    /// Cursor position in frames of the fade since the trigger; negative hides it.
    void setCursor(double elapsedFrames);
    double cursor() const { return m_cursor; }
    int durationFrames() const { return m_duration; }

    /// Shows a recording: `weights` after each update (update 1 first), where the blended pair
    /// changes marked and named (`blends`), the cursor at update `update`.
    void setRecorded(const std::vector<core::CrossfadeWeights>& weights,
                     const QList<TimelineMark>& blends, int update);
    /// Back to the transition's curve.
    void clearRecorded();
    bool showsRecording() const { return m_recording; }
    const QList<TimelineMark>& recordedBlends() const { return m_blends; }
    size_t recordedUpdates() const { return m_recorded.size(); }
    /// The recorded source (or target) weight curve as drawn, in widget coordinates: one point
    /// per update, update 1 first.
    QPolygonF recordedCurve(bool target) const;
    /// Where weights 0..1 and the x axis are drawn.
    QRectF plotRect() const;

    QSize sizeHint() const override { return {320, 140}; }
    QSize minimumSizeHint() const override { return {160, 100}; }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    void paintTransition(QPainter& painter, const QRectF& plot);
    void paintRecording(QPainter& painter, const QRectF& plot);
    double xForUpdate(double update) const;

    TransitionType m_type = TransitionType::WhileAnimating;
    int m_duration = 10;
    double m_durationSeconds = core::framesToSeconds(10);
    double m_cursor = -1.0;
    bool m_recording = false;
    std::vector<core::CrossfadeWeights> m_recorded;
    QList<TimelineMark> m_blends;
};

} // namespace bonescope::widgets
