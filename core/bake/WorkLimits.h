#pragma once

#include "bake/Scenario.h"
#include "model/FlipbookData.h"
#include "model/SkeletonData.h"
#include "script/BlendScript.h"

#include <cstdint>
#include <string>

namespace bonescope::core {

/// Why a bake of `updates` updates over `bones` bones and `layers` layers (a layer stack's
/// state rows), described as `what`, is past the documented limits (core/base/Limits.h:
/// kMaxBakeUpdates, kMaxBakeRows), naming the limit and the figure; empty when within them.
/// Checked before any work starts.
std::string bakeLimitProblem(const std::string& what, std::int64_t updates, std::int64_t bones,
                             std::int64_t layers = 0);

/// bakeLimitProblem for a golden scenario on `armature`, whose movements must exist.
std::string scenarioLimitProblem(const SkeletonData& skeleton, const std::string& armature,
                                 const Scenario& scenario);

/// Why `script` on `skeleton`, described as `what`, must not run, in the bake or the viewer: a
/// layer stack or an amount of work past the limits; empty when within them. An unknown
/// armature is left to the runner, which names it.
std::string scriptLimitProblem(const SkeletonData& skeleton, const BlendScript& script,
                               const std::string& what);
/// Bones of the armature `script` plays (0 when the skeleton lacks it).
std::int64_t scriptBoneCount(const SkeletonData& skeleton, const BlendScript& script);
/// Layers of the script's stack (0 without one).
std::int64_t scriptLayerCount(const BlendScript& script);

/// Why a bake of flipbook `data`, described as `what`, is past the limits: its loops last longer
/// than kMaxBakeSeconds (or not a number of seconds), or its rows too many; empty when within.
std::string flipbookLimitProblem(const FlipbookData& data, const std::string& what);

/// Updates a golden scenario on `armature` runs (its movements must exist).
std::int64_t scenarioUpdates(const SkeletonData& skeleton, const std::string& armature,
                             const Scenario& scenario);

} // namespace bonescope::core
