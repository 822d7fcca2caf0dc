#include "runtime/Hierarchy.h"

#include "runtime/SinCos.h"

namespace bonescope::core {

namespace {

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

} // namespace

Affine nodeToMatrix(const Transform& node)
{
    return matrixOf(node);
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
        const Transform previous = bone.composed;
        bone.composed =
            parentPose ? applyParentTransform(bone.local, parentPose->composed, parentPose->world)
                       : bone.local;
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
}

} // namespace bonescope::core
