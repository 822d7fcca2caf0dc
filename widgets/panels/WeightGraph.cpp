#include "panels/WeightGraph.h"

#include "base/FrameRate.h"

#include <QPainter>
#include <QPainterPath>

#include <algorithm>

namespace bonescope::widgets {

namespace {
const QColor kSourceColor(40, 120, 220);
const QColor kTargetColor(230, 120, 20);
} // namespace

WeightGraph::WeightGraph(QWidget* parent) : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void WeightGraph::setTransition(TransitionType type, int durationFrames)
{
    m_type = type;
    m_duration = std::max(durationFrames, 0);
    update();
}

void WeightGraph::setCursor(double elapsedFrames)
{
    if (elapsedFrames == m_cursor)
        return;
    m_cursor = elapsedFrames;
    update();
}

void WeightGraph::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QPalette pal = palette();
    painter.fillRect(rect(), pal.base());

    // The plot spans a little before the trigger and after the end so both steps show.
    const double lead = std::max(2.0, m_duration * 0.15);
    const double start = -lead;
    const double end = m_duration + lead;
    const QRectF plot = QRectF(rect()).adjusted(34, 18, -10, -22);
    auto xFor = [&](double frame) {
        return plot.left() + (frame - start) / (end - start) * plot.width();
    };
    auto yFor = [&](double weight) { return plot.bottom() - weight * plot.height(); };

    painter.setPen(pal.color(QPalette::Mid));
    painter.drawRect(plot);
    painter.setPen(pal.color(QPalette::Text));
    painter.drawText(QRectF(0, plot.top() - 8, 30, 16), Qt::AlignRight | Qt::AlignVCenter,
                     QStringLiteral("1"));
    painter.drawText(QRectF(0, plot.bottom() - 8, 30, 16), Qt::AlignRight | Qt::AlignVCenter,
                     QStringLiteral("0"));
    painter.drawText(QRectF(xFor(0) - 30, plot.bottom() + 2, 60, 18), Qt::AlignCenter,
                     QStringLiteral("0"));
    painter.drawText(
        QRectF(xFor(m_duration) - 60, plot.bottom() + 2, 120, 18), Qt::AlignCenter,
        tr("%1 f · %2 s").arg(m_duration).arg(core::framesToSeconds(m_duration), 0, 'f', 3));

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
    painter.setPen(QPen(kSourceColor, 2));
    painter.drawPath(source);
    painter.setPen(QPen(kTargetColor, 2, Qt::DashLine));
    painter.drawPath(target);

    painter.setPen(kSourceColor);
    painter.drawText(QPointF(plot.left() + 4, 13), tr("source"));
    painter.setPen(kTargetColor);
    painter.drawText(QPointF(plot.left() + 60, 13), tr("target"));

    if (m_cursor >= 0.0) {
        const double x = xFor(std::min(m_cursor, end));
        painter.setPen(QPen(pal.color(QPalette::Highlight), 2));
        painter.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
    }
}

} // namespace bonescope::widgets
