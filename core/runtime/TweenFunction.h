#pragma once

#include "model/Easing.h"

namespace bonescope::core {

/// cocos2d-x tweenfunc::tweenTo: maps a ratio 0..1 of a tween to an eased ratio (which may leave
/// 0..1 for Back and Elastic). `params` are the frame's Bezier / period values (`count` of them),
/// null when the frame has none. Computed in float with cocos2d-x's operation order so results
/// round like the engine's. Unknown types fall back to SineEaseInOut, as cocos2d-x does.
float tweenTo(float ratio, Easing type, const float* params, int count);

/// The eased ratio of a keyframe span, cocos2d-x's Tween::updateFrameData rule: the keyframe's
/// easing unless it is Linear, then the movement's; None and Linear leave `ratio` as it is.
/// `params` / `count` are the keyframe's, as for tweenTo.
inline float easeSpan(float ratio, Easing keyEasing, Easing movementEasing, const float* params,
                      int count)
{
    const Easing type = keyEasing != Easing::Linear ? keyEasing : movementEasing;
    if (type == Easing::None || type == Easing::Linear)
        return ratio;
    return tweenTo(ratio, type, params, count);
}

/// cocos2d-x customEase: the cubic Bezier y(t) of params[1], [3], [5], [7] (x values ignored,
/// as the engine does); `ratio` unchanged when fewer than 8 params are given.
float customEase(float ratio, const float* params, int count);

} // namespace bonescope::core
