#include "panels/FrameRuler.h"

#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace bonescope::widgets {

namespace {
constexpr int kMargin = 10; // keeps the first and last frame marks clear of the edges
constexpr int kEventBand = 14;
} // namespace

FrameRuler::FrameRuler(QWidget* parent) : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setToolTip(tr("Click or drag to scrub; diamonds are the selected bone's keyframes, red "
                  "flags are events"));
}

void FrameRuler::setDuration(int frames)
{
    m_duration = std::max(frames, 0);
    update();
}

void FrameRuler::setKeyFrames(const QList<int>& frames)
{
    m_keys = frames;
    update();
}

void FrameRuler::setEventMarks(const QList<TimelineMark>& marks)
{
    m_events = marks;
    update();
}

void FrameRuler::setCursor(double frame)
{
    if (frame == m_cursor)
        return;
    m_cursor = frame;
    update();
}

double FrameRuler::xForFrame(double frame) const
{
    const double span = std::max(m_duration, 1);
    return kMargin + frame / span * (width() - 2 * kMargin);
}

int FrameRuler::frameAtX(double x) const
{
    const double usable = std::max(width() - 2 * kMargin, 1);
    const double frame = (x - kMargin) / usable * std::max(m_duration, 1);
    return std::clamp(static_cast<int>(std::lround(frame)), 0, m_duration);
}

QSize FrameRuler::sizeHint() const
{
    return {400, 56};
}

QSize FrameRuler::minimumSizeHint() const
{
    return {120, 56};
}

void FrameRuler::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QPalette pal = palette();
    painter.fillRect(rect(), pal.base());
    const int baseline = height() - 18;

    // Ticks: a step that keeps labels at least ~40 px apart.
    const double pxPerFrame = (width() - 2 * kMargin) / double(std::max(m_duration, 1));
    int labelStep = 1;
    for (int step : {1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000}) {
        labelStep = step;
        if (step * pxPerFrame >= 40)
            break;
    }
    const int tickStep = std::max(1, labelStep / 5);
    painter.setPen(pal.color(QPalette::Mid));
    painter.drawLine(QPointF(kMargin, baseline), QPointF(width() - kMargin, baseline));
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.8);
    painter.setFont(small);
    for (int frame = 0; frame <= m_duration; frame += tickStep) {
        const double x = xForFrame(frame);
        const bool major = frame % labelStep == 0;
        painter.setPen(pal.color(major ? QPalette::Text : QPalette::Mid));
        painter.drawLine(QPointF(x, baseline), QPointF(x, baseline - (major ? 8 : 4)));
        if (major)
            painter.drawText(QRectF(x - 20, baseline + 2, 40, 14), Qt::AlignCenter,
                             QString::number(frame));
    }

    // Keyframes of the selected bone: diamonds on the baseline.
    painter.setPen(Qt::NoPen);
    painter.setBrush(QColor(230, 170, 20));
    for (int frame : m_keys) {
        const double x = xForFrame(frame);
        QPainterPath diamond;
        diamond.moveTo(x, baseline - 13);
        diamond.lineTo(x + 4, baseline - 9);
        diamond.lineTo(x, baseline - 5);
        diamond.lineTo(x - 4, baseline - 9);
        diamond.closeSubpath();
        painter.drawPath(diamond);
    }

    // Events: red flags in the top band.
    for (const TimelineMark& mark : m_events) {
        const double x = xForFrame(mark.frame);
        painter.setPen(QColor(210, 40, 40));
        painter.drawLine(QPointF(x, 2), QPointF(x, kEventBand + 2));
        painter.fillRect(QRectF(x, 2, 6, 5), QColor(210, 40, 40));
        painter.drawText(QPointF(x + 8, kEventBand - 2), mark.label);
    }

    // Current frame cursor.
    const double cx = xForFrame(m_cursor);
    painter.setPen(QPen(pal.color(QPalette::Highlight), 2));
    painter.drawLine(QPointF(cx, 0), QPointF(cx, baseline));
}

void FrameRuler::mousePressEvent(QMouseEvent* event)
{
    if (event->button() == Qt::LeftButton && m_duration > 0)
        emit scrubbed(frameAtX(event->position().x()));
}

void FrameRuler::mouseMoveEvent(QMouseEvent* event)
{
    if ((event->buttons() & Qt::LeftButton) && m_duration > 0)
        emit scrubbed(frameAtX(event->position().x()));
}

} // namespace bonescope::widgets
