#include "runtime/Hierarchy.h"

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

namespace bonescope::core {

namespace {

// Two doubles in one SSE register (GCC/Clang vector extension): the hierarchy pass needs the
// sine and cosine of both skews, and evaluating the pair lane by lane with the same operations
// costs about what one scalar evaluation does while giving bit-identical results.
using Double2 = double __attribute__((vector_size(16)));
using Bits2 = std::uint64_t __attribute__((vector_size(16)));
using Int2 = std::int64_t __attribute__((vector_size(16)));

// sin and cos of both lanes of `x` for |x| < 1e6, several times faster than libm's sincos:
// reduction by π/2 (Cody-Waite, two parts) and Cephes' single-precision minimax kernels on
// [−π/4, π/4], evaluated in double with short dependency chains. Absolute error about 1e-8,
// i.e. the float matrix entries match cocos2d-x's (libm in double, stored as float) to within
// an ulp, far inside the goldens' 1e-4.
// Both lanes set to `v`. Vector constants load in one instruction where a scalar operand
// would be broadcast at each use.
constexpr Double2 both(double v)
{
    return Double2{v, v};
}

void sinCosKernel(Double2 x, Double2& sine, Double2& cosine)
{
    constexpr Double2 twoOverPi = both(6.36619772367581382433e-01);
    constexpr Double2 pio2Hi = both(1.57079632673412561417e+00); // first 33 bits of π/2
    constexpr Double2 pio2Lo = both(6.07710050650619224932e-11); // π/2 − pio2Hi
    // Round half away from zero: ±0.5 carrying x's sign (copysign), then truncate.
    const Int2 signBit = std::bit_cast<Int2>(x) & std::numeric_limits<std::int64_t>::min();
    const Double2 signedHalf = std::bit_cast<Double2>(std::bit_cast<Int2>(both(0.5)) | signBit);
    const Int2 quadrant = __builtin_convertvector(x * twoOverPi + signedHalf, Int2);
    const Double2 k = __builtin_convertvector(quadrant, Double2);
    const Double2 r = (x - k * pio2Hi) - k * pio2Lo;
    const Double2 z = r * r;
    const Double2 s =
        r +
        r * z * (both(-1.6666654611e-1) + z * (both(8.3321608736e-3) + z * both(-1.9515295891e-4)));
    const Double2 c = both(1) - both(0.5) * z +
                      z * z *
                          (both(4.166664568298827e-2) +
                           z * (both(-1.388731625493765e-3) + z * both(2.443315711809948e-5)));
    // Quadrant by bit masks rather than a switch: bones' angles are spread over all four
    // quadrants, so a branch here mispredicts often. Odd quadrants swap sine and cosine;
    // quadrants 2, 3 negate the sine, 1, 2 the cosine (flipping the sign bit is exactly the
    // product by −1 of the scalar version).
    const Bits2 q = std::bit_cast<Bits2>(quadrant);
    const Bits2 odd = -(q & 1); // all ones in odd lanes
    const Bits2 sBits = std::bit_cast<Bits2>(s);
    const Bits2 cBits = std::bit_cast<Bits2>(c);
    sine = std::bit_cast<Double2>(((cBits & odd) | (sBits & ~odd)) ^ ((q & 2) << 62));
    cosine = std::bit_cast<Double2>(((sBits & odd) | (cBits & ~odd)) ^ (((q + 1) & 2) << 62));
}

// sinCosKernel, with lanes beyond ±1e6 rad or NaN (which it cannot reduce) computed by libm.
void sinCos(Double2 x, Double2& sine, Double2& cosine)
{
    const bool inRange[2] = {std::abs(x[0]) < 1e6, std::abs(x[1]) < 1e6};
    Double2 reducible = x;
    for (int lane = 0; lane < 2; ++lane)
        if (!inRange[lane])
            reducible[lane] = 0;
    sinCosKernel(reducible, sine, cosine);
    for (int lane = 0; lane < 2; ++lane) {
        if (!inRange[lane]) {
            sine[lane] = std::sin(x[lane]);
            cosine[lane] = std::cos(x[lane]);
        }
    }
}

// nodeToMatrix's body, inlined into the world-transform pass (no call, no returned copy).
inline Affine matrixOf(const Transform& node)
{
    Affine m;
    Double2 sine, cosine;
    sinCos(Double2{node.skewX, node.skewY}, sine, cosine);
    const double sineX = sine[0], cosineX = cosine[0];
    if (node.skewX == -node.skewY) {
        m.a = static_cast<float>(node.scaleX * cosineX);
        m.b = static_cast<float>(node.scaleX * -sineX);
        m.c = static_cast<float>(node.scaleY * sineX);
        m.d = static_cast<float>(node.scaleY * cosineX);
    } else {
        const double sineY = sine[1], cosineY = cosine[1];
        m.a = static_cast<float>(node.scaleX * cosineY);
        m.b = static_cast<float>(node.scaleX * sineY);
        m.c = static_cast<float>(node.scaleY * sineX);
        m.d = static_cast<float>(node.scaleY * cosineX);
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
