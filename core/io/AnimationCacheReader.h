#pragma once

#include "base/LoadError.h"
#include "model/FlipbookData.h"

#include <string>
#include <string_view>

namespace bonescope::core {

/// Reads a cocos2d AnimationCache plist with cocos2d-x's AnimationCache rules. Format 1 (no
/// `properties`): `delay` (seconds) becomes delayPerUnit, every name in `frames` one unit,
/// loops 1. Format 2: `delayPerUnit` (seconds), `loops` (1 when absent),
/// `restoreOriginalFrame` (false when absent), `frames` of {`spriteframe`, `delayUnits`,
/// `notification`}; `properties/spritesheets` go to `spriteSheetFiles` (relative to the
/// plist). Animations keep the file's order. The result has no atlases: the caller loads the
/// sprite sheets (format 2 names them; for format 1 the game loads them separately) and
/// reports frames that name no loaded sprite frame (cocos2d-x drops them with a log line); a
/// missing or empty `spriteframe` is such a name ("").
Result<FlipbookSet> readAnimationCachePlist(std::string_view bytes, const std::string& fileName);

} // namespace bonescope::core
