#pragma once

#include "script/TransitionComparison.h"

#include <QColor>
#include <QList>
#include <QRectF>
#include <QString>
#include <QWidget>

#include <vector>

namespace bonescope::widgets {

/// One bone's divergence from the first choice for one other choice, per update from 1
/// (core::TransitionComparison::divergence), with its peaks (core::distancePeak, rotationPeak).
struct DivergenceCurve {
    QString label; ///< e.g. "tail · B"
    QColor color;
    Qt::PenStyle style = Qt::SolidLine;
    std::vector<core::BoneDivergence> values;
    core::DivergencePeak distancePeak;
    core::DivergencePeak rotationPeak;
};

/// The comparator's divergence plot: two strips over the blend's updates, position distance
/// (points, pixels at zoom 1) above and rotation difference (degrees) below, each curve's peak
/// marked with its value and update, the choices' call updates as ticks and the shared
/// playhead. Pressing or dragging asks to seek to the update under the mouse.
class DivergencePlot : public QWidget {
    Q_OBJECT
public:
    /// A labelled tick on the update axis (a choice's call).
    struct Mark {
        int update = 0;
        QString label;
        QColor color;
    };

    enum class Strip { Distance, Rotation };
    /// A curve's peak label as painted: where, in which colour, and its text (the value, update
    /// and curve; only value and update where the strip has no room for more).
    struct PeakLabel {
        QRectF box;
        QString text;
        QColor color;
    };

    explicit DivergencePlot(QWidget* parent = nullptr);

    /// The x axis spans updates 1..`updates`.
    void setCurves(QList<DivergenceCurve> curves, int updates);
    void setMarks(QList<Mark> marks);
    void setCursor(int update);
    int cursor() const { return m_cursor; }
    const QList<DivergenceCurve>& curves() const { return m_curves; }

    /// x in widget pixels of `update`, and back (rounded, clamped to 1..updates).
    double xForUpdate(double update) const;
    int updateAtX(double x) const;

    /// Where `strip` is drawn, and its peaks' labels: inside the strip, none overlapping; a
    /// peak whose label fits nowhere keeps its ring only.
    QRectF stripArea(Strip strip) const;
    QList<PeakLabel> peakLabels(Strip strip) const;

    QSize sizeHint() const override { return {640, 260}; }
    /// Strips of three text lines: the peaks' labels and the axis fit without overlapping.
    QSize minimumSizeHint() const override { return {200, 150}; }

signals:
    void seekRequested(int update);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;

private:
    /// `value` followed by `strip`'s unit: "64.0 px", "46.2°".
    static QString withUnit(const QString& value, Strip strip);
    static core::DivergencePeak peakOf(const DivergenceCurve& curve, Strip strip);
    /// The value at the top of `strip`'s scale.
    double stripScale(Strip strip) const;
    void paintStrip(QPainter& painter, Strip strip, const QRectF& area) const;

    QList<DivergenceCurve> m_curves;
    QList<Mark> m_marks;
    int m_updates = 0;
    int m_cursor = 1;
};

} // namespace bonescope::widgets
