#pragma once

#include "bake/ExactComparison.h"
#include "base/LoadError.h"

#include <string>
#include <string_view>

namespace bonescope::core {

/// Whether `bytes` start with the golden events header (writeBakeEventsCsv's .events.csv).
bool isBakeEventsCsv(std::string_view bytes);

/// Two frame-event files (the golden events layout) compared event by event, each event's line
/// exactly ("event 3: expected "26,LOOP_COMPLETE,walk,", got "27,LOOP_COMPLETE,walk,""), the
/// events of one frame in any order (sorted first, as golden/README.md compares them); a
/// different number of events is one difference, reported first. Refuses, with its name, a file
/// that does not start with the events header.
Result<ExactComparison> compareBakeEvents(std::string_view expected,
                                          const std::string& expectedName, std::string_view actual,
                                          const std::string& actualName, size_t maxReported = 20);

} // namespace bonescope::core
