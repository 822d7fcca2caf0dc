#pragma once

#include "runtime/BoneContribution.h"
#include "runtime/LayerStack.h"

#include <vector>

namespace bonescope::core {

/// Poses and flags a layer trace works in; sized by the first call, reused after.
struct LayerTraceScratch {
    Pose current;
    Pose next;
    Pose layer;
    BoneMask isSet;
};

/// Appends to `out` what makes bone `bone` of `stack`'s pose at update `frame`: each layer that
/// sets it, bottom first, with its value alone (what mixLayer gives it with nothing under it),
/// its share and where its current movement is; or `rest` (with `rest`'s local values) when no
/// layer sets it. A layer's share is its weight times 1 − the weight of every layer above it,
/// and the lowest layer that sets the bone takes all that the layers above leave, so the shares
/// add up to 1. The caller adds the `result` row.
void traceLayerStack(const MovementPoseSource& source, const LayerStack& stack, int bone, int frame,
                     const Pose& rest, LayerTraceScratch& scratch,
                     std::vector<BoneContribution>& out);

} // namespace bonescope::core
