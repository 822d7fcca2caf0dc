#include "panels/DivergencePlot.h"

#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace bonescope::widgets {

namespace {
constexpr double kLeft = 70;  // room for the strip's name and its range
constexpr double kRight = 12; // keeps the last update clear of the edge
constexpr double kTop = 14;   // call marks above the first strip
constexpr double kBottom = 18;
constexpr double kStripGap = 10;

/// A round top for the strip's scale: 1, 2 or 5 times a power of ten at or above `value`.
double niceCeiling(double value)
{
    if (value <= 0)
        return 1.0;
    const double power = std::pow(10.0, std::floor(std::log10(value)));
    for (const double step : {1.0, 2.0, 5.0, 10.0})
        if (step * power >= value)
            return step * power;
    return 10.0 * power;
}
} // namespace

DivergencePlot::DivergencePlot(QWidget* parent) : QWidget(parent)
{
    setAttribute(Qt::WA_OpaquePaintEvent);
    setMouseTracking(false);
}

void DivergencePlot::setCurves(QList<DivergenceCurve> curves, int updates)
{
    m_curves = std::move(curves);
    m_updates = updates;
    update();
}

void DivergencePlot::setMarks(QList<Mark> marks)
{
    m_marks = std::move(marks);
    std::stable_sort(m_marks.begin(), m_marks.end(),
                     [](const Mark& l, const Mark& r) { return l.update < r.update; });
    update();
}

void DivergencePlot::setCursor(int update)
{
    if (update == m_cursor)
        return;
    m_cursor = update;
    this->update();
}

double DivergencePlot::xForUpdate(double update) const
{
    const double span = std::max(m_updates - 1, 1);
    return kLeft + (update - 1) / span * std::max(width() - kLeft - kRight, 1.0);
}

int DivergencePlot::updateAtX(double x) const
{
    const double span = std::max(m_updates - 1, 1);
    const double ratio = (x - kLeft) / std::max(width() - kLeft - kRight, 1.0);
    return std::clamp(int(std::lround(1 + ratio * span)), 1, std::max(m_updates, 1));
}

void DivergencePlot::mousePressEvent(QMouseEvent* event)
{
    if (event->button() == Qt::LeftButton && m_updates > 0)
        emit seekRequested(updateAtX(event->position().x()));
}

void DivergencePlot::mouseMoveEvent(QMouseEvent* event)
{
    if ((event->buttons() & Qt::LeftButton) && m_updates > 0)
        emit seekRequested(updateAtX(event->position().x()));
}

void DivergencePlot::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.fillRect(rect(), palette().base());
    painter.setRenderHint(QPainter::Antialiasing);
    if (m_updates <= 0 || m_curves.isEmpty()) {
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(rect(), Qt::AlignCenter,
                         m_updates <= 0 ? tr("No comparison") : tr("Select a bone to plot"));
        return;
    }
    const double height = (this->height() - kTop - kBottom - kStripGap) / 2.0;
    const double plotWidth = width() - kLeft - kRight;
    paintStrip(painter, Strip::Distance, QRectF(kLeft, kTop, plotWidth, height));
    paintStrip(painter, Strip::Rotation,
               QRectF(kLeft, kTop + height + kStripGap, plotWidth, height));

    // Calls above the strips, update numbers below, and the playhead across both.
    const QFontMetricsF metrics(font());
    double labelEnd = 0.0; // marks on one update share the line, their labels follow each other
    for (const Mark& mark : m_marks) {
        const double x = xForUpdate(mark.update);
        painter.setPen(QPen(mark.color, 1, Qt::DotLine));
        painter.drawLine(QPointF(x, kTop), QPointF(x, this->height() - kBottom));
        painter.setPen(mark.color);
        const double labelX = std::max(x + 2, labelEnd);
        painter.drawText(QPointF(labelX, kTop - 3), mark.label);
        labelEnd = labelX + metrics.horizontalAdvance(mark.label + QLatin1Char(' '));
    }
    painter.setPen(palette().color(QPalette::Text));
    const int step = int(niceCeiling(m_updates / 8.0));
    for (int update = step; update <= m_updates; update += step) {
        const QString text = QString::number(update);
        painter.drawText(
            QPointF(xForUpdate(update) - metrics.horizontalAdvance(text) / 2, this->height() - 4),
            text);
    }
    painter.drawText(QPointF(4, this->height() - 4), tr("update"));
    const double x = xForUpdate(m_cursor);
    painter.setPen(QPen(QColor(220, 40, 40), 1.5));
    painter.drawLine(QPointF(x, kTop), QPointF(x, this->height() - kBottom));
}

void DivergencePlot::paintStrip(QPainter& painter, Strip strip, const QRectF& area) const
{
    const bool distance = strip == Strip::Distance;
    const auto valueOf = [distance](const core::BoneDivergence& d) {
        return distance ? d.distance : d.rotationDegrees;
    };
    double largest = 0.0;
    for (const DivergenceCurve& curve : m_curves)
        largest = std::max(largest, distance ? curve.distancePeak.value : curve.rotationPeak.value);
    const double top = niceCeiling(largest);
    const auto yFor = [&](double value) { return area.bottom() - value / top * area.height(); };

    painter.setPen(palette().color(QPalette::Mid));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(area);
    painter.setPen(palette().color(QPalette::Text));
    const QString unit = distance ? tr("px") : tr("°");
    painter.drawText(QRectF(0, area.top(), kLeft - 6, area.height()),
                     Qt::AlignRight | Qt::AlignVCenter,
                     distance ? tr("distance\n(px)") : tr("rotation\n(°)"));
    painter.drawText(QRectF(0, area.top() - 2, kLeft - 6, 16), Qt::AlignRight | Qt::AlignTop,
                     QString::number(top, 'g', 3));
    painter.drawText(QRectF(0, area.bottom() - 14, kLeft - 6, 16), Qt::AlignRight | Qt::AlignBottom,
                     QStringLiteral("0"));

    painter.save();
    painter.setClipRect(area.adjusted(-1, -1, 1, 1));
    for (const DivergenceCurve& curve : m_curves) {
        QPainterPath path;
        for (size_t i = 0; i < curve.values.size(); ++i) {
            const QPointF p(xForUpdate(double(i) + 1), yFor(valueOf(curve.values[i])));
            i == 0 ? path.moveTo(p) : path.lineTo(p);
        }
        painter.setPen(QPen(curve.color, 1.6, curve.style));
        painter.setBrush(Qt::NoBrush);
        painter.drawPath(path);
    }
    painter.restore();

    // Each curve's peak: a ring, and its value and update beside it, kept inside the strip and
    // moved down clear of the labels already written.
    const QFontMetricsF metrics(font());
    QList<QRectF> written;
    for (const DivergenceCurve& curve : m_curves) {
        const core::DivergencePeak peak = distance ? curve.distancePeak : curve.rotationPeak;
        if (peak.update <= 0 || peak.value <= 0)
            continue;
        const QPointF at(xForUpdate(peak.update), yFor(peak.value));
        painter.setPen(QPen(curve.color, 2));
        painter.setBrush(Qt::NoBrush);
        painter.drawEllipse(at, 4, 4);
        const QString text = tr("%1 %2 at %3 (%4)")
                                 .arg(peak.value, 0, 'f', 1)
                                 .arg(unit)
                                 .arg(peak.update)
                                 .arg(curve.label);
        const double textWidth = metrics.horizontalAdvance(text);
        const double x = std::min(at.x() + 7, area.right() - textWidth - 2);
        double y = std::max(at.y() + 4, area.top() + metrics.ascent() + 2);
        QRectF box(x, y - metrics.ascent(), textWidth, metrics.height());
        for (bool moved = true; moved;) {
            moved = false;
            for (const QRectF& other : written)
                if (box.intersects(other)) {
                    box.moveTop(other.bottom() + 1);
                    moved = true;
                }
        }
        written.append(box);
        painter.setPen(curve.color.darker(130));
        painter.drawText(QPointF(box.left(), box.top() + metrics.ascent()), text);
    }
}

} // namespace bonescope::widgets
