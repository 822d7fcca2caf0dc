#include "panels/WeightGraph.h"

#include "base/FrameRate.h"
#include "panels/PlotCursor.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>

namespace bonescope::widgets {

namespace {
const QColor kSourceColor(40, 120, 220);
const QColor kTargetColor(230, 120, 20);

/// `color` for a curve of `graph`; the disabled text colour while the graph is disabled (no
/// armature: nothing can crossfade), so the curves do not look like a live transition.
QColor curveColor(const QWidget& graph, const QColor& color)
{
    return graph.isEnabled() ? color : graph.palette().color(QPalette::Disabled, QPalette::Text);
}
} // namespace

WeightGraph::WeightGraph(QWidget* parent) : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void WeightGraph::setTransition(TransitionType type, int durationFrames, double durationSeconds)
{
    m_type = type;
    // A Switch hands over at once, whatever duration the inspector keeps for the other kinds.
    const bool lasts = core::transitionLasts(type);
    m_duration = lasts ? std::max(durationFrames, 0) : 0;
    m_durationSeconds = lasts ? std::max(durationSeconds, 0.0) : 0.0;
    update();
}

void WeightGraph::setCursor(double elapsedFrames)
{
    if (elapsedFrames == m_cursor)
        return;
    m_cursor = elapsedFrames;
    update();
}

void WeightGraph::setRecorded(const std::vector<core::CrossfadeWeights>& weights,
                              const QList<TimelineMark>& blends, int update)
{
    m_recording = true;
    m_recorded.assign(weights.begin(), weights.end());
    m_blends = blends;
    m_cursor = update;
    this->update();
}

void WeightGraph::clearRecorded()
{
    if (!m_recording)
        return;
    m_recording = false;
    m_recorded.clear();
    m_blends.clear();
    m_cursor = -1.0;
    update();
}

QRectF WeightGraph::plotRect() const
{
    return QRectF(rect()).adjusted(34, 18, -10, -22);
}

double WeightGraph::xForUpdate(double update) const
{
    // Update 0 (before the first) at the left edge, the last recorded one at the right.
    const QRectF plot = plotRect();
    return plot.left() + update / std::max<double>(double(m_recorded.size()), 1.0) * plot.width();
}

QPolygonF WeightGraph::recordedCurve(bool target) const
{
    const QRectF plot = plotRect();
    QPolygonF curve;
    curve.reserve(qsizetype(m_recorded.size()));
    for (size_t i = 0; i < m_recorded.size(); ++i) {
        const double weight = target ? m_recorded[i].target : m_recorded[i].source;
        curve.append(QPointF(xForUpdate(double(i + 1)), plot.bottom() - weight * plot.height()));
    }
    return curve;
}

void WeightGraph::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QPalette pal = palette();
    painter.fillRect(rect(), pal.base());
    const QRectF plot = plotRect();
    painter.setPen(pal.color(QPalette::Mid));
    painter.drawRect(plot);
    painter.setPen(pal.color(QPalette::Text));
    painter.drawText(QRectF(0, plot.top() - 8, 30, 16), Qt::AlignRight | Qt::AlignVCenter,
                     QStringLiteral("1"));
    painter.drawText(QRectF(0, plot.bottom() - 8, 30, 16), Qt::AlignRight | Qt::AlignVCenter,
                     QStringLiteral("0"));
    if (m_recording)
        paintRecording(painter, plot);
    else
        paintTransition(painter, plot);

    painter.setPen(curveColor(*this, kSourceColor));
    painter.drawText(QPointF(plot.left() + 4, 13), tr("source"));
    painter.setPen(curveColor(*this, kTargetColor));
    painter.drawText(QPointF(plot.left() + 60, 13), tr("target"));
}

void WeightGraph::paintRecording(QPainter& painter, const QRectF& plot)
{
    const QPalette pal = palette();
    const int updates = int(m_recorded.size());
    painter.drawText(QRectF(plot.left() - 30, plot.bottom() + 2, 60, 18), Qt::AlignCenter,
                     QStringLiteral("0"));
    painter.drawText(QRectF(plot.right() - 110, plot.bottom() + 2, 110, 18),
                     Qt::AlignRight | Qt::AlignVCenter, tr("update %1").arg(updates));
    // Where the blender's pair changes (a Trigger, a re-target, the end of a blend), named.
    for (qsizetype i = 0; i < m_blends.size(); ++i) {
        const double x = xForUpdate(m_blends[i].frame - 1);
        painter.setPen(QPen(pal.color(QPalette::Mid), 1, Qt::DotLine));
        painter.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
        painter.setPen(pal.color(QPalette::Text));
        // Each name fits before the next mark, so close marks do not write over each other.
        const double next =
            i + 1 < m_blends.size() ? xForUpdate(m_blends[i + 1].frame - 1) : plot.right();
        painter.drawText(
            QPointF(x + 3, plot.top() + 12),
            painter.fontMetrics().elidedText(m_blends[i].label, Qt::ElideRight, int(next - x - 6)));
    }
    painter.setBrush(Qt::NoBrush);
    painter.setPen(QPen(curveColor(*this, kSourceColor), 2));
    painter.drawPolyline(recordedCurve(false));
    painter.setPen(QPen(curveColor(*this, kTargetColor), 2, Qt::DashLine));
    painter.drawPolyline(recordedCurve(true));
    if (m_cursor >= 0.0) {
        const double x = xForUpdate(std::min(m_cursor, double(updates)));
        drawPlotCursor(painter, pal, x, plot.top(), plot.bottom());
    }
}

void WeightGraph::paintTransition(QPainter& painter, const QRectF& plot)
{
    const QPalette pal = palette();
    // The plot spans a little before the trigger and after the end so both steps show.
    const double lead = std::max(2.0, m_duration * 0.15);
    const double start = -lead;
    const double end = m_duration + lead;
    auto xFor = [&](double frame) {
        return plot.left() + (frame - start) / (end - start) * plot.width();
    };
    auto yFor = [&](double weight) { return plot.bottom() - weight * plot.height(); };

    const QString endText = tr("%1 f · %2 s").arg(m_duration).arg(m_durationSeconds, 0, 'f', 3);
    const QFontMetricsF metrics(font());
    const double endHalfWidth = metrics.horizontalAdvance(endText) / 2 + 2;
    // A short fade (none at 0 frames) puts the end's label over the start's: the end's tells both.
    if (xFor(m_duration) - endHalfWidth > xFor(0) + metrics.horizontalAdvance(QLatin1Char('0')))
        painter.drawText(QRectF(xFor(0) - 30, plot.bottom() + 2, 60, 18), Qt::AlignCenter,
                         QStringLiteral("0"));
    painter.drawText(
        QRectF(xFor(m_duration) - endHalfWidth, plot.bottom() + 2, 2 * endHalfWidth, 18),
        Qt::AlignCenter, endText);

    const int samples = std::max(2, int(plot.width()));
    QPainterPath source;
    QPainterPath target;
    for (int i = 0; i <= samples; ++i) {
        const double frame = start + (end - start) * i / samples;
        const core::CrossfadeWeights w = core::crossfadeWeightsAt(m_type, m_duration, frame);
        const QPointF s(xFor(frame), yFor(w.source));
        const QPointF t(xFor(frame), yFor(w.target));
        if (i == 0) {
            source.moveTo(s);
            target.moveTo(t);
        } else {
            source.lineTo(s);
            target.lineTo(t);
        }
    }
    painter.setBrush(Qt::NoBrush);
    painter.setPen(QPen(curveColor(*this, kSourceColor), 2));
    painter.drawPath(source);
    painter.setPen(QPen(curveColor(*this, kTargetColor), 2, Qt::DashLine));
    painter.drawPath(target);

    if (m_cursor >= 0.0) {
        drawPlotCursor(painter, pal, xFor(std::min(m_cursor, end)), plot.top(), plot.bottom());
    }
}

} // namespace bonescope::widgets
