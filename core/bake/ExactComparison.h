#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace bonescope::core {

/// Two files of rows whose fields must be equal (counts and names, no tolerance) compared row
/// by row: the differences in compareBakes' words ("update 56, frameIndex: expected 5, got 4"),
/// the first `maxReported` of them kept and all counted.
struct ExactComparison {
    size_t rowsCompared = 0;
    size_t differenceCount = 0;
    std::vector<std::string> differences;
    size_t maxReported = 20;

    bool equal() const { return differenceCount == 0; }
    void differ(std::string what)
    {
        if (differences.size() < maxReported)
            differences.push_back(std::move(what));
        ++differenceCount;
    }
};

} // namespace bonescope::core
