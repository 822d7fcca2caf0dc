#pragma once

#include "model/Easing.h"

#include <optional>
#include <string_view>

namespace bonescope::core {

/// cocos2d-x's reading of a DragonBones `twE` value (CCDataReaderHelper), the one rule the
/// reader and the editor share: the tween type it reads. "NaN", DragonBones' "no easing", is
/// Linear; any other text is read by `integer` (the caller's QueryIntAttribute: text →
/// std::optional<int> through readTinyxmlNumber<int>, nullopt when the text starts with no
/// integer), 2 standing for SineEaseInOut. So "1e9" is type 1 and "0x3" type 3, as cocos2d-x
/// reads them. nullopt when there is no integer. The type may be one cocos2d-x does not know
/// (playedEasing says what it plays). An absent twE is Linear too, but that is the caller's
/// to see.
template <typename IntegerParser>
std::optional<int> dragonBonesEasingType(std::string_view twE, IntegerParser&& integer)
{
    if (twE == "NaN")
        return static_cast<int>(Easing::Linear);
    const std::optional<int> type = integer(twE);
    if (!type)
        return std::nullopt;
    return *type == 2 ? static_cast<int>(Easing::SineEaseInOut) : *type;
}

} // namespace bonescope::core
