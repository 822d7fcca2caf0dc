#pragma once

#include "base/LoadError.h"

#include <nlohmann/json.hpp>

namespace bonescope::cli {

/// A LoadError for the `--json` reports: file, line (when known), JSON pointer (when known),
/// message, and the one-line text the plain report prints.
nlohmann::ordered_json problemJson(const core::LoadError& problem);

} // namespace bonescope::cli
