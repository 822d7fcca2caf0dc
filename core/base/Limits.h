#pragma once

#include "base/FrameRate.h"

#include <cstdint>

namespace bonescope::core {

// ---- Input limits (readers, model building, nested armatures) ---------------------------------
// Far above every real export (the largest known has a few hundred bones and a few thousand
// frames), low enough that a mistaken or hostile file cannot make Bonescope allocate or work
// without bound. Past one of them a file is refused with a LoadError naming the limit and the
// figure the file asked for.

/// Largest file any reader accepts (bytes).
inline constexpr std::uintmax_t kMaxFileBytes = 256u * 1024u * 1024u;
/// Longest movement, keyframe or frame index (frames): about 4.6 hours at 60 frames a second.
inline constexpr int kMaxFrames = 1'000'000;
/// Most bones one armature may have. Everything over bones is linear in their number (no
/// recursion on the depth of the parent chain), so a chain this deep works too.
inline constexpr int kMaxBonesPerArmature = 65'536;
/// Deepest chain of armatures shown as displays of other armatures (A shows B shows C: 2).
inline constexpr int kMaxNestingDepth = 8;
/// Most armature instances one top-level armature may create through nested displays, itself
/// included (an armature shown by ten bones of its parent counts ten times).
inline constexpr std::int64_t kMaxArmatureInstances = 10'000;

/// Most per-bone, per-movement entries instantiating one top-level armature may need, nested
/// armatures included: the sum over every instance of bones × movements (at least 1). It bounds
/// the runtime's memory however bones, movements and nesting multiply (a real export needs a
/// few thousand).
inline constexpr std::int64_t kMaxInstancedBoneTracks = 16'777'216;

/// Largest magnitude of a colour channel a keyframe may give (DragonBones: 2.55 × percent +
/// offset). Real exports stay within 0..255; the bound keeps keyframes' channels and their
/// differences within int (a tween past 0..1 may still leave it: TweenDelta.h).
inline constexpr int kMaxColorChannel = 1'000'000;

/// Most warnings one file reports in detail; the rest are counted in one last warning.
inline constexpr int kMaxWarningsPerFile = 100;

/// Documented limits on the work one command may ask for. They are checked before any work
/// starts, so a hostile or mistyped request is refused at once with the limit and the figure
/// instead of running for hours or exhausting memory.

/// Longest bake or render: one hour of updates at the armature clock (216 000 updates).
inline constexpr double kMaxBakeSeconds = 3600.0;
inline constexpr std::int64_t kMaxBakeUpdates =
    static_cast<std::int64_t>(kMaxBakeSeconds * kFramesPerSecond);

/// Most rows one bake may hold in memory (about 250 MB): its pose rows (updates × bones) and,
/// for a layer stack, its layer-state rows (updates × layers).
inline constexpr std::int64_t kMaxBakeRows = 2'000'000;

/// Most PNG frames (or sheet cells) one `render` may draw: a minute at the armature clock.
inline constexpr std::int64_t kMaxRenderFrames = static_cast<std::int64_t>(60.0 * kFramesPerSecond);

/// Largest speed scale a scenario may set (0 stops; negative speeds are refused).
inline constexpr double kMaxSpeedScale = 100.0;

/// The one rule for every length and time of a blending bake: finite, from 0 to
/// kMaxBakeSeconds. NaN fails every comparison, so it is refused too.
constexpr bool withinBakeSeconds(double seconds)
{
    return seconds >= 0.0 && seconds <= kMaxBakeSeconds;
}

/// The one rule for a speed scale (a scenario's, a layer's): from 0 to kMaxSpeedScale. NaN and
/// the infinities fail.
constexpr bool withinSpeedScale(double scale)
{
    return scale >= 0.0 && scale <= kMaxSpeedScale;
}

} // namespace bonescope::core
