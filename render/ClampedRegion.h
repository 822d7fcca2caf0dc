#pragma once

#include <QImage>
#include <QRect>

namespace bonescope::render {

/// The pixels of `region` of `image`, those outside the image taken from its nearest edge pixel:
/// what a texture sampled with GL_CLAMP_TO_EDGE (cocos2d-x's default, and the viewport's)
/// shows there. A sprite frame whose rectangle reaches outside its sheet image (a stale or
/// hand-edited plist: a load warning) draws so in the game, and so in every Bonescope picture.
QImage clampedRegion(const QImage& image, const QRect& region);

} // namespace bonescope::render
