#pragma once

#include <QMatrix4x4>
#include <QSurfaceFormat>
#include <QTransform>

class QOpenGLWidget;

namespace bonescope::widgets {

/// The OpenGL 3.3 core surface the sprite batcher needs, for every view that draws sprites.
QSurfaceFormat spriteSurfaceFormat();

/// Inside QPainter::beginNativePainting of `view`: points GL at the view's pixels and returns
/// the world → clip matrix for `worldToScreen` (screen pixels, y down).
QMatrix4x4 prepareSpriteDrawing(QOpenGLWidget& view, const QTransform& worldToScreen);

} // namespace bonescope::widgets
