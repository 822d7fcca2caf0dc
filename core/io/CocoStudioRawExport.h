#pragma once

#include "base/LoadError.h"
#include "model/SkeletonData.h"

#include <string>
#include <vector>

namespace bonescope::core {

// What CocoStudioSaxHandler collects from an ExportJson before the data version is known. The
// version (per armature; the last armature's governs every animation) and `content_scale` may
// come anywhere in the file, so everything they change is kept raw here and resolved by
// readCocoStudioJson in one pass afterwards.

/// A `color` member as found. Its meaning depends on the data version: cocos2d-x reads it only
/// from version 1.1 on, and then it must be an object (an array reads as white).
struct CocoStudioRawColor {
    enum class Kind { Absent, Object, Null, Array, Invalid };
    Kind kind = Kind::Absent;
    ColorTransform value;       ///< members the object lacks stay 255
    std::string pointer;        ///< Kind::Array and Kind::Invalid: where
    std::string invalidMessage; ///< Kind::Invalid: why it cannot be read
};

struct CocoStudioRawBone {
    BoneData data; ///< transform.x/y not yet multiplied by content_scale; no colour yet
    CocoStudioRawColor color;
};

struct CocoStudioRawArmature {
    std::string name;
    float version = 0.1f; ///< cocos2d-x's default when `version` is missing
    std::string versionText;
    std::string strVersion;
    std::vector<CocoStudioRawBone> bones;
};

struct CocoStudioRawFrame {
    FrameData data;     ///< transform.x/y unscaled; startFrame, duration and colour not yet set
    int frameIndex = 0; ///< `fi` (data version ≥ 0.3)
    int duration = 1;   ///< `dr` (data version < 0.3)
    CocoStudioRawColor color;
};

struct CocoStudioRawMovementBone {
    MovementBoneData data; ///< frames not yet filled
    std::vector<CocoStudioRawFrame> frames;
};

struct CocoStudioRawMovement {
    MovementData data;        ///< bones not yet filled
    bool hasDuration = false; ///< a `dr` key, even null (cocos2d-x's HasMember test)
    std::vector<CocoStudioRawMovementBone> bones;
};

struct CocoStudioRawAnimation {
    std::string name;
    std::vector<CocoStudioRawMovement> movements;
};

struct CocoStudioRawExport {
    WarningList warnings; ///< met while collecting; readCocoStudioJson adds its own
    bool hasArmatureData = false;
    float contentScale = 1.f;
    std::vector<CocoStudioRawArmature> armatures;
    std::vector<CocoStudioRawAnimation> animations;
    std::vector<TextureData> textures;
    std::vector<std::string> configFiles;
    std::vector<std::string> configImages;
};

} // namespace bonescope::core
