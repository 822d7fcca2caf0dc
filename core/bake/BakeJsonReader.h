#pragma once

#include "bake/BakeTable.h"
#include "bake/BlendBakeRunner.h"
#include "base/LoadError.h"

#include <string>
#include <string_view>
#include <vector>

namespace bonescope::core {

/// A bake `bake --format json` wrote (writeBakeJson, writeFlipbookStateJson), read back: an
/// armature's pose rows and frame events, or a flipbook's state rows.
struct JsonBake {
    bool flipbook = false; ///< an "animation"'s state rows, not an "armature"'s poses
    BakeTable poses;       ///< frame-major, bones in the order written (as a CSV bake's)
    /// The frame events as the .events.csv beside a CSV bake holds them (kBakeEventsHeader,
    /// then a row each): compareBakeEvents compares them.
    std::string eventsCsv;
    std::vector<FlipbookStateRow> states;
};

/// Whether `bytes` start as a JSON bake does: an object whose first key is "armature" or
/// "animation".
bool isBakeJson(std::string_view bytes);

/// Reads a JSON bake without building a document (memory in proportion to its rows). Errors
/// name the line: not JSON, a field of the wrong type, a row without one of its columns.
Result<JsonBake> readBakeJson(std::string_view bytes, const std::string& fileName);

} // namespace bonescope::core
