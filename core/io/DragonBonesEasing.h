#pragma once

#include "model/Easing.h"

#include <cmath>
#include <optional>
#include <string_view>

namespace bonescope::core {

/// cocos2d-x's reading of a DragonBones `twE` value (CCDataReaderHelper), the one rule the
/// reader and the editor share: "NaN", DragonBones' "no easing", is Linear; any other text is
/// read as a number by `number` (the caller's parser: text → std::optional<double>, nullopt
/// when the text is none), truncated toward zero as QueryIntAttribute does, 2 standing for
/// SineEaseInOut. nullopt when the text is no number or the number no cocos2d-x easing type.
/// An absent twE is Linear too, but that is the caller's to see.
template <typename NumberParser>
std::optional<Easing> dragonBonesEasing(std::string_view twE, NumberParser&& number)
{
    if (twE == "NaN")
        return Easing::Linear;
    const std::optional<double> value = number(twE);
    if (!value || !(std::abs(*value) < 100000.0)) // beyond any type, and no int overflow
        return std::nullopt;
    const int type = static_cast<int>(*value);
    if (type == 2)
        return Easing::SineEaseInOut;
    if (!isKnownEasing(type))
        return std::nullopt;
    return static_cast<Easing>(type);
}

} // namespace bonescope::core
