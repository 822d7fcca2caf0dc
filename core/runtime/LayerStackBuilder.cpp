#include "runtime/LayerStackBuilder.h"

#include "model/MissingName.h"

#include <algorithm>

namespace bonescope::core {

namespace {

int movementIndex(const AnimationData& animation, const std::string& name)
{
    for (size_t i = 0; i < animation.movements.size(); ++i)
        if (animation.movements[i].name == name)
            return int(i);
    return -1;
}

} // namespace

Result<LayerStackPlan> buildLayerStack(const LayerSetup& setup, const ArmatureData& armature,
                                       const AnimationData& animation,
                                       const MovementPoseSource& source,
                                       const std::string& fileName)
{
    auto error = [&](const std::string& pointer, const std::string& message) {
        return LoadError{fileName, 0, pointer, message};
    };
    if (auto breach = layerSetupLimitBreach(setup))
        return error(breach->pointer, breach->message);
    LayerStackPlan plan{LayerStack(source), {}};
    for (size_t i = 0; i < setup.layers.size(); ++i) {
        const LayerSetupLayer& layer = setup.layers[i];
        const std::string pointer = "/layers/" + std::to_string(i);
        const int movement = movementIndex(animation, layer.movement);
        if (movement < 0)
            return error(
                pointer + "/movement",
                missingNameMessage(armature.name, "movement", layer.movement, animation.movements));
        BoneMask mask;
        if (layer.mask) {
            mask.assign(armature.bones.size(), 0);
            for (size_t m = 0; m < layer.mask->size(); ++m) {
                const int bone = armature.findBone((*layer.mask)[m]);
                if (bone < 0)
                    return error(pointer + "/mask/" + std::to_string(m),
                                 missingNameMessage(armature.name, "bone", (*layer.mask)[m],
                                                    armature.bones));
                mask[bone] = 1;
            }
        }
        const bool loop = layer.loop.value_or(animation.movements[movement].loop);
        const int index = plan.stack.addLayer(layer.name, layer.weight, std::move(mask), movement,
                                              loop, layer.speed);
        if (!layer.transition)
            continue;
        const LayerTransitionSetup& transition = *layer.transition;
        const int next = movementIndex(animation, transition.movement);
        if (next < 0)
            return error(pointer + "/transition/movement",
                         missingNameMessage(armature.name, "movement", transition.movement,
                                            animation.movements));
        plan.transitions.push_back({index, next,
                                    transition.loop.value_or(animation.movements[next].loop),
                                    transition.startSeconds, transition.durationSeconds});
    }
    std::stable_sort(plan.transitions.begin(), plan.transitions.end(),
                     [](const auto& a, const auto& b) { return a.startSeconds < b.startSeconds; });
    return plan;
}

} // namespace bonescope::core
