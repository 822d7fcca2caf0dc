#pragma once

#include "base/LoadError.h"
#include "model/TextureAtlas.h"

#include <vector>

namespace bonescope::core {

/// A warning naming the frames of `atlas` whose rectangle reaches outside its image of `width` ×
/// `height` pixels (a rotated frame lies height × width in it): the first one (at its line) and
/// how many more, none when all fit. cocos2d-x draws such a frame all the same: its texture clamps,
/// so the image's edge pixels repeat over the part outside (render::clampedRegion does so for
/// Bonescope's pictures). A sheet image repacked without its plist looks so.
std::vector<LoadError> framesPastImage(const SpriteAtlas& atlas, int width, int height);

} // namespace bonescope::core
