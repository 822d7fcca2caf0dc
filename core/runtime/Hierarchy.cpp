#include "runtime/Hierarchy.h"

#include <cmath>
#include <cstdint>

namespace bonescope::core {

namespace {

// sin and cos for the skews of the hierarchy pass, several times faster than libm's sincos:
// reduction by π/2 (Cody-Waite, two parts) and short Taylor kernels on [−π/4, π/4], in double.
// The kernels are exact to about 2e-9, far below a float ulp of the matrix entries, so the
// entries match cocos2d-x's (libm in double, stored as float) to the last bit or one ulp.
// Angles beyond ±1e6 rad and NaN go to libm.
void sinCos(double x, double& sine, double& cosine)
{
    if (!(std::abs(x) < 1e6)) {
        sine = std::sin(x);
        cosine = std::cos(x);
        return;
    }
    constexpr double twoOverPi = 6.36619772367581382433e-01;
    constexpr double pio2Hi = 1.57079632673412561417e+00; // first 33 bits of π/2
    constexpr double pio2Lo = 6.07710050650619224932e-11; // π/2 − pio2Hi
    const std::int64_t quadrant = static_cast<std::int64_t>(x * twoOverPi + (x >= 0 ? 0.5 : -0.5));
    const double k = static_cast<double>(quadrant);
    const double r = (x - k * pio2Hi) - k * pio2Lo;
    const double z = r * r;
    const double s =
        r + r * z * (-1.0 / 6 + z * (1.0 / 120 + z * (-1.0 / 5040 + z * (1.0 / 362880))));
    const double c =
        1 + z * (-0.5 + z * (1.0 / 24 + z * (-1.0 / 720 + z * (1.0 / 40320 + z * (-1.0 / 3628800)))));
    switch (quadrant & 3) {
    case 0: sine = s; cosine = c; break;
    case 1: sine = c; cosine = -s; break;
    case 2: sine = -s; cosine = -c; break;
    default: sine = -c; cosine = s; break;
    }
}

} // namespace

Affine nodeToMatrix(const Transform& node)
{
    Affine m;
    double sineX, cosineX;
    sinCos(static_cast<double>(node.skewX), sineX, cosineX);
    if (node.skewX == -node.skewY) {
        m.a = static_cast<float>(node.scaleX * cosineX);
        m.b = static_cast<float>(node.scaleX * -sineX);
        m.c = static_cast<float>(node.scaleY * sineX);
        m.d = static_cast<float>(node.scaleY * cosineX);
    } else {
        double sineY, cosineY;
        sinCos(static_cast<double>(node.skewY), sineY, cosineY);
        m.a = static_cast<float>(node.scaleX * cosineY);
        m.b = static_cast<float>(node.scaleX * sineY);
        m.c = static_cast<float>(node.scaleY * sineX);
        m.d = static_cast<float>(node.scaleY * cosineX);
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
