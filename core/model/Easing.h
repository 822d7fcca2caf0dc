#pragma once

#include <string_view>

namespace bonescope::core {

/// cocos2d-x's tweenfunc::TweenType, with the same integer values as the exports store them
/// (`twE` in DragonBones XML, `tweenEasing` in ExportJson). `CustomEasing` takes the Bezier
/// parameters of the frame; `None` stands for cocos2d-x's TWEEN_EASING_MAX (10000), "use the
/// movement's easing". DragonBones' twE="NaN" reads as Linear, as cocos2d-x 4.0's reader does.
enum class Easing : int {
    CustomEasing = -1,
    Linear = 0,
    SineEaseIn,
    SineEaseOut,
    SineEaseInOut,
    QuadEaseIn,
    QuadEaseOut,
    QuadEaseInOut,
    CubicEaseIn,
    CubicEaseOut,
    CubicEaseInOut,
    QuartEaseIn,
    QuartEaseOut,
    QuartEaseInOut,
    QuintEaseIn,
    QuintEaseOut,
    QuintEaseInOut,
    ExpoEaseIn,
    ExpoEaseOut,
    ExpoEaseInOut,
    CircEaseIn,
    CircEaseOut,
    CircEaseInOut,
    ElasticEaseIn,
    ElasticEaseOut,
    ElasticEaseInOut,
    BackEaseIn,
    BackEaseOut,
    BackEaseInOut,
    BounceEaseIn,
    BounceEaseOut,
    BounceEaseInOut,
    None = 10000,
};

/// Human name of an easing ("QuadEaseIn"), for info output and the properties panel.
std::string_view easingName(Easing easing);

/// True when `value` is one of the enumerators above.
bool isKnownEasing(int value);

/// The easing cocos2d-x plays for tween type `type` read from a file: the type itself when it
/// is one it knows (isKnownEasing), else SineEaseInOut, which tweenfunc::tweenTo falls back to.
/// (Checked with cocos2d-x 4.0: spans and movements of such types play exactly as
/// SineEaseInOut ones, in both formats.)
Easing playedEasing(int type);

} // namespace bonescope::core
