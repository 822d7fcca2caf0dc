#pragma once

#include <QString>

namespace bonescope::widgets {

/// How a crossfade from a source to a target movement runs: the blender's three Ogre-style
/// transitions (seed 002) and cocos2d-x's own `play(movement, durationTo)` tween.
enum class TransitionType { Switch, WhileAnimating, ThenAnimate, DurationTo };

/// A crossfade request as the inspector edits it.
struct Transition {
    int source = -1; ///< movement index
    int target = -1; ///< movement index
    TransitionType type = TransitionType::WhileAnimating;
    int durationFrames = 10; ///< frames (1/60 s each at speed 1)
};

/// Display name of a transition type ("WhileAnimating", "cocos2d-x durationTo").
QString transitionTypeName(TransitionType type);

/// Source and target weights (ratios 0..1) `elapsedFrames` frames into a transition of
/// `durationFrames` frames: source = timeLeft / duration and target = 1 − that (seed 002);
/// Switch hands over at once.
struct TransitionWeights {
    double source = 1.0;
    double target = 0.0;
};
TransitionWeights transitionWeights(TransitionType type, double durationFrames,
                                    double elapsedFrames);

} // namespace bonescope::widgets
