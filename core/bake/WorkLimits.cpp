#include "bake/WorkLimits.h"

#include "bake/BlendScenario.h"
#include "base/Limits.h"
#include "model/FlipbookTiming.h"

#include <sstream>

namespace bonescope::core {

std::string bakeLimitProblem(const std::string& what, std::int64_t updates, std::int64_t bones,
                             std::int64_t layers)
{
    if (updates > kMaxBakeUpdates)
        return what + " runs " + std::to_string(updates) + " updates; the limit is " +
               std::to_string(kMaxBakeUpdates) + " (" +
               std::to_string(static_cast<int>(kMaxBakeSeconds)) + " seconds at " +
               std::to_string(static_cast<int>(kFramesPerSecond)) + " updates a second)";
    // Every update holds one pose row a bone and one state row a layer.
    const std::int64_t rows = updates * (bones + layers);
    if (rows <= kMaxBakeRows)
        return {};
    std::string perUpdate = std::to_string(bones) + " bones";
    if (layers != 0) {
        perUpdate.insert(perUpdate.begin(), '(');
        perUpdate += " + " + std::to_string(layers) + " layers)";
    }
    return what + " makes " + std::to_string(rows) + (layers == 0 ? " pose rows (" : " rows (") +
           std::to_string(updates) + " updates × " + perUpdate + "); the limit is " +
           std::to_string(kMaxBakeRows) + " rows";
}

std::string flipbookLimitProblem(const FlipbookData& data, const std::string& what)
{
    const std::int64_t updates = flipbookUpdateCount(data);
    if (updates >= 0)
        return bakeLimitProblem(what, updates, 1);
    std::ostringstream seconds; // six significant digits, as printf's %g
    seconds << flipbookSeconds(data);
    return what + " plays " + seconds.str() +
           " seconds (delay units × delayPerUnit × loops); the limit is " +
           std::to_string(static_cast<int>(kMaxBakeSeconds)) + " seconds";
}

std::int64_t scenarioUpdates(const SkeletonData& skeleton, const std::string& armature,
                             const Scenario& scenario)
{
    const AnimationData* animation = skeleton.findAnimation(armature);
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

std::string scenarioLimitProblem(const SkeletonData& skeleton, const std::string& armature,
                                 const Scenario& scenario)
{
    const ArmatureData* data = skeleton.findArmature(armature);
    return bakeLimitProblem(scenario.text, scenarioUpdates(skeleton, armature, scenario),
                            data ? std::int64_t(data->bones.size()) : 0);
}

std::int64_t scriptBoneCount(const SkeletonData& skeleton, const BlendScript& script)
{
    const ArmatureData* armature =
        script.armature.empty()
            ? (skeleton.armatures.empty() ? nullptr : &skeleton.armatures.front())
            : skeleton.findArmature(script.armature);
    return armature ? std::int64_t(armature->bones.size()) : 0;
}

std::int64_t scriptLayerCount(const BlendScript& script)
{
    return script.layers ? std::int64_t(script.layers->layers.size()) : 0;
}

std::string scriptLimitProblem(const SkeletonData& skeleton, const BlendScript& script,
                               const std::string& what)
{
    if (script.layers)
        if (auto problem = layerSetupLimitProblem(*script.layers); !problem.empty())
            return what + ": " + problem;
    return bakeLimitProblem(what, script.updates, scriptBoneCount(skeleton, script),
                            scriptLayerCount(script));
}

} // namespace bonescope::core
