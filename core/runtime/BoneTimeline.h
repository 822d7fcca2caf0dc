#pragma once

#include "model/MovementData.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace bonescope::core {

// Where a bone is in its own timeline. A bone's pass lasts the movement's passFrames() times
// its own `sc` (bonePassFrames); looping, it starts (1 − dl) of the way in and wraps, so the
// ruler's pass frames and the bone's timeline frames differ for every bone whose `sc` or `dl`
// is not the default (Dragon stand's beards, robot run's body and legs).

namespace bone_timeline {

// fmod(frames, pass) for 0 < pass ≤ frames, without the libm call (a division loop in glibc):
// below 2^23 frames, n·pass is an integer under 2^24 and frames − n·pass a multiple of frames'
// ulp smaller than frames, so both are exact, and the one n that lands in [0, pass) gives
// exactly fmod's result.
inline float remainderOf(float frames, float pass)
{
    if (!(frames < 8388608.f))
        return std::fmod(frames, pass);
    const float remainder = frames - static_cast<float>(static_cast<int>(frames / pass)) * pass;
    if (remainder < 0.f)
        return remainder + pass;
    return remainder >= pass ? remainder - pass : remainder;
}

} // namespace bone_timeline

/// How far through its pass a bone whose pass lasts `bonePassFrames` (delay `delay`) is
/// `elapsedFrames` into the movement's pass, updated every `step` frames (0: a frame of the
/// ruler, no update): cocos2d-x's Tween currentPercent, which a held keyframe's whole turns
/// (tweenRotate) follow. Looping, the update that completes a pass shows its end, and past it
/// when the step overshoots the end (cocos2d-x's percent is not wrapped on that update; a
/// delayed bone's timeline frame is). Whole passes come off in frames, where fmod is exact, and
/// the ratio is then rounded once, as the player's frame / pass length: the ratio of many passes
/// would keep fewer bits of the fraction.
inline float bonePassRatio(float bonePassFrames, float delay, float elapsedFrames, bool loop,
                           float step)
{
    // A pass of no frames is over at once: one frame, all elapsed.
    const bool empty = !(bonePassFrames > 0);
    const float pass = empty ? 1.f : bonePassFrames;
    float frames = empty ? 1.f : elapsedFrames;
    if (loop) {
        if (delay != 0.f)
            frames += (1.f - delay) * pass;
        if (frames >= pass) {
            const float wrapped = bone_timeline::remainderOf(frames, pass);
            if (wrapped == 0.f)
                frames = pass;
            else if (delay == 0.f && wrapped < step) // the update that crossed the end
                frames = bone_timeline::remainderOf(frames - step, pass) + step;
            else
                frames = wrapped;
        }
    } else {
        frames = std::min(frames, pass);
    }
    return frames / pass;
}

/// The timeline frame that bone shows then, `lastFrame` being the movement's dr − 1.
/// sampleMovement's rule; inline, it runs per timing and sample.
inline float bonePlayedFrame(float bonePassFrames, float delay, float elapsedFrames, bool loop,
                             float step, float lastFrame)
{
    return lastFrame * bonePassRatio(bonePassFrames, delay, elapsedFrames, loop, step);
}

/// bonePlayedFrame for `track` of `movement` at the ruler's pass frame `passFrame`.
float boneTimelineFrame(const MovementData& movement, const MovementBoneData& track,
                        double passFrame, bool loop);

/// The index of the keyframe of `track` (not empty) whose span the bone is in at the ruler's
/// pass frame `passFrame`: the last one starting at or before the timeline frame it shows.
int keyFrameShownAt(const MovementData& movement, const MovementBoneData& track, double passFrame,
                    bool loop);

/// One time a bone reaches one of its keyframes in the first pass.
struct KeyFrameReach {
    double passFrame = 0.0; ///< the ruler's frame, 0 ≤ passFrame ≤ passFrames(movement)
    int keyFrame = 0;       ///< index into track.frames
};

/// Every time `track`'s keyframes are reached during pass `pass` of `movement` (sorted by pass
/// frame; 0 is the first pass, the one the ruler, a seek and the sampler show): the inverse of
/// bonePlayedFrame. A bone of `sc` 0.5 reaches each keyframe twice, one of `sc` 2 only those in
/// the first half of its timeline, a delayed one from (1 − dl) of the way in. Looping, a bone
/// keeps its own time across the movement's passes, so a bone whose pass does not divide the
/// movement's reaches other keyframes in later passes (Dragon stand's beards, sc 2: the second
/// half of their timeline in odd passes). A keyframe on the pass's last frame is reached at its
/// end (the ruler's last frame); one reached exactly as the next pass starts is left to that
/// pass's frame 0.
std::vector<KeyFrameReach> keyFrameReaches(const MovementData& movement,
                                           const MovementBoneData& track, bool loop, int pass = 0);

} // namespace bonescope::core
