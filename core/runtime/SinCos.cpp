#include "runtime/SinCos.h"

#include <cstring>

namespace bonescope::core::sincos {

void sinCosBatchPortable(const float* angles, float* sines, float* cosines, int count)
{
    for (int i = 0; i < count; ++i)
        sinCos(angles[i], sines[i], cosines[i]);
}

#if defined(__GNUC__)
// An AVX2 clone where the processor has it (one instruction per operation instead of two),
// chosen when the program loads; AVX2 without FMA, so both clones round alike.
[[gnu::target_clones("avx2", "default")]] void sinCosBatchVector(const float* angles, float* sines,
                                                                 float* cosines, int count)
{
    using Vector = Float8;
    constexpr int kLanes = sizeof(Vector) / sizeof(float);
    for (int start = 0; start < count; start += kLanes) {
        Vector x, s, c;
        std::memcpy(&x, angles + start, sizeof x); // the caller pads to whole vectors
        kernel(x, s, c); // integer-free: out-of-range lanes give garbage, not UB
        std::memcpy(sines + start, &s, sizeof s);
        std::memcpy(cosines + start, &c, sizeof c);
        // Lanes out of range (rare) are redone one by one; the test is one reduction. The
        // magnitudes compare as integers (NaN's bits are above every finite one), which SSE2
        // does in one instruction where float compares of this width go lane by lane.
        using Int8 = std::int32_t __attribute__((vector_size(32)));
        const Int8 magnitude = std::bit_cast<Int8>(x) & 0x7fffffff;
        const Int8 outOfRange = magnitude >= std::bit_cast<std::int32_t>(kKernelRange);
        std::uint64_t words[sizeof outOfRange / sizeof(std::uint64_t)];
        std::memcpy(words, &outOfRange, sizeof words);
        std::uint64_t any = 0;
        for (std::uint64_t word : words)
            any |= word;
        if (any != 0) [[unlikely]]
            for (int i = start; i < start + kLanes && i < count; ++i)
                sinCos(angles[i], sines[i], cosines[i]);
    }
}
#endif

} // namespace bonescope::core::sincos
