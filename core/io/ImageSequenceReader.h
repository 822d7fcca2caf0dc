#pragma once

#include "base/LoadError.h"
#include "io/ImageHeader.h"
#include "model/FlipbookData.h"

#include <string>
#include <string_view>
#include <vector>

namespace bonescope::core {

/// Most frames an image sequence or a grid may have: far above any real flipbook, low enough
/// that a mistaken folder or cell size cannot make Bonescope allocate without bound.
inline constexpr int kMaxFlipbookFrames = 10000;

/// Why `delayPerUnit` (seconds) cannot drive a flipbook (not finite, not above 0, over an
/// hour), or an empty string when it can.
std::string delayPerUnitProblem(float delayPerUnit);

/// "Natural" name order: runs of digits compare as numbers, so "dance_2" < "dance_10".
bool naturalLess(std::string_view a, std::string_view b);

/// A flipbook with one frame per image ("one file a frame"): one SpriteAtlas per image whose
/// single frame, named by the image's file name, covers the whole image; frames in natural
/// order of those names, one delay unit each, loops 1. `delayPerUnit` is in seconds (> 0).
/// The animation is named after the names' common stem ("grossini_dance").
Result<FlipbookSet> makeImageSequence(const std::vector<ImageFileInfo>& images, float delayPerUnit);

/// Lists the numbered images of a sequence from the file system, in natural order, with the
/// sizes read from their headers. Given a file (grossini_dance_05.png), the sequence is every
/// sibling with the same stem before its number and the same extension (grossini_dance_01 to
/// _14.png); given a folder, the sequence of its first PNG or JPEG image in natural order.
Result<std::vector<ImageFileInfo>> scanImageSequence(const std::string& firstFileOrFolder);

} // namespace bonescope::core
