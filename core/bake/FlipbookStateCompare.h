#pragma once

#include "bake/BlendBakeRunner.h"
#include "bake/ExactComparison.h"
#include "base/LoadError.h"

#include <string>
#include <string_view>
#include <vector>

namespace bonescope::core {

/// Whether `bytes` start with a flipbook bake's state header (a .state.csv's).
bool isFlipbookStateCsv(std::string_view bytes);

/// Reads the state rows writeFlipbookStateCsv writes (RFC 4180 quoting), refusing with the line
/// anything else: another header, a row of other than five fields, a count that is no whole
/// number.
Result<std::vector<FlipbookStateRow>> readFlipbookStateCsv(std::string_view bytes,
                                                           const std::string& fileName);

/// Two flipbook bakes compared update by update, every field exactly (they are counts and
/// names): "update 56, frameIndex: expected 5, got 4"; a different number of updates is one
/// difference, reported first.
ExactComparison compareFlipbookStates(const std::vector<FlipbookStateRow>& expected,
                                      const std::vector<FlipbookStateRow>& actual,
                                      size_t maxReported = 20);

} // namespace bonescope::core
