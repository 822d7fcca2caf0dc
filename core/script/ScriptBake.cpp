#include "script/ScriptBake.h"

#include <algorithm>

namespace bonescope::core {

Result<ScriptBakeResult> bakeScript(const SkeletonData& skeleton, const BlendScript& script,
                                    const std::vector<int>& frames,
                                    const std::vector<std::string>& tracedBones)
{
    auto created = ScriptRunner::create(skeleton, script);
    if (!created)
        return created.error();
    ScriptRunner& runner = *created.value();
    const auto& names = runner.boneNames();
    std::vector<int> traced;
    for (const auto& name : tracedBones) {
        const auto found = std::find(names.begin(), names.end(), name);
        if (found == names.end())
            return LoadError{script.fileName,
                             0,
                             {},
                             "armature \"" + runner.armatureName() + "\" has no bone \"" + name +
                                 "\""};
        traced.push_back(int(found - names.begin()));
    }
    for (const int frame : frames)
        if (frame < 1 || frame > script.updates)
            return LoadError{script.fileName,
                             0,
                             {},
                             "frame " + std::to_string(frame) + " is outside 1.." +
                                 std::to_string(script.updates)};
    runner.setTracedBones(std::move(traced));

    ScriptBakeResult result;
    result.poses = emptyBake(runner.armatureName(), script.fileName, names);
    const auto record = [&] {
        result.poses.poses.insert(result.poses.poses.end(), runner.pose().begin(),
                                  runner.pose().end());
        ++result.poses.frameCount;
        if (script.layers) {
            const auto& layers = runner.layerStates();
            result.layerStates.insert(result.layerStates.end(), layers.begin(), layers.end());
        } else {
            result.states.push_back(runner.state());
        }
        const auto& events = runner.events();
        result.poses.events.insert(result.poses.events.end(), events.begin(), events.end());
        const auto& trace = runner.trace();
        result.trace.insert(result.trace.end(), trace.begin(), trace.end());
    };
    if (frames.empty()) {
        result.poses.events = runner.events(); // raised by the calls at 0
        for (int update = 1; update <= script.updates; ++update) {
            runner.step();
            record();
        }
        return result;
    }
    result.poses.frameNumbers = frames;
    for (const int frame : frames) {
        runner.seek(frame);
        record();
    }
    return result;
}

} // namespace bonescope::core
