#pragma once

#include "model/FlipbookData.h"

#include <vector>

namespace bonescope::core {

/// Delay units one loop of `flipbook` lasts: its frames' delayUnits summed.
double flipbookLoopUnits(const FlipbookData& flipbook);

/// Seconds one loop of `flipbook` lasts: its delay units × delayPerUnit.
double flipbookLoopSeconds(const FlipbookData& flipbook);

/// Seconds all loops of `flipbook` last: delay units × delayPerUnit × loops (loops below 1 count
/// as 1); NaN or infinite for data that is.
double flipbookSeconds(const FlipbookData& flipbook);

/// Frames (1/60 s each, FrameRate.h) all loops of `flipbook` last, rounded to whole frames:
/// a flipbook runs in seconds, timelines show it in armature frames.
int flipbookLengthFrames(const FlipbookData& flipbook);

/// The frame (as flipbookLengthFrames counts) at which each frame of `flipbook` starts showing,
/// loop after loop: loops × frames entries.
std::vector<int> flipbookFrameStarts(const FlipbookData& flipbook);

} // namespace bonescope::core
