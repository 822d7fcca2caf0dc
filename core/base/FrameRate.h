#pragma once

#include <cmath>

namespace bonescope::core {

/// cocos2d-x's armature clock: one update every 1/60 s, and at speed 1 one update advances one
/// frame. Every conversion between frames and seconds in Bonescope goes through these.
inline constexpr double kFramesPerSecond = 60.0;
inline constexpr double kSecondsPerFrame = 1.0 / kFramesPerSecond;
/// One update's step in float, as cocos2d-x's scheduler hands it out: ProcessBase's
/// `_animationInternal`, and the dt an action's tick adds.
inline constexpr float kFrameSeconds = float(kSecondsPerFrame);

/// Seconds that `frames` frames last at speed 1.
constexpr double framesToSeconds(double frames)
{
    return frames / kFramesPerSecond;
}
/// Frames that `seconds` seconds hold at speed 1.
constexpr double secondsToFrames(double seconds)
{
    return seconds * kFramesPerSecond;
}

/// Wall time summed from 1/60 s ticks lands a hair off whole updates: that much is forgiven
/// when counting them.
inline constexpr double kUpdateNoise = 1e-6;

/// The whole updates completed `updates` updates (wall time) after play().
inline double updatesCompleted(double updates)
{
    return std::floor(updates + kUpdateNoise);
}
/// The update under way when `updates` updates' time has passed, counted from 1: the one
/// whose step ends there (0 before the first).
inline int updateUnderWay(double updates)
{
    return int(std::ceil(updates - kUpdateNoise));
}

} // namespace bonescope::core
