#pragma once

#include "bake/BakeTable.h"

#include <string>
#include <vector>

namespace bonescope::core {

/// A value outside its tolerance, or a row only one side has (`column` empty, `missing` says
/// which side lacks it).
struct BakeDifference {
    int frame = 0;
    std::string bone;
    std::string column;
    double expected = 0.0;
    double actual = 0.0;
    bool missingInActual = false;
    bool missingInExpected = false;

    /// "frame 12, bone armL, skewX: expected 0.100000, got 0.200000".
    std::string describe() const;
};

struct BakeComparison {
    size_t rowsCompared = 0;
    size_t differenceCount = 0;              ///< all differences found
    std::vector<BakeDifference> differences; ///< the first `maxReported` of them, in row order
    bool equal() const { return differenceCount == 0; }
};

/// Compares two tables row by row, matched by (frame, bone), with kBakeColumns' tolerances
/// multiplied by `toleranceScale` (1: the goldens' own; integer columns stay exact).
BakeComparison compareBakes(const BakeTable& expected, const BakeTable& actual,
                            double toleranceScale = 1.0, size_t maxReported = 20);

} // namespace bonescope::core
