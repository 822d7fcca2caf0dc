#include "runtime/ProcessClock.h"

#include <cmath>

namespace bonescope::core {

void ProcessClock::play(int durationToFrames, Easing easing)
{
    isComplete = false;
    isPause = false;
    isPlaying = true;
    currentFrame = 0;
    nextFrameIndex = durationToFrames;
    tweenEasing = easing;
}

void ProcessClock::pause()
{
    isPause = true;
    isPlaying = false;
}

void ProcessClock::resume()
{
    isPause = false;
    isPlaying = true;
}

void ProcessClock::stop()
{
    isComplete = true;
    isPlaying = false;
}

void ProcessClock::gotoAndPlay(int frameIndex)
{
    isPlaying = true;
    isComplete = isPause = false;
    if (loopType == LoopType::NoLoop)
        loopType = LoopType::Max;
    else if (loopType == LoopType::ToLoopFront)
        loopType = LoopType::LoopFront;
    curFrameIndex = frameIndex;
    nextFrameIndex = durationTween;
    currentPercent = static_cast<float>(curFrameIndex) / (static_cast<float>(rawDuration) - 1);
    currentFrame = static_cast<float>(nextFrameIndex) * currentPercent;
}

} // namespace bonescope::core
