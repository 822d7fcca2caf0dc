#include "runtime/ArmatureCrowd.h"

#include "base/Clones.h"
#include "runtime/Armature.h"
#include "runtime/Hierarchy.h"

namespace bonescope::core {

/// Armature's friend: the shared update of several instances.
struct CrowdPass {
    /// Armatures per shared pass: a parent bone's skews of all of them fill two vectors of
    /// eight. (With four, their state fits the first-level cache better, but the batches are
    /// half as full: measured slower on every corpus rig.)
    static constexpr size_t kArmatures = 8;

    static void update(std::span<Armature* const> armatures, float dtSeconds)
    {
        for (size_t first = 0; first < armatures.size();) {
            const size_t count = sharingPass(armatures, first);
            const std::span<Armature* const> group = armatures.subspan(first, count);
            first += count;
            if (count == 1) {
                group[0]->update(dtSeconds);
                continue;
            }
            for (Armature* armature : group)
                armature->m_player.update(dtSeconds);
            composeTogether(group);
            for (Armature* armature : group)
                armature->updateNested(dtSeconds);
        }
    }

    /// How many armatures from `first` on share a pass: top-level instances of its rig.
    static size_t sharingPass(std::span<Armature* const> armatures, size_t first)
    {
        const Armature& leader = *armatures[first];
        const auto shares = [&](const Armature& other) {
            return &other.rig() == &leader.rig() && !other.m_parentBone;
        };
        if (!shares(leader))
            return 1;
        size_t count = 1;
        while (count < kArmatures && first + count < armatures.size() &&
               shares(*armatures[first + count]))
            ++count;
        return count;
    }

    static void composeTogether(std::span<Armature* const> group);
};

// Armature::updatePose for each armature of `group`, bone by bone across them: the same steps
// in the same order for each armature (hierarchy::composeBone), and the same kernel for every
// angle (sincos::sinCosBatch gives the bits of sinCosPair), so the same results. (The portable
// build's batch computes one angle after the other: the same cost as updatePose.)
BONESCOPE_AVX2_CLONES
void CrowdPass::composeTogether(std::span<Armature* const> group)
{
    const ArmatureRig& rig = group[0]->rig();
    const BoneData* bones = rig.bones().data();
    const size_t boneCount = rig.bones().size();
    const bool* isParent = rig.parentFlags();
    Armature::TweenLocals locals[kArmatures];
    BonePose* poses[kArmatures];
    bool* moved[kArmatures];
    const size_t count = group.size();
    for (size_t a = 0; a < count; ++a) {
        locals[a] = group[a]->tweenLocals();
        poses[a] = group[a]->m_pose.data();
        moved[a] = group[a]->m_moved.get();
    }
    hierarchy::DeferredLinearParts parents, leaves;
    for (size_t b = 0; b < boneCount; ++b) {
        hierarchy::DeferredLinearParts& batch = isParent[b] ? parents : leaves;
        for (size_t a = 0; a < count; ++a)
            if (hierarchy::composeBone(bones, poses[a], b, nullptr, moved[a], locals[a]))
                batch.add(poses[a][b]);
        if (isParent[b] && !parents.empty())
            parents.flush(); // the children, next, read these matrices
    }
    leaves.flush();
}

void updateArmatures(std::span<Armature* const> armatures, float dtSeconds)
{
    CrowdPass::update(armatures, dtSeconds);
}

} // namespace bonescope::core
