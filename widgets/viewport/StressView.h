#pragma once

#include "DrawList.h"
#include "DrawListBuilder.h"
#include "StressFigures.h"
#include "ViewCamera.h"
#include "ViewOptions.h"

#include <QElapsedTimer>
#include <QOpenGLWidget>

#include <memory>

namespace bonescope::render {
class GlSpriteBatcher;
}

namespace bonescope::widgets {

/// Stress mode's centre view: draws a render::Scene of many armatures with the GL sprite
/// batcher, times the draw-list build and the GPU submission (bounded by glFinish) of every
/// frame, and shows the figures of the last half second in an overlay and by figuresChanged().
/// The camera fits the first scene after start(); F fits again, the wheel zooms. GL resources
/// live and die with the context, as in Viewport.
class StressView : public QOpenGLWidget {
    Q_OBJECT

public:
    explicit StressView(QWidget* parent = nullptr);
    ~StressView() override;

    /// Forgets the figures and fits the camera to the next scene.
    void start();

    /// One frame: `updateMs` is what the instances' update took, the other crowd figures
    /// (instances, threads, memory) ride along. Builds the draw list from `scene` now (its
    /// pointers need not outlive the call) and schedules a repaint.
    void setFrame(const render::Scene& scene, double updateMs, const StressFigures& crowd);

    void setViewOptions(const render::ViewOptions& options);
    const render::DrawList& drawList() const { return m_drawList; }
    const render::ViewCamera& camera() const { return m_camera; }
    /// The figures shown, published about twice a second.
    const StressFigures& figures() const { return m_shown; }

public slots:
    void fitToView();

signals:
    void figuresChanged(const bonescope::widgets::StressFigures& figures);
    /// Escape: the user asks to leave stress mode.
    void leaveRequested();
    void renderError(const QString& message);

protected:
    void initializeGL() override;
    void paintGL() override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    void releaseGl();
    void paintFigures(QPainter& painter) const;
    /// Publishes the averages once about half a second has passed.
    void publish();

    render::DrawListBuilder m_builder;
    render::DrawList m_drawList;
    render::ViewOptions m_options;
    render::ViewCamera m_camera;
    std::unique_ptr<render::GlSpriteBatcher> m_batcher;
    bool m_fitPending = true;

    StressFigures m_crowd;  ///< the last frame's crowd figures
    StressFigures m_sum;    ///< times summed since the last publication
    int m_built = 0;        ///< draw lists built since then
    int m_painted = 0;      ///< frames painted since then
    QElapsedTimer m_window; ///< since the last publication
    StressFigures m_shown;
};

} // namespace bonescope::widgets
