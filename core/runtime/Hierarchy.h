#pragma once

#include "model/BoneData.h"
#include "runtime/Pose.h"
#include "runtime/SinCos.h"

#include <vector>

namespace bonescope::core {

/// cocos2d-x TransformHelp::nodeToMatrix: the affine matrix of a pose (x, y, skews in radians,
/// scales). When skewX == −skewY (a pure rotation) cocos2d-x builds a rotation with the sign
/// convention of its data; otherwise the skew form. Trigonometry in double, as cocos2d-x.
Affine nodeToMatrix(const Transform& node);

/// cocos2d-x Bone::applyParentTransform: the child's position goes through the parent's matrix
/// and is offset by the parent's armature-space position, skews add, scales multiply.
inline Transform applyParentTransform(const Transform& child, const Transform& parentComposed,
                                      const Affine& parentWorld)
{
    Transform out = child;
    out.x = child.x * parentWorld.a + child.y * parentWorld.c + parentComposed.x;
    out.y = child.x * parentWorld.b + child.y * parentWorld.d + parentComposed.y;
    out.scaleX = child.scaleX * parentComposed.scaleX;
    out.scaleY = child.scaleY * parentComposed.scaleY;
    out.skewX = child.skewX + parentComposed.skewX;
    out.skewY = child.skewY + parentComposed.skewY;
    return out;
}

/// The world-transform pass (seed 003 with cocos2d-x's composition rule): one forward pass over
/// bones stored parent before child, reading `pose[i].local` and writing `composed` and `world`.
/// Root bones compose onto `armatureParent` when given (a nested armature's parent bone).
/// `world`'s linear part is reused when a bone's composed skews and scales equal those already
/// in `pose` (a pose reused frame after frame), so `world` must match `composed` on entry (as
/// any pose this function wrote, or a default-constructed one). No recursion, no allocation.
void updateWorldTransforms(const std::vector<BoneData>& bones, Pose& pose,
                           const BonePose* armatureParent = nullptr);

namespace hierarchy {

// nodeToMatrix's body, inlined into the world-transform pass (no call, no returned copy).
inline Affine matrixOf(const Transform& node)
{
    Affine m;
    if (node.skewX == -node.skewY) {
        double sineX, cosineX;
        sincos::sinCos(static_cast<double>(node.skewX), sineX, cosineX);
        m.a = static_cast<float>(node.scaleX * cosineX);
        m.b = static_cast<float>(node.scaleX * -sineX);
        m.c = static_cast<float>(node.scaleY * sineX);
        m.d = static_cast<float>(node.scaleY * cosineX);
    } else {
        double sine[2], cosine[2];
        sincos::sinCosPair({node.skewX, node.skewY}, sine, cosine);
        m.a = static_cast<float>(node.scaleX * cosine[1]);
        m.b = static_cast<float>(node.scaleX * sine[1]);
        m.c = static_cast<float>(node.scaleY * sine[0]);
        m.d = static_cast<float>(node.scaleY * cosine[0]);
    }
    m.tx = node.x;
    m.ty = node.y;
    return m;
}

/// One bone of updateWorldTransforms: composes `bone.local` onto `parent` (null: none) into
/// `composed` and `world`. Inline so that an armature can fill a bone's local values and
/// compose it in one pass.
inline void composeBone(BonePose& bone, const BonePose* parent)
{
    const Transform previous = bone.composed;
    bone.composed =
        parent ? applyParentTransform(bone.local, parent->composed, parent->world) : bone.local;
    const Transform& c = bone.composed;
    // The matrix's linear part depends only on the summed skews and scales: when they did
    // not change since the last pass (static bones, position-only motion) keep it and skip
    // the trigonometry.
    if (c.skewX == previous.skewX && c.skewY == previous.skewY && c.scaleX == previous.scaleX &&
        c.scaleY == previous.scaleY) {
        bone.world.tx = c.x;
        bone.world.ty = c.y;
    } else {
        bone.world = matrixOf(c);
    }
}

} // namespace hierarchy

} // namespace bonescope::core
