#pragma once

#include "model/TransitionTable.h"
#include "runtime/AnimationBlender.h"

namespace bonescope::core {

struct MovementData;

/// A crossfade request: which movements, how, and for how long.
struct Crossfade {
    int source = -1; ///< movement index
    int target = -1; ///< movement index
    TransitionKind type = TransitionKind::WhileAnimating;
    int durationFrames = 10; ///< frames of the fade's clock (crossfadeFramesPerUpdate)
};

/// Frames of a fade of `type` into `target` one update at speed 1 runs: one, but cocos2d-x runs
/// a DurationTo blend-in on the target movement's clock, `sc` frames an update (10 frames of it
/// into a movement of `sc` 0.5 take 20 updates).
double crossfadeFramesPerUpdate(TransitionKind type, const MovementData& target);
/// Seconds `durationFrames` of a fade of `type` into `target` last at speed 1.
double crossfadeSeconds(TransitionKind type, double durationFrames, const MovementData& target);

/// The blender transition that runs `type`; DurationTo, which the player runs itself, fades
/// linearly as WhileAnimating does.
BlendTransition blendTransition(TransitionKind type);

/// Weights (ratios 0..1) of a crossfade's source and target movements.
struct CrossfadeWeights {
    double source = 1.0;
    double target = 0.0;
};

/// The weights an AnimationBlender reports `elapsedFrames` frames into a crossfade of `type`
/// lasting `durationFrames` frames; {1, 0} before it starts (elapsedFrames < 0).
CrossfadeWeights crossfadeWeightsAt(TransitionKind type, double durationFrames,
                                    double elapsedFrames);

/// The weights of the two movements of `crossfade` in a running blender: the one the blender
/// reports for each (0 for a movement it no longer plays).
CrossfadeWeights crossfadeWeights(const AnimationBlender& state, int source, int target);

} // namespace bonescope::core
