#pragma once

#include "bake/Scenario.h"
#include "model/SkeletonData.h"

#include <cstdint>
#include <string>

namespace bonescope::cli {

/// Why a bake of `updates` updates over `bones` bones and `layers` layers (a layer stack's
/// state rows), described as `what`, is past the documented limits (core/base/Limits.h:
/// kMaxBakeUpdates, kMaxBakeRows), naming the limit and the figure; empty when within them.
/// Checked before any work starts.
std::string bakeLimitProblem(const std::string& what, std::int64_t updates, std::int64_t bones,
                             std::int64_t layers = 0);

/// bakeLimitProblem for a golden scenario on `armature`, whose movements must exist.
std::string scenarioLimitProblem(const core::SkeletonData& skeleton, const std::string& armature,
                                 const core::Scenario& scenario);

/// Updates a golden scenario on `armature` runs (its movements must exist).
std::int64_t scenarioUpdates(const core::SkeletonData& skeleton, const std::string& armature,
                             const core::Scenario& scenario);

} // namespace bonescope::cli
