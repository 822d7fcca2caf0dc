#pragma once

#include <string_view>

namespace bonescope::core {

// How cocos2d-x plays what the export readers warn about, in the same words for both formats.

/// A keyframe that lasts no frame (DragonBones dr="0", ExportJson dr 0 or an `fi` repeated).
inline constexpr std::string_view kZeroLengthKeyframePlay =
    "as in cocos2d-x, the span before it tweens to it and the next keyframe takes over on the "
    "same frame";

/// A tween type cocos2d-x does not know (model/Easing.h playedEasing).
inline constexpr std::string_view kUnknownEasingPlay =
    "is no cocos2d-x easing type; as in cocos2d-x, it eases like SineEaseInOut";

/// An armature, animation or movement whose name an earlier one already has (cocos2d-x's name
/// maps keep the later).
inline constexpr std::string_view kRedefinitionPlay =
    "as in cocos2d-x, this later definition is the one played";

} // namespace bonescope::core
