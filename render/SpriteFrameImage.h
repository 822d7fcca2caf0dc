#pragma once

#include "model/TextureAtlas.h"

#include <QImage>

namespace bonescope::render {

/// The picture of sprite frame `frame` cut from its sheet image `sheet`, as cocos2d-x shows the
/// frame on its own: its source size (untrimmed), the trimmed pixels placed by the frame's
/// offset, a frame stored rotated in the sheet turned back. Null when `sheet` is.
QImage spriteFrameImage(const QImage& sheet, const core::SpriteFrame& frame);

} // namespace bonescope::render
