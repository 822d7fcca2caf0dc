#include "script/TransitionComparison.h"

#include "base/FrameRate.h"
#include "base/Limits.h"
#include "runtime/Armature.h"
#include "runtime/Crossfade.h"
#include "script/ScriptBake.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numbers>

namespace bonescope::core {

namespace {

/// Where the target's clock starts, in updates after the call, and how long the blend runs
/// (updates). The blender's then fade holds the target at its first frame and starts it in
/// the fade's last update; cocos2d-x's durationTo tweens for its frames and starts the target
/// in the next; switch and while start it in the call's own update.
struct Timing {
    int lead = 0;
    int blendUpdates = 0;
};

/// `framesPerUpdate`: of the fade's clock (crossfadeFramesPerUpdate).
Timing timingOf(const TransitionSpec& spec, int targetToFrames, double framesPerUpdate)
{
    const double frames = spec.frames(targetToFrames);
    // A fade of 0.5 s ends in its 30th update, whatever the rounding of 30 × 1/60 s.
    const int updates = std::max(0, int(std::ceil(frames - 1e-6)));
    switch (spec.kind) {
    case TransitionKind::Switch:
        return {0, 0};
    case TransitionKind::WhileAnimating:
        return {0, updates};
    case TransitionKind::ThenAnimate:
        return {std::max(updates - 1, 0), updates};
    case TransitionKind::DurationTo: {
        // The call's whole frames of blend-in, which end in the update that reaches them.
        const double called = std::lround(frames);
        const int blendIn = std::max(0, int(std::ceil(called / framesPerUpdate - 1e-6)));
        return {blendIn, blendIn};
    }
    }
    return {};
}

ScriptCall crossfadeCall(const std::string& movement, int at, const TransitionSpec& spec,
                         int targetToFrames)
{
    ScriptCall call;
    call.kind = ScriptCall::Kind::Crossfade;
    call.at = at;
    call.movement = movement;
    call.mode = spec.kind;
    if (spec.kind == TransitionKind::DurationTo)
        call.frames = int(std::lround(spec.frames(targetToFrames)));
    else
        call.seconds = spec.seconds(targetToFrames);
    return call;
}

template <typename Value> DivergencePeak peak(std::span<const BoneDivergence> curve, Value value)
{
    DivergencePeak best;
    for (size_t i = 0; i < curve.size(); ++i)
        if (curve[i].seen && (best.update == 0 || value(curve[i]) > best.value))
            best = {int(i) + 1, value(curve[i])};
    return best;
}

} // namespace

BoneDivergence boneDivergence(const BonePose& a, const BonePose& b)
{
    const double dx = double(a.world.tx) - b.world.tx;
    const double dy = double(a.world.ty) - b.world.ty;
    // The x axis's direction: independent of how skews and scales made the matrix.
    const double turn = std::atan2(double(a.world.b), double(a.world.a)) -
                        std::atan2(double(b.world.b), double(b.world.a));
    const double wrapped = std::abs(std::remainder(turn, 2.0 * std::numbers::pi));
    return {std::hypot(dx, dy), wrapped * 180.0 / std::numbers::pi,
            a.displayIndex >= 0 && b.displayIndex >= 0};
}

DivergencePeak distancePeak(std::span<const BoneDivergence> curve)
{
    return peak(curve, [](const BoneDivergence& d) { return d.distance; });
}

DivergencePeak rotationPeak(std::span<const BoneDivergence> curve)
{
    return peak(curve, [](const BoneDivergence& d) { return d.rotationDegrees; });
}

Result<TransitionComparison> TransitionComparison::create(const SkeletonData& skeleton,
                                                          const ComparisonRequest& request)
{
    const std::string name = "comparison " + request.source + " -> " + request.target;
    if (request.choices.empty())
        return LoadError{name, 0, {}, "no transition to compare"};
    if (request.armature.empty() && skeleton.armatures.empty())
        return LoadError{name, 0, {}, "the export has no armature"};
    const std::string armature =
        request.armature.empty() ? skeleton.armatures.front().name : request.armature;
    const AnimationData* animation = skeleton.findAnimation(armature);
    const MovementData* target = animation ? animation->findMovement(request.target) : nullptr;
    // An unknown name: the bake says so.
    const int targetTo = target ? target->durationTo : 0;
    for (const TransitionSpec& spec : request.choices)
        if (!(spec.duration >= 0.0 && spec.seconds(targetTo) <= kMaxBakeSeconds))
            return LoadError{name,
                             0,
                             {},
                             "a transition's duration must be a number from 0 to " +
                                 std::to_string(int(kMaxBakeSeconds)) + " s"};
    if (request.leadInUpdates > kMaxBakeUpdates || request.tailUpdates > kMaxBakeUpdates)
        return LoadError{name,
                         0,
                         {},
                         "lead-in and tail may run at most " + std::to_string(kMaxBakeUpdates) +
                             " updates"};

    TransitionComparison comparison;
    comparison.m_request = request;
    std::vector<Timing> timings;
    int maxLead = 0;
    for (const TransitionSpec& spec : request.choices) {
        timings.push_back(
            timingOf(spec, targetTo, target ? crossfadeFramesPerUpdate(spec.kind, *target) : 1.0));
        maxLead = std::max(maxLead, timings.back().lead);
    }
    const int start = std::max(request.leadInUpdates, 0) + maxLead;
    comparison.m_targetStart = start;
    int lastSettled = start + 1;
    for (size_t i = 0; i < timings.size(); ++i) {
        Choice choice;
        choice.callUpdate = start - timings[i].lead;
        // While blends on after the start; every other kind shows the target alone next update.
        choice.settled = request.choices[i].kind == TransitionKind::WhileAnimating
                             ? start + std::max(timings[i].blendUpdates, 1)
                             : start + 1;
        lastSettled = std::max(lastSettled, choice.settled);
        comparison.m_choices.push_back(std::move(choice));
    }
    comparison.m_updates = lastSettled + std::max(request.tailUpdates, 0);
    const ArmatureData* data = skeleton.findArmature(armature);
    const std::int64_t rows = std::int64_t{comparison.m_updates} *
                              std::int64_t(data ? data->bones.size() : 0) *
                              std::int64_t(request.choices.size());
    if (rows > kMaxBakeRows)
        return LoadError{name,
                         0,
                         {},
                         "the comparison would hold " + std::to_string(rows) +
                             " pose rows (updates × bones × choices); the limit is " +
                             std::to_string(kMaxBakeRows)};

    bool nests = true; // whether the armature nests others: the first choice's runner says
    for (size_t i = 0; i < comparison.m_choices.size(); ++i) {
        Choice& choice = comparison.m_choices[i];
        BlendScript& script = choice.script;
        script.fileName = name + " (" + transitionKindName(request.choices[i].kind) + ")";
        script.armature = armature;
        script.updates = comparison.m_updates;
        // The player shows the source from its first frame with no fade from the rest pose.
        TransitionSpec cut;
        cut.kind = TransitionKind::DurationTo;
        cut.duration = 0;
        script.calls.push_back(crossfadeCall(request.source, 0, cut, 0));
        script.calls.push_back(
            crossfadeCall(request.target, choice.callUpdate, request.choices[i], targetTo));
        auto baked = bakeScript(skeleton, script);
        if (!baked)
            return baked.error();
        comparison.m_boneNames = baked->poses.boneNames;
        choice.poses = std::move(baked->poses.poses);
        comparison.m_armature = data; // found: the bake knows the armature
        if (!nests)
            continue;
        auto runner = ScriptRunner::create(skeleton, script);
        if (!runner)
            return runner.error();
        nests = runner.value()->armature().rig().nestsArmatures();
        if (nests)
            choice.nestedRunner = std::move(runner.value());
    }
    return comparison;
}

void TransitionComparison::composeNested(int choice, int update, NestedPoses& out) const
{
    ScriptRunner* runner = m_choices[size_t(choice)].nestedRunner.get();
    if (!runner) {
        out.clear();
        return;
    }
    runner->seek(std::clamp(update, 1, m_updates));
    runner->armature().composeNested(runner->pose(), out);
}

std::span<const BonePose> TransitionComparison::pose(int choice, int update) const
{
    const size_t bones = m_boneNames.size();
    const size_t row = size_t(std::clamp(update, 1, m_updates) - 1);
    return std::span<const BonePose>(m_choices[size_t(choice)].poses).subspan(row * bones, bones);
}

std::vector<BoneDivergence> TransitionComparison::divergence(int choice, int bone) const
{
    std::vector<BoneDivergence> curve;
    if (bone < 0 || size_t(bone) >= m_boneNames.size())
        return curve;
    curve.reserve(size_t(m_updates));
    for (int update = 1; update <= m_updates; ++update)
        curve.push_back(
            boneDivergence(pose(choice, update)[size_t(bone)], pose(0, update)[size_t(bone)]));
    return curve;
}

int TransitionComparison::mostDivergentBone() const
{
    int best = -1;
    double largest = 0.0;
    for (int choice = 1; choice < choiceCount(); ++choice)
        for (int bone = 0; bone < int(m_boneNames.size()); ++bone) {
            const double peak = distancePeak(divergence(choice, bone)).value;
            if (best < 0 || peak > largest) {
                best = bone;
                largest = peak;
            }
        }
    return best;
}

} // namespace bonescope::core
