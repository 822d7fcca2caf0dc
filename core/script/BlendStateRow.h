#pragma once

#include <string>

namespace bonescope::core {

/// The blend state after one update of a blend script. Movement names are empty when there is
/// none (target: not blending); times and durations in seconds. While the cocos2d-x player
/// fades (durationTo) the weights are nominal: linear over durationTo, whereas the pose follows
/// cocos2d-x's own sine-eased tween.
struct BlendStateRow {
    int frame = 0;
    std::string source;
    std::string target;
    double timeLeft = 0.0;
    double duration = 0.0;
    double sourceWeight = 1.0;
    double targetWeight = 0.0;
    double sourceTime = 0.0; ///< the source's position in its pass
    double targetTime = 0.0;
    bool complete = false;
};

} // namespace bonescope::core
