#pragma once

#include "io/LoadError.h"
#include "model/FlipbookData.h"

#include <optional>
#include <string>
#include <string_view>

namespace bonescope::core {

/// Reads a cocos2d AnimationCache plist with cocos2d-x's AnimationCache rules. Format 1 (no
/// `properties`): `delay` (seconds) becomes delayPerUnit, every name in `frames` one unit,
/// loops 1. Format 2: `delayPerUnit` (seconds), `loops` (1 when absent),
/// `restoreOriginalFrame` (false when absent), `frames` of {`spriteframe`, `delayUnits`,
/// `notification`}; `properties/spritesheets` go to `spriteSheetFiles` (relative to the
/// plist). Animations keep the file's order. The result has no atlases: the caller loads the
/// sprite sheets (format 2 names them; for format 1 the game loads them separately) and may
/// then check the frames with findMissingSpriteFrame().
Result<FlipbookSet> readAnimationCachePlist(std::string_view bytes, const std::string& fileName);

/// The first frame of `set` that names a sprite frame none of `set.atlases` holds, as a
/// LoadError against `fileName`; cocos2d-x would silently drop such a frame.
std::optional<LoadError> findMissingSpriteFrame(const FlipbookSet& set,
                                                const std::string& fileName);

} // namespace bonescope::core
