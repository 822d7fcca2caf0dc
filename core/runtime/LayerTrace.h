#pragma once

#include "runtime/BoneContribution.h"
#include "runtime/LayerStack.h"

#include <span>
#include <vector>

namespace bonescope::core {

/// What a layer trace works in; sized by the first call, reused after.
struct LayerTraceScratch {
    Pose current;
    Pose next;
    std::vector<Pose> values;   ///< per layer, its own value (the bones it sets)
    std::vector<BoneMask> sets; ///< per layer, the bones it sets
};

/// Appends to `out`, for each of `bones` in turn, what makes it in `stack`'s pose `result` at
/// update `frame`: each layer that sets it, bottom first, with its value alone (what mixLayer
/// gives it with nothing under it), its share and where its current movement is, or `rest`
/// (with `rest`'s local values) when no layer sets it; then `result`. A layer's share is its
/// weight times 1 − the weight of every layer above it, and the lowest layer that sets the bone
/// takes all that the layers above leave, so the shares add up to 1. Each layer is sampled
/// once, however many bones are traced.
void traceLayerStack(const MovementPoseSource& source, const LayerStack& stack,
                     std::span<const int> bones, int frame, const Pose& rest, const Pose& result,
                     LayerTraceScratch& scratch, std::vector<BoneContribution>& out);

} // namespace bonescope::core
