#include "runtime/AnimationBlender.h"

#include <cmath>
#include <utility>

namespace bonescope::core {

namespace {

// Times are sums of 1/60 s steps, which binary floating point cannot hold exactly: a 0.5 s
// transition must end on update 30, not 31, and a 1 s loop must wrap to 0, not to 0.99999….
constexpr double kTimeEpsilon = 1e-9; // seconds

} // namespace

AnimationBlender::AnimationBlender(std::vector<MovementTiming> timings)
    : m_timings(std::move(timings))
{
}

void AnimationBlender::start(BlendClip& clip, int movement, bool loop) const
{
    (void)m_timings.at(movement); // an unknown movement is a caller bug: fail loudly here
    clip.movement = movement;
    clip.loop = loop;
    clip.timeSeconds = 0.0;
}

void AnimationBlender::advance(BlendClip& clip, double seconds) const
{
    const MovementTiming& timing = m_timings[clip.movement];
    const double length = timing.lengthSeconds;
    double time = clip.timeSeconds + seconds * timing.rate;
    // Ogre's AnimationState::setTimePosition: wrap a looping clip, clamp the others.
    if (length <= 0.0)
        time = 0.0;
    else if (clip.loop) {
        time = std::fmod(time, length);
        if (time < 0.0)
            time += length;
        if (length - time <= kTimeEpsilon)
            time = 0.0;
    } else if (time >= length - kTimeEpsilon)
        time = length;
    else if (time < 0.0)
        time = 0.0;
    clip.timeSeconds = time;
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
        if (m_timeLeft <= kTimeEpsilon) {
            // The target takes over as the source; it advances once, below, as the source.
            m_source = m_target;
            m_target = BlendClip{};
            m_timeLeft = 0.0;
        } else if (m_transition == BlendTransition::WhileAnimating)
            advance(m_target, seconds);
    }
    advance(m_source, seconds);
    const double length = m_timings[m_source.movement].lengthSeconds;
    m_complete = !m_source.loop && m_source.timeSeconds >= length;
}

} // namespace bonescope::core
