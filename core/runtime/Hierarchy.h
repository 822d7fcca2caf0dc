#pragma once

#include "model/BoneData.h"
#include "runtime/Pose.h"
#include "runtime/SinCos.h"
#include "runtime/TransformLanes.h"

#include <algorithm>
#include <vector>

namespace bonescope::core {

class ArmatureRig;

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
/// The same pass over `rig`'s bones, with the flags the rig keeps (no per-pass set-up).
void updateWorldTransforms(const ArmatureRig& rig, Pose& pose,
                           const BonePose* armatureParent = nullptr);

namespace hierarchy {

/// The matrix of `node` from the sine and cosine of its skews: cocos2d-x's skew form, which for
/// a pure rotation (skewX == −skewY) gives exactly its rotation form's values (the kernel and
/// libm are odd in the angle).
inline void setLinearPart(const Transform& node, const float (&sine)[2], const float (&cosine)[2],
                          Affine& m)
{
    lanes::setLinearPart(m, lanes::linearOf(node), sine, cosine);
}

/// The sines and cosines of bones no other bone composes onto, collected during the pass and
/// evaluated in batches (eight angles per vector operation) instead of one bone at a time.
class DeferredLinearParts {
public:
    void add(BonePose& bone)
    {
        const unsigned n = m_count++;
        m_bones[n] = &bone;
        m_angles[2 * n] = bone.composed.skewX;
        m_angles[2 * n + 1] = bone.composed.skewY;
        if (m_count == kCapacity)
            flush();
    }
    void flush()
    {
        // The batch reads whole vectors: zeros after the last angle keep its padding in the
        // kernel's range (one vector store, where a loop to the next multiple cost more).
        std::fill_n(m_angles + 2 * m_count, sincos::kBatchPadding, 0.f);
        sincos::sinCosBatch(m_angles, m_sines, m_cosines, static_cast<int>(2 * m_count));
        for (unsigned k = 0; k < m_count; ++k)
            setLinearPart(m_bones[k]->composed, {m_sines[2 * k], m_sines[2 * k + 1]},
                          {m_cosines[2 * k], m_cosines[2 * k + 1]}, m_bones[k]->world);
        m_count = 0;
    }

private:
    static constexpr unsigned kCapacity = 32;
    unsigned m_count = 0;
    BonePose* m_bones[kCapacity];
    alignas(32) float m_angles[2 * kCapacity + sincos::kBatchPadding];
    alignas(32) float m_sines[2 * kCapacity];
    alignas(32) float m_cosines[2 * kCapacity];
};

/// Flags in `isParent` which of the first `marked` of `count` bones another bone composes onto:
/// the pass needs the matrix of those at once, the others' can wait for a batch.
void markParents(const BoneData* bones, size_t count, size_t marked, bool* isParent);

/// The local values of the plain pass: those already in the pose, all taken as new.
struct PoseLocals {
    static bool changed(size_t) { return true; }
    static lanes::TransformLanes write(size_t, BonePose& pose) { return lanes::load(pose.local); }
};

/// updateWorldTransforms over `count` bones, with `locals.write(index, pose)` filling each
/// bone's local values just before it is composed and returning them (an armature writes its
/// tween values there; PoseLocals writes nothing and returns those in the pose). `isParent` holds
/// markParents' flags of the first `marked` bones; any later bone counts as a parent. One pass,
/// parent before child: a bone's matrix is needed at once only when a later bone composes onto it;
/// the other bones' trigonometry waits for a batch. With `moved`, room for a flag per bone that the
/// pass writes, a bone for which `locals.changed(index)` is false and whose parent did not move
/// keeps the pose the last pass left: the static parts of a rig cost nothing. Roots composing onto
/// `armatureParent` always move. Without, every bone is composed.
template <typename Locals>
[[gnu::always_inline]] inline void
composeBones(const BoneData* bones, BonePose* pose, size_t count, const bool* isParent,
             size_t marked, const BonePose* armatureParent, bool* moved, Locals&& locals)
{
    DeferredLinearParts deferred;

    for (size_t b = 0; b < count; ++b) {
        BonePose& bone = pose[b];
        const int parentIndex = bones[b].parentIndex;
        if (moved) {
            moved[b] =
                locals.changed(b) || (parentIndex >= 0 ? moved[static_cast<size_t>(parentIndex)]
                                                       : armatureParent != nullptr);
            if (!moved[b])
                continue;
        }
        // Written again when only the parent moved: it costs less than a branch, and the values
        // then stay in registers for what follows.
        const lanes::TransformLanes local = locals.write(b, bone);
        const BonePose* parent =
            parentIndex >= 0 ? &pose[static_cast<size_t>(parentIndex)] : armatureParent;
        Transform& c = bone.composed;
        lanes::Linear linear = local.linear;
        lanes::Position position = local.position;
        // cocos2d-x Bone::applyParentTransform: the position goes through the parent's matrix
        // and is offset by the parent's armature-space position; skews add, scales multiply.
        if (parent) {
            linear = lanes::composeLinear(linear, lanes::linearOf(parent->composed));
            position = lanes::composePosition(position, parent->world,
                                              lanes::positionOf(parent->composed));
        }
        lanes::setPosition(&c.x, position);
        lanes::setPosition(&bone.world.tx, position);
        // The linear part depends only on the summed skews and scales: when they did not
        // change since the last pass (static bones, position-only motion), it stays.
        if (lanes::sameLinear(linear, lanes::linearOf(c)))
            continue;
        lanes::setLinear(c, linear);
        if (b < marked && !isParent[b]) {
            deferred.add(bone);
        } else {
            float sine[2], cosine[2];
            sincos::sinCosPair(c.skewX, c.skewY, sine, cosine);
            setLinearPart(c, sine, cosine, bone.world);
        }
    }
    deferred.flush();
}

} // namespace hierarchy

} // namespace bonescope::core
