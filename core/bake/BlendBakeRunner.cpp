#include "bake/BlendBakeRunner.h"

#include "base/FrameRate.h"
#include "runtime/Armature.h"
#include "runtime/ArmatureMovementSource.h"
#include "runtime/FlipbookPlayer.h"
#include "runtime/Hierarchy.h"
#include "runtime/LayerStackBuilder.h"
#include "script/ScriptBake.h"

#include <algorithm>

namespace bonescope::core {

namespace {

constexpr int kUpdatesAfterLastCall = 120;

LoadError bakeError(std::string message)
{
    LoadError error;
    error.message = std::move(message);
    return error;
}

void record(BakeResult& bake, const Pose& pose)
{
    bake.poses.insert(bake.poses.end(), pose.begin(), pose.end());
    ++bake.frameCount;
}

Result<BlendBakeResult> runLayers(const SkeletonData& skeleton, const std::string& armatureName,
                                  const BlendScenario& scenario, const LayerSetup& setup)
{
    const std::string name = setup.armature.empty() ? armatureName : setup.armature;
    auto rig = ArmatureRig::create(skeleton, name);
    if (!rig)
        return LoadError{scenario.setupPath, 0, "/armature", "no armature \"" + name + "\""};
    const AnimationData* animation = skeleton.findAnimation(name);
    const AnimationData none;
    const Armature fresh(rig);
    const ArmatureMovementSource source(rig, fresh.pose());
    auto plan = buildLayerStack(setup, rig->armature(), animation ? *animation : none, source,
                                scenario.setupPath);
    if (!plan)
        return plan.error();
    LayerStack& stack = plan->stack;
    const auto& transitions = plan->transitions;

    BlendBakeResult result;
    std::vector<std::string> boneNames;
    for (const auto& bone : rig->bones())
        boneNames.push_back(bone.name);
    result.poses = emptyBake(name, scenario.text, std::move(boneNames));
    const auto& data = rig->movements();
    auto movementName = [&](const BlendClip& clip) {
        return clip.movement < 0 ? std::string() : data[size_t(clip.movement)].name;
    };
    const int lastCall = transitions.empty() ? 0 : updatesAt(transitions.back().startSeconds);
    const int total = lastCall + kUpdatesAfterLastCall;
    Pose pose;
    for (int frame = 1; frame <= total; ++frame) {
        for (const auto& t : transitions)
            if (updatesAt(t.startSeconds) == frame - 1)
                stack.transition(t.layer, t.movement, t.loop, t.durationSeconds);
        stack.addTime(kSecondsPerFrame);
        stack.evaluate(source.restPose(), pose);
        updateWorldTransforms(rig->bones(), pose);
        record(result.poses, pose);
        for (const Layer& layer : stack.layers())
            result.layerStates.push_back({frame, layer.name, movementName(layer.current),
                                          movementName(layer.next), layer.current.timeSeconds,
                                          layer.inTransition() ? layer.next.timeSeconds : 0.0,
                                          layer.progress, layer.weight});
    }
    return result;
}

} // namespace

Result<BlendBakeResult> runBlendBake(const SkeletonData& skeleton, const std::string& armature,
                                     const BlendScenario& scenario, const LayerSetup* layers)
{
    if (scenario.kind == BlendScenario::Kind::Layers)
        return layers ? runLayers(skeleton, armature, scenario, *layers)
                      : bakeError("a layers scenario needs its layer setup");
    if (scenario.kind == BlendScenario::Kind::Flipbook)
        return bakeError("a flipbook scenario needs an AnimationCache plist, not an armature");
    auto baked = bakeScript(skeleton, scenario.script(armature));
    if (!baked)
        return bakeError(baked.error().message);
    BlendBakeResult result;
    result.poses = std::move(baked->poses);
    result.poses.scenario = scenario.text;
    result.blendStates = std::move(baked->states);
    return result;
}

Result<std::vector<FlipbookStateRow>> runFlipbookBake(const FlipbookSet& set,
                                                      const BlendScenario& scenario)
{
    const auto found =
        std::find_if(set.animations.begin(), set.animations.end(),
                     [&](const FlipbookData& data) { return data.name == scenario.flipbook; });
    if (found == set.animations.end())
        return bakeError("no animation \"" + scenario.flipbook + "\"");
    const FlipbookData& data = *found;
    const std::string original = data.frames.empty() ? std::string() : data.frames[0].spriteFrame;
    FlipbookPlayer player(data, scenario.reverse);
    player.start();
    std::vector<FlipbookStateRow> rows;
    int endedAt = -1;
    for (int frame = 1; endedAt < 0 || frame <= endedAt + kUpdatesAfterLastCall; ++frame) {
        player.step(float(kSecondsPerFrame));
        FlipbookStateRow row;
        row.frame = frame;
        row.loop = player.executedLoops();
        row.frameIndex = player.displayedFrame();
        row.spriteFrame =
            row.frameIndex < 0 ? original : data.frames[size_t(row.frameIndex)].spriteFrame;
        for (const auto& shown : player.shown()) {
            const auto& pairs = data.frames[size_t(shown.frameIndex)].notification;
            if (pairs.empty())
                continue;
            if (!row.notification.empty())
                row.notification += '|';
            for (size_t i = 0; i < pairs.size(); ++i)
                row.notification += (i ? ";" : "") + pairs[i].first + "=" + pairs[i].second;
        }
        rows.push_back(std::move(row));
        if (endedAt < 0 && player.done())
            endedAt = frame;
    }
    return rows;
}

} // namespace bonescope::core
