#include "runtime/Hierarchy.h"

#include <cmath>

namespace bonescope::core {

Affine nodeToMatrix(const Transform& node)
{
    Affine m;
    if (node.skewX == -node.skewY) {
        const double sine = std::sin(static_cast<double>(node.skewX));
        const double cosine = std::cos(static_cast<double>(node.skewX));
        m.a = static_cast<float>(node.scaleX * cosine);
        m.b = static_cast<float>(node.scaleX * -sine);
        m.c = static_cast<float>(node.scaleY * sine);
        m.d = static_cast<float>(node.scaleY * cosine);
    } else {
        m.a = static_cast<float>(node.scaleX * std::cos(static_cast<double>(node.skewY)));
        m.b = static_cast<float>(node.scaleX * std::sin(static_cast<double>(node.skewY)));
        m.c = static_cast<float>(node.scaleY * std::sin(static_cast<double>(node.skewX)));
        m.d = static_cast<float>(node.scaleY * std::cos(static_cast<double>(node.skewX)));
    }
    m.tx = node.x;
    m.ty = node.y;
    return m;
}

Transform applyParentTransform(const Transform& child, const Transform& parentComposed,
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

void updateWorldTransforms(const std::vector<BoneData>& bones, Pose& pose,
                           const BonePose* armatureParent)
{
    const size_t count = bones.size();
    for (size_t i = 0; i < count; ++i) {
        BonePose& bone = pose[i];
        const int parent = bones[i].parentIndex;
        const BonePose* parentPose =
            parent >= 0 ? &pose[static_cast<size_t>(parent)] : armatureParent;
        bone.composed = parentPose
                            ? applyParentTransform(bone.local, parentPose->composed, parentPose->world)
                            : bone.local;
        bone.world = nodeToMatrix(bone.composed);
    }
}

} // namespace bonescope::core
