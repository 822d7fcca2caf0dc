#pragma once

#include "model/Easing.h"

#include <cmath>
#include <optional>
#include <string_view>

namespace bonescope::core {

/// cocos2d-x's reading of a DragonBones `twE` value (CCDataReaderHelper), the one rule the
/// reader and the editor share: the tween type it reads. "NaN", DragonBones' "no easing", is
/// Linear; any other text is read as a number by `number` (the caller's parser: text →
/// std::optional<double>, nullopt when the text is none), truncated toward zero as
/// QueryIntAttribute does, 2 standing for SineEaseInOut. nullopt when the text is no number or
/// one beyond any type. The type may be one cocos2d-x does not know (playedEasing says what it
/// plays). An absent twE is Linear too, but that is the caller's to see.
template <typename NumberParser>
std::optional<int> dragonBonesEasingType(std::string_view twE, NumberParser&& number)
{
    if (twE == "NaN")
        return static_cast<int>(Easing::Linear);
    const std::optional<double> value = number(twE);
    if (!value || !(std::abs(*value) < 100000.0)) // beyond any type, and no int overflow
        return std::nullopt;
    const int type = static_cast<int>(*value);
    return type == 2 ? static_cast<int>(Easing::SineEaseInOut) : type;
}

} // namespace bonescope::core
