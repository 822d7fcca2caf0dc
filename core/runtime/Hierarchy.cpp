#include "runtime/Hierarchy.h"

#include "base/Clones.h"
#include "runtime/ArmatureRig.h"

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
    hierarchy::composeBones(bones.data(), pose.data(), bones.size(), armatureParent, nullptr,
                            hierarchy::PoseLocals{});
}

void updateWorldTransforms(const ArmatureRig& rig, Pose& pose, const BonePose* armatureParent)
{
    updateWorldTransforms(rig.bones(), pose, armatureParent);
}

} // namespace bonescope::core
