#pragma once

#include "model/Transform.h"

#include <string>

namespace bonescope::core {

/// Unknown: an ExportJson `displayType` cocos2d-x does not know. It keeps its place among the
/// bone's displays (display indices count it) and shows nothing.
enum class DisplayType { Image, Armature, Particle, Unknown };

/// One display a bone can show (cocos2d-x DisplayData and its sprite / armature / particle
/// subclasses). `name` is the sub-texture name (without extension for DragonBones, as
/// cocos2d-x strips it), the nested armature's name, or the particle plist; empty for Unknown.
struct DisplayData {
    DisplayType type = DisplayType::Image;
    std::string name;
    Transform skin;     ///< the image's placement relative to its bone (SpriteDisplayData skinData)
    float pivotX = 0.f; ///< DragonBones `<d pX pY>`: image pivot, points from the top-left
    float pivotY = 0.f;
};

} // namespace bonescope::core
