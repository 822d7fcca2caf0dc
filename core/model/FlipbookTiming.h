#pragma once

#include "model/FlipbookData.h"

#include <vector>

namespace bonescope::core {

/// Frames (1/60 s each, FrameRate.h) all loops of `flipbook` last, rounded to whole frames:
/// a flipbook runs in seconds, timelines show it in armature frames.
int flipbookLengthFrames(const FlipbookData& flipbook);

/// The frame (as flipbookLengthFrames counts) at which each frame of `flipbook` starts showing,
/// loop after loop: loops × frames entries.
std::vector<int> flipbookFrameStarts(const FlipbookData& flipbook);

} // namespace bonescope::core
