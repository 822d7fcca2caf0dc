#include "StressMode.h"

#include "Document.h"

#include "StressView.h"
#include "Viewport.h"
#include "panels/StressPanel.h"

#include "stress/ProcessMemory.h"

#include <QAction>

#include <algorithm>

namespace bonescope::app {

namespace {
// Longest step one tick takes: a stalled frame must not throw the crowd far ahead.
constexpr double kMaxTickSeconds = 0.1;
} // namespace

StressMode::StressMode(Document* document, widgets::Viewport* viewport, widgets::StressView* view,
                       widgets::StressPanel* panel, QObject* parent)
    : QObject(parent), m_document(document), m_viewport(viewport), m_view(view), m_panel(panel),
      m_action(new QAction(tr("&Stress Test…"), this))
{
    m_action->setObjectName(QStringLiteral("stressAction"));
    m_action->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_X));
    connect(m_panel, &widgets::StressPanel::enterRequested, this, &StressMode::enter);
    connect(m_panel, &widgets::StressPanel::leaveRequested, this, &StressMode::leave);
    connect(m_panel, &widgets::StressPanel::parallelChanged, this,
            [this](bool parallel) { m_loop = parallel ? &m_everyCore : &m_oneThread; });
    connect(m_view, &widgets::StressView::leaveRequested, this, &StressMode::leave);
    connect(m_view, &widgets::StressView::figuresChanged, m_panel,
            &widgets::StressPanel::showFigures);
    // One tick per painted frame; queued, so the next frame is scheduled outside the paint.
    connect(m_view, &widgets::StressView::frameSwapped, this, &StressMode::tick,
            Qt::QueuedConnection);
    connect(m_document, &Document::documentChanged, this, &StressMode::documentChanged);
    connect(m_document, &Document::parameterChanged, this, &StressMode::leave);
    documentChanged();
}

StressMode::~StressMode() = default;

void StressMode::documentChanged()
{
    leave();
    const QString reason = StressScene::unavailableReason(*m_document);
    m_action->setEnabled(reason.isEmpty());
    m_action->setToolTip(reason.isEmpty()
                             ? tr("Many instances of the armature in a grid, with live figures")
                             : reason);
    m_panel->setUnavailableReason(reason);
}

bool StressMode::enter(const widgets::StressRequest& request)
{
    const bool wasActive = isActive();
    if (!wasActive) {
        m_resumePlaying = m_document->isPlaying();
        m_residentBefore = core::residentBytes();
    }
    const auto activity = request.soak ? core::StressActivity::Soak : core::StressActivity::Play;
    if (!m_scene.start(*m_document, request.instances, request.seed, activity)) {
        if (wasActive)
            leave();
        return false;
    }
    m_loop = request.parallel ? &m_everyCore : &m_oneThread;
    m_document->setPlaying(false);
    m_view->setViewOptions(m_viewport->viewOptions());
    m_view->start();
    m_panel->setRunning(true);
    if (!wasActive)
        emit activeChanged(true);
    m_view->setFocus(Qt::OtherFocusReason);
    m_clock.start();
    tick();
    return true;
}

void StressMode::leave()
{
    if (!isActive())
        return;
    m_scene.stop();
    m_panel->setRunning(false);
    emit activeChanged(false);
    m_document->setPlaying(m_resumePlaying);
}

void StressMode::tick()
{
    if (!isActive())
        return;
    const double dtSeconds = std::min(double(m_clock.nsecsElapsed()) / 1e9, kMaxTickSeconds);
    m_clock.restart();
    const double updateMs = m_scene.update(float(dtSeconds), *m_loop);
    widgets::StressFigures crowd;
    crowd.instances = m_scene.crowd().size();
    crowd.updateThreads = m_loop->threadCount();
    crowd.heapBytesPerInstance = m_scene.crowd().heapBytesPerInstance();
    crowd.residentBytes = core::residentBytes();
    crowd.residentBefore = m_residentBefore;
    m_view->setFrame(m_scene.scene(), updateMs, crowd);
}

} // namespace bonescope::app
