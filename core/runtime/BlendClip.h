#pragma once

namespace bonescope::core {

/// Length and playback rate of one movement, as the blender and the layers need them.
struct MovementTiming {
    double lengthSeconds = 0.0; ///< one pass (passFrames) at speed 1
    double rate = 1.0;          ///< movement seconds advanced per second of blender time
};

/// One movement being played by the blender or a layer: which one, whether it loops, where.
struct BlendClip {
    int movement = -1; ///< index into AnimationData::movements; −1 = none
    bool loop = true;
    double timeSeconds = 0.0; ///< position in the movement: wrapped when looping, else clamped
    /// Movement seconds since start(), not wrapped (clamped like timeSeconds when not looping):
    /// for samplers whose loops are not plain repeats (cocos2d-x's per-bone delay shifts every
    /// pass after the first).
    double elapsedSeconds = 0.0;

    /// Restarts at time 0 on `movementIndex`.
    void start(int movementIndex, bool looping)
    {
        movement = movementIndex;
        loop = looping;
        timeSeconds = 0.0;
        elapsedSeconds = 0.0;
    }
    /// Advances by `seconds` × timing.rate as Ogre's AnimationState does: a looping clip wraps
    /// (to exactly 0 within 1e-9 s of its end), the others clamp at 0 and at their length.
    void advance(const MovementTiming& timing, double seconds);
    /// True when a non-looping clip has reached its end.
    bool atEnd(const MovementTiming& timing) const
    {
        return !loop && timeSeconds >= timing.lengthSeconds;
    }
};

/// Times are sums of 1/60 s steps, which binary floating point cannot hold exactly: a 0.5 s
/// transition must end on update 30, not 31, and a 1 s loop must wrap to 0, not to 0.99999….
inline constexpr double kBlendTimeEpsilon = 1e-9; // seconds

} // namespace bonescope::core
