#pragma once

#include "bake/BlendBakeRunner.h"
#include "base/LoadError.h"

#include <string>
#include <string_view>
#include <vector>

namespace bonescope::core {

/// Reads the state rows writeFlipbookStateCsv writes (RFC 4180 quoting), refusing with the line
/// anything else: another header, a row of other than five fields, a count that is no whole
/// number.
Result<std::vector<FlipbookStateRow>> readFlipbookStateCsv(std::string_view bytes,
                                                           const std::string& fileName);

/// Two flipbook bakes compared update by update, every field exactly (they are counts and
/// names): the differences as "update 56, frameIndex: expected 5, got 4" (compareBakes' words),
/// the first `maxReported` of them, and all counted; a different number of updates is one
/// difference.
struct FlipbookStateComparison {
    size_t rowsCompared = 0;
    size_t differenceCount = 0;
    std::vector<std::string> differences;
    bool equal() const { return differenceCount == 0; }
};
FlipbookStateComparison compareFlipbookStates(const std::vector<FlipbookStateRow>& expected,
                                              const std::vector<FlipbookStateRow>& actual,
                                              size_t maxReported = 20);

} // namespace bonescope::core
