#include "runtime/TweenPlayhead.h"

#include <cmath>
#include <numbers>

namespace bonescope::core {

void TweenPlayhead::crossPhase()
{
    ProcessClock& c = m_clock;
    if (c.currentPercent >= 1)
        endPhase();
    // The durationTo blend is sine-eased (in double, as cocos2d-x's CC_HALF_PI).
    if (c.currentPercent < 1 && !inPass())
        c.currentPercent =
            static_cast<float>(std::sin(c.currentPercent * (std::numbers::pi * 0.5f)));
    // In a pass, a bone inside its cached span reads the new position as in any step: whatever
    // ended, a new generation (a new pass) sends the bones through their span lookup.
    if (inPass()) {
        m_played = timelineFrame(c, c.currentPercent, m_delay);
        m_steadyGeneration = m_generation;
    }
}

void TweenPlayhead::gotoAndPlay(int frameIndex)
{
    m_clock.gotoAndPlay(frameIndex);
    ++m_generation;
    m_steadyGeneration = kUnsteady;
}

void TweenPlayhead::endPhase()
{
    ProcessClock& c = m_clock;
    switch (c.loopType) {
    case LoopType::SingleFrame:
    case LoopType::Max:
        c.currentPercent = 1;
        c.isComplete = true;
        c.isPlaying = false;
        break;
    case LoopType::NoLoop:
        c.loopType = LoopType::Max;
        if (c.durationTween <= 0)
            c.currentPercent = 1;
        else
            c.currentPercent = (c.currentPercent - 1) * static_cast<float>(c.nextFrameIndex) /
                               static_cast<float>(c.durationTween);
        if (c.currentPercent >= 1) {
            c.currentPercent = 1;
            c.isComplete = true;
            c.isPlaying = false;
        } else {
            c.nextFrameIndex = c.durationTween;
            c.currentFrame = c.currentPercent * static_cast<float>(c.nextFrameIndex);
            ++m_generation;
        }
        break;
    case LoopType::ToLoopFront:
        c.loopType = LoopType::LoopFront;
        c.nextFrameIndex = c.durationTween > 0 ? c.durationTween : 1;
        if (m_delay != 0) {
            c.currentFrame = (1 - m_delay) * static_cast<float>(c.nextFrameIndex);
            c.currentPercent = c.currentFrame / static_cast<float>(c.nextFrameIndex);
        } else {
            c.currentPercent = 0;
            c.currentFrame = 0;
        }
        ++m_generation;
        break;
    default:
        c.currentFrame = std::fmod(c.currentFrame, static_cast<float>(c.nextFrameIndex));
        break;
    }
}

} // namespace bonescope::core
