#pragma once

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

/// Most warnings one file reports in detail; the rest are counted in one last warning.
inline constexpr int kMaxWarningsPerFile = 100;

} // namespace bonescope::core
