#pragma once

#include "model/BoneData.h"
#include "runtime/Pose.h"
#include "runtime/SinCos.h"
#include "runtime/TransformLanes.h"

#include <algorithm>
#include <type_traits>
#include <vector>

namespace bonescope::core {

class ArmatureRig;

/// cocos2d-x TransformHelp::nodeToMatrix: the affine matrix of a pose (x, y, skews in radians,
/// scales). When skewX == −skewY (a pure rotation) cocos2d-x builds a rotation with the sign
/// convention of its data; otherwise the skew form (the same values: see setLinearPart).
Affine nodeToMatrix(const Transform& node);

/// The world-transform pass (seed 003 with cocos2d-x's composition rule): a forward pass over
/// bones stored parent before child (hierarchy::composeBones), reading `pose[i].local` and writing
/// `composed` and `world`. Root bones compose onto `armatureParent` when given (a nested armature's
/// parent bone). `world`'s linear part is reused when a bone's composed skews and scales equal
/// those already in `pose` (a pose reused frame after frame), so `world` must match `composed` on
/// entry (as any pose this function wrote, or a default-constructed one). No recursion, no
/// allocation.
void updateWorldTransforms(const std::vector<BoneData>& bones, Pose& pose,
                           const BonePose* armatureParent = nullptr);
/// The same pass over `rig`'s bones.
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

/// The matrices of the bones whose summed skews and scales changed, collected during a chunk of
/// the pass and computed together: their sines and cosines eight angles per vector operation
/// instead of a bone's two at a time.
class LinearParts {
public:
    /// Bones per chunk of the pass (the batch's room).
    static constexpr unsigned kCapacity = 32;
    static_assert(2 * kCapacity % sincos::kBatchPadding == 0);

    void add(BonePose& bone)
    {
        const unsigned n = m_count++;
        m_bones[n] = &bone;
        m_angles[2 * n] = bone.composed.skewX;
        m_angles[2 * n + 1] = bone.composed.skewY;
    }
    /// Writes the linear part of every bone added since the last call.
    void compute()
    {
        if (m_count == 0)
            return;
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
    unsigned m_count = 0;
    BonePose* m_bones[kCapacity];
    alignas(32) float m_angles[2 * kCapacity + sincos::kBatchPadding];
    // Whole vectors are written: 2 × kCapacity is a multiple of kBatchPadding.
    alignas(32) float m_sines[2 * kCapacity];
    alignas(32) float m_cosines[2 * kCapacity];
};

/// The local values of the plain pass: those already in the pose, all taken as new.
struct PoseLocals {
    static constexpr bool skipsStill() { return false; }
    static bool changed(size_t) { return true; }
    static lanes::TransformLanes write(size_t, BonePose& pose) { return lanes::load(pose.local); }
};

/// updateWorldTransforms over `count` bones, with `locals.write(index, pose)` filling each
/// bone's local values (an armature writes its tween values there; PoseLocals writes nothing)
/// and returning them. Bones are stored parent before child and taken in chunks of
/// LinearParts::kCapacity: first the chunk's summed skews and scales, which need only the
/// parent's sums; then the matrices of the bones whose sums changed, in one batch; then the
/// positions, which go through the parent's matrix (ready: the parent came first). When
/// `Locals::skipsStill()`, with `moved` room for a flag per bone that the pass writes, a bone for
/// which `locals.changed(index)` is false and whose parent did not move keeps the pose the last
/// pass left: the static parts of a rig cost nothing. Roots composing onto `armatureParent`
/// always move. Otherwise every bone is composed (`moved` unused).
template <typename Locals>
[[gnu::always_inline]] inline void composeBones(const BoneData* bones, BonePose* pose, size_t count,
                                                const BonePose* armatureParent, bool* moved,
                                                Locals&& locals)
{
    LinearParts linearParts;
    // The chunk's bones that move, and their parents, for the positions' pass.
    BonePose* moving[LinearParts::kCapacity];
    const BonePose* parents[LinearParts::kCapacity];
    for (size_t first = 0; first < count; first += LinearParts::kCapacity) {
        const size_t end = std::min(count, first + LinearParts::kCapacity);
        unsigned movingCount = 0;
        // cocos2d-x Bone::applyParentTransform: skews add, scales multiply.
        for (size_t b = first; b < end; ++b) {
            BonePose& bone = pose[b];
            const int parentIndex = bones[b].parentIndex;
            if constexpr (std::remove_reference_t<Locals>::skipsStill()) {
                moved[b] =
                    locals.changed(b) || (parentIndex >= 0 ? moved[static_cast<size_t>(parentIndex)]
                                                           : armatureParent != nullptr);
                if (!moved[b])
                    continue;
            }
            const BonePose* parent =
                parentIndex >= 0 ? &pose[static_cast<size_t>(parentIndex)] : armatureParent;
            moving[movingCount] = &bone;
            parents[movingCount++] = parent;
            // Written again when only the parent moved: it costs less than a branch.
            lanes::Linear linear = locals.write(b, bone).linear;
            if (parent)
                linear = lanes::composeLinear(linear, lanes::linearOf(parent->composed));
            // The linear part depends only on the summed skews and scales: when they did not
            // change since the last pass (static bones, position-only motion), it stays.
            if (lanes::sameLinear(linear, lanes::linearOf(bone.composed)))
                continue;
            lanes::setLinear(bone.composed, linear);
            linearParts.add(bone);
        }
        linearParts.compute();
        // The position goes through the parent's matrix and is offset by the parent's
        // armature-space position.
        for (unsigned k = 0; k < movingCount; ++k) {
            BonePose& bone = *moving[k];
            lanes::Position position = lanes::positionOf(bone.local);
            if (const BonePose* parent = parents[k])
                position = lanes::composePosition(position, parent->world,
                                                  lanes::positionOf(parent->composed));
            lanes::setPosition(&bone.composed.x, position);
            lanes::setPosition(&bone.world.tx, position);
        }
    }
}

} // namespace hierarchy

} // namespace bonescope::core
