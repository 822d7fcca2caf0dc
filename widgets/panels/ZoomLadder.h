#pragma once

#include <algorithm>

namespace bonescope::widgets::zoom {

/// The zoom of the armature viewport and of the flipbook view, screen pixels per point (or per
/// frame pixel): Zoom In and Out step along the ladder 100 %, 125 %, 156 %, … between the ends.
inline constexpr double kStep = 1.25;
inline constexpr double kMin = 0.01;
inline constexpr double kMax = 100.0;

inline double clamped(double zoom)
{
    return std::clamp(zoom, kMin, kMax);
}

} // namespace bonescope::widgets::zoom
