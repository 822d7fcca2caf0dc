#pragma once

#include "model/Easing.h"
#include "model/FrameData.h"
#include "model/Transform.h"

namespace bonescope::core {

/// The values a bone tween works with: cocos2d-x's FrameData as Tween and Bone hold it (the
/// bone's live tween data and the tween's `_from`; `_between` is a TweenDelta). Unlike FrameData it
/// carries no strings, so copying one on the hot path never allocates. Skews in radians, positions
/// in points; for CocoStudio data (version ≥ 0.3) these are deltas from the bone's setup pose.
struct TweenFrame {
    // Ordered by size so that no padding is left (a bone's tween state holds three).
    Transform transform;
    ColorTransform color;
    const float* easingParams = nullptr; ///< the keyframe's Bezier / period values, not owned
    BlendFunc blend;
    int zOrder = 0;
    float tweenRotate = 0.f; ///< extra full turns added by TweenDelta::subtract toward this frame
    int displayIndex = 0;
    Easing easing = Easing::Linear;
    int easingParamCount = 0;
    bool useColor = false;
    bool isTween = true;

    /// cocos2d-x FrameData::copy from a keyframe (everything but frame index and strings).
    static TweenFrame fromKey(const FrameData& key);
};

} // namespace bonescope::core
