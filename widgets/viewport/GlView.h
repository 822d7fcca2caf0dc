#pragma once

#include <QMatrix4x4>
#include <QSurfaceFormat>
#include <QTransform>

#include <memory>

class QOpenGLWidget;

namespace bonescope::render {
class GlSpriteBatcher;
}

namespace bonescope::widgets {

/// The OpenGL 3.3 core surface the sprite batcher needs, for every view that draws sprites.
QSurfaceFormat spriteSurfaceFormat();

/// Inside QPainter::beginNativePainting of `view`: points GL at the view's pixels and returns
/// the world → clip matrix for `worldToScreen` (screen pixels, y down).
QMatrix4x4 prepareSpriteDrawing(QOpenGLWidget& view, const QTransform& worldToScreen);

/// Frees `batcher`'s GL objects with `view`'s context current, before the context goes.
void releaseSpriteBatcher(QOpenGLWidget& view, std::unique_ptr<render::GlSpriteBatcher>& batcher);

/// For a view's destructor: QOpenGLWidget destroys the context after it, and the context's
/// aboutToBeDestroyed must not reach the half-destroyed view.
void detachFromContext(QOpenGLWidget& view);

} // namespace bonescope::widgets
