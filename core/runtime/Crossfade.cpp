#include "runtime/Crossfade.h"

#include "base/FrameRate.h"
#include "model/MovementData.h"

namespace bonescope::core {

BlendTransition blendTransition(TransitionKind type)
{
    switch (type) {
    case TransitionKind::Switch:
        return BlendTransition::Switch;
    case TransitionKind::ThenAnimate:
        return BlendTransition::ThenAnimate;
    case TransitionKind::WhileAnimating:
    case TransitionKind::DurationTo:
        break;
    }
    return BlendTransition::WhileAnimating;
}

double crossfadeFramesPerUpdate(TransitionKind type, const MovementData& target)
{
    // A clock that stands still (sc 0, refused by the readers and the editor) is left at one.
    return type == TransitionKind::DurationTo && target.scale > 0 ? target.scale : 1.0;
}

double crossfadeSeconds(TransitionKind type, double durationFrames, const MovementData& target)
{
    return framesToSeconds(durationFrames / crossfadeFramesPerUpdate(type, target));
}

CrossfadeWeights crossfadeWeights(const AnimationBlender& state, int source, int target)
{
    const auto weightOf = [&](int movement) {
        if (state.source().movement == movement)
            return state.sourceWeight();
        if (state.blending() && state.target().movement == movement)
            return state.targetWeight();
        return 0.0;
    };
    return {weightOf(source), weightOf(target)};
}

CrossfadeWeights crossfadeWeightsAt(TransitionKind type, double durationFrames,
                                    double elapsedFrames)
{
    if (elapsedFrames < 0.0)
        return {};
    // Two looping stand-ins are enough: the weights depend on the transition alone.
    AnimationBlender state({{1.0, 1.0}, {1.0, 1.0}});
    state.init(0, true);
    state.blend(1, blendTransition(type), framesToSeconds(durationFrames), true);
    state.addTime(framesToSeconds(elapsedFrames));
    return crossfadeWeights(state, 0, 1);
}

} // namespace bonescope::core
