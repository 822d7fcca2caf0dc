#pragma once

#include "base/LoadError.h"
#include "model/LayerSetup.h"

#include <nlohmann/json_fwd.hpp>

#include <string>
#include <string_view>

namespace bonescope::core {

/// Reads a Bonescope layer-setup JSON file. Schema (times in seconds):
///
///     {
///       "armature": "Dragon",                 optional string: default the first armature
///       "layers": [                           required, ≥ 1 layer, bottom first
///         {
///           "name": "legs",                   required string, unique in the file
///           "movement": "walk",               required string: the movement played first
///           "weight": 0.5,                    optional number 0..1, default 1
///           "loop": true,                     optional bool, default the movement's `lp`
///           "speed": 1.0,                     optional number ≥ 0, default 1
///           "mask": ["leg_l", "leg_r"],       optional bone names; absent = every bone
///           "transition": {                   optional: move to another movement
///             "movement": "run",              required string
///             "start": 1.0,                   required number ≥ 0: when it begins
///             "duration": 0.5,                required number ≥ 0: how long it fades in
///             "loop": true                    optional bool, default the movement's `lp`
///           }
///         }
///       ]
///     }
///
/// Unknown keys are errors (a typo must not silently do nothing). Errors carry the JSON
/// pointer of the offending value. Names are not checked here: LayerStackBuilder checks them
/// against the armature.
Result<LayerSetup> parseLayerSetup(std::string_view text, const std::string& fileName);

/// The same checks on a layer setup already parsed as part of another document (a sidecar's
/// "layers"); error pointers start with `pointer`.
Result<LayerSetup> layerSetupFromJson(const nlohmann::json& setup, const std::string& fileName,
                                      const std::string& pointer);

/// Reads and parses the file at `path`.
Result<LayerSetup> readLayerSetup(const std::string& path);

} // namespace bonescope::core
