#include "runtime/Hierarchy.h"

namespace bonescope::core {

Affine nodeToMatrix(const Transform& node)
{
    return hierarchy::matrixOf(node);
}

void updateWorldTransforms(const std::vector<BoneData>& bones, Pose& pose,
                           const BonePose* armatureParent)
{
    hierarchy::composeBones(bones.data(), pose.data(), bones.size(), armatureParent,
                            [](size_t, BonePose&) {});
}

} // namespace bonescope::core
