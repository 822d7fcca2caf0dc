#include "runtime/LayerStack.h"

#include <algorithm>
#include <utility>

namespace bonescope::core {

LayerStack::LayerStack(const MovementPoseSource& source)
    : m_source(&source), m_currentPose(source.boneCount()), m_nextPose(source.boneCount()),
      m_isSet(source.boneCount(), 0)
{
}

int LayerStack::addLayer(std::string name, float weight, BoneMask mask, int movement, bool loop,
                         double speed)
{
    Layer layer;
    layer.name = std::move(name);
    layer.weight = weight;
    layer.mask = std::move(mask);
    layer.speed = speed;
    layer.current.start(movement, loop);
    m_layers.push_back(std::move(layer));
    return int(m_layers.size()) - 1;
}

void LayerStack::transition(int layerIndex, int movement, bool loop, double durationSeconds)
{
    Layer& layer = m_layers.at(layerIndex);
    if (layer.inTransition())
        layer.current = layer.next;
    layer.next = BlendClip{};
    layer.progress = 0.0;
    if (durationSeconds <= 0.0) {
        layer.current.start(movement, loop);
        return;
    }
    layer.next.start(movement, loop);
    layer.transitionSeconds = durationSeconds;
}

void LayerStack::addTime(double seconds)
{
    for (Layer& layer : m_layers) {
        const double layerSeconds = seconds * layer.speed;
        layer.current.advance(m_source->timing(layer.current.movement), layerSeconds);
        if (!layer.inTransition())
            continue;
        layer.next.advance(m_source->timing(layer.next.movement), layerSeconds);
        layer.progress = std::min(1.0, layer.progress + layerSeconds / layer.transitionSeconds);
        if (layer.progress >= 1.0 - kBlendTimeEpsilon) {
            layer.current = layer.next;
            layer.next = BlendClip{};
            layer.progress = 0.0;
        }
    }
}

LayerContribution sampleLayer(const MovementPoseSource& source, const Layer& layer,
                              Pose& currentPose, Pose& nextPose)
{
    LayerContribution contribution;
    source.sample(layer.current, currentPose);
    contribution.current = &currentPose;
    contribution.currentAnimated = &source.animatedBones(layer.current.movement);
    if (layer.inTransition()) {
        source.sample(layer.next, nextPose);
        contribution.next = &nextPose;
        contribution.nextAnimated = &source.animatedBones(layer.next.movement);
        contribution.transitionProgress = float(layer.progress);
    }
    contribution.mask = layer.mask.empty() ? nullptr : &layer.mask;
    contribution.weight = layer.weight;
    return contribution;
}

void LayerStack::evaluate(const Pose& base, Pose& out)
{
    // Once sized, out keeps its own world and composed transforms (from the last hierarchy
    // pass): a matching pair that lets the pass skip the trigonometry of bones that did not turn.
    if (out.size() != base.size())
        out = base;
    else
        for (size_t bone = 0; bone < base.size(); ++bone)
            copyLocalChannels(base[bone], out[bone]);
    std::fill(m_isSet.begin(), m_isSet.end(), std::uint8_t(0));
    for (const Layer& layer : m_layers)
        mixLayer(sampleLayer(*m_source, layer, m_currentPose, m_nextPose), out, m_isSet);
}

} // namespace bonescope::core
