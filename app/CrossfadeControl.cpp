#include "CrossfadeControl.h"

#include "Document.h"
#include "commands/ChangeTransition.h"

#include <cmath>

namespace bonescope::app {

CrossfadeControl::CrossfadeControl(Document& document) : m_document(document)
{
}

void CrossfadeControl::reset(int movementCount)
{
    m_transition = widgets::Transition{};
    m_transition.source = movementCount > 0 ? 0 : -1;
    m_transition.target = movementCount > 1 ? 1 : m_transition.source;
}

double CrossfadeControl::crossfadeElapsed() const
{
    const RecordingSession& recorder = *m_document.recorder();
    return recorder.isRecording() ? recorder.crossfadeElapsed()
                                  : m_document.playback().crossfadeElapsedFrames();
}

core::CrossfadeWeights CrossfadeControl::crossfadeWeights() const
{
    const RecordingSession& recorder = *m_document.recorder();
    return recorder.isRecording() ? recorder.crossfadeWeights()
                                  : m_document.playback().crossfadeWeights();
}

void CrossfadeControl::setTransition(const widgets::Transition& transition)
{
    m_document.undoStack()->push(new ChangeTransition(this, transition));
}

void CrossfadeControl::applyTransition(const widgets::Transition& transition)
{
    m_transition = transition;
    emit transitionChanged();
}

void CrossfadeControl::triggerCrossfade()
{
    if (!m_document.armature() || m_transition.source < 0 || m_transition.target < 0)
        return;
    widgets::Transition transition = m_transition;
    // cocos2d-x's durationTo is the target movement's own `to`, as play(target) uses it.
    if (transition.type == widgets::TransitionType::DurationTo)
        if (const core::MovementData* target = m_document.movementData(transition.target))
            transition.durationFrames = target->durationTo;
    start(transition);
}

widgets::Transition CrossfadeControl::tableTransition(int source, int target) const
{
    widgets::Transition transition;
    transition.source = source;
    transition.target = target;
    const core::MovementData* from = m_document.movementData(source);
    const core::MovementData* to = m_document.movementData(target);
    if (!from || !to)
        return transition;
    const core::TransitionSpec& spec =
        m_document.editing()->transitionTable().find(from->name, to->name);
    transition.type = spec.kind;
    transition.durationFrames = int(std::lround(spec.frames(to->durationTo)));
    return transition;
}

void CrossfadeControl::changeMovement(int movement)
{
    const int current = m_document.currentMovement();
    if (!m_document.isPlaying() || !m_document.movementData(current) ||
        !m_document.movementData(movement) || movement == current) {
        m_document.setMovement(movement);
        return;
    }
    start(tableTransition(current, movement));
}

void CrossfadeControl::start(const widgets::Transition& transition)
{
    if (m_document.recorder()->isRecording())
        m_document.recorder()->recordCrossfade(transition);
    else
        m_document.playCrossfade(transition);
}

} // namespace bonescope::app
