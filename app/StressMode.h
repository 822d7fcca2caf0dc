#pragma once

#include "StressScene.h"

#include "runtime/ParallelFor.h"

#include <QElapsedTimer>
#include <QObject>

class QAction;

namespace bonescope::widgets {
class StressPanel;
class StressView;
class Viewport;
struct StressRequest;
} // namespace bonescope::widgets

namespace bonescope::app {

class Document;

/// Stress mode (issue 13): runs a StressScene of the open armature frame after frame in the
/// StressView, as fast as frames are painted, and wires the Stress Test panel to it. While it
/// runs the document is paused; leaving resumes it as it was, so the normal view comes back
/// unchanged. The document opening another file or changing its data leaves stress mode.
class StressMode : public QObject {
    Q_OBJECT
public:
    /// `viewport` lends its view options (background, alpha, filtering) to `view`.
    StressMode(Document* document, widgets::Viewport* viewport, widgets::StressView* view,
               widgets::StressPanel* panel, QObject* parent = nullptr);
    ~StressMode() override;

    /// View → Stress Test…: disabled, with the reason as its tooltip, when the document cannot
    /// be stressed.
    QAction* action() const { return m_action; }
    bool isActive() const { return m_scene.isRunning(); }

    /// Starts (or restarts) stress mode with `request`; false when the document cannot be
    /// stressed.
    bool enter(const widgets::StressRequest& request);
    void leave();

signals:
    /// Stress mode started or ended: the window shows the StressView or the normal view.
    void activeChanged(bool active);

private:
    void tick();
    void documentChanged();

    Document* m_document;
    widgets::Viewport* m_viewport;
    widgets::StressView* m_view;
    widgets::StressPanel* m_panel;
    QAction* m_action;
    StressScene m_scene;
    core::ParallelFor m_everyCore;
    core::ParallelFor m_oneThread{1};
    core::ParallelFor* m_loop = &m_everyCore;
    bool m_resumePlaying = false;     ///< the document played when stress mode started
    std::size_t m_residentBefore = 0; ///< the process's resident bytes before stress mode
    QElapsedTimer m_clock;            ///< since the last tick
};

} // namespace bonescope::app
