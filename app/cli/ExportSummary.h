#pragma once

#include "io/ExportLoader.h"

#include <nlohmann/json.hpp>

#include <string>

namespace bonescope::cli {

/// What `info` reports about an export, as one JSON value (printed as is by `info --json`):
/// armatures with their bones in tree order (a flat list, each bone with its parent's name and
/// its depth), movements with duration (frames), loop, durationTo, durationTween, easing and
/// frame events; flipbooks; atlases with their frames; warnings. `onlyArmature`, when not
/// empty, keeps that armature alone (the caller checks that it exists).
nlohmann::ordered_json summarizeExport(const core::LoadedExport& loaded,
                                       const std::string& onlyArmature = {});

/// The same summary as indented text for people.
std::string formatSummary(const nlohmann::ordered_json& summary);

} // namespace bonescope::cli
