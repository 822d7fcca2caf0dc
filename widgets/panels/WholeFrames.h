#pragma once

#include <cmath>

namespace bonescope::widgets {

/// The whole frames a playback clock standing at `frame` has reached. The clock adds float
/// steps, which fall a hair short of whole frames (at `sc` 0.4 it reaches 9.99999905 where the
/// ruler's cursor stands on 10): that noise is forgiven, so a label or a table row agrees with
/// the cursor.
inline double wholeFramesReached(double frame)
{
    constexpr double kClockNoise = 1e-4;
    return std::floor(frame + kClockNoise);
}

} // namespace bonescope::widgets
