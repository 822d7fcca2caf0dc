#pragma once

#include "bake/BakeRunner.h"
#include "base/LoadError.h"
#include "model/SkeletonData.h"
#include "script/BlendScript.h"
#include "script/BlendStateRow.h"
#include "script/ScriptRunner.h"

#include <string>
#include <vector>

namespace bonescope::core {

/// What a blend script bake records: poses (golden layout) and events, one state row per
/// update baked, and the contributions of the traced bones.
struct ScriptBakeResult {
    BakeResult poses;
    std::vector<BlendStateRow> states;      ///< a script without layers
    std::vector<LayerStateRow> layerStates; ///< a script with layers: per update, every layer
    std::vector<BoneContribution> trace;
};

/// Runs `script` (ScriptRunner) and records every update in order, events from update 0 on;
/// or, when `frames` is not empty, only those updates (1..updates) in the order given, each
/// reached by random access with the sequential run's rows, and the events of those frames.
/// `tracedBones` names the bones to trace. Errors: the runner's, an update out of range or an
/// unknown bone name.
Result<ScriptBakeResult> bakeScript(const SkeletonData& skeleton, const BlendScript& script,
                                    const std::vector<int>& frames = {},
                                    const std::vector<std::string>& tracedBones = {});

} // namespace bonescope::core
