#pragma once

#include "runtime/Pose.h"

namespace bonescope::core {

class ArmatureRig;

/// Index of the keyframe whose span holds timeline frame `playedFrame`: the last keyframe with
/// start frame ≤ playedFrame (0 when playedFrame precedes every keyframe), from the keyframes'
/// start frames as floats (`count` ≥ 1 of them, in order, as ArmatureRig::keyStarts() holds
/// them). Binary search as std::upper_bound finds it (NaN included: the last) but without
/// branches: the spans a bone is in change often enough that a branchy search mispredicts.
inline unsigned findKeyStart(const float* starts, unsigned count, float playedFrame)
{
    const float* found = starts;
    for (unsigned n = count; n > 1;) {
        const unsigned half = n / 2;
        found = !(playedFrame < found[half]) ? found + half : found;
        n -= half;
    }
    return static_cast<unsigned>(found - starts);
}

/// Random-access pose of `movement` (an index into rig.movements()) `elapsedFrames` frames into
/// its timeline pass (after any durationTo blend), looping when the movement loops: each bone's
/// position in its timeline follows durationTween, the bone's own scale `sc` and delay `dl`, as
/// the player's; it equals the player's pose k updates after START at k × the movement's own
/// speed scale (`sc`, 1 for most movements) frames. A span of easing None (never tweened) shows
/// what the update before it left, as the player does; before START, its keyframe's values. A
/// track whose last keyframe starts before the movement's last frame shows, on the first update
/// past it, cocos2d-x's tween from it back toward the first keyframe, and holds it after. A
/// movement of no frames (dr 0) shows its first keyframes (cocos2d-x's, entered without a
/// durationTo blend; with one, its bones stay where the blend found them). The update that
/// crosses a pass end shows a frame past the end when its step overshoots (bonePassRatio).
/// Not reproduced: the player's clock adds up an `sc` float cannot hold (0.4) with rounding,
/// so where k × sc lands on a pass end, its crossing may come an update later.
/// Writes local pose, z order, display index and colour of the bones the movement animates
/// (CocoStudio deltas combined with the setup pose); other bones are left as they are. World
/// transforms are not touched: run updateWorldTransforms afterwards. No allocation.
void sampleMovement(const ArmatureRig& rig, int movement, float elapsedFrames, Pose& pose);

} // namespace bonescope::core
