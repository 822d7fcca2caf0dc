#pragma once

#include "base/LoadError.h"
#include "model/SkeletonData.h"

#include <optional>
#include <string>

namespace bonescope::core {

/// Checks the armatures a skeleton nests as displays, so no runtime instantiates without bound:
/// an armature that shows itself, directly or through others, is refused with the chain of
/// names ("A → B → A"); so is a chain deeper than kMaxNestingDepth, and an armature whose
/// nested displays would create more than kMaxArmatureInstances instances (counted with
/// multiplicity, saturating, so ten displays per bone over eight levels cost nothing to count),
/// or more than kMaxInstancedBoneTracks bone × movement entries over all its instances.
/// Displays naming armatures the file lacks are left to the validator. Linear in armatures
/// plus displays; no recursion. The error names `fileName`.
std::optional<LoadError> checkNesting(const SkeletonData& skeleton, const std::string& fileName);

} // namespace bonescope::core
