#include "StressView.h"

#include "GlSpriteBatcher.h"
#include "OverlayPainter.h"
#include "viewport/GlView.h"

#include <QKeyEvent>
#include <QLocale>
#include <QOpenGLContext>
#include <QOpenGLFunctions>
#include <QPainter>
#include <QSurfaceFormat>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace bonescope::widgets {

namespace {
constexpr float kFitMarginPixels = 24.f;
constexpr qint64 kPublishMs = 500;

double msSince(const QElapsedTimer& clock)
{
    return double(clock.nsecsElapsed()) / 1e6;
}
} // namespace

StressView::StressView(QWidget* parent) : QOpenGLWidget(parent)
{
    setFormat(spriteSurfaceFormat());
    setFocusPolicy(Qt::StrongFocus);
    setMinimumSize(160, 120);
}

StressView::~StressView()
{
    releaseGl();
    detachFromContext(*this);
}

void StressView::start()
{
    m_fitPending = true;
    m_sum = {};
    m_shown = {};
    m_built = m_painted = 0;
    m_drawList.clear();
    m_window.start();
}

void StressView::setFrame(const render::Scene& scene, double updateMs, const StressFigures& crowd)
{
    QElapsedTimer clock;
    clock.start();
    m_builder.build(scene, m_drawList);
    m_sum.drawListMs += msSince(clock);
    m_sum.updateMs += updateMs;
    ++m_built;
    m_crowd = crowd;
    if (m_fitPending && !m_drawList.bounds.isEmpty() && width() > 0) {
        m_fitPending = false;
        fitToView();
    }
    update();
}

void StressView::setViewOptions(const render::ViewOptions& options)
{
    m_options = options;
    update();
}

void StressView::fitToView()
{
    m_camera = render::ViewCamera::fit(m_drawList.bounds, QSizeF(size()), kFitMarginPixels);
    update();
}

void StressView::initializeGL()
{
    connect(context(), &QOpenGLContext::aboutToBeDestroyed, this, &StressView::releaseGl,
            Qt::UniqueConnection);
    m_batcher = std::make_unique<render::GlSpriteBatcher>();
    if (context()->format().version() < qMakePair(3, 3) || !m_batcher->initialize()) {
        const QString message = m_batcher->error().isEmpty()
                                    ? tr("OpenGL 3.3 is required for stress mode")
                                    : m_batcher->error();
        m_batcher.reset();
        emit renderError(message);
    }
}

void StressView::releaseGl()
{
    releaseSpriteBatcher(*this, m_batcher);
}

void StressView::paintGL()
{
    const QSizeF viewSize(size());
    const QTransform worldToScreen = m_camera.worldToScreen(viewSize);
    QPainter painter(this);
    render::overlay::paintBackground(painter, QRectF(QPointF(0, 0), viewSize), m_options);
    int drawCalls = 0;
    if (m_batcher) {
        painter.beginNativePainting();
        const QMatrix4x4 worldToClip = prepareSpriteDrawing(*this, worldToScreen);
        QOpenGLFunctions* gl = context()->functions();
        // Both glFinish calls bound the sprites' submission by its execution, without the
        // background painted before (llvmpipe rasterises on the CPU meanwhile).
        gl->glFinish();
        QElapsedTimer clock;
        clock.start();
        drawCalls = m_batcher->draw(m_drawList, worldToClip, m_options);
        gl->glFinish();
        m_sum.gpuSubmitMs += msSince(clock);
        painter.endNativePainting();
    }
    m_sum.drawCalls = drawCalls;
    ++m_painted;
    publish();
    paintFigures(painter);
}

void StressView::publish()
{
    const qint64 elapsed = m_window.elapsed();
    if (elapsed < kPublishMs || m_built == 0)
        return;
    StressFigures figures = m_crowd;
    figures.updateMs = m_sum.updateMs / m_built;
    figures.drawListMs = m_sum.drawListMs / m_built;
    figures.gpuSubmitMs = m_sum.gpuSubmitMs / m_painted;
    figures.drawCalls = m_sum.drawCalls;
    figures.quads = int(m_drawList.quads.size());
    figures.framesPerSecond = m_painted * 1000.0 / double(elapsed);
    m_shown = figures;
    m_sum = {};
    m_built = m_painted = 0;
    m_window.restart();
    emit figuresChanged(m_shown);
}

void StressView::paintFigures(QPainter& painter) const
{
    if (!m_shown.valid())
        return;
    const QLocale locale;
    const StressFigures& f = m_shown;
    const QString text =
        tr("instances %1 · %2 fps\nupdate %3 ms (threads %4) · draw list %5 ms · GPU submit %6 "
           "ms\ndraw calls %7 · sprites %8\n%9 B player state per instance · resident +%10 KiB "
           "per instance")
            .arg(locale.toString(f.instances))
            .arg(f.framesPerSecond, 0, 'f', 1)
            .arg(f.updateMs, 0, 'f', 2)
            .arg(f.updateThreads)
            .arg(f.drawListMs, 0, 'f', 2)
            .arg(f.gpuSubmitMs, 0, 'f', 2)
            .arg(f.drawCalls)
            .arg(locale.toString(f.quads))
            .arg(locale.toString(qulonglong(f.heapBytesPerInstance)))
            .arg(f.residentKiBPerInstance(), 0, 'f', 1);
    const QRectF box = painter.boundingRect(QRectF(8, 8, width() - 16, height() - 16),
                                            Qt::AlignLeft | Qt::AlignTop, text);
    painter.fillRect(box.adjusted(-6, -4, 6, 4), QColor(0, 0, 0, 170));
    painter.setPen(Qt::white);
    painter.drawText(box, Qt::AlignLeft | Qt::AlignTop, text);
}

void StressView::wheelEvent(QWheelEvent* event)
{
    const double factor = std::pow(1.0015, event->angleDelta().y());
    m_camera.zoom = float(std::clamp(m_camera.zoom * factor, 0.001, 100.0));
    update();
    event->accept();
}

void StressView::keyPressEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Escape) {
        emit leaveRequested();
        return;
    }
    if (event->key() == Qt::Key_F) {
        fitToView();
        return;
    }
    QOpenGLWidget::keyPressEvent(event);
}

} // namespace bonescope::widgets
