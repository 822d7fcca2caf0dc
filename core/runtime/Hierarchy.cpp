#include "runtime/Hierarchy.h"

#include "base/Clones.h"
#include "runtime/ArmatureRig.h"

#include <algorithm>

namespace bonescope::core {

Affine nodeToMatrix(const Transform& node)
{
    float sine[2], cosine[2];
    sincos::sinCosPair(node.skewX, node.skewY, sine, cosine);
    Affine m;
    hierarchy::setLinearPart(node, sine, cosine, m);
    m.tx = node.x;
    m.ty = node.y;
    return m;
}

BONESCOPE_AVX2_CLONES
void updateWorldTransforms(const std::vector<BoneData>& bones, Pose& pose,
                           const BonePose* armatureParent)
{
    // The flags of the first kMarked bones, on the stack: this pass allocates nothing.
    constexpr size_t kMarked = 256;
    bool isParent[kMarked];
    const size_t marked = std::min(bones.size(), kMarked);
    hierarchy::markParents(bones.data(), bones.size(), marked, isParent);
    hierarchy::composeBones(bones.data(), pose.data(), bones.size(), isParent, marked,
                            armatureParent, nullptr, hierarchy::PoseLocals{});
}

BONESCOPE_AVX2_CLONES
void updateWorldTransforms(const ArmatureRig& rig, Pose& pose, const BonePose* armatureParent)
{
    const std::vector<BoneData>& bones = rig.bones();
    hierarchy::composeBones(bones.data(), pose.data(), bones.size(), rig.parentFlags(),
                            bones.size(), armatureParent, nullptr, hierarchy::PoseLocals{});
}

namespace hierarchy {

void markParents(const BoneData* bones, size_t count, size_t marked, bool* isParent)
{
    std::fill(isParent, isParent + marked, false);
    for (size_t b = 0; b < count; ++b)
        if (const auto parent = static_cast<size_t>(bones[b].parentIndex); parent < marked)
            isParent[parent] = true;
}

} // namespace hierarchy

} // namespace bonescope::core
