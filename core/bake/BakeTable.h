#pragma once

#include "bake/BakeRunner.h"
#include "base/LoadError.h"

#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace bonescope::core {

/// The value columns of the golden CSV layout, after `frame` and `bone`, with the tolerances of
/// golden/README.md ("Tolerances"): `tolerance` 0 means exact (integer columns); `angle`
/// compares modulo 2π.
struct BakeColumn {
    const char* name;
    double tolerance;
    bool angle;
};
inline constexpr size_t kBakeValueColumns = 18;
extern const std::array<BakeColumn, kBakeValueColumns> kBakeColumns;

/// One row of the golden layout: a bone on a frame (frames numbered from 1).
struct BakeRow {
    int frame = 0;
    std::string bone;
    std::array<double, kBakeValueColumns> values{};
};

/// Per-frame bone values in the golden layout, from a bake or read from a CSV file.
struct BakeTable {
    std::vector<BakeRow> rows;
};

/// The rows of a bake, in CSV order (frame, then bone name in byte order).
BakeTable toBakeTable(const BakeResult& bake);

/// Parses a CSV in the golden layout (header line first); errors name the line.
Result<BakeTable> readBakeCsv(std::string_view bytes, const std::string& fileName);

} // namespace bonescope::core
