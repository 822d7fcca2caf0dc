#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

// The hierarchy pass needs the sines and cosines of every bone whose summed skews changed: a
// bone's two skews go through one SSE register, and the bones nothing composes onto are batched,
// eight angles at a time, with the GCC/Clang vector extension. BONESCOPE_PORTABLE_KERNEL (CMake
// option BONESCOPE_VECTOR_KERNEL=OFF, or a compiler without the extension) evaluates them one
// after the other with the same operations. Both give bit-identical results
// (tests/core/test_armature_runtime.cpp checks it).
#if defined(__GNUC__) && !defined(BONESCOPE_PORTABLE_KERNEL)
#define BONESCOPE_USE_VECTOR_BATCH 1
#endif

namespace bonescope::core::sincos {

/// Lane types of the kernel: one angle (float) or, with the vector extension, four or eight.
template <typename Real> struct Lanes;
template <> struct Lanes<float> {
    using Bits = std::uint32_t;
};

#if defined(__GNUC__)
// (GCC ignores vector_size on a type depending on a template parameter: spelled out per width.)
using Float4 = float __attribute__((vector_size(16)));
using Float8 = float __attribute__((vector_size(32)));
template <typename BitsType, typename IntType> struct VectorLanes {
    using Bits = BitsType;
    using Int = IntType;
};
template <>
struct Lanes<Float4> : VectorLanes<std::uint32_t __attribute__((vector_size(16))),
                                   std::int32_t __attribute__((vector_size(16)))> {
};
template <>
struct Lanes<Float8> : VectorLanes<std::uint32_t __attribute__((vector_size(32))),
                                   std::int32_t __attribute__((vector_size(32)))> {
};
#endif

/// Batch arrays are sized and filled to a multiple of this many angles.
inline constexpr int kBatchPadding = 8;

/// Below this magnitude the kernel's reduction is exact enough; beyond it (and for NaN) libm
/// computes in double.
inline constexpr float kKernelRange = 8192.f;

// The polynomials write their result through a reference: returning an eight-float vector by
// value is an ABI change GCC warns about (-Wpsabi) in a build without AVX, inlined or not.

/// sin(r) for |r| ≤ π/4: Cephes' single-precision minimax polynomial (exactly 0 at 0).
template <typename Real> [[gnu::always_inline]] inline void sinPolynomial(const Real& r, Real& sine)
{
    const Real z = r * r;
    sine = r + r * z *
                   ((Real{} + -1.6666654611e-1f) +
                    z * ((Real{} + 8.3321608736e-3f) + z * (Real{} + -1.9515295891e-4f)));
}

/// cos(r) for |r| ≤ π/4: Cephes' single-precision minimax polynomial (exactly 1 at 0).
template <typename Real>
[[gnu::always_inline]] inline void cosPolynomial(const Real& r, Real& cosine)
{
    const Real z = r * r;
    cosine = (Real{} + 1) - (Real{} + 0.5f) * z +
             z * z *
                 ((Real{} + 4.166664568298827e-2f) +
                  z * ((Real{} + -1.388731625493765e-3f) + z * (Real{} + 2.443315711809948e-5f)));
}

/// sin and cos of `x` (each lane) for |x| < kKernelRange, in float, several times faster than
/// libm: reduction by π/2 in three parts (Cody-Waite; k·part1 and k·part2 are exact below the
/// range) and Cephes' single-precision minimax kernels on [−π/4, π/4]. Error about 1e-7, i.e.
/// matrix entries within a few float ulps of cocos2d-x's, far inside the goldens' tolerances.
/// Integer-free: the quadrant is rounded by the 1.5·2^23 shift, whose low mantissa bits then hold
/// it, so every lane stays in a vector register.
template <typename Real>
[[gnu::always_inline]] inline void kernel(const Real& x, Real& sine, Real& cosine)
{
    using L = Lanes<Real>;
    using Bits = typename L::Bits;
    constexpr Real twoOverPi = (Real{} + 0.636619772367581343f);
    constexpr Real pio2Part1 = (Real{} + 1.5703125f);
    constexpr Real pio2Part2 = (Real{} + 4.837512969970703125e-4f);
    constexpr Real pio2Part3 = (Real{} + 7.54978995489188216e-8f);
    constexpr Real shift = (Real{} + 12582912.f); // 1.5·2^23
    const Real shifted = x * twoOverPi + shift;
    const Real k = shifted - shift; // x·2/π rounded to the nearest integer
    const Real r = ((x - k * pio2Part1) - k * pio2Part2) - k * pio2Part3;
    Real s, c;
    sinPolynomial(r, s);
    cosPolynomial(r, c);
    // Quadrant by bit masks rather than a switch: bones' angles are spread over all four
    // quadrants, so a branch here mispredicts often. Odd quadrants swap sine and cosine;
    // quadrants 2, 3 negate the sine, 1, 2 the cosine (flipping the sign bit is exactly a
    // product by −1). The shifted value's low bits are k modulo 4, negative k included.
    // (__builtin_bit_cast: std::bit_cast of an eight-float vector is a call by value that GCC
    // warns about without AVX, inlined or not.)
    const Bits q = __builtin_bit_cast(Bits, shifted);
    const Bits odd = -(q & 1); // all ones where odd
    const Bits sBits = __builtin_bit_cast(Bits, s);
    const Bits cBits = __builtin_bit_cast(Bits, c);
    sine = __builtin_bit_cast(Real, ((cBits & odd) | (sBits & ~odd)) ^ ((q & 2) << 30));
    cosine = __builtin_bit_cast(Real, ((sBits & odd) | (cBits & ~odd)) ^ (((q + 1) & 2) << 30));
}

/// One angle: the kernel, or libm (in double) out of its range.
[[gnu::always_inline]] inline void sinCos(float x, float& sine, float& cosine)
{
    if (!(std::abs(x) < kKernelRange)) {
        sine = static_cast<float>(std::sin(static_cast<double>(x)));
        cosine = static_cast<float>(std::cos(static_cast<double>(x)));
        return;
    }
    kernel(x, sine, cosine);
}

#if defined(__GNUC__)
/// Whether a lane of `x` is one the kernel cannot reduce (|x| ≥ kKernelRange, or NaN). The
/// magnitudes compare as integers (NaN's bits are above every finite one): SSE2 does that in one
/// instruction, where GCC splits float compares of eight lanes into one per lane.
template <typename Real> [[gnu::always_inline]] inline bool anyOutOfRange(const Real& x)
{
    using Int = typename Lanes<Real>::Int;
    const Int outside =
        (__builtin_bit_cast(Int, x) & 0x7fffffff) >= __builtin_bit_cast(std::int32_t, kKernelRange);
    std::uint64_t words[sizeof outside / sizeof(std::uint64_t)];
    std::memcpy(words, &outside, sizeof words);
    std::uint64_t any = 0;
    for (const std::uint64_t word : words)
        any |= word;
    return any != 0;
}
#endif

/// Two angles at once (a bone's skews), in one SSE register.
[[gnu::always_inline]] inline void sinCosPair(float x0, float x1, float (&sine)[2],
                                              float (&cosine)[2])
{
#if BONESCOPE_USE_VECTOR_BATCH
    const Float4 x = {x0, x1, 0, 0};
    if (!anyOutOfRange(x)) [[likely]] {
        Float4 s, c;
        kernel(x, s, c);
        sine[0] = s[0];
        sine[1] = s[1];
        cosine[0] = c[0];
        cosine[1] = c[1];
        return;
    }
#endif
    sinCos(x0, sine[0], cosine[0]);
    sinCos(x1, sine[1], cosine[1]);
}

/// The sines and cosines of `count` angles, one after the other.
void sinCosBatchPortable(const float* angles, float* sines, float* cosines, int count);
#if defined(__GNUC__)
/// The same, eight lanes at a time; a lane out of the kernel's range is computed by libm alone.
/// Reads and writes whole vectors: the arrays have room for `count` rounded up to a multiple of
/// kBatchPadding, the angles past `count` set (to anything).
void sinCosBatchVector(const float* angles, float* sines, float* cosines, int count);
#endif

/// The batch evaluation this build uses (see BONESCOPE_USE_VECTOR_BATCH above).
inline void sinCosBatch(const float* angles, float* sines, float* cosines, int count)
{
#if BONESCOPE_USE_VECTOR_BATCH
    sinCosBatchVector(angles, sines, cosines, count);
#else
    sinCosBatchPortable(angles, sines, cosines, count);
#endif
}

} // namespace bonescope::core::sincos
