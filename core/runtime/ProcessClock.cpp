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

bool ProcessClock::advance(float dtSeconds)
{
    if (isComplete || isPause)
        return false;
    // cocos2d-x ignores steps longer than a second (a stalled device) and empty movements.
    if (rawDuration <= 0 || dtSeconds > 1)
        return false;
    if (nextFrameIndex <= 0) {
        currentPercent = 1;
        currentFrame = 0;
    } else {
        currentFrame += processScale * (dtSeconds / kFrameSeconds);
        currentPercent = currentFrame / static_cast<float>(nextFrameIndex);
        currentFrame = std::fmod(currentFrame, static_cast<float>(nextFrameIndex));
    }
    return true;
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
