#include "script/ScriptRunner.h"

#include "bake/BlendScenario.h"
#include "base/FrameRate.h"
#include "model/MissingName.h"
#include "runtime/AnimationBlender.h"
#include "runtime/Armature.h"
#include "runtime/ArmatureMovementSource.h"
#include "runtime/Blender.h"
#include "runtime/Hierarchy.h"
#include "runtime/LayerStackBuilder.h"
#include "runtime/LayerTrace.h"
#include "runtime/PoseBlend.h"

#include <algorithm>
#include <cmath>

namespace bonescope::core {

namespace {

/// A layer's weight moving linearly to `to` (LayerWeight call).
struct LayerFade {
    int layer = 0;
    float from = 1.f;
    float to = 1.f;
    double elapsedSeconds = 0.0;
    double seconds = 0.0;
};

/// Everything that changes as the script runs, apart from the Armature and the blender's
/// state, which checkpoints copy alongside.
struct RunState {
    int update = 0;           ///< updates run
    size_t nextCall = 0;      ///< first call not yet applied
    size_t nextScheduled = 0; ///< first layer-setup transition not yet applied
    std::vector<LayerFade> fades;
    bool blenderDrives = false;
    bool paused = false;
    double speed = 1.0;
    bool playerLoops = true; ///< the loop flag of the player's movement
    // The player's last play / durationTo call, for the nominal state rows and the trace.
    int fadeCall = -1; ///< `at` of that call; −1 none
    int fadeFrames = 0;
    std::string fadeFrom; ///< the movement playing at the call; empty none
    Pose fadeFromPose;    ///< the pose at the call: where cocos2d-x's tween starts
};

struct Checkpoint {
    RunState state;
    AnimationBlender blender;
    std::unique_ptr<Armature> armature;
    std::unique_ptr<LayerStack> stack; ///< layered scripts
};

} // namespace

struct ScriptRunner::Impl {
    BlendScript script;
    std::string armatureName;
    std::vector<std::string> boneNames;
    std::vector<int> callMovements; ///< per call: movement index, −1 when it names none
    std::vector<int> callLayers;    ///< per call: layer index, −1 when it names none
    int interval = 30;
    std::shared_ptr<const ArmatureRig> rig;
    std::unique_ptr<Armature> armature;
    std::unique_ptr<ArmatureMovementSource> source;
    std::unique_ptr<Blender> blender;
    std::vector<MovementTiming> timings;
    std::unique_ptr<LayerStack> stack;               ///< set for a script with layers
    std::vector<ScheduledLayerTransition> scheduled; ///< the layer setup's own transitions

    RunState run;
    std::vector<Checkpoint> checkpoints; ///< checkpoint i holds the state after update i × interval
    bool quiet = false;                  ///< drop events raised by internal hand-overs
    Pose pose;
    BlendStateRow row;
    std::vector<LayerStateRow> layerRows;
    std::vector<BakeEvent> events;
    std::vector<int> traced;
    std::vector<BoneContribution> trace;
    Pose sourcePose; ///< scratch for the trace
    Pose targetPose; ///< scratch for the trace
    LayerTraceScratch layerScratch;

    Player& player() { return armature->animation(); }
    const MovementData& data(int movement) const { return rig->movements()[size_t(movement)]; }
    std::string movementName(int movement) const
    {
        return movement < 0 ? std::string() : data(movement).name;
    }
    bool loopOf(int movement, int loop) const { return loop < 0 ? data(movement).loop : loop != 0; }

    void startFade(int durationToFrames)
    {
        run.fadeCall = run.update;
        run.fadeFrames = durationToFrames;
        run.fadeFrom = std::string(player().currentMovementId());
        run.fadeFromPose = armature->pose();
        run.paused = false; // cocos2d-x's play() resumes
    }

    /// The blender starts from the player's movement at its position in the pass (at its start
    /// while the player still blends in), or from nothing when the player has not played.
    void seedBlender()
    {
        AnimationBlender& state = blender->state();
        const int movement = player().movementIndex();
        if (movement < 0) {
            state = AnimationBlender(timings);
            return;
        }
        state.init(movement, run.playerLoops);
        const double rate = timings[size_t(movement)].rate;
        if (!player().isBlendingIn() && rate > 0)
            state.addTime(framesToSeconds(player().currentFrame()) / rate);
    }

    /// Gives the pose back to the player: the blender's leading movement at its nearest
    /// timeline frame, posed at once so that a durationTo fade starts from there.
    void takePlayer()
    {
        if (!run.blenderDrives)
            return;
        run.blenderDrives = false;
        const AnimationBlender& state = blender->state();
        const BlendClip& lead = state.blending() ? state.target() : state.source();
        if (lead.movement < 0)
            return;
        const MovementData& movement = data(lead.movement);
        const int pass =
            std::max(movement.durationTween > 0 ? movement.durationTween : movement.duration, 1);
        const int last = std::max(movement.duration - 1, 0);
        const double at = secondsToFrames(lead.timeSeconds);
        const int frame = std::clamp(int(std::lround(at / pass * last)), 0, last);
        quiet = true;
        player().playByIndex(lead.movement, 0, lead.loop ? 1 : 0);
        player().gotoAndPlay(frame);
        armature->update(0.f);
        quiet = false;
        run.playerLoops = lead.loop;
    }

    void apply(const ScriptCall& call, int movement, int layer)
    {
        switch (call.kind) {
        case ScriptCall::Kind::Play:
            takePlayer();
            startFade(data(movement).durationTo);
            run.playerLoops = loopOf(movement, call.loop);
            player().playByIndex(movement, -1, call.loop);
            break;
        case ScriptCall::Kind::Crossfade:
            if (call.mode == TransitionKind::DurationTo) {
                takePlayer();
                startFade(call.frames);
                run.playerLoops = loopOf(movement, call.loop);
                player().playByIndex(movement, call.frames, call.loop);
                break;
            }
            if (!run.blenderDrives)
                seedBlender();
            run.blenderDrives = true;
            run.fadeCall = -1;
            if (blender->state().source().movement < 0)
                blender->state().init(movement, loopOf(movement, call.loop));
            else
                blender->state().blend(movement, blendTransition(call.mode), call.seconds,
                                       loopOf(movement, call.loop));
            break;
        case ScriptCall::Kind::Speed:
            run.speed = call.speed;
            player().setSpeedScale(float(call.speed));
            break;
        case ScriptCall::Kind::Pause:
            run.paused = true;
            player().pause();
            break;
        case ScriptCall::Kind::Resume:
            run.paused = false;
            player().resume();
            break;
        case ScriptCall::Kind::LayerWeight: {
            std::erase_if(run.fades, [&](const LayerFade& f) { return f.layer == layer; });
            Layer& target = stack->layers()[size_t(layer)];
            if (call.seconds <= 0)
                target.weight = float(call.weight);
            else
                run.fades.push_back({layer, target.weight, float(call.weight), 0.0, call.seconds});
            break;
        }
        case ScriptCall::Kind::LayerCrossfade:
            stack->transition(layer, movement, loopOf(movement, call.loop), call.seconds);
            break;
        case ScriptCall::Kind::Goto:
            takePlayer();
            run.fadeCall = -1; // cocos2d-x's goto drops a fade in progress
            run.paused = call.pause;
            call.pause ? player().gotoAndPause(call.frames) : player().gotoAndPlay(call.frames);
            break;
        }
    }

    void applyCalls()
    {
        for (; run.nextScheduled < scheduled.size() &&
               updatesAt(scheduled[run.nextScheduled].startSeconds) == run.update;
             ++run.nextScheduled) {
            const ScheduledLayerTransition& t = scheduled[run.nextScheduled];
            stack->transition(t.layer, t.movement, t.loop, t.durationSeconds);
        }
        const auto& calls = script.calls;
        for (; run.nextCall < calls.size() && calls[run.nextCall].at == run.update; ++run.nextCall)
            apply(calls[run.nextCall], callMovements[run.nextCall], callLayers[run.nextCall]);
    }

    void advanceLayers(double seconds)
    {
        for (LayerFade& fade : run.fades) {
            fade.elapsedSeconds += seconds;
            const double ratio = std::min(1.0, fade.elapsedSeconds / fade.seconds);
            stack->layers()[size_t(fade.layer)].weight =
                fade.from + float(ratio) * (fade.to - fade.from);
        }
        std::erase_if(run.fades, [](const LayerFade& f) {
            return f.elapsedSeconds >= f.seconds - kBlendTimeEpsilon;
        });
        stack->addTime(seconds);
    }

    void fillState()
    {
        row = BlendStateRow();
        row.frame = run.update;
        if (stack) {
            layerRows.clear();
            for (const Layer& layer : stack->layers())
                layerRows.push_back({run.update, layer.name, movementName(layer.current.movement),
                                     movementName(layer.next.movement), layer.current.timeSeconds,
                                     layer.inTransition() ? layer.next.timeSeconds : 0.0,
                                     layer.progress, layer.weight});
            return;
        }
        if (run.blenderDrives) {
            const AnimationBlender& state = blender->state();
            row.source = movementName(state.source().movement);
            row.target = movementName(state.target().movement);
            row.timeLeft = state.timeLeftSeconds();
            row.duration = state.blending() ? state.durationSeconds() : 0.0;
            row.sourceWeight = state.sourceWeight();
            row.targetWeight = state.targetWeight();
            row.sourceTime = state.source().timeSeconds;
            row.targetTime = state.blending() ? state.target().timeSeconds : 0.0;
            row.complete = state.complete();
            return;
        }
        const std::string current = movementName(player().movementIndex());
        const int sinceCall = run.update - run.fadeCall;
        if (run.fadeCall >= 0 && !run.fadeFrom.empty() && sinceCall < run.fadeFrames) {
            row.source = run.fadeFrom;
            row.target = current;
            row.timeLeft = framesToSeconds(run.fadeFrames - sinceCall);
            row.duration = framesToSeconds(run.fadeFrames);
            row.targetWeight = double(sinceCall) / run.fadeFrames;
            row.sourceWeight = 1.0 - row.targetWeight;
        } else {
            row.source = current;
            row.sourceTime = framesToSeconds(player().currentFrame());
        }
        row.complete = player().isComplete();
    }

    void contribute(int bone, std::string name, double weight, const Transform& local,
                    double movementFrame = -1.0)
    {
        trace.push_back({run.update, bone, std::move(name), weight, local, movementFrame});
    }

    void traceBlender(int bone)
    {
        const AnimationBlender& state = blender->state();
        source->sample(state.source(), sourcePose);
        contribute(bone, movementName(state.source().movement), state.sourceWeight(),
                   sourcePose[size_t(bone)].local, secondsToFrames(state.source().timeSeconds));
        if (state.blending()) {
            source->sample(state.target(), targetPose);
            contribute(bone, movementName(state.target().movement), state.targetWeight(),
                       targetPose[size_t(bone)].local, secondsToFrames(state.target().timeSeconds));
        }
    }

    /// A bone still in its durationTo blend-in mixes the pose at the call into the target's
    /// first frame by its tween's eased progress; otherwise its movement alone sets it.
    void tracePlayer(int bone)
    {
        const int movement = player().movementIndex();
        const MovementBoneData* track = movement < 0 ? nullptr : rig->track(movement, bone);
        const BoneTween& tween = armature->tween(bone);
        const ProcessClock& clock = player().tweenClock(bone);
        const bool fading = track && tween.track() == track && !run.fadeFromPose.empty() &&
                            clock.loopType <= LoopType::ToLoopBack && clock.currentPercent < 1;
        if (!fading) {
            contribute(bone, track ? movementName(movement) : std::string("pose"), 1.0,
                       pose[size_t(bone)].local, track ? player().currentFrame() : -1.0);
            return;
        }
        BlendClip first;
        first.start(movement, run.playerLoops);
        source->sample(first, targetPose);
        const double progress = clock.currentPercent;
        contribute(bone, run.fadeFrom.empty() ? std::string("pose") : run.fadeFrom, 1.0 - progress,
                   run.fadeFromPose[size_t(bone)].local);
        contribute(bone, movementName(movement), progress, targetPose[size_t(bone)].local, 0.0);
    }

    void fillTrace()
    {
        trace.clear();
        if (stack) {
            traceLayerStack(*source, *stack, traced, run.update, source->restPose(), pose,
                            layerScratch, trace);
            return;
        }
        for (const int bone : traced) {
            run.blenderDrives ? traceBlender(bone) : tracePlayer(bone);
            contribute(bone, "result", 1.0, pose[size_t(bone)].local);
        }
    }

    void saveCheckpoint()
    {
        Checkpoint checkpoint{run, blender->state(), std::make_unique<Armature>(rig), nullptr};
        checkpoint.armature->copyStateFrom(*armature);
        if (stack)
            checkpoint.stack = std::make_unique<LayerStack>(*stack);
        checkpoints.push_back(std::move(checkpoint));
    }

    void restore(size_t index)
    {
        const Checkpoint& checkpoint = checkpoints[index];
        run = checkpoint.state;
        blender->state() = checkpoint.blender;
        armature->copyStateFrom(*checkpoint.armature);
        if (stack)
            *stack = *checkpoint.stack;
    }

    void step()
    {
        events.clear();
        ++run.update;
        const double seconds = run.paused ? 0.0 : kSecondsPerFrame * run.speed;
        if (stack) {
            advanceLayers(seconds);
            stack->evaluate(source->restPose(), pose);
            updateWorldTransforms(*rig, pose);
        } else if (run.blenderDrives) {
            if (!run.paused)
                blender->state().addTime(seconds);
            blender->evaluate(pose);
            updateWorldTransforms(*rig, pose);
        } else {
            armature->update(kFrameSeconds);
            pose = armature->pose();
        }
        fillState();
        fillTrace();
        applyCalls();
        if (run.update % interval == 0 && size_t(run.update / interval) == checkpoints.size())
            saveCheckpoint();
    }
};

Result<std::unique_ptr<ScriptRunner>> ScriptRunner::create(const SkeletonData& skeleton,
                                                           const BlendScript& script,
                                                           int checkpointInterval)
{
    auto impl = std::make_unique<Impl>();
    Impl& s = *impl;
    s.script = script;
    s.interval = std::max(checkpointInterval, 1);
    if (script.armature.empty() && skeleton.armatures.empty())
        return LoadError{script.fileName, 0, "/", "the export has no armature"};
    s.armatureName = script.armature.empty() ? skeleton.armatures.front().name : script.armature;
    s.rig = ArmatureRig::create(skeleton, s.armatureName);
    if (!s.rig)
        return LoadError{script.fileName, 0, "/armature", "no armature \"" + s.armatureName + "\""};
    for (const auto& bone : s.rig->bones())
        s.boneNames.push_back(bone.name);
    s.armature = std::make_unique<Armature>(s.rig);
    // Bones a movement leaves out show the fresh armature's pose, as in cocos2d-x.
    s.source = std::make_unique<ArmatureMovementSource>(s.rig, s.armature->pose());
    for (int movement = 0; movement < s.source->movementCount(); ++movement)
        s.timings.push_back(s.source->timing(movement));
    if (script.layers) {
        const AnimationData* animation = skeleton.findAnimation(s.armatureName);
        const AnimationData none;
        auto plan = buildLayerStack(*script.layers, s.rig->armature(),
                                    animation ? *animation : none, *s.source, script.fileName);
        if (!plan)
            return plan.error();
        s.stack = std::make_unique<LayerStack>(std::move(plan->stack));
        s.scheduled = std::move(plan->transitions);
    }
    for (size_t i = 0; i < script.calls.size(); ++i) {
        const ScriptCall& call = script.calls[i];
        const std::string index = std::to_string(i);
        auto error = [&](const std::string& key, const std::string& message) {
            return LoadError{script.fileName, 0, "/calls/" + index + "/" + key,
                             "call " + index + ": " + message};
        };
        using Kind = ScriptCall::Kind;
        const bool layerCall = call.kind == Kind::LayerWeight || call.kind == Kind::LayerCrossfade;
        const char* key = call.kind == Kind::Play   ? "play"
                          : call.kind == Kind::Goto ? "goto"
                          : layerCall               ? "layer"
                                                    : "crossfade";
        if (s.stack &&
            (call.kind == Kind::Play || call.kind == Kind::Crossfade || call.kind == Kind::Goto))
            return error(key, "a script with layers takes layer, speed, pause and resume calls");
        if (layerCall && !s.stack)
            return error(key, "the script has no layers");
        int layer = -1;
        if (layerCall) {
            const auto& layers = s.stack->layers();
            const auto found = std::find_if(layers.begin(), layers.end(),
                                            [&](const Layer& l) { return l.name == call.layer; });
            if (found == layers.end())
                return error(key, "no layer \"" + call.layer + "\"");
            layer = int(found - layers.begin());
        }
        const bool named = call.kind == Kind::Play || call.kind == Kind::Crossfade ||
                           call.kind == Kind::LayerCrossfade;
        const int movement = named ? s.rig->movementIndex(call.movement) : -1;
        if (named && movement < 0)
            return error(
                call.kind == Kind::Play ? "play" : "crossfade",
                missingNameMessage(s.armatureName, "movement", call.movement, s.rig->movements()));
        s.callMovements.push_back(movement);
        s.callLayers.push_back(layer);
    }
    s.blender = std::make_unique<Blender>(*s.source);
    s.pose = s.armature->pose();
    s.sourcePose.resize(s.pose.size());
    s.targetPose.resize(s.pose.size());
    s.armature->animation().setListener([&s](const ArmatureEvent& event) {
        if (!s.quiet)
            s.events.push_back(
                {s.run.update, event.kind, std::string(event.movement), std::string(event.name)});
    });
    s.applyCalls();
    s.saveCheckpoint();
    return std::unique_ptr<ScriptRunner>(new ScriptRunner(std::move(impl)));
}

ScriptRunner::ScriptRunner(std::unique_ptr<Impl> impl) : m_impl(std::move(impl))
{
}

ScriptRunner::~ScriptRunner() = default;

const BlendScript& ScriptRunner::script() const
{
    return m_impl->script;
}

const std::string& ScriptRunner::armatureName() const
{
    return m_impl->armatureName;
}

const std::vector<std::string>& ScriptRunner::boneNames() const
{
    return m_impl->boneNames;
}

int ScriptRunner::updates() const
{
    return m_impl->script.updates;
}

void ScriptRunner::setTracedBones(std::vector<int> bones)
{
    const int count = int(m_impl->boneNames.size());
    std::erase_if(bones, [count](int bone) { return bone < 0 || bone >= count; });
    m_impl->traced = std::move(bones);
}

void ScriptRunner::step()
{
    m_impl->step();
}

void ScriptRunner::seek(int update)
{
    Impl& s = *m_impl;
    update = std::clamp(update, 1, std::max(s.script.updates, 1));
    // The last checkpoint before `update`, unless the runner is already between it and there.
    const size_t wanted = size_t((update - 1) / s.interval);
    const size_t nearest = std::min(wanted, s.checkpoints.size() - 1);
    const int checkpointUpdate = int(nearest) * s.interval;
    if (update <= s.run.update || checkpointUpdate > s.run.update)
        s.restore(nearest);
    while (s.run.update < update)
        s.step();
}

int ScriptRunner::update() const
{
    return m_impl->run.update;
}

const Pose& ScriptRunner::pose() const
{
    return m_impl->pose;
}

const Armature& ScriptRunner::armature() const
{
    return *m_impl->armature;
}

const BlendStateRow& ScriptRunner::state() const
{
    return m_impl->row;
}

const std::vector<LayerStateRow>& ScriptRunner::layerStates() const
{
    return m_impl->layerRows;
}

const std::vector<BakeEvent>& ScriptRunner::events() const
{
    return m_impl->events;
}

const std::vector<BoneContribution>& ScriptRunner::trace() const
{
    return m_impl->trace;
}

} // namespace bonescope::core
