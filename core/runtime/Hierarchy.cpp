#include "runtime/Hierarchy.h"

#include <cmath>
#include <cstdint>

namespace bonescope::core {

namespace {

// sin and cos for the skews of the hierarchy pass, several times faster than libm's sincos:
// reduction by π/2 (Cody-Waite, two parts) and Cephes' single-precision minimax kernels on
// [−π/4, π/4], evaluated in double with short dependency chains. Absolute error about 1e-8,
// i.e. the float matrix entries match cocos2d-x's (libm in double, stored as float) to within
// an ulp, far inside the goldens' 1e-4. Angles beyond ±1e6 rad and NaN go to libm.
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
    const std::int64_t quadrant = static_cast<std::int64_t>(x * twoOverPi + std::copysign(0.5, x));
    const double k = static_cast<double>(quadrant);
    const double r = (x - k * pio2Hi) - k * pio2Lo;
    const double z = r * r;
    const double s = r + r * z * (-1.6666654611e-1 + z * (8.3321608736e-3 + z * -1.9515295891e-4));
    const double c =
        1 - 0.5 * z +
        z * z * (4.166664568298827e-2 + z * (-1.388731625493765e-3 + z * 2.443315711809948e-5));
    // Quadrant by table lookups rather than a switch: bones' angles are spread over all four
    // quadrants, so a branch here mispredicts often.
    const int q = static_cast<int>(quadrant & 3);
    const double values[2] = {s, c};
    constexpr double signs[2] = {1.0, -1.0};
    sine = values[q & 1] * signs[(q >> 1) & 1];
    cosine = values[(q & 1) ^ 1] * signs[((q + 1) >> 1) & 1];
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
            bone.world = nodeToMatrix(c);
        }
    }
}

} // namespace bonescope::core
