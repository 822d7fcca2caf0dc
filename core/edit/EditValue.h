#pragma once

#include "base/LoadError.h"
#include "edit/EditKey.h"
#include "model/Easing.h"
#include "model/SkeletonData.h"

#include <optional>
#include <string>
#include <string_view>
#include <variant>

namespace bonescope::core {

/// The value of one EditKey: int for durationTo / durationTween (frames), bool for loop, Easing
/// for the easings, double for scale (ratio) and tweenRotate (turns), string for event.
using EditValue = std::variant<int, bool, double, Easing, std::string>;

/// Largest duration (frames) an edit accepts, the readers' own ceiling.
inline constexpr int kMaxEditFrames = 1'000'000;

/// Parses what a user typed for `key` in a file of `format` and checks it (refuseEditValue).
/// Accepted spellings: durations as whole numbers; loop as true/false/1/0; easings by
/// easingName ("QuadEaseIn", any case) or number, "None" for none, "NaN" for what cocos2d-x
/// reads twE="NaN" as (Linear, io/DragonBonesEasing.h); scale and
/// tweenRotate as decimal numbers; event as any text. The error's message says why.
Result<EditValue> parseEditValue(EditKey key, std::string_view text, SourceFormat format);

/// Why `value` cannot be written for `key` in a file of `format` (negative or NaN numbers,
/// a value of the wrong type, a key or easing the format cannot carry for cocos2d-x), or
/// nullopt when it can.
std::optional<std::string> refuseEditValue(EditKey key, const EditValue& value,
                                           SourceFormat format);

/// The value as the file spells it: XML attribute text (not yet escaped) or a JSON token.
std::string spellEditValue(const EditValue& value, SourceFormat format);

/// What `raw` (an XML attribute's text with entities resolved, or a JSON token) means for
/// `key`, as cocos2d-x reads it; nullopt when it is not a value of that key.
std::optional<EditValue> readEditValue(EditKey key, std::string_view raw, SourceFormat format);

/// The value cocos2d-x assumes when the file does not write `key`.
EditValue defaultEditValue(EditKey key);

/// For messages and panels: "12", "true", "QuadEaseIn", "1.5", "\"hit\"".
std::string describeEditValue(const EditValue& value);

} // namespace bonescope::core
