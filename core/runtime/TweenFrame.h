#pragma once

#include "model/Easing.h"
#include "model/FrameData.h"
#include "model/Transform.h"

namespace bonescope::core {

/// The values a bone tween works with: cocos2d-x's FrameData as Tween and Bone hold it (the
/// bone's live tween data, the tween's `_from` and `_between`). Unlike FrameData it carries no
/// strings, so copying one on the hot path never allocates. Skews in radians, positions in
/// points; for CocoStudio data (version ≥ 0.3) these are deltas from the bone's setup pose.
struct TweenFrame {
    Transform transform;
    int zOrder = 0;
    float tweenRotate = 0.f; ///< extra full turns added by subtract() toward this frame
    bool useColor = false;
    ColorTransform color;
    int displayIndex = 0;
    Easing easing = Easing::Linear;
    const float* easingParams = nullptr; ///< the keyframe's Bezier / period values, not owned
    int easingParamCount = 0;
    bool isTween = true;
    BlendFunc blend;

    /// cocos2d-x FrameData::copy from a keyframe (everything but frame index and strings).
    static TweenFrame fromKey(const FrameData& key);

    /// cocos2d-x BaseData::subtract: this = to − from for transform and colour. Colour is
    /// kept once any of this, from or to used it (cocos2d-x's sticky flag). `limit` brings
    /// skew differences into [−π, π]; `to.tweenRotate` then adds whole turns.
    void subtract(const TweenFrame& from, const TweenFrame& to, bool limit);
};

} // namespace bonescope::core
