#pragma once

#include "base/FrameRate.h"
#include "base/X86Arithmetic.h"
#include "model/Easing.h"
#include "model/FrameData.h"

#include <string>
#include <vector>

namespace bonescope::core {

/// The keyframes of one bone inside one movement (cocos2d-x MovementBoneData).
struct MovementBoneData {
    std::string name;              ///< the bone this timeline drives
    float delay = 0.f;             ///< `dl`: ratio 0..1 of the movement by which the bone lags
    float scale = 1.f;             ///< `sc`: the bone's own speed scale
    int duration = 0;              ///< frames covered by the keyframes
    std::vector<FrameData> frames; ///< in start-frame order
};

/// One movement (an "animation" in DragonBones terms), cocos2d-x MovementData.
struct MovementData {
    std::string name;
    int duration = 0;      ///< `dr`: frames
    float scale = 1.f;     ///< speed scale of the whole movement
    int durationTo = 0;    ///< `to`: frames to blend from the previous pose into this movement
    int durationTween = 0; ///< `drTW`: frames a whole pass of the movement takes when tweened
    bool loop = true;      ///< `lp`
    Easing easing = Easing::Linear; ///< `twE`: movement-wide easing, None when unset
    std::vector<MovementBoneData> bones;

    const MovementBoneData* findBone(std::string_view boneName) const
    {
        for (const auto& bone : bones)
            if (bone.name == boneName)
                return &bone;
        return nullptr;
    }
};

/// Frames of the player's clock one pass of `movement` takes (updates at speed 1 when its `sc` is
/// 1): `drTW`, or `dr` when it is 0 (cocos2d-x ArmatureAnimation::play). The readers reject a
/// negative `drTW`.
inline int passFrames(const MovementData& movement)
{
    return movement.durationTween > 0 ? movement.durationTween : movement.duration;
}

/// Seconds `frames` of `movement`'s clock (a blend-in's or a pass's, as the viewer's timeline
/// counts them) last at speed 1: the clock runs `sc` frames an update. At the frame rate when `sc`
/// is not positive (the clock then stands still).
inline double clockFramesToSeconds(const MovementData& movement, double frames)
{
    return framesToSeconds(movement.scale > 0 ? frames / movement.scale : frames);
}

/// Frames one pass of a bone's timeline takes: the movement's passFrames() times the timeline's
/// own `sc`, truncated to whole frames as cocos2d-x's int conversion does (Tween::play). The
/// readers refuse an `sc` that puts this past ±kMaxFrames; a product out of int's range (or
/// NaN) still gives x86's result.
inline int bonePassFrames(int movementPassFrames, float scale)
{
    return truncatedToInt(static_cast<float>(movementPassFrames) * scale);
}

/// bonePassFrames of `track`, a timeline of `movement`.
inline int bonePassFrames(const MovementData& movement, const MovementBoneData& track)
{
    return bonePassFrames(passFrames(movement), track.scale);
}

/// The movements of one armature (cocos2d-x AnimationData), in file order.
struct AnimationData {
    std::string name;
    std::vector<MovementData> movements;

    const MovementData* findMovement(std::string_view movementName) const
    {
        for (const auto& movement : movements)
            if (movement.name == movementName)
                return &movement;
        return nullptr;
    }
};

} // namespace bonescope::core
