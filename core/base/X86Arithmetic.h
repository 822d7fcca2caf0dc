#pragma once

#include <cmath>
#include <cstdint>
#include <limits>

namespace bonescope::core {

/// cocos2d-x's int arithmetic as it runs on x86, where C++ leaves it undefined: Bonescope
/// reproduces what the game computes, without the undefined behaviour.

/// A float converted to int (cvttss2si): truncated toward zero, and INT_MIN (the "integer
/// indefinite") for NaN and for anything outside int's range.
inline int truncatedToInt(float value)
{
    return std::abs(value) < 2147483648.f ? static_cast<int>(value)
                                          : std::numeric_limits<int>::min();
}

/// `a` − `b` on ints, wrapping past int's range.
inline int wrappingDifference(int a, int b)
{
    return static_cast<int>(static_cast<std::uint32_t>(a) - static_cast<std::uint32_t>(b));
}

} // namespace bonescope::core
