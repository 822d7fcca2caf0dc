#include "Viewport.h"

#include "GlSpriteBatcher.h"
#include "OnionSkinDialog.h"
#include "OverlayPainter.h"
#include "panels/FieldKeyGuard.h"
#include "panels/ZoomLadder.h"
#include "viewport/GlView.h"

#include <QApplication>
#include <QColorDialog>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QOpenGLContext>
#include <QOpenGLFunctions>
#include <QPainter>
#include <QSurfaceFormat>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace bonescope::widgets {

namespace {

constexpr double kClickSlopPixels = 4.0;
constexpr double kPickJointPixels = 8.0;

bool isPlainSpace(const QEvent* event)
{
    const auto* key = static_cast<const QKeyEvent*>(event);
    return key->key() == Qt::Key_Space && key->modifiers() == Qt::NoModifier;
}

bool insideQuad(const float* xs, const float* ys, const QPointF& p)
{
    // Convex quad: the point lies on the same side of every edge.
    int sign = 0;
    for (int i = 0; i < 4; ++i) {
        const int j = (i + 1) % 4;
        const double cross = (xs[j] - xs[i]) * (p.y() - ys[i]) - (ys[j] - ys[i]) * (p.x() - xs[i]);
        const int s = cross > 0 ? 1 : (cross < 0 ? -1 : 0);
        if (s == 0)
            continue;
        if (sign == 0)
            sign = s;
        else if (s != sign)
            return false;
    }
    return true;
}

} // namespace

Viewport::Viewport(QWidget* parent) : QOpenGLWidget(parent)
{
    setFormat(spriteSurfaceFormat());
    setFocusPolicy(Qt::StrongFocus);
    setMinimumSize(kSizeHint);
    // Space reaches the focus widget first; the filter lets the viewport take it while hovered.
    qApp->installEventFilter(this);
}

Viewport::~Viewport()
{
    // Usually aboutToBeDestroyed has released everything already; if not, free the GL
    // objects now with the context current, as hellogl2 does.
    releaseGl();
    detachFromContext(*this);
}

void Viewport::setScene(const render::Scene& scene)
{
    m_builder.build(scene, m_drawList);
    if (m_framing == Framing::Pending && !m_drawList.bounds.isEmpty() && width() > 0)
        frame();
    update();
}

void Viewport::setViewOptions(const render::ViewOptions& options)
{
    if (options == m_options)
        return;
    m_options = options;
    m_builder.setGhostOpacity(options.onionOpacity);
    update();
    emit viewOptionsChanged();
}

void Viewport::chooseBackgroundColour()
{
    const QColor colour =
        QColorDialog::getColor(m_options.background, this, tr("Background Colour"));
    if (!colour.isValid())
        return; // cancelled
    render::ViewOptions options = m_options;
    options.background = colour;
    options.checkerBackground = false;
    setViewOptions(options);
}

void Viewport::editOnionSkin()
{
    OnionSkinDialog dialog(m_options, this);
    if (dialog.exec() == QDialog::Accepted)
        setViewOptions(dialog.apply(m_options));
}

void Viewport::setCamera(const render::ViewCamera& camera)
{
    const float before = m_camera.zoom;
    m_camera = camera;
    m_framing = Framing::Chosen;
    update();
    announceZoom(before);
}

void Viewport::setSelectedBone(int boneIndex)
{
    setSelectedBones(boneIndex >= 0 ? QList<int>{boneIndex} : QList<int>{});
}

void Viewport::setSelectedBones(const QList<int>& boneIndices)
{
    if (m_selectedBones == boneIndices)
        return;
    m_selectedBones = boneIndices;
    update();
}

render::ViewCamera Viewport::fittedCamera() const
{
    render::ViewCamera camera = render::ViewCamera::fit(m_drawList.bounds, QSizeF(size()), 24.f);
    // Within the zoom ladder's ends: a sliver of bounds (a hundredth of a point across) would
    // ask for more than it goes to. (A single point stays 1:1: ViewCamera::fit.)
    camera.zoom = static_cast<float>(zoom::clamped(camera.zoom));
    return camera;
}

void Viewport::frame()
{
    const float before = m_camera.zoom;
    m_camera = fittedCamera();
    m_framing = Framing::Fitted;
    announceZoom(before);
}

void Viewport::fitToView()
{
    frame();
    if (m_drawList.bounds.isEmpty())
        m_framing = Framing::Pending;
    update();
    emit cameraMoved();
}

int Viewport::boneAt(const QPointF& widgetPos) const
{
    const QTransform worldToScreen = m_camera.worldToScreen(QSizeF(size()));
    const QPointF world = worldToScreen.inverted().map(widgetPos);
    // Topmost first: the draw list is in drawing order.
    for (size_t i = m_drawList.quads.size(); i-- > 0;) {
        const render::SpriteQuad& quad = m_drawList.quads[i];
        if (quad.armature < 0)
            continue;
        float xs[4], ys[4];
        for (int k = 0; k < 4; ++k) {
            xs[k] = m_drawList.vertices[4 * i + static_cast<size_t>(k)].x;
            ys[k] = m_drawList.vertices[4 * i + static_cast<size_t>(k)].y;
        }
        if (insideQuad(xs, ys, world))
            return quad.bone;
    }
    for (size_t i = m_drawList.placeholders.size(); i-- > 0;) {
        const render::Placeholder& placeholder = m_drawList.placeholders[i];
        if (placeholder.armature >= 0 && insideQuad(placeholder.x, placeholder.y, world))
            return placeholder.bone;
    }
    // Bones without a sprite (or hidden ones): the nearest joint within a few pixels.
    int best = -1;
    double bestDistance = kPickJointPixels;
    for (const render::BoneSegment& bone : m_drawList.bones) {
        const QPointF joint = worldToScreen.map(QPointF(bone.x1, bone.y1));
        const double distance = std::hypot(joint.x() - widgetPos.x(), joint.y() - widgetPos.y());
        if (distance <= bestDistance) {
            bestDistance = distance;
            best = bone.bone;
        }
    }
    return best;
}

void Viewport::initializeGL()
{
    connect(context(), &QOpenGLContext::aboutToBeDestroyed, this, &Viewport::releaseGl,
            Qt::UniqueConnection);
    const QSurfaceFormat actual = context()->format();
    m_batcher = std::make_unique<render::GlSpriteBatcher>();
    if (actual.version() < qMakePair(3, 3)) {
        emit renderError(tr("OpenGL 3.3 is required; this context offers %1.%2")
                             .arg(actual.majorVersion())
                             .arg(actual.minorVersion()));
        m_batcher.reset();
        return;
    }
    if (!m_batcher->initialize()) {
        const QString message = m_batcher->error();
        m_batcher.reset();
        qWarning("Viewport: %s", qPrintable(message));
        emit renderError(message);
    }
    m_statsClock.start();
}

void Viewport::releaseGl()
{
    releaseSpriteBatcher(*this, m_batcher);
}

void Viewport::resizeGL(int, int)
{
    const bool refit =
        m_framing == Framing::Pending || (m_keepsFitOnResize && m_framing == Framing::Fitted);
    if (refit && !m_drawList.bounds.isEmpty())
        frame();
}

void Viewport::paintGL()
{
    QElapsedTimer paintClock;
    paintClock.start();

    const QSizeF viewSize(size());
    const QTransform worldToScreen = m_camera.worldToScreen(viewSize);
    QPainter painter(this);
    const QRectF rect(QPointF(0, 0), viewSize);
    render::overlay::paintBackground(painter, rect, m_options);
    render::overlay::paintGrid(painter, rect, worldToScreen, m_options);

    m_drawCalls = 0;
    if (m_batcher && m_options.showSprites) {
        painter.beginNativePainting();
        const QMatrix4x4 worldToClip = prepareSpriteDrawing(*this, worldToScreen);
        m_drawCalls = m_batcher->draw(m_drawList, worldToClip, m_options);
        painter.endNativePainting();
    }
    render::overlay::paintOverlays(
        painter, m_drawList, worldToScreen, m_options,
        std::span<const int>(m_selectedBones.constData(), size_t(m_selectedBones.size())));
    painter.end();

    reportStats(paintClock.nsecsElapsed() / 1e6);
}

void Viewport::reportStats(double paintMs)
{
    ++m_statsFrames;
    m_statsPaintMs += paintMs;
    const qint64 elapsed = m_statsClock.elapsed();
    if (elapsed < 500)
        return;
    emit frameStats(m_statsFrames * 1000.0 / static_cast<double>(elapsed),
                    m_statsPaintMs / m_statsFrames);
    m_statsFrames = 0;
    m_statsPaintMs = 0.0;
    m_statsClock.restart();
}

bool Viewport::event(QEvent* event)
{
    // Claim Space before the window's play/pause shortcut does: holding it arms panning, and
    // keyReleaseEvent hands a plain tap back as spaceTapped().
    if (event->type() == QEvent::ShortcutOverride && isPlainSpace(event)) {
        event->accept();
        return true;
    }
    return QOpenGLWidget::event(event);
}

bool Viewport::claimsSpaceFrom(QObject* receiver) const
{
    if (receiver == this || !receiver->isWidgetType() || !isVisible() || !underMouse())
        return false;
    // A text field or a button tabbed to keeps Space; so does a modal dialog over the window.
    const auto* widget = static_cast<const QWidget*>(receiver);
    return !FieldKeyGuard::keepsSpace(widget) && widget->window() == window() &&
           !QApplication::activeModalWidget();
}

bool Viewport::eventFilter(QObject* watched, QEvent* event)
{
    switch (event->type()) {
    case QEvent::ShortcutOverride:
        if (isPlainSpace(event) && claimsSpaceFrom(watched)) {
            event->accept();
            return true;
        }
        break;
    case QEvent::KeyPress:
        if (isPlainSpace(event) && claimsSpaceFrom(watched)) {
            spacePressed(static_cast<QKeyEvent*>(event)->isAutoRepeat());
            return true;
        }
        break;
    case QEvent::KeyRelease:
        // The release belongs to whoever saw the press, wherever the pointer went meanwhile.
        if (m_spaceHeld && watched != this && watched->isWidgetType() && isPlainSpace(event)) {
            spaceReleased(static_cast<QKeyEvent*>(event)->isAutoRepeat());
            return true;
        }
        break;
    default:
        break;
    }
    return QOpenGLWidget::eventFilter(watched, event);
}

void Viewport::mousePressEvent(QMouseEvent* event)
{
    m_lastMouse = event->position();
    m_pressPos = event->position();
    m_spaceUsedForPan = m_spaceUsedForPan || m_spaceHeld;
    if (event->button() == Qt::MiddleButton || (event->button() == Qt::LeftButton && m_spaceHeld)) {
        m_panning = true;
        setCursor(Qt::ClosedHandCursor);
    }
    event->accept();
}

void Viewport::mouseMoveEvent(QMouseEvent* event)
{
    if (m_panning) {
        const QPointF delta = event->position() - m_lastMouse;
        m_camera.centerX -= static_cast<float>(delta.x() / m_camera.zoom);
        m_camera.centerY += static_cast<float>(delta.y() / m_camera.zoom);
        m_framing = Framing::Chosen;
        update();
        emit cameraMoved();
    }
    m_lastMouse = event->position();
}

void Viewport::mouseReleaseEvent(QMouseEvent* event)
{
    if (m_panning) {
        m_panning = false;
        unsetCursor();
        return;
    }
    if (event->button() != Qt::LeftButton)
        return;
    const QPointF moved = event->position() - m_pressPos;
    if (std::hypot(moved.x(), moved.y()) > kClickSlopPixels)
        return;
    const int bone = boneAt(event->position());
    const bool toggle = event->modifiers().testFlag(Qt::ControlModifier);
    if (toggle) {
        if (bone < 0)
            return; // Ctrl + click on nothing keeps the selection
        QList<int> bones = m_selectedBones;
        if (!bones.removeOne(bone))
            bones.append(bone);
        setSelectedBones(bones);
    } else {
        setSelectedBone(bone);
    }
    if (bone >= 0)
        emit bonePicked(bone, toggle);
}

void Viewport::wheelEvent(QWheelEvent* event)
{
    zoomAt(event->position(), m_camera.zoom * std::pow(1.0015, event->angleDelta().y()));
    event->accept();
}

void Viewport::zoomAt(const QPointF& widgetPos, double zoom)
{
    const QPointF anchor = m_camera.worldToScreen(QSizeF(size())).inverted().map(widgetPos);
    const float before = m_camera.zoom;
    m_camera.zoom = static_cast<float>(zoom::clamped(zoom));
    // Keep the world point under `widgetPos` where it was.
    const QPointF moved = m_camera.worldToScreen(QSizeF(size())).map(anchor);
    m_camera.centerX += static_cast<float>((moved.x() - widgetPos.x()) / m_camera.zoom);
    m_camera.centerY -= static_cast<float>((moved.y() - widgetPos.y()) / m_camera.zoom);
    m_framing = Framing::Chosen;
    update();
    emit cameraMoved();
    announceZoom(before);
}

void Viewport::zoomIn()
{
    zoomAt(QRectF(rect()).center(), m_camera.zoom * zoom::kStep);
}

void Viewport::zoomOut()
{
    zoomAt(QRectF(rect()).center(), m_camera.zoom / zoom::kStep);
}

void Viewport::showActualSize()
{
    zoomAt(QRectF(rect()).center(), 1.0);
}

void Viewport::announceZoom(float before)
{
    if (m_camera.zoom != before)
        emit zoomChanged(m_camera.zoom);
}

void Viewport::keyPressEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Space) {
        spacePressed(event->isAutoRepeat());
        return;
    }
    if (event->key() == Qt::Key_F) {
        fitToView();
        return;
    }
    QOpenGLWidget::keyPressEvent(event);
}

void Viewport::keyReleaseEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Space) {
        spaceReleased(event->isAutoRepeat());
        return;
    }
    QOpenGLWidget::keyReleaseEvent(event);
}

void Viewport::spacePressed(bool autoRepeat)
{
    if (autoRepeat)
        return;
    m_spaceHeld = true;
    m_spaceUsedForPan = false;
    setCursor(Qt::OpenHandCursor);
}

void Viewport::spaceReleased(bool autoRepeat)
{
    if (autoRepeat || !m_spaceHeld)
        return;
    m_spaceHeld = false;
    if (!m_panning)
        unsetCursor();
    if (!m_spaceUsedForPan)
        emit spaceTapped();
}

} // namespace bonescope::widgets
