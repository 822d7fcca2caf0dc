#pragma once

#include "model/BoneData.h"
#include "runtime/Pose.h"
#include "runtime/SinCos.h"

#include <vector>

namespace bonescope::core {

/// cocos2d-x TransformHelp::nodeToMatrix: the affine matrix of a pose (x, y, skews in radians,
/// scales). When skewX == −skewY (a pure rotation) cocos2d-x builds a rotation with the sign
/// convention of its data; otherwise the skew form (the same values: see setLinearPart).
Affine nodeToMatrix(const Transform& node);

/// The world-transform pass (seed 003 with cocos2d-x's composition rule): one forward pass over
/// bones stored parent before child, reading `pose[i].local` and writing `composed` and `world`.
/// Root bones compose onto `armatureParent` when given (a nested armature's parent bone).
/// `world`'s linear part is reused when a bone's composed skews and scales equal those already
/// in `pose` (a pose reused frame after frame), so `world` must match `composed` on entry (as
/// any pose this function wrote, or a default-constructed one). No recursion, no allocation.
void updateWorldTransforms(const std::vector<BoneData>& bones, Pose& pose,
                           const BonePose* armatureParent = nullptr);

namespace hierarchy {

/// The matrix of `node` from the sine and cosine of its skews: cocos2d-x's skew form, which for
/// a pure rotation (skewX == −skewY) gives exactly its rotation form's values (the kernel and
/// libm are odd in the angle).
inline void setLinearPart(const Transform& node, const float (&sine)[2], const float (&cosine)[2],
                          Affine& m)
{
    m.a = node.scaleX * cosine[1];
    m.b = node.scaleX * sine[1];
    m.c = node.scaleY * sine[0];
    m.d = node.scaleY * cosine[0];
}

inline Affine matrixOf(const Transform& node)
{
    const float angles[2] = {node.skewX, node.skewY};
    float sine[2], cosine[2];
    sincos::sinCos(angles[0], sine[0], cosine[0]);
    sincos::sinCos(angles[1], sine[1], cosine[1]);
    Affine m;
    setLinearPart(node, sine, cosine, m);
    m.tx = node.x;
    m.ty = node.y;
    return m;
}

/// updateWorldTransforms over `count` bones, with `writeLocal(index, pose)` filling each bone's
/// local values just before it is composed (an armature writes its tween values there; the
/// plain pass writes nothing). Three passes per chunk of bones: summed skews and scales (noting
/// the bones whose linear part changed), one batch of sines and cosines for those, then the
/// matrices and the positions, which go through the parent's matrix.
template <typename WriteLocal>
inline void composeBones(const BoneData* bones, BonePose* pose, size_t count,
                         const BonePose* armatureParent, WriteLocal&& writeLocal)
{
    constexpr size_t kChunk = 64; // parents come first, so a chunk only reads finished chunks
    alignas(32) float angles[2 * kChunk], sines[2 * kChunk], cosines[2 * kChunk];
    unsigned changed[kChunk];
    for (size_t begin = 0; begin < count; begin += kChunk) {
        const size_t end = count - begin < kChunk ? count : begin + kChunk;
        unsigned changes = 0;
        for (size_t b = begin; b < end; ++b) {
            BonePose& bone = pose[b];
            writeLocal(b, bone);
            const int parentIndex = bones[b].parentIndex;
            const BonePose* parent =
                parentIndex >= 0 ? &pose[static_cast<size_t>(parentIndex)] : armatureParent;
            float skewX = bone.local.skewX, skewY = bone.local.skewY;
            float scaleX = bone.local.scaleX, scaleY = bone.local.scaleY;
            if (parent) {
                skewX += parent->composed.skewX;
                skewY += parent->composed.skewY;
                scaleX *= parent->composed.scaleX;
                scaleY *= parent->composed.scaleY;
            }
            Transform& c = bone.composed;
            // The linear part depends only on these: when they did not change since the last
            // pass (static bones, position-only motion), the matrix keeps it, no trigonometry.
            if (skewX == c.skewX && skewY == c.skewY && scaleX == c.scaleX && scaleY == c.scaleY)
                continue;
            c.skewX = skewX;
            c.skewY = skewY;
            c.scaleX = scaleX;
            c.scaleY = scaleY;
            angles[2 * changes] = skewX;
            angles[2 * changes + 1] = skewY;
            changed[changes++] = static_cast<unsigned>(b);
        }
        for (unsigned pad = 2 * changes; pad % sincos::kBatchPadding != 0; ++pad)
            angles[pad] = 0;
        sincos::sinCosBatch(angles, sines, cosines, static_cast<int>(2 * changes));
        for (unsigned k = 0; k < changes; ++k) {
            BonePose& bone = pose[changed[k]];
            setLinearPart(bone.composed, {sines[2 * k], sines[2 * k + 1]},
                          {cosines[2 * k], cosines[2 * k + 1]}, bone.world);
        }
        for (size_t b = begin; b < end; ++b) {
            BonePose& bone = pose[b];
            const int parentIndex = bones[b].parentIndex;
            const BonePose* parent =
                parentIndex >= 0 ? &pose[static_cast<size_t>(parentIndex)] : armatureParent;
            // cocos2d-x Bone::applyParentTransform: the position goes through the parent's
            // matrix and is offset by the parent's armature-space position.
            const Transform& l = bone.local;
            Transform& c = bone.composed;
            if (parent) {
                const Affine& m = parent->world;
                c.x = l.x * m.a + l.y * m.c + parent->composed.x;
                c.y = l.x * m.b + l.y * m.d + parent->composed.y;
            } else {
                c.x = l.x;
                c.y = l.y;
            }
            bone.world.tx = c.x;
            bone.world.ty = c.y;
        }
    }
}

} // namespace hierarchy

} // namespace bonescope::core
