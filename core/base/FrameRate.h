#pragma once

namespace bonescope::core {

/// cocos2d-x's armature clock: one update every 1/60 s, and at speed 1 one update advances one
/// frame. Every conversion between frames and seconds in Bonescope goes through these.
inline constexpr double kFramesPerSecond = 60.0;
inline constexpr double kSecondsPerFrame = 1.0 / kFramesPerSecond;

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

} // namespace bonescope::core
