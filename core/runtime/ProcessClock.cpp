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

void ProcessClock::gotoFrame(int frameIndex)
{
    if (loopType == LoopType::NoLoop)
        loopType = LoopType::Max;
    else if (loopType == LoopType::ToLoopFront)
        loopType = LoopType::LoopFront;
    curFrameIndex = frameIndex;
    nextFrameIndex = durationTween;
}

} // namespace bonescope::core
