#pragma once

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

// The hierarchy pass needs the sine and cosine of one angle (a pure rotation) or of two (a
// skewed bone). Two angles go through one SSE register with the GCC/Clang vector extension;
// BONESCOPE_PORTABLE_KERNEL (CMake option BONESCOPE_VECTOR_KERNEL=OFF, or a compiler without
// the extension) evaluates them one after the other with the same operations. Both give
// bit-identical results (tests/core/test_armature_runtime.cpp checks it).
#if defined(__GNUC__) && !defined(BONESCOPE_PORTABLE_KERNEL)
#define BONESCOPE_USE_VECTOR_PAIR 1
#endif

namespace bonescope::core::sincos {

/// Lane types of the kernel: one angle (double) or, with the vector extension, two (Double2).
template <typename Real> struct Lanes;
template <> struct Lanes<double> {
    using Int = std::int64_t;
    using Bits = std::uint64_t;
    static Int truncate(double v) { return static_cast<Int>(v); }
    static double toReal(Int v) { return static_cast<double>(v); }
    static constexpr double splat(double v) { return v; }
};

#if defined(__GNUC__)
using Double2 = double __attribute__((vector_size(16)));
using Bits2 = std::uint64_t __attribute__((vector_size(16)));
using Int2 = std::int64_t __attribute__((vector_size(16)));
template <> struct Lanes<Double2> {
    using Int = Int2;
    using Bits = Bits2;
#if defined(__SSE2__)
    // The kernel's quadrants are below 2^31: SSE2 converts both lanes through int32 in one
    // instruction each way, where the int64 conversions go a lane at a time.
    static Int2 truncate(Double2 v)
    {
        const __m128i quadrants = _mm_cvttpd_epi32(__m128d(v));
        return Int2(_mm_unpacklo_epi32(quadrants, _mm_srai_epi32(quadrants, 31)));
    }
    static Double2 toReal(Int2 v)
    {
        return Double2(_mm_cvtepi32_pd(_mm_shuffle_epi32(__m128i(v), _MM_SHUFFLE(3, 1, 2, 0))));
    }
#else
    static Int2 truncate(Double2 v)
    {
        return __builtin_convertvector(v, Int2);
    }
    static Double2 toReal(Int2 v)
    {
        return __builtin_convertvector(v, Double2);
    }
#endif
    // Vector constants load in one instruction where a scalar operand is broadcast at each use.
    static constexpr Double2 splat(double v)
    {
        return Double2{v, v};
    }
};
#endif

/// sin and cos of `x` (each lane) for |x| < 1e6, several times faster than libm's sincos:
/// reduction by π/2 (Cody-Waite, two parts) and Cephes' single-precision minimax kernels on
/// [−π/4, π/4], evaluated in double with short dependency chains. Absolute error about 1e-8,
/// i.e. float matrix entries match cocos2d-x's (libm in double, stored as float) to within an
/// ulp, far inside the goldens' 1e-4. Out of line: inlined into the hierarchy pass it costs more
/// register spills than the call.
template <typename Real> [[gnu::noinline]] inline void kernel(Real x, Real& sine, Real& cosine)
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

/// kernel, or libm beyond ±1e6 rad and for NaN (which the kernel cannot reduce). Always
/// inlined: called out of line, the results go through memory.
[[gnu::always_inline]] inline void sinCos(double x, double& sine, double& cosine)
{
    if (!(std::abs(x) < 1e6)) {
        sine = std::sin(x);
        cosine = std::cos(x);
        return;
    }
    kernel(x, sine, cosine);
}

/// The sines and cosines of two angles, one after the other (no vector extension).
[[gnu::always_inline]] inline void sinCosPairPortable(const double (&x)[2], double (&sine)[2],
                                                      double (&cosine)[2])
{
    sinCos(x[0], sine[0], cosine[0]);
    sinCos(x[1], sine[1], cosine[1]);
}

#if defined(__GNUC__)
/// The same in both lanes of one register; a lane out of the kernel's range is computed by
/// libm alone.
[[gnu::always_inline]] inline void sinCosPairVector(const double (&x)[2], double (&sine)[2],
                                                    double (&cosine)[2])
{
    const Double2 angles = {x[0], x[1]};
    const bool inRange[2] = {std::abs(x[0]) < 1e6, std::abs(x[1]) < 1e6};
    Double2 reducible = angles;
    for (int lane = 0; lane < 2; ++lane)
        if (!inRange[lane])
            reducible[lane] = 0;
    Double2 s, c;
    kernel(reducible, s, c);
    for (int lane = 0; lane < 2; ++lane) {
        if (!inRange[lane]) {
            s[lane] = std::sin(x[lane]);
            c[lane] = std::cos(x[lane]);
        }
    }
    sine[0] = s[0];
    sine[1] = s[1];
    cosine[0] = c[0];
    cosine[1] = c[1];
}
#endif

/// The pair evaluation this build uses (see BONESCOPE_USE_VECTOR_PAIR above).
[[gnu::always_inline]] inline void sinCosPair(const double (&x)[2], double (&sine)[2],
                                              double (&cosine)[2])
{
#if BONESCOPE_USE_VECTOR_PAIR
    sinCosPairVector(x, sine, cosine);
#else
    sinCosPairPortable(x, sine, cosine);
#endif
}

} // namespace bonescope::core::sincos
