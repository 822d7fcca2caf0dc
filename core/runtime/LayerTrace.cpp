#include "runtime/LayerTrace.h"

#include "base/FrameRate.h"

#include <algorithm>
#include <cstdint>
#include <iterator>

namespace bonescope::core {

void traceLayerStack(const MovementPoseSource& source, const LayerStack& stack, int bone, int frame,
                     const Pose& rest, LayerTraceScratch& scratch,
                     std::vector<BoneContribution>& out)
{
    const size_t bones = size_t(source.boneCount());
    scratch.current.resize(bones);
    scratch.next.resize(bones);
    scratch.layer.resize(bones);
    scratch.isSet.resize(bones);
    const size_t first = out.size();
    double remaining = 1.0;   // what the layers above leave
    double lowestShare = 1.0; // `remaining` when the lowest layer so far was reached
    const auto& layers = stack.layers();
    for (auto layer = layers.rbegin(); layer != layers.rend(); ++layer) {
        // With no bone set yet, mixLayer sets each bone the layer moves outright, whatever its
        // weight: scratch.layer holds the layer's own value.
        std::fill(scratch.isSet.begin(), scratch.isSet.end(), std::uint8_t(0));
        mixLayer(sampleLayer(source, *layer, scratch.current, scratch.next), scratch.layer,
                 scratch.isSet);
        if (!scratch.isSet[size_t(bone)])
            continue;
        out.push_back({frame, bone, layer->name, remaining * layer->weight,
                       scratch.layer[size_t(bone)].local,
                       secondsToFrames(layer->current.timeSeconds)});
        lowestShare = remaining;
        remaining *= 1.0 - layer->weight;
    }
    if (out.size() == first) {
        out.push_back({frame, bone, "rest", 1.0, rest[size_t(bone)].local});
        return;
    }
    out.back().weight = lowestShare;
    std::reverse(out.begin() + std::ptrdiff_t(first), out.end());
}

} // namespace bonescope::core
