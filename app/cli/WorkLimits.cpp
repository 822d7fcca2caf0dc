#include "cli/WorkLimits.h"

#include "base/Limits.h"

namespace bonescope::cli {

std::string bakeLimitProblem(const std::string& what, std::int64_t updates, std::int64_t bones)
{
    if (updates > core::kMaxBakeUpdates)
        return what + " runs " + std::to_string(updates) + " updates; the limit is " +
               std::to_string(core::kMaxBakeUpdates) + " (" +
               std::to_string(static_cast<int>(core::kMaxBakeSeconds)) + " seconds at " +
               std::to_string(static_cast<int>(core::kFramesPerSecond)) + " updates a second)";
    if (updates * bones > core::kMaxBakeRows)
        return what + " makes " + std::to_string(updates * bones) + " pose rows (" +
               std::to_string(updates) + " updates × " + std::to_string(bones) +
               " bones); the limit is " + std::to_string(core::kMaxBakeRows) + " rows";
    return {};
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
