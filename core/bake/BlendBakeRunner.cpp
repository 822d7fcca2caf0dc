#include "bake/BlendBakeRunner.h"

#include "base/FrameRate.h"
#include "runtime/Armature.h"
#include "runtime/ArmatureMovementSource.h"
#include "runtime/Blender.h"
#include "runtime/FlipbookPlayer.h"
#include "runtime/Hierarchy.h"
#include "runtime/LayerStackBuilder.h"
#include "runtime/ProcessClock.h"

#include <algorithm>
#include <numeric>

namespace bonescope::core {

namespace {

constexpr int kUpdatesAfterLastCall = BlendScenario::kUpdatesAfterLastCall;

LoadError bakeError(std::string message)
{
    LoadError error;
    error.message = std::move(message);
    return error;
}

/// The pose half of a bake: names in data order and the CSV's by-name row order.
BakeResult emptyBake(const ArmatureRig& rig, const std::string& armature,
                     const std::string& scenario)
{
    BakeResult result;
    result.armature = armature;
    result.scenario = scenario;
    for (const auto& bone : rig.bones())
        result.boneNames.push_back(bone.name);
    result.boneOrder.resize(result.boneNames.size());
    std::iota(result.boneOrder.begin(), result.boneOrder.end(), 0);
    std::sort(result.boneOrder.begin(), result.boneOrder.end(), [&](int a, int b) {
        return result.boneNames[size_t(a)] < result.boneNames[size_t(b)];
    });
    return result;
}

void record(BakeResult& bake, const Pose& pose)
{
    bake.poses.insert(bake.poses.end(), pose.begin(), pose.end());
    ++bake.frameCount;
}

BlendTransition transitionOf(BlendScenario::Mode mode)
{
    switch (mode) {
    case BlendScenario::Mode::Switch:
        return BlendTransition::Switch;
    case BlendScenario::Mode::Then:
        return BlendTransition::ThenAnimate;
    default:
        return BlendTransition::WhileAnimating;
    }
}

/// blend / chain with the Ogre-style blender over sampled movements.
void runBlender(const std::shared_ptr<const ArmatureRig>& rig, const Pose& restPose,
                const std::vector<int>& movements, const BlendScenario& scenario,
                BlendBakeResult& result)
{
    const ArmatureMovementSource source(rig, restPose);
    Blender blender(source);
    const auto& data = rig->movements();
    auto name = [&](const BlendClip& clip) {
        return clip.movement < 0 ? std::string() : data[size_t(clip.movement)].name;
    };
    blender.state().init(movements[0], data[size_t(movements[0])].loop);
    const int total = scenario.callUpdates.back() + kUpdatesAfterLastCall;
    Pose pose;
    for (int frame = 1; frame <= total; ++frame) {
        for (size_t call = 0; call < scenario.callUpdates.size(); ++call)
            if (scenario.callUpdates[call] == frame - 1) {
                const int movement = movements[call + 1];
                blender.state().blend(movement, transitionOf(scenario.mode), scenario.seconds,
                                      data[size_t(movement)].loop);
            }
        blender.state().addTime(kSecondsPerFrame);
        blender.evaluate(pose);
        updateWorldTransforms(rig->bones(), pose);
        record(result.poses, pose);
        const AnimationBlender& state = blender.state();
        result.blendStates.push_back(
            {frame, name(state.source()), name(state.target()), state.timeLeftSeconds(),
             state.blending() ? state.durationSeconds() : 0.0, state.sourceWeight(),
             state.targetWeight(), state.source().timeSeconds,
             state.blending() ? state.target().timeSeconds : 0.0, state.complete()});
    }
}

/// blend / chain with cocos2d-x's own durationTo: the player tweens from the current pose to
/// the target's first frame. The state rows describe that fade nominally (linear weights over
/// durationTo; the pose follows cocos2d-x's own tween easing).
void runDurationTo(const std::shared_ptr<const ArmatureRig>& rig, const std::vector<int>& movements,
                   const BlendScenario& scenario, BlendBakeResult& result)
{
    Armature armature(rig);
    Player& player = armature.animation();
    const auto& data = rig->movements();
    const int fadeFrames = updatesAt(scenario.seconds);
    player.playByIndex(movements[0]);
    std::string previous;
    int lastCall = -1;
    const int total = scenario.callUpdates.back() + kUpdatesAfterLastCall;
    for (int frame = 1; frame <= total; ++frame) {
        for (size_t call = 0; call < scenario.callUpdates.size(); ++call)
            if (scenario.callUpdates[call] == frame - 1) {
                previous = std::string(player.currentMovementId());
                player.playByIndex(movements[call + 1], fadeFrames);
                lastCall = frame - 1;
            }
        armature.update(kFrameSeconds);
        record(result.poses, armature.pose());
        BlendStateRow row;
        row.frame = frame;
        const int current = player.movementIndex();
        const std::string currentName = current < 0 ? std::string() : data[size_t(current)].name;
        const int sinceCall = frame - lastCall;
        if (lastCall >= 0 && sinceCall < fadeFrames) {
            row.source = previous;
            row.target = currentName;
            row.timeLeft = framesToSeconds(fadeFrames - sinceCall);
            row.duration = framesToSeconds(fadeFrames);
            row.targetWeight = double(sinceCall) / fadeFrames;
            row.sourceWeight = 1.0 - row.targetWeight;
        } else {
            row.source = currentName;
            row.sourceTime = framesToSeconds(player.currentFrame());
        }
        row.complete = player.isComplete();
        result.blendStates.push_back(row);
    }
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
    result.poses = emptyBake(*rig, name, scenario.text);
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
    auto rig = ArmatureRig::create(skeleton, armature);
    if (!rig)
        return bakeError("no armature \"" + armature + "\"");
    std::vector<int> movements;
    for (const auto& movement : scenario.movements) {
        const int index = rig->movementIndex(movement);
        if (index < 0)
            return bakeError("armature \"" + armature + "\" has no movement \"" + movement + "\"");
        movements.push_back(index);
    }
    BlendBakeResult result;
    result.poses = emptyBake(*rig, armature, scenario.text);
    if (scenario.mode == BlendScenario::Mode::To)
        runDurationTo(rig, movements, scenario, result);
    else {
        const Armature fresh(rig);
        runBlender(rig, fresh.pose(), movements, scenario, result);
    }
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
