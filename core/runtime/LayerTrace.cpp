#include "runtime/LayerTrace.h"

#include "base/FrameRate.h"

#include <algorithm>
#include <cstddef>

namespace bonescope::core {

void traceLayerStack(const MovementPoseSource& source, const LayerStack& stack,
                     std::span<const int> bones, int frame, const Pose& rest, const Pose& result,
                     LayerTraceScratch& scratch, std::vector<BoneContribution>& out)
{
    const auto& layers = stack.layers();
    const size_t boneCount = size_t(source.boneCount());
    scratch.current.resize(boneCount);
    scratch.next.resize(boneCount);
    scratch.values.resize(layers.size());
    scratch.sets.resize(layers.size());
    for (size_t i = 0; i < layers.size(); ++i) {
        // With no bone set yet, mixLayer sets each bone the layer moves outright, whatever its
        // weight: the layer's own value.
        scratch.values[i].resize(boneCount);
        scratch.sets[i].assign(boneCount, 0);
        mixLayer(sampleLayer(source, layers[i], scratch.current, scratch.next), scratch.values[i],
                 scratch.sets[i]);
    }
    for (const int bone : bones) {
        const size_t b = size_t(bone);
        const size_t first = out.size();
        double remaining = 1.0;   // what the layers above leave
        double lowestShare = 1.0; // `remaining` when the lowest layer so far was reached
        for (size_t i = layers.size(); i-- > 0;) {
            if (!scratch.sets[i][b])
                continue;
            out.push_back({frame, bone, layers[i].name, remaining * layers[i].weight,
                           scratch.values[i][b].local,
                           secondsToFrames(layers[i].current.timeSeconds)});
            lowestShare = remaining;
            remaining *= 1.0 - layers[i].weight;
        }
        if (out.size() == first) {
            out.push_back({frame, bone, "rest", 1.0, rest[b].local});
        } else {
            out.back().weight = lowestShare;
            std::reverse(out.begin() + std::ptrdiff_t(first), out.end());
        }
        out.push_back({frame, bone, "result", 1.0, result[b].local});
    }
}

} // namespace bonescope::core
