#pragma once

#include "cli/BakeJob.h"

namespace bonescope::cli {

/// The blending kinds of `bonescope-cli bake` (core/bake/BlendScenario.h: blend, chain,
/// layers, flipbook) on one input: an armature export, or an AnimationCache plist for
/// flipbook. Pose rows go to the request's output (stdout when empty) in the golden CSV layout,
/// the state rows beside them with .state.csv in place of .csv; with no output a flipbook,
/// which has no bones, prints its state rows. Checks names (listing the valid ones), scenario
/// parameters, layer setups and the limits of core/base/Limits.h before any update. Returns
/// the error, or an empty string with `report` filled.
std::string bakeBlend(const InputFile& input, const BakeRequest& request, OutputFiles& files,
                      BakeReport& report);

/// `--scenario all` on a flipbook export (an AnimationCache plist, or a sprite sheet played as
/// one animation): flipbook:NAME of every animation, into the request's folder as
/// flipbook_NAME.csv and its .state.csv. Every animation is checked before the first is baked.
std::string bakeEveryFlipbook(const InputFile& input, const BakeRequest& request,
                              OutputFiles& files, BakeReport& report);

} // namespace bonescope::cli
