#include "runtime/Hierarchy.h"

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

namespace bonescope::core {

namespace {

// Two doubles in one SSE register (GCC/Clang vector extension): a skewed bone needs the sine
// and cosine of both skews, and evaluating the pair lane by lane with the same operations is
// faster than two scalar evaluations while giving bit-identical results. A pure rotation needs
// one angle and takes the scalar form.
using Double2 = double __attribute__((vector_size(16)));
using Bits2 = std::uint64_t __attribute__((vector_size(16)));
using Int2 = std::int64_t __attribute__((vector_size(16)));

// The kernel's integer types and conversions for one angle (double) or two (Double2).
template <typename Real> struct Lanes;
template <> struct Lanes<double> {
    using Int = std::int64_t;
    using Bits = std::uint64_t;
    static Int truncate(double v) { return static_cast<Int>(v); }
    static double toReal(Int v) { return static_cast<double>(v); }
    static constexpr double splat(double v) { return v; }
};
template <> struct Lanes<Double2> {
    using Int = Int2;
    using Bits = Bits2;
    static Int2 truncate(Double2 v) { return __builtin_convertvector(v, Int2); }
    static Double2 toReal(Int2 v) { return __builtin_convertvector(v, Double2); }
    // Vector constants load in one instruction where a scalar operand is broadcast at each use.
    static constexpr Double2 splat(double v) { return Double2{v, v}; }
};

// sin and cos of `x` (each lane) for |x| < 1e6, several times faster than libm's sincos:
// reduction by π/2 (Cody-Waite, two parts) and Cephes' single-precision minimax kernels on
// [−π/4, π/4], evaluated in double with short dependency chains. Absolute error about 1e-8,
// i.e. the float matrix entries match cocos2d-x's (libm in double, stored as float) to within
// an ulp, far inside the goldens' 1e-4.
template <typename Real> void sinCosKernel(Real x, Real& sine, Real& cosine)
{
    using L = Lanes<Real>;
    using Int = typename L::Int;
    using Bits = typename L::Bits;
    constexpr Real twoOverPi = L::splat(6.36619772367581382433e-01);
    constexpr Real pio2Hi = L::splat(1.57079632673412561417e+00); // first 33 bits of π/2
    constexpr Real pio2Lo = L::splat(6.07710050650619224932e-11); // π/2 − pio2Hi
    // Round half away from zero: ±0.5 carrying x's sign (copysign), then truncate.
    const Int signBit = std::bit_cast<Int>(x) & std::numeric_limits<std::int64_t>::min();
    const Real signedHalf = std::bit_cast<Real>(std::bit_cast<Int>(L::splat(0.5)) | signBit);
    const Int quadrant = L::truncate(x * twoOverPi + signedHalf);
    const Real k = L::toReal(quadrant);
    const Real r = (x - k * pio2Hi) - k * pio2Lo;
    const Real z = r * r;
    const Real s = r + r * z *
                           (L::splat(-1.6666654611e-1) +
                            z * (L::splat(8.3321608736e-3) + z * L::splat(-1.9515295891e-4)));
    const Real c = L::splat(1) - L::splat(0.5) * z +
                   z * z *
                       (L::splat(4.166664568298827e-2) +
                        z * (L::splat(-1.388731625493765e-3) + z * L::splat(2.443315711809948e-5)));
    // Quadrant by bit masks rather than a switch: bones' angles are spread over all four
    // quadrants, so a branch here mispredicts often. Odd quadrants swap sine and cosine;
    // quadrants 2, 3 negate the sine, 1, 2 the cosine (flipping the sign bit is exactly a
    // product by −1).
    const Bits q = std::bit_cast<Bits>(quadrant);
    const Bits odd = -(q & 1); // all ones where odd
    const Bits sBits = std::bit_cast<Bits>(s);
    const Bits cBits = std::bit_cast<Bits>(c);
    sine = std::bit_cast<Real>(((cBits & odd) | (sBits & ~odd)) ^ ((q & 2) << 62));
    cosine = std::bit_cast<Real>(((sBits & odd) | (cBits & ~odd)) ^ (((q + 1) & 2) << 62));
}

// sinCosKernel, or libm beyond ±1e6 rad and for NaN (which the kernel cannot reduce). Always
// inlined: called out of line, the results go through memory.
[[gnu::always_inline]] inline void sinCos(double x, double& sine, double& cosine)
{
    if (!(std::abs(x) < 1e6)) {
        sine = std::sin(x);
        cosine = std::cos(x);
        return;
    }
    sinCosKernel(x, sine, cosine);
}

// The same for both lanes; a lane out of the kernel's range is computed by libm alone.
[[gnu::always_inline]] inline void sinCos(Double2 x, Double2& sine, Double2& cosine)
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
    if (node.skewX == -node.skewY) {
        double sineX, cosineX;
        sinCos(static_cast<double>(node.skewX), sineX, cosineX);
        m.a = static_cast<float>(node.scaleX * cosineX);
        m.b = static_cast<float>(node.scaleX * -sineX);
        m.c = static_cast<float>(node.scaleY * sineX);
        m.d = static_cast<float>(node.scaleY * cosineX);
    } else {
        Double2 sine, cosine;
        sinCos(Double2{node.skewX, node.skewY}, sine, cosine);
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
