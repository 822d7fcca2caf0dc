#pragma once

#include <QPainter>
#include <QPainterPath>
#include <QPalette>

namespace bonescope::widgets {

/// The current time across a plot of curves (the crossfade's weights, a bone's channels): a thin
/// line in the text colour under a small head, so that it reads as the playhead and not as one
/// more curve (the palette's highlight blue is the first curve's colour).
inline void drawPlotCursor(QPainter& painter, const QPalette& palette, double x, double top,
                           double bottom)
{
    const QColor color = palette.color(QPalette::Text);
    painter.setPen(QPen(color, 1));
    painter.drawLine(QPointF(x, top), QPointF(x, bottom));
    QPainterPath head;
    head.moveTo(x - 4, top - 5);
    head.lineTo(x + 4, top - 5);
    head.lineTo(x, top);
    head.closeSubpath();
    painter.fillPath(head, color);
}

} // namespace bonescope::widgets
