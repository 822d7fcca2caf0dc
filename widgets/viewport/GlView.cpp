#include "viewport/GlView.h"

#include "GlSpriteBatcher.h"

#include <QOpenGLContext>
#include <QOpenGLFunctions>
#include <QOpenGLWidget>

namespace bonescope::widgets {

QSurfaceFormat spriteSurfaceFormat()
{
    QSurfaceFormat format = QSurfaceFormat::defaultFormat();
    format.setVersion(3, 3);
    format.setProfile(QSurfaceFormat::CoreProfile);
    return format;
}

QMatrix4x4 prepareSpriteDrawing(QOpenGLWidget& view, const QTransform& worldToScreen)
{
    const qreal ratio = view.devicePixelRatioF();
    view.context()->functions()->glViewport(0, 0, static_cast<int>(view.width() * ratio),
                                            static_cast<int>(view.height() * ratio));
    QMatrix4x4 worldToClip;
    worldToClip.ortho(0.f, static_cast<float>(view.width()), static_cast<float>(view.height()), 0.f,
                      -1.f, 1.f);
    worldToClip *= QMatrix4x4(worldToScreen);
    return worldToClip;
}

void releaseSpriteBatcher(QOpenGLWidget& view, std::unique_ptr<render::GlSpriteBatcher>& batcher)
{
    if (!batcher)
        return;
    view.makeCurrent();
    batcher->release();
    batcher.reset();
    view.doneCurrent();
}

void detachFromContext(QOpenGLWidget& view)
{
    if (QOpenGLContext* context = view.context())
        QObject::disconnect(context, nullptr, &view, nullptr);
}

} // namespace bonescope::widgets
