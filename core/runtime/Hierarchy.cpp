#include "runtime/Hierarchy.h"

namespace bonescope::core {

Affine nodeToMatrix(const Transform& node)
{
    return hierarchy::matrixOf(node);
}

void updateWorldTransforms(const std::vector<BoneData>& bones, Pose& pose,
                           const BonePose* armatureParent)
{
    const size_t count = bones.size();
    for (size_t i = 0; i < count; ++i) {
        const int parent = bones[i].parentIndex;
        hierarchy::composeBone(pose[i],
                               parent >= 0 ? &pose[static_cast<size_t>(parent)] : armatureParent);
    }
}

} // namespace bonescope::core
