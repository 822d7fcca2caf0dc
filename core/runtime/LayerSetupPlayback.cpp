#include "runtime/LayerSetupPlayback.h"

#include "runtime/Armature.h"
#include "runtime/ArmatureMovementSource.h"
#include "runtime/Hierarchy.h"
#include "runtime/LayerStackBuilder.h"
#include "runtime/LayerTrace.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <optional>

namespace bonescope::core {

bool layerWeightsUnbalanced(float sum)
{
    // Sums this close to 1 are float rounding of weights that do add up to 1.
    constexpr float kTolerance = 1e-4f;
    return sum > 0.f && std::abs(sum - 1.f) > kTolerance;
}

struct LayerSetupPlayback::State {
    State(std::shared_ptr<const ArmatureRig> armatureRig, Pose restPose)
        : rig(armatureRig), source(std::move(armatureRig), std::move(restPose))
    {
    }

    std::shared_ptr<const ArmatureRig> rig;
    ArmatureMovementSource source; ///< the plans borrow it: State never moves (held by pointer)
    std::optional<LayerStackPlan> initial; ///< as built: seek() starts again from a copy
    std::optional<LayerStackPlan> plan;
    size_t nextTransition = 0; ///< first transition of plan->transitions not yet started
    double timeSeconds = 0.0;
    Pose pose;
    mutable LayerTraceScratch traceScratch;
};

Result<std::unique_ptr<LayerSetupPlayback>> LayerSetupPlayback::create(const SkeletonData& skeleton,
                                                                       const ArmatureData& armature,
                                                                       const LayerSetup& setup,
                                                                       const std::string& fileName)
{
    auto rig = ArmatureRig::create(skeleton, armature.name);
    if (!rig)
        return LoadError{fileName, 0, "/armature", "no armature \"" + armature.name + "\""};
    const Armature fresh(rig);
    auto state = std::make_unique<State>(rig, fresh.pose());
    const AnimationData* animation = skeleton.findAnimation(armature.name);
    const AnimationData none;
    auto plan =
        buildLayerStack(setup, armature, animation ? *animation : none, state->source, fileName);
    if (!plan)
        return plan.error();
    state->initial = std::move(plan.value());
    std::unique_ptr<LayerSetupPlayback> playback(new LayerSetupPlayback(std::move(state)));
    playback->seek(0.0);
    return playback;
}

LayerSetupPlayback::LayerSetupPlayback(std::unique_ptr<State> state) : m_state(std::move(state))
{
}

LayerSetupPlayback::~LayerSetupPlayback() = default;

void LayerSetupPlayback::seek(double seconds)
{
    State& s = *m_state;
    s.plan = s.initial;
    s.nextTransition = 0;
    s.timeSeconds = 0.0;
    update(std::max(0.0, seconds));
}

void LayerSetupPlayback::update(double seconds)
{
    State& s = *m_state;
    const double end = s.timeSeconds + seconds;
    const auto& transitions = s.plan->transitions;
    // The stack advances in pieces between the transitions' start times, so a transition
    // starts exactly when it is due whatever the step.
    while (s.nextTransition < transitions.size() &&
           transitions[s.nextTransition].startSeconds <= end + kBlendTimeEpsilon) {
        const ScheduledLayerTransition& t = transitions[s.nextTransition++];
        s.plan->stack.addTime(std::max(0.0, t.startSeconds - s.timeSeconds));
        s.timeSeconds = std::max(s.timeSeconds, t.startSeconds);
        s.plan->stack.transition(t.layer, t.movement, t.loop, t.durationSeconds);
    }
    s.plan->stack.addTime(std::max(0.0, end - s.timeSeconds));
    s.timeSeconds = std::max(s.timeSeconds, end);
    evaluate();
}

void LayerSetupPlayback::evaluate()
{
    State& s = *m_state;
    s.plan->stack.evaluate(s.source.restPose(), s.pose);
    updateWorldTransforms(*s.rig, s.pose);
}

double LayerSetupPlayback::timeSeconds() const
{
    return m_state->timeSeconds;
}

const Pose& LayerSetupPlayback::pose() const
{
    return m_state->pose;
}

std::vector<float> LayerSetupPlayback::weightSums() const
{
    const State& s = *m_state;
    std::vector<float> sums(size_t(s.source.boneCount()), 0.f);
    for (const Layer& layer : s.plan->stack.layers()) {
        const BoneMask& animated = s.source.animatedBones(layer.current.movement);
        for (size_t bone = 0; bone < sums.size(); ++bone)
            if (animated[bone] && (layer.mask.empty() || layer.mask[bone]))
                sums[bone] += layer.weight;
    }
    return sums;
}

std::vector<BoneContribution> LayerSetupPlayback::trace(const std::vector<int>& bones,
                                                        int frame) const
{
    const State& s = *m_state;
    std::vector<int> known;
    std::copy_if(bones.begin(), bones.end(), std::back_inserter(known),
                 [&s](int bone) { return bone >= 0 && bone < s.source.boneCount(); });
    std::vector<BoneContribution> rows;
    traceLayerStack(s.source, s.plan->stack, known, frame, s.source.restPose(), s.pose,
                    s.traceScratch, rows);
    return rows;
}

} // namespace bonescope::core
