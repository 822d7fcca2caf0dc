#include "runtime/SinCos.h"

#include "base/Clones.h"

#include <cstring>

namespace bonescope::core::sincos {

void sinCosBatchPortable(const float* angles, float* sines, float* cosines, int count)
{
    for (int i = 0; i < count; ++i)
        sinCos(angles[i], sines[i], cosines[i]);
}

#if defined(__GNUC__)
// Eight lanes: one AVX instruction per operation instead of two SSE ones.
BONESCOPE_AVX2_CLONES
void sinCosBatchVector(const float* angles, float* sines, float* cosines, int count)
{
    using Vector = Float8;
    constexpr int kLanes = sizeof(Vector) / sizeof(float);
    for (int start = 0; start < count; start += kLanes) {
        Vector x, s, c;
        std::memcpy(&x, angles + start, sizeof x); // the caller pads to whole vectors
        kernel(x, s, c); // integer-free: out-of-range lanes give garbage, not UB
        std::memcpy(sines + start, &s, sizeof s);
        std::memcpy(cosines + start, &c, sizeof c);
        // Lanes out of range (rare) are redone one by one.
        if (anyOutOfRange(x)) [[unlikely]]
            for (int i = start; i < start + kLanes && i < count; ++i)
                sinCos(angles[i], sines[i], cosines[i]);
    }
}
#endif

} // namespace bonescope::core::sincos
