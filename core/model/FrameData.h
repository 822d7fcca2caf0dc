#pragma once

#include "model/Easing.h"
#include "model/Transform.h"

#include <string>
#include <vector>

namespace bonescope::core {

/// Blend mode of a frame's display, as cocos2d-x's BlendFunc (GL source and destination
/// factors). The default is cocos2d-x's BlendFunc::ALPHA_PREMULTIPLIED (GL_ONE,
/// GL_ONE_MINUS_SRC_ALPHA).
struct BlendFunc {
    unsigned src = 1;      // GL_ONE
    unsigned dst = 0x0303; // GL_ONE_MINUS_SRC_ALPHA
    friend bool operator==(const BlendFunc&, const BlendFunc&) = default;
};

/// One keyframe of a bone timeline, normalised by the reader (see core/io): transform is
/// parent-relative for DragonBones data and a delta from the bone's setup pose for CocoStudio
/// data of version ≥ 0.3 (as cocos2d-x's DataReaderHelper keeps them).
struct FrameData {
    int startFrame = 0; ///< frame index (frames) where this keyframe begins (cocos2d-x frameID)
    int duration = 1;   ///< frames until the next keyframe
    Transform transform;
    int zOrder = 0;
    float tweenRotate = 0.f; ///< extra full turns added while tweening to the next frame
    bool tween = true;       ///< false: hold this frame until the next one (cocos2d-x isTween)
    Easing easing = Easing::Linear;
    std::vector<float> easingParams; ///< CustomEasing: Bezier control values
    int displayIndex = 0;            ///< −1 hides the bone
    bool useColor = false;           ///< colour below applies (cocos2d-x isUseColorInfo)
    ColorTransform color;
    BlendFunc blend;
    std::string event;    ///< frame event raised when this keyframe is entered
    std::string movement; ///< movement a nested armature switches to
    std::string sound;
    std::string soundEffect;
};

} // namespace bonescope::core
