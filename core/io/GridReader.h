#pragma once

#include "base/LoadError.h"
#include "io/ImageHeader.h"
#include "io/ImageSequenceReader.h"
#include "model/FlipbookData.h"

namespace bonescope::core {

/// A flipbook cut from one texture as a grid of equal cells (pixels), taken row by row from
/// the top left: `columns` cells a row (0: as many as fit in the image's width), `frameCount`
/// cells in all (0: every whole cell). One atlas for the image, frames named
/// "<image stem>_<n>" (n from 1, zero-padded), one delay unit each, loops 1; `delayPerUnit` is
/// in seconds (> 0). Cells larger than the image, sizes ≤ 0, more frames than the grid holds
/// or than kMaxFlipbookFrames are LoadErrors against the image's path.
Result<FlipbookSet> makeGrid(const ImageFileInfo& image, int cellWidth, int cellHeight,
                             int frameCount, float delayPerUnit, int columns = 0);

} // namespace bonescope::core
