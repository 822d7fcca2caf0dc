#pragma once

#include "model/MovementData.h"

#include <vector>

namespace bonescope::core {

/// One keyframe span of a bone timeline as random access reads it, computed once per rig
/// instead of at every sample: the values at the span's start and their differences to its
/// end (the sampler's form of TweenDelta::subtract), or the values held over the span.
/// Compact and free of strings, so a binary search and a lerp touch little memory.
struct KeySpan {
    Transform from;
    Transform delta;           ///< to − from, the skews with to's tweenRotate turns added
    ColorTransform color;      ///< at the span's start
    ColorTransform colorDelta; ///< to − from, applied when `useColor`
    const float* easingParams = nullptr; ///< the keyframe's, not owned
    int easingParamCount = 0;
    float start = 0.f;  ///< start frame of the span
    float length = 0.f; ///< frames to the next keyframe
    int zOrder = 0;     ///< of the keyframe whose discrete values apply
    int displayIndex = 0;
    Easing easing = Easing::Linear;
    bool hold = false; ///< `from` and `color` stay over the whole span
    bool useColor = false;

    /// The span starting at keyframe `index` of `frames`, with cocos2d-x's Tween rules: a hold
    /// keyframe (tween off) and the last keyframe hold their values; a hidden neighbour makes
    /// the span hold the visible keyframe's.
    static KeySpan fromFrames(const std::vector<FrameData>& frames, size_t index);
};

} // namespace bonescope::core
