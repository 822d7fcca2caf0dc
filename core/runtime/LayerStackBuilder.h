#pragma once

#include "base/LoadError.h"
#include "model/ArmatureData.h"
#include "model/LayerSetup.h"
#include "model/MovementData.h"
#include "runtime/LayerStack.h"

#include <string>
#include <vector>

namespace bonescope::core {

/// A move of one layer to another movement, due at `startSeconds` on the stack's clock.
struct ScheduledLayerTransition {
    int layer = 0;
    int movement = 0;
    bool loop = true;
    double startSeconds = 0.0;
    double durationSeconds = 0.0;
};

/// A LayerStack built from a setup file, and the transitions it asks for, in start order.
struct LayerStackPlan {
    LayerStack stack;
    std::vector<ScheduledLayerTransition> transitions;
};

/// Resolves a LayerSetup's names against an armature and its movements (`animation` indexed
/// like the source's movements): movements by name, mask entries by bone name, unset loop
/// flags from the movement's `lp`; refuses a setup past the limits (layerSetupLimitBreach).
/// Errors name `fileName` and point at the offending value (e.g. "/layers/1/mask/0"). The plan
/// borrows `source`.
Result<LayerStackPlan> buildLayerStack(const LayerSetup& setup, const ArmatureData& armature,
                                       const AnimationData& animation,
                                       const MovementPoseSource& source,
                                       const std::string& fileName);

} // namespace bonescope::core
