#pragma once

#include "model/BoneData.h"
#include "runtime/Pose.h"

#include <vector>

namespace bonescope::core {

/// cocos2d-x TransformHelp::nodeToMatrix: the affine matrix of a pose (x, y, skews in radians,
/// scales). When skewX == −skewY (a pure rotation) cocos2d-x builds a rotation with the sign
/// convention of its data; otherwise the skew form. Trigonometry in double, as cocos2d-x.
Affine nodeToMatrix(const Transform& node);

/// cocos2d-x Bone::applyParentTransform: the child's position goes through the parent's matrix
/// and is offset by the parent's armature-space position, skews add, scales multiply.
Transform applyParentTransform(const Transform& child, const Transform& parentComposed,
                               const Affine& parentWorld);

/// The world-transform pass (seed 003 with cocos2d-x's composition rule): one forward pass over
/// bones stored parent before child, reading `pose[i].local` and writing `composed` and `world`.
/// Root bones compose onto `armatureParent` when given (a nested armature's parent bone).
/// `world`'s linear part is reused when a bone's composed skews and scales equal those already
/// in `pose` (a pose reused frame after frame), so `world` must match `composed` on entry (as
/// any pose this function wrote, or a default-constructed one). No recursion, no allocation.
void updateWorldTransforms(const std::vector<BoneData>& bones, Pose& pose,
                           const BonePose* armatureParent = nullptr);

} // namespace bonescope::core
