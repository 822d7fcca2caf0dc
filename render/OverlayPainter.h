#pragma once

#include "DrawList.h"
#include "ViewOptions.h"

#include <QTransform>

#include <span>

class QPainter;

namespace bonescope::render {

/// What both renderers draw with QPainter around the sprites, in widget or image pixels.
namespace overlay {

/// Flat colour or checkerboard filling `rect`.
void paintBackground(QPainter& painter, const QRectF& rect, const ViewOptions& options);

/// Grid lines every ViewOptions::gridStep points, under the sprites.
void paintGrid(QPainter& painter, const QRectF& rect, const QTransform& worldToScreen,
               const ViewOptions& options);

/// Placeholders (always), then origin axes, bounds, bones with joints (`selectedBones` of
/// armature 0 highlighted) and pivots as the options ask, over the sprites.
void paintOverlays(QPainter& painter, const DrawList& list, const QTransform& worldToScreen,
                   const ViewOptions& options, std::span<const int> selectedBones);

} // namespace overlay
} // namespace bonescope::render
