#include "CrossfadeControl.h"

#include "Document.h"
#include "commands/ChangeTransition.h"

#include <cmath>

namespace bonescope::app {

namespace {

/// Whether `a` and `b` play the same crossfade: the duration of a Switch (none) and of a
/// durationTo fade (the target's own `to`) are not theirs.
bool playTheSame(const widgets::Transition& a, const widgets::Transition& b)
{
    if (a.source != b.source || a.target != b.target || a.type != b.type)
        return false;
    return !core::transitionLasts(a.type) || a.type == widgets::TransitionType::DurationTo ||
           a.durationFrames == b.durationFrames;
}

} // namespace

CrossfadeControl::CrossfadeControl(Document& document) : m_document(document)
{
}

void CrossfadeControl::reset(int movementCount)
{
    const int source = movementCount > 0 ? 0 : -1;
    m_transition = tableTransition(source, movementCount > 1 ? 1 : source);
    m_tableTransition = m_transition;
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
    m_tableTransition = tableTransition(transition.source, transition.target);
    emit transitionChanged();
}

void CrossfadeControl::followTable()
{
    const widgets::Transition table = tableTransition(m_transition.source, m_transition.target);
    const bool showedTable = playTheSame(m_transition, m_tableTransition);
    m_tableTransition = table;
    if (showedTable && !playTheSame(m_transition, table)) {
        m_transition = table;
        emit transitionChanged();
    }
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
