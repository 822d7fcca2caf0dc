#pragma once

#include "io/ExportLoader.h"

#include <nlohmann/json.hpp>

#include <string>

namespace bonescope::cli {

/// What `info` reports about an export, as one JSON value (printed as is by `info --json`):
/// armatures with their bone tree, movements with duration (frames), loop, durationTo,
/// durationTween, easing and frame events; flipbooks; atlases with their frames; warnings.
nlohmann::ordered_json summarizeExport(const core::LoadedExport& loaded);

/// The same summary as indented text for people.
std::string formatSummary(const nlohmann::ordered_json& summary);

} // namespace bonescope::cli
