#pragma once

#include "runtime/Pose.h"

#include <cstdint>
#include <vector>

namespace bonescope::core {

/// One flag per bone, indexed like ArmatureData::bones: 1 where a movement has a timeline for
/// the bone (it "animates" it), or where a layer's mask lets it through.
using BoneMask = std::vector<std::uint8_t>;

/// Copies what sampling and blending produce (local transform, z order, display index, colour)
/// from `from` to `to`, leaving `to`'s world and composed transforms, a pair the hierarchy pass
/// recomputes from the local values, as they are.
inline void copyLocalChannels(const BonePose& from, BonePose& to)
{
    to.local = from.local;
    to.zOrder = from.zOrder;
    to.displayIndex = from.displayIndex;
    to.color = from.color;
}

/// Interpolates angles (radians) along the shortest arc: `from` + the difference wrapped into
/// (−π, π], times `ratio`.
float lerpAngle(float from, float to, float ratio);

/// The pose `ratio` (0..1) of the way from `from` to `to`: position, scale and colour linearly
/// (colour rounded to the nearest integer), skews along the shortest arc, z order and display
/// index from `to` once ratio ≥ 0.5 (the heavier side). `world` and `composed` are copied from
/// `from` as the pair the hierarchy pass expects (it recomputes both from the blended local
/// transforms).
BonePose blendBonePose(const BonePose& from, const BonePose& to, float ratio);

/// out[i] = blendBonePose(from[i], to[i], ratio). Sizes must match; `out` may alias `from` or
/// `to`, and is only resized when its size differs (no allocation in steady state).
void blendPoses(const Pose& from, const Pose& to, float ratio, Pose& out);

/// What one layer of a stack contributes to one update (seed 004). Pointers are borrowed.
struct LayerContribution {
    const Pose* current = nullptr;             ///< the current movement's pose
    const BoneMask* currentAnimated = nullptr; ///< bones the current movement animates
    const Pose* next = nullptr;                ///< the next movement's pose while in transition
    const BoneMask* nextAnimated = nullptr;
    float transitionProgress = 0.f; ///< ratio 0..1 from current to next
    const BoneMask* mask = nullptr; ///< bones the layer may touch; null = every bone
    float weight = 1.f;             ///< ratio 0..1
};

/// Applies one layer, bottom to top, by seed 004's rule (Live2D Cubism MotionApplier). Per
/// bone the layer's value is the current movement's, lerped toward the next movement's by the
/// transition progress (the next one's alone where only it animates the bone); then a bone no
/// earlier layer has set takes that value outright — whatever the layer weight — and sets
/// `isSet`, while a set bone is lerped toward it by the layer weight. Bones outside the mask or
/// animated by neither movement are left as they are. Local channels only (copyLocalChannels):
/// `out`'s world and composed transforms are left as they are. `out` starts as the pose under
/// the stack, `isSet` as zeros; both have one entry per bone.
void mixLayer(const LayerContribution& layer, Pose& out, BoneMask& isSet);

} // namespace bonescope::core
