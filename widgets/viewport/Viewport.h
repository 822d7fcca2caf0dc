#pragma once

#include "ArmatureView.h"
#include "DrawList.h"
#include "DrawListBuilder.h"
#include "ViewCamera.h"
#include "ViewOptions.h"

#include <QElapsedTimer>
#include <QOpenGLWidget>

#include <memory>

namespace bonescope::render {
class GlSpriteBatcher;
}

namespace bonescope::widgets {

/// The armature viewport: draws a render::Scene with the GL 3.3 core sprite batcher (one draw
/// call per texture run, however many armatures), overlays and onion skin on top; pans with
/// the middle button or space + drag, zooms at the cursor, picks the topmost bone on click
/// (Ctrl + click toggles it in the selection).
/// While it has focus or the pointer is over it (and no text field has focus) it keeps Space
/// from window shortcuts (so space + drag can pan) and reports a Space tap without a drag as
/// spaceTapped().
/// GL resources live and die with the context (released on aboutToBeDestroyed).
class Viewport : public QOpenGLWidget {
    Q_OBJECT

public:
    explicit Viewport(QWidget* parent = nullptr);
    ~Viewport() override;

    /// The size an armature is comfortably seen at (kSizeHint); a layout may shrink the view to
    /// its minimum, as small by default and less where views share a short dock (Compare's).
    QSize sizeHint() const override { return kSizeHint; }
    static constexpr QSize kSizeHint{160, 120};

    /// Builds this frame's draw list from `scene` right away (the scene's pointers need not
    /// outlive the call) and schedules a repaint. Call once per tick.
    void setScene(const render::Scene& scene);

    const render::ViewOptions& viewOptions() const { return m_options; }
    void setViewOptions(const render::ViewOptions& options);

    const render::ViewCamera& camera() const { return m_camera; }
    void setCamera(const render::ViewCamera& camera);

    /// First of the bones (indices in the armature they belong to) highlighted by the bone
    /// overlay; −1 = none.
    int selectedBone() const { return m_selectedBones.isEmpty() ? -1 : m_selectedBones.first(); }
    QList<int> selectedBones() const { return m_selectedBones; }
    void setSelectedBone(int boneIndex);
    void setSelectedBones(const QList<int>& boneIndices);

    /// Topmost bone whose sprite (or, failing that, joint) lies under `widgetPos`; −1 = none.
    int boneAt(const QPointF& widgetPos) const;

    /// While the camera is the one fitToView() (or the first scene's fit) chose, a new size
    /// frames the scene again: docks opening or closing beside the view do not crop the
    /// armature, until the user pans or zooms (then their choice stays). Off by default: views
    /// that share one camera (the Compare tab's) frame themselves together.
    void setKeepsFitOnResize(bool keep) { m_keepsFitOnResize = keep; }

    /// Draw calls the batcher issued for the last painted frame.
    int drawCallsLastFrame() const { return m_drawCalls; }

    /// The last draw list built (world coordinates), e.g. for tests and status text.
    const render::DrawList& drawList() const { return m_drawList; }

public slots:
    /// Frames everything the current scene draws (ghosts included).
    void fitToView();
    /// Zooms by a step at the view's centre (the wheel zooms at the cursor).
    void zoomIn();
    void zoomOut();
    /// One point of the scene to one pixel, at the view's centre: the size a game shows at
    /// its design resolution.
    void showActualSize();
    /// Asks for a flat background colour (a colour dialog) and shows it instead of the checks.
    void chooseBackgroundColour();
    /// Asks for the onion skin's ghost counts and opacity (OnionSkinDialog) and turns it on.
    void editOnionSkin();

signals:
    /// setViewOptions() changed something (ghost counts need a new scene from its owner).
    void viewOptionsChanged();
    /// The user clicked on a bone (index in its armature's ArmatureData::bones); `toggle`: with
    /// Ctrl held, to add it to or remove it from the selection rather than replace it.
    void bonePicked(int boneIndex, bool toggle);
    /// Measured about twice a second while frames are painted: frames per second and the
    /// average CPU time of one paint (build + draw), milliseconds.
    void frameStats(double fps, double frameMs);
    /// Space was pressed and released with no mouse press in between (a tap, not a pan).
    void spaceTapped();
    /// The user panned or zoomed, or fitToView() framed the scene (not setCamera()): views
    /// that share a camera copy camera().
    void cameraMoved();
    /// The camera's zoom (pixels per point) changed, by the user, a fit or setCamera().
    void zoomChanged(float zoom);
    /// A GL failure the user should see (shader compile / link error, missing GL 3.3).
    void renderError(const QString& message);

protected:
    bool event(QEvent* event) override;
    /// Installed on the application: takes Space from whichever widget has focus while the
    /// pointer is over the viewport.
    bool eventFilter(QObject* watched, QEvent* event) override;
    void initializeGL() override;
    void resizeGL(int width, int height) override;
    void paintGL() override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void keyReleaseEvent(QKeyEvent* event) override;

private:
    /// The camera that frames the draw list's bounds in this view.
    render::ViewCamera fittedCamera() const;
    /// Takes fittedCamera(), and the framing is Fitted.
    void frame();
    /// Sets the zoom to `zoom` (clamped) keeping the scene point under `widgetPos` in place.
    void zoomAt(const QPointF& widgetPos, double zoom);
    /// Emits zoomChanged when the camera's zoom is no longer `before`.
    void announceZoom(float before);
    void releaseGl();
    bool claimsSpaceFrom(QObject* receiver) const;
    void spacePressed(bool autoRepeat);
    void spaceReleased(bool autoRepeat);
    void reportStats(double paintMs);

    render::DrawListBuilder m_builder;
    render::DrawList m_drawList;
    render::ViewOptions m_options;
    render::ViewCamera m_camera;
    std::unique_ptr<render::GlSpriteBatcher> m_batcher;
    QList<int> m_selectedBones;
    int m_drawCalls = 0;
    /// Where the camera comes from: a fit still to take (the first non-empty scene once the
    /// size is known, or F on an empty one), the fit (no pan, zoom or setCamera() since), or
    /// the user's or another view's choice.
    enum class Framing { Pending, Fitted, Chosen };
    Framing m_framing = Framing::Pending;
    bool m_keepsFitOnResize = false;

    bool m_spaceHeld = false;
    bool m_spaceUsedForPan = false; ///< a mouse button went down while Space was held
    bool m_panning = false;
    QPointF m_lastMouse;
    QPointF m_pressPos;

    QElapsedTimer m_statsClock;
    int m_statsFrames = 0;
    double m_statsPaintMs = 0.0;
};

} // namespace bonescope::widgets
