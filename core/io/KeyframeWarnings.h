#pragma once

#include <string_view>

namespace bonescope::core {

/// How cocos2d-x plays a keyframe that lasts no frame (DragonBones dr="0", ExportJson dr 0 or
/// an `fi` repeated), the end of the readers' warning about one.
inline constexpr std::string_view kZeroLengthKeyframePlay =
    "as in cocos2d-x, the span before it tweens to it and the next keyframe takes over on the "
    "same frame";

} // namespace bonescope::core
