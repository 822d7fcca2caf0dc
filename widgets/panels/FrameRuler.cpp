#include "panels/FrameRuler.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

namespace bonescope::widgets {

namespace {
constexpr int kMargin = 10; // keeps the first and last frame marks clear of the edges
constexpr int kEventBand = 14;
constexpr double kFlagReach = 6.0; // px either side of a flag that pick it

QString helpText(bool marksEditable)
{
    return marksEditable ? FrameRuler::tr("Click or drag to scrub; drag a call's flag to move "
                                          "it, double-click or right-click it to edit it, "
                                          "Delete removes it")
                         : FrameRuler::tr("Click or drag to scrub; diamonds are the selected "
                                          "bone's keyframes, red flags are events");
}
} // namespace

FrameRuler::FrameRuler(QWidget* parent) : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setFocusPolicy(Qt::ClickFocus);
    setToolTip(helpText(false));
}

void FrameRuler::setDuration(int frames)
{
    m_duration = std::max(frames, 0);
    update();
}

void FrameRuler::setKeyFrames(const QList<double>& frames)
{
    m_keys = frames;
    update();
}

void FrameRuler::setEventMarks(const QList<TimelineMark>& marks)
{
    m_events = marks;
    if (m_selectedMark >= int(m_events.size()))
        m_selectedMark = -1;
    m_draggedMark = -1;
    update();
}

void FrameRuler::setMarksEditable(bool editable)
{
    if (editable == m_marksEditable)
        return;
    m_marksEditable = editable;
    m_selectedMark = -1;
    m_draggedMark = -1;
    setToolTip(helpText(editable));
    update();
}

int FrameRuler::flagAt(QPointF position) const
{
    if (position.y() > kEventBand + 4)
        return -1;
    // The flag reaches right of its line; the nearest flag wins where two overlap.
    int best = -1;
    double bestDistance = kFlagReach;
    for (int i = 0; i < m_events.size(); ++i) {
        const double distance = std::abs(position.x() - (xForFrame(m_events[i].frame) + 2));
        if (distance <= bestDistance) {
            best = i;
            bestDistance = distance;
        }
    }
    return best;
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

bool FrameRuler::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto* help = static_cast<QHelpEvent*>(event);
        const int flag = flagAt(help->pos());
        if (flag >= 0) {
            const TimelineMark& mark = m_events[flag];
            QToolTip::showText(
                help->globalPos(),
                tr("%1 · frame %2")
                    .arg(mark.label)
                    .arg(QString::number(mark.frame, 'f',
                                         mark.frame == std::round(mark.frame) ? 0 : 2)),
                this);
            return true;
        }
    }
    return QWidget::event(event);
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
    for (const double frame : m_keys) {
        const double x = xForFrame(frame);
        QPainterPath diamond;
        diamond.moveTo(x, baseline - 13);
        diamond.lineTo(x + 4, baseline - 9);
        diamond.lineTo(x, baseline - 5);
        diamond.lineTo(x - 4, baseline - 9);
        diamond.closeSubpath();
        painter.drawPath(diamond);
    }

    // Events: red flags in the top band, each named as far as the next flag to its right
    // leaves room (elided, or not at all: names of nearby events would overprint each other).
    // Taken left to right, equal places in mark order.
    std::vector<std::pair<double, int>> flags;
    flags.reserve(static_cast<size_t>(m_events.size()));
    for (int i = 0; i < m_events.size(); ++i)
        flags.emplace_back(xForFrame(i == m_draggedMark ? m_dragFrame : m_events[i].frame), i);
    std::sort(flags.begin(), flags.end());
    for (size_t k = 0; k < flags.size(); ++k) {
        const auto [x, i] = flags[k];
        const QColor colour =
            i == m_selectedMark ? pal.color(QPalette::Highlight) : QColor(210, 40, 40);
        painter.setPen(QPen(colour, i == m_selectedMark ? 2 : 1));
        painter.drawLine(QPointF(x, 2), QPointF(x, kEventBand + 2));
        painter.fillRect(QRectF(x, 2, 6, 5), colour);
        const double next = k + 1 < flags.size() ? flags[k + 1].first : width();
        const double room = next - (x + 8) - 4;
        const QString label = painter.fontMetrics().elidedText(m_events[i].label, Qt::ElideRight,
                                                               static_cast<int>(room));
        if (!label.isEmpty() && label != QStringLiteral("…"))
            painter.drawText(QPointF(x + 8, kEventBand - 2), label);
    }

    // Current frame cursor.
    const double cx = xForFrame(m_cursor);
    painter.setPen(QPen(pal.color(QPalette::Highlight), 2));
    painter.drawLine(QPointF(cx, 0), QPointF(cx, baseline));
}

void FrameRuler::mousePressEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton || m_duration <= 0)
        return;
    const int mark = markAt(event->position());
    if (mark >= 0) {
        m_selectedMark = m_draggedMark = mark;
        m_dragFrame = int(std::lround(m_events[mark].frame));
        update();
        return;
    }
    emit scrubbed(frameAtX(event->position().x()));
}

void FrameRuler::mouseMoveEvent(QMouseEvent* event)
{
    if (!(event->buttons() & Qt::LeftButton) || m_duration <= 0)
        return;
    if (m_draggedMark >= 0) {
        m_dragFrame = frameAtX(event->position().x());
        update();
        return;
    }
    emit scrubbed(frameAtX(event->position().x()));
}

void FrameRuler::mouseReleaseEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton || m_draggedMark < 0)
        return;
    const int mark = std::exchange(m_draggedMark, -1);
    update();
    if (m_dragFrame != m_events[mark].frame)
        emit markMoved(mark, m_dragFrame);
}

void FrameRuler::mouseDoubleClickEvent(QMouseEvent* event)
{
    const int mark = markAt(event->position());
    if (mark >= 0)
        emit markActivated(mark);
    else
        mousePressEvent(event);
}

void FrameRuler::contextMenuEvent(QContextMenuEvent* event)
{
    const int mark = markAt(event->pos());
    if (mark < 0)
        return;
    m_selectedMark = mark;
    update();
    emit markMenuRequested(mark, event->globalPos());
}

void FrameRuler::keyPressEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Delete && m_selectedMark >= 0)
        emit markDeleteRequested(m_selectedMark);
    else
        QWidget::keyPressEvent(event);
}

} // namespace bonescope::widgets
