#pragma once

#include "bake/BakeRunner.h"
#include "base/LoadError.h"

#include <array>
#include <limits>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace bonescope::core {

/// The value columns of the golden CSV layout, after `frame` and `bone`, with the tolerances of
/// golden/README.md ("Tolerances"): `tolerance` 0 means exact (integer columns, written as
/// integers); `angle` compares modulo 2π. The one definition of the layout: writers, readers
/// and the viewer's values table all go through it.
struct BakeColumn {
    const char* name;
    double tolerance;
    bool angle;
};
inline constexpr size_t kBakeValueColumns = 18;
extern const std::array<BakeColumn, kBakeValueColumns> kBakeColumns;
/// The largest whole number (a frame, a loop, an index) a bake file read back may hold: an int
/// holds it, whatever the file says.
inline constexpr double kMaxBakeWholeNumber = 1e9;

/// `frame,bone,x,…,wty`: the header line of the golden CSV layout, without its newline.
std::string bakeCsvHeader();

/// The value columns of `pose` (local x..scaleY, zOrder, displayIndex, colour, world matrix).
std::array<double, kBakeValueColumns> bakeValues(const BonePose& pose);

/// `value` of value column `column` as the golden files print it: `%.6f`, or an integer for the
/// exact columns.
std::string formatBakeValue(size_t column, double value);

/// One row of the golden layout: a bone on a frame (frames numbered from 1).
struct BakeRow {
    int frame = 0;
    std::string bone;
    std::array<double, kBakeValueColumns> values{};
    /// BakeResult::passFrame of the row's frame: NaN while blending in, or when unknown (a blend
    /// script's bake, a CSV read back).
    double passFrame = std::numeric_limits<double>::quiet_NaN();
};

/// Per-frame bone values in the golden layout, from a bake or read from a CSV file.
struct BakeTable {
    std::vector<BakeRow> rows;
};

/// The rows of a bake, in CSV order (frame, then bone name in byte order).
BakeTable toBakeTable(const BakeResult& bake);

/// Where the first pass of a movement's bake lies in `rows` (frame-major, as toBakeTable orders
/// them): [first, second), from the first frame with a pass frame to the last before the pass
/// frame stops rising (the loop starts over, the movement completes). Empty (both rows.size())
/// when no row has one.
std::pair<size_t, size_t> firstPassRows(const std::vector<BakeRow>& rows);

/// Whether `bytes` start with the golden layout's header, up to zOrder (what tells a bake of
/// poses from other CSV).
bool isPoseBakeCsv(std::string_view bytes);

/// Parses a CSV in the golden layout (header line first); errors name the line.
Result<BakeTable> readBakeCsv(std::string_view bytes, const std::string& fileName);

} // namespace bonescope::core
