#include "panels/DivergencePlot.h"

#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>
#include <optional>

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

/// The height in `area` (a strip whose scale tops at `scale`) of `value`.
double yOf(double value, double scale, const QRectF& area)
{
    return area.bottom() - value / scale * area.height();
}
} // namespace

QString DivergencePlot::withUnit(const QString& value, Strip strip)
{
    return strip == Strip::Distance ? tr("%1 px").arg(value) : tr("%1°").arg(value);
}

core::DivergencePeak DivergencePlot::peakOf(const DivergenceCurve& curve, Strip strip)
{
    return strip == Strip::Distance ? curve.distancePeak : curve.rotationPeak;
}

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
    paintStrip(painter, Strip::Distance, stripArea(Strip::Distance));
    paintStrip(painter, Strip::Rotation, stripArea(Strip::Rotation));

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

QRectF DivergencePlot::stripArea(Strip strip) const
{
    const double height = (this->height() - kTop - kBottom - kStripGap) / 2.0;
    const double top = strip == Strip::Distance ? kTop : kTop + height + kStripGap;
    return QRectF(kLeft, top, width() - kLeft - kRight, height);
}

double DivergencePlot::stripScale(Strip strip) const
{
    double largest = 0.0;
    for (const DivergenceCurve& curve : m_curves)
        largest = std::max(largest, peakOf(curve, strip).value);
    return niceCeiling(largest);
}

void DivergencePlot::paintStrip(QPainter& painter, Strip strip, const QRectF& area) const
{
    const bool distance = strip == Strip::Distance;
    const auto valueOf = [distance](const core::BoneDivergence& d) {
        return distance ? d.distance : d.rotationDegrees;
    };
    const double top = stripScale(strip);
    const auto yFor = [&](double value) { return yOf(value, top, area); };

    painter.setPen(palette().color(QPalette::Mid));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(area);
    // The scale's top and 0 at the strip's ends, the quantity between them: on two lines where
    // the strip has room for four, else on one where it fits the gutter, else only its unit
    // after the top value.
    painter.setPen(palette().color(QPalette::Text));
    const QFontMetricsF metrics(font());
    const double line = metrics.height();
    const QRectF gutter(0, area.top() - 2, kLeft - 6, area.height() + 4);
    const QString name = distance ? tr("distance") : tr("rotation");
    const QString unit = distance ? tr("px") : tr("°");
    QString topText = QString::number(top, 'g', 3);
    const QString oneLine = tr("%1 (%2)").arg(name, unit);
    if (gutter.height() >= 4 * line)
        painter.drawText(gutter, Qt::AlignRight | Qt::AlignVCenter, tr("%1\n(%2)").arg(name, unit));
    else if (gutter.height() >= 3 * line && metrics.horizontalAdvance(oneLine) <= gutter.width())
        painter.drawText(gutter, Qt::AlignRight | Qt::AlignVCenter, oneLine);
    else
        topText = withUnit(topText, strip);
    painter.drawText(gutter, Qt::AlignRight | Qt::AlignTop, topText);
    if (gutter.height() >= 2 * line)
        painter.drawText(gutter, Qt::AlignRight | Qt::AlignBottom, QStringLiteral("0"));

    painter.save();
    painter.setClipRect(area.adjusted(-1, -1, 1, 1));
    for (const DivergenceCurve& curve : m_curves) {
        // Drawn where both choices show the bone: a hidden sprite's place is not seen.
        QPainterPath path;
        bool drawing = false;
        for (size_t i = 0; i < curve.values.size(); ++i) {
            if (!curve.values[i].seen) {
                drawing = false;
                continue;
            }
            const QPointF p(xForUpdate(double(i) + 1), yFor(valueOf(curve.values[i])));
            drawing ? path.lineTo(p) : path.moveTo(p);
            drawing = true;
        }
        painter.setPen(QPen(curve.color, 1.6, curve.style));
        painter.setBrush(Qt::NoBrush);
        painter.drawPath(path);
    }
    painter.restore();

    // Each curve's peak: a ring, and its label beside it.
    for (const DivergenceCurve& curve : m_curves) {
        const core::DivergencePeak peak = peakOf(curve, strip);
        if (peak.update <= 0 || peak.value <= 0)
            continue;
        painter.setPen(QPen(curve.color, 2));
        painter.setBrush(Qt::NoBrush);
        painter.drawEllipse(QPointF(xForUpdate(peak.update), yFor(peak.value)), 4, 4);
    }
    for (const PeakLabel& label : peakLabels(strip)) {
        painter.setPen(label.color);
        painter.drawText(QPointF(label.box.left(), label.box.top() + metrics.ascent()), label.text);
    }
}

QList<DivergencePlot::PeakLabel> DivergencePlot::peakLabels(Strip strip) const
{
    const QRectF area = stripArea(strip);
    const double top = stripScale(strip);
    const QFontMetricsF metrics(font());
    QList<PeakLabel> labels;
    for (const DivergenceCurve& curve : m_curves) {
        const core::DivergencePeak peak = peakOf(curve, strip);
        if (peak.update <= 0 || peak.value <= 0)
            continue;
        const QPointF at(xForUpdate(peak.update), yOf(peak.value, top, area));
        const QString brief = tr("%1 at %2")
                                  .arg(withUnit(QString::number(peak.value, 'f', 1), strip))
                                  .arg(peak.update);
        // Right of the ring and just below it where that is free, else the free place nearest
        // to it: below or above the labels already placed, inside the strip.
        for (const QString& text : {tr("%1 (%2)").arg(brief, curve.label), brief}) {
            const QSizeF size(metrics.horizontalAdvance(text), metrics.height());
            const double highest = area.top() + 1;
            const double lowest = area.bottom() - size.height() - 1;
            if (lowest < highest || size.width() > area.width() - 4)
                continue; // the text does not fit in the strip at all
            const double x =
                std::max(area.left() + 2, std::min(at.x() + 7, area.right() - size.width() - 2));
            const double wanted = at.y() + 4 - metrics.ascent();
            QList<double> tops{wanted};
            for (const PeakLabel& other : labels)
                tops << other.box.bottom() + 1 << other.box.top() - size.height() - 1;
            std::optional<double> best;
            for (double y : tops) {
                y = std::clamp(y, highest, lowest);
                const QRectF box(QPointF(x, y), size);
                const bool free =
                    std::none_of(labels.begin(), labels.end(),
                                 [&](const PeakLabel& other) { return box.intersects(other.box); });
                if (free && (!best || std::abs(y - wanted) < std::abs(*best - wanted)))
                    best = y;
            }
            if (best) {
                labels.append({QRectF(QPointF(x, *best), size), text, curve.color.darker(130)});
                break;
            }
        }
    }
    return labels;
}

} // namespace bonescope::widgets
