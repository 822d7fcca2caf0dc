#pragma once

#include "base/LoadError.h"
#include "model/TextureAtlas.h"

#include <string>
#include <string_view>

namespace bonescope::core {

/// Reads a cocos2d sprite-frame plist with cocos2d-x's SpriteFrameCache rules (metadata
/// `format` 0 to 3; no metadata means format 0) into one atlas. Frames keep the file's order;
/// format 3 `aliases` become extra frames that copy the frame they name. `imagePath` is
/// `metadata/textureFileName`, else `realTextureFileName`, else the plist's own name with
/// ".png" (cocos2d-x's fallback); `width`/`height` come from `metadata/size` (or the legacy
/// top-level `texture` dictionary), 0 when the file does not say. All values are pixels.
/// `fileName` names the file in errors and gives the fallback image name.
///
/// Where cocos2d-x silently reads a missing frame key (x, y, width, height, original size;
/// `frame`, `sourceSize`; `spriteSize`, `textureRect`, `spriteSourceSize`) as 0 or an empty
/// rect, so does this, and SpriteAtlas::warnings gets one entry per such frame naming the keys
/// (at most kMaxWarningsPerFile); an empty `frames` dictionary is a warning too. Missing
/// offsets are 0 without a warning. Present values of the wrong type or out of range stay
/// errors.
Result<SpriteAtlas> readSpriteSheetPlist(std::string_view bytes, const std::string& fileName);

} // namespace bonescope::core
