#pragma once

#include "base/LoadError.h"
#include "model/SkeletonData.h"

#include <string>
#include <vector>

namespace bonescope::cli {

/// The armature `requested` names in `skeleton`, or its first armature when `requested` is
/// empty. The error names `file` and lists the armatures there are.
core::Result<std::string> resolveArmature(const core::SkeletonData& skeleton,
                                          const std::string& requested, const std::string& file);

/// An error for the first of `movements` that `armature` does not have, listing the movements
/// it has; an empty string when all exist.
std::string unknownMovementProblem(const core::SkeletonData& skeleton, const std::string& armature,
                                   const std::vector<std::string>& movements);

} // namespace bonescope::cli
