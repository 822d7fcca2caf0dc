#include "cli/WorkLimits.h"

#include "base/Limits.h"

namespace bonescope::cli {

std::string bakeLimitProblem(const std::string& what, std::int64_t updates, std::int64_t bones,
                             std::int64_t layers)
{
    if (updates > core::kMaxBakeUpdates)
        return what + " runs " + std::to_string(updates) + " updates; the limit is " +
               std::to_string(core::kMaxBakeUpdates) + " (" +
               std::to_string(static_cast<int>(core::kMaxBakeSeconds)) + " seconds at " +
               std::to_string(static_cast<int>(core::kFramesPerSecond)) + " updates a second)";
    // Every update holds one pose row a bone and one state row a layer.
    const std::int64_t rows = updates * (bones + layers);
    if (rows <= core::kMaxBakeRows)
        return {};
    const std::string perUpdate = layers == 0 ? std::to_string(bones) + " bones"
                                              : "(" + std::to_string(bones) + " bones + " +
                                                    std::to_string(layers) + " layers)";
    return what + " makes " + std::to_string(rows) + (layers == 0 ? " pose rows (" : " rows (") +
           std::to_string(updates) + " updates × " + perUpdate + "); the limit is " +
           std::to_string(core::kMaxBakeRows) + " rows";
}

std::int64_t scenarioUpdates(const core::SkeletonData& skeleton, const std::string& armature,
                             const core::Scenario& scenario)
{
    const core::AnimationData* animation = skeleton.findAnimation(armature);
    const auto duration = [&](const std::string& name) -> std::int64_t {
        for (const auto& movement : animation->movements)
            if (movement.name == name)
                return movement.duration;
        return 0;
    };
    std::int64_t list = 0;
    for (const auto& name : scenario.movements)
        list += duration(name);
    return scenario.updateCount(duration(scenario.movements.front()), list);
}

std::string scenarioLimitProblem(const core::SkeletonData& skeleton, const std::string& armature,
                                 const core::Scenario& scenario)
{
    const core::ArmatureData* data = skeleton.findArmature(armature);
    return bakeLimitProblem(scenario.text, scenarioUpdates(skeleton, armature, scenario),
                            data ? std::int64_t(data->bones.size()) : 0);
}

} // namespace bonescope::cli
