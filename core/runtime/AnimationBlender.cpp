#include "runtime/AnimationBlender.h"

#include <utility>

namespace bonescope::core {

AnimationBlender::AnimationBlender(std::vector<MovementTiming> timings)
    : m_timings(std::move(timings))
{
}

void AnimationBlender::start(BlendClip& clip, int movement, bool loop) const
{
    (void)m_timings.at(movement); // an unknown movement is a caller bug: fail loudly here
    clip.start(movement, loop);
}

void AnimationBlender::init(int movement, bool loop)
{
    start(m_source, movement, loop);
    m_target = BlendClip{};
    m_timeLeft = 0.0;
    m_duration = 1.0;
    m_complete = false;
}

void AnimationBlender::blend(int movement, BlendTransition transition, double durationSeconds,
                             bool loop)
{
    if (transition == BlendTransition::Switch || (!blending() && durationSeconds <= 0.0)) {
        init(movement, loop);
        return;
    }
    if (!blending()) {
        m_transition = transition;
        m_timeLeft = m_duration = durationSeconds;
        start(m_target, movement, loop);
        return;
    }
    // A transition is running: the seed's three re-target cases. The running transition keeps
    // its type and duration (Ogre ignores the new ones here).
    if (movement == m_target.movement)
        return;
    if (movement == m_source.movement) {
        std::swap(m_source, m_target);
        m_target.loop = loop;
        m_timeLeft = m_duration - m_timeLeft;
        return;
    }
    if (m_timeLeft >= m_duration * 0.5)
        m_source = m_target; // else the old target is simply dropped
    start(m_target, movement, loop);
}

void AnimationBlender::addTime(double seconds)
{
    if (m_source.movement < 0)
        return;
    if (blending()) {
        m_timeLeft -= seconds;
        if (m_timeLeft <= kBlendTimeEpsilon) {
            // The target takes over as the source; it advances once, below, as the source.
            m_source = m_target;
            m_target = BlendClip{};
            m_timeLeft = 0.0;
        } else if (m_transition == BlendTransition::WhileAnimating)
            m_target.advance(m_timings[m_target.movement], seconds);
    }
    const MovementTiming& timing = m_timings[m_source.movement];
    m_source.advance(timing, seconds);
    m_complete = m_source.atEnd(timing);
}

} // namespace bonescope::core
