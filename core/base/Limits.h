#pragma once

#include "base/FrameRate.h"

#include <cstdint>

namespace bonescope::core {

/// Documented limits on the work one command may ask for. They are checked before any work
/// starts, so a hostile or mistyped request is refused at once with the limit and the figure
/// instead of running for hours or exhausting memory.

/// Longest bake or render: one hour of updates at the armature clock (216 000 updates).
inline constexpr double kMaxBakeSeconds = 3600.0;
inline constexpr std::int64_t kMaxBakeUpdates =
    static_cast<std::int64_t>(kMaxBakeSeconds * kFramesPerSecond);

/// Most pose rows (updates × bones) one bake may hold in memory (about 250 MB of poses).
inline constexpr std::int64_t kMaxBakeRows = 2'000'000;

/// Most PNG frames (or sheet cells) one `render` may draw: a minute at the armature clock.
inline constexpr std::int64_t kMaxRenderFrames = static_cast<std::int64_t>(60.0 * kFramesPerSecond);

/// Largest speed scale a scenario may set (0 stops; negative speeds are refused).
inline constexpr double kMaxSpeedScale = 100.0;

} // namespace bonescope::core
