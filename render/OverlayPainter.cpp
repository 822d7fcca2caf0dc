#include "OverlayPainter.h"

#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace bonescope::render::overlay {

void paintBackground(QPainter& painter, const QRectF& rect, const ViewOptions& options)
{
    if (!options.checkerBackground) {
        painter.fillRect(rect, options.background);
        return;
    }
    // Screen-space checks: transparency reads the same at every zoom.
    constexpr int kCell = 12;
    QImage tile(2 * kCell, 2 * kCell, QImage::Format_ARGB32_Premultiplied);
    tile.fill(QColor(204, 204, 204));
    {
        QPainter tilePainter(&tile);
        tilePainter.fillRect(0, 0, kCell, kCell, QColor(153, 153, 153));
        tilePainter.fillRect(kCell, kCell, kCell, kCell, QColor(153, 153, 153));
    }
    painter.fillRect(rect, QBrush(tile));
}

void paintGrid(QPainter& painter, const QRectF& rect, const QTransform& worldToScreen,
               const ViewOptions& options)
{
    if (!options.showGrid || options.gridStep <= 0.f)
        return;
    const QTransform screenToWorld = worldToScreen.inverted();
    const QRectF world = screenToWorld.mapRect(rect);
    const double step = options.gridStep;
    // Too dense to read: skip rather than paint a solid sheet.
    if (world.width() / step > 400.0 || world.height() / step > 400.0)
        return;
    painter.save();
    painter.setPen(QPen(QColor(255, 255, 255, 56), 0));
    for (double x = std::floor(world.left() / step) * step; x <= world.right(); x += step)
        painter.drawLine(worldToScreen.map(QLineF(x, world.top(), x, world.bottom())));
    for (double y = std::floor(world.top() / step) * step; y <= world.bottom(); y += step)
        painter.drawLine(worldToScreen.map(QLineF(world.left(), y, world.right(), y)));
    painter.restore();
}

namespace {

QPolygonF corners(const float* xs, const float* ys, const QTransform& worldToScreen)
{
    QPolygonF polygon;
    for (int i = 0; i < 4; ++i)
        polygon << worldToScreen.map(QPointF(xs[i], ys[i]));
    return polygon;
}

void paintPlaceholders(QPainter& painter, const DrawList& list, const QTransform& worldToScreen)
{
    const QPen pen(QColor(255, 0, 200), 0, Qt::DashLine);
    for (const Placeholder& placeholder : list.placeholders) {
        const QPolygonF quad = corners(placeholder.x, placeholder.y, worldToScreen);
        painter.setPen(pen);
        painter.setBrush(QColor(255, 0, 200, 40));
        painter.drawPolygon(quad);
        painter.drawLine(quad[0], quad[2]);
        painter.drawLine(quad[1], quad[3]);
        painter.setPen(QColor(255, 255, 255));
        const QRectF box = quad.boundingRect();
        const QString label = painter.fontMetrics().elidedText(
            QString::fromStdString(placeholder.label), Qt::ElideRight,
            std::max(48, static_cast<int>(box.width()) - 4));
        painter.drawText(box.topLeft() + QPointF(2, painter.fontMetrics().ascent() + 1), label);
    }
}

void paintAxes(QPainter& painter, const QTransform& worldToScreen)
{
    const QPointF origin = worldToScreen.map(QPointF(0, 0));
    constexpr double kLength = 60.0; // pixels, whatever the zoom
    const QPointF xDir = worldToScreen.map(QPointF(1, 0)) - origin;
    const QPointF yDir = worldToScreen.map(QPointF(0, 1)) - origin;
    const auto unit = [](QPointF p) {
        const double length = std::hypot(p.x(), p.y());
        return length > 0 ? p / length : p;
    };
    painter.setPen(QPen(QColor(230, 60, 60), 2));
    painter.drawLine(origin, origin + unit(xDir) * kLength);
    painter.setPen(QPen(QColor(60, 200, 60), 2));
    painter.drawLine(origin, origin + unit(yDir) * kLength);
}

void paintBones(QPainter& painter, const DrawList& list, const QTransform& worldToScreen,
                std::span<const int> selectedBones)
{
    constexpr double kJoint = 4.0;
    const auto paintBone = [&](const BoneSegment& bone, bool selected) {
        const QColor colour = selected ? QColor(255, 200, 0) : QColor(80, 180, 255);
        const QPointF from = worldToScreen.map(QPointF(bone.x0, bone.y0));
        const QPointF to = worldToScreen.map(QPointF(bone.x1, bone.y1));
        const auto finite = [](const QPointF& p) {
            return std::isfinite(p.x()) && std::isfinite(p.y());
        };
        if (!finite(to)) // a NaN pose: no joint to draw
            return;
        if (from != to && finite(from)) {
            painter.setPen(QPen(colour, selected ? 3 : 1.5));
            painter.drawLine(from, to);
        }
        painter.setPen(QPen(colour.darker(150), 1));
        painter.setBrush(colour);
        const double radius = selected ? kJoint * 1.5 : kJoint;
        painter.drawEllipse(to, radius, radius);
    };
    const auto isSelected = [selectedBones](const BoneSegment& bone) {
        return bone.armature == 0 && std::find(selectedBones.begin(), selectedBones.end(),
                                               bone.bone) != selectedBones.end();
    };
    for (const BoneSegment& bone : list.bones)
        if (!isSelected(bone))
            paintBone(bone, false);
    // The selection last, so other joints never hide it.
    for (const BoneSegment& bone : list.bones)
        if (isSelected(bone))
            paintBone(bone, true);
}

void paintPivots(QPainter& painter, const DrawList& list, const QTransform& worldToScreen)
{
    constexpr double kArm = 4.0;
    painter.setPen(QPen(QColor(255, 255, 255), 1));
    for (const SpriteQuad& quad : list.quads) {
        if (quad.armature < 0)
            continue;
        const QPointF p = worldToScreen.map(QPointF(quad.pivotX, quad.pivotY));
        painter.drawLine(p - QPointF(kArm, 0), p + QPointF(kArm, 0));
        painter.drawLine(p - QPointF(0, kArm), p + QPointF(0, kArm));
    }
}

void paintBounds(QPainter& painter, const DrawList& list, const QTransform& worldToScreen)
{
    painter.setPen(QPen(QColor(255, 255, 0, 180), 1, Qt::DashLine));
    painter.setBrush(Qt::NoBrush);
    for (const Bounds& bounds : list.armatureBounds)
        if (!bounds.isEmpty())
            painter.drawRect(worldToScreen.mapRect(
                QRectF(QPointF(bounds.minX, bounds.minY), QPointF(bounds.maxX, bounds.maxY))));
}

} // namespace

void paintOverlays(QPainter& painter, const DrawList& list, const QTransform& worldToScreen,
                   const ViewOptions& options, std::span<const int> selectedBones)
{
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    paintPlaceholders(painter, list, worldToScreen);
    if (options.showAxes)
        paintAxes(painter, worldToScreen);
    if (options.showBounds)
        paintBounds(painter, list, worldToScreen);
    if (options.showBones)
        paintBones(painter, list, worldToScreen, selectedBones);
    if (options.showPivots)
        paintPivots(painter, list, worldToScreen);
    painter.restore();
}

} // namespace bonescope::render::overlay
